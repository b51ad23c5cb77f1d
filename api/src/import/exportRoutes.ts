import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { validate } from '../platform/http/validation.js';
import { exportQuerySchema } from './exportSchema.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FILE_NAMES, exportStream } from './exportStream.js';
import { describe } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#settings (the reference: `/api/docs`). */
export const adminExportRoutes = new Hono<AppEnv>().get(
  '/admin/export',
  describe({
    summary: 'Export every user',
    tag: 'Stats and export',
    description:
      '`id, name, email, role, createdAt` of every user, each student’s latest Oracy level, mean, strands and date, then `firstName, lastName` and a student’s course titles (`courses`), streamed as a download (docs/product.md#export-file).',
    success: {
      status: 200,
      answer: {
        description: 'The file: CSV with a header row, or a JSON array.',
        media: {
          'text/csv': { type: 'string' },
          'application/json': { type: 'array', items: { type: 'object' } },
        },
        headers: { 'Content-Disposition': { description: '`attachment; filename=user_data.csv` or `user_data.json`', schema: { type: 'string' } } },
      },
    },
  }),
  requireRole(ROLES.admin),
  validate('query', exportQuerySchema),
  (c) => {
    const { fileType } = c.req.valid('query');
    return c.body(exportStream(fileType) as unknown as ReadableStream, 200, {
      'Content-Type': EXPORT_CONTENT_TYPES[fileType],
      'Content-Disposition': `attachment; filename=${EXPORT_FILE_NAMES[fileType]}`,
    });
  },
);
