import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { validate } from '../platform/http/validation.js';
import { exportQuerySchema } from './exportSchema.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FILE_NAMES, exportStream } from './exportStream.js';

/**
 * `GET /api/admin/export?fileType=csv|json` (docs/product.md#settings, docs/product.md#stats-and-export-calls; docs/product.md#clarified-behaviour), mounted at `/api`: admins only (401 / 403) →
 * 200, streamed, every user's `ExportRecord` (`id, name, email, role, createdAt` and a student's latest Oracy fields) as CSV with
 * a header row (`text/csv`) or as a JSON array (`application/json`), with
 * `Content-Disposition: attachment; filename=user_data.csv` / `user_data.json`.
 * `fileType` defaults to json; any value other than csv/json is a 400.
 */
export const adminExportRoutes = new Hono<AppEnv>().get('/admin/export', requireRole(ROLES.admin), validate('query', exportQuerySchema), (c) => {
  const { fileType } = c.req.valid('query');
  return c.body(exportStream(fileType) as unknown as ReadableStream, 200, {
    'Content-Type': EXPORT_CONTENT_TYPES[fileType],
    'Content-Disposition': `attachment; filename=${EXPORT_FILE_NAMES[fileType]}`,
  });
});
