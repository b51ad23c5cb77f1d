import { Hono } from 'hono';
import { Types } from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import type { ExportStore } from './exportStore.js';
import { exportDownload, listExports, requestExport } from './exports.js';
import { recordFileRead } from './accessLog.js';
import { sendServedFile } from '../platform/http/static.js';
import { validate } from '../platform/http/validation.js';
import { exportIdParamSchema, exportSubjectParamSchema, exportSubjectQuerySchema } from './exportsSchema.js';

/** An archive holds a person's data: no cache may keep it. */
const ARCHIVE_CACHE = 'private, no-store';

/**
 * "Download my data" (docs/product.md#download-my-data), mounted at `/api`:
 * - `POST /privacy/exports` (every signed-in user) → 202 `{id, status: 'pending'}`: an export of
 *   their own data is queued; 429 `rate_limited` with `Retry-After` (seconds) within a day of the last;
 * - `GET /privacy/exports` → 200 `PrivacyExportJson[]`, their exports still kept, newest first;
 * - `GET /privacy/exports/:id/download` → 200 the ZIP (`application/zip`, `Content-Disposition:
 *   attachment`, `Cache-Control: private, no-store`, byte ranges served); 404 for another person's
 *   export (an admin may download any), an expired one or one not ready; an admin's download of
 *   another person's archive is written to the access log first, whatever its `Range`, at most
 *   once per admin and archive in 10 minutes (docs/product.md#access-log);
 * - `POST /admin/privacy/exports/:userId` and `GET /admin/privacy/exports?userId=` (admins only):
 *   the same for anyone; 404 for an unknown user.
 */
export function createPrivacyExportRoutes(opts: { store: ExportStore }) {
  return new Hono<AppEnv>()
    .post('/privacy/exports', requireAuth, async (c) => c.json(await requestExport(c.var.user._id, c.var.user._id), 202))
    .get('/privacy/exports', requireAuth, async (c) => c.json(await listExports(c.var.user._id), 200))
    .get('/privacy/exports/:id/download', requireAuth, validate('param', exportIdParamSchema), async (c) => {
      const id = c.req.valid('param').id;
      const { file, filename, subjectId } = await exportDownload(id, c.var.user, opts.store);
      // an admin's download of someone's archive is in the access log before a byte of it is sent (none for one's own),
      // whatever its Range: once per admin and archive in 10 minutes.
      await recordFileRead(c, { subjectId, what: 'privacy_export', resourceId: id });
      return sendServedFile(c, file, ARCHIVE_CACHE, { 'Content-Disposition': `attachment; filename="${filename}"` });
    })
    .post('/admin/privacy/exports/:userId', requireRole(ROLES.admin), validate('param', exportSubjectParamSchema), async (c) =>
      c.json(await requestExport(new Types.ObjectId(c.req.valid('param').userId), c.var.user._id), 202),
    )
    .get('/admin/privacy/exports', requireRole(ROLES.admin), validate('query', exportSubjectQuerySchema), async (c) =>
      c.json(await listExports(new Types.ObjectId(c.req.valid('query').userId)), 200),
    );
}
