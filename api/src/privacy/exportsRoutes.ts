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
import { privacyExportJsonSchema, privacyExportStartedJsonSchema } from './exportPresenter.js';
import { describe, json, noBody } from '../platform/http/describe.js';
import { z } from 'zod';

/** An archive holds a person's data: no cache may keep it. */
const ARCHIVE_CACHE = 'private, no-store';

/** Mounted at `/api`; the calls and their rules: docs/product.md#download-my-data (the reference: `/api/docs`). */
export function createPrivacyExportRoutes(opts: { store: ExportStore }) {
  return new Hono<AppEnv>()
    .post(
      '/privacy/exports',
      describe({
        summary: 'Download my data: start an export',
        tag: 'Privacy',
        description:
          'Every signed-in user (docs/product.md#download-my-data): queues an export of their own data — a ZIP made in the background. Poll `GET /api/privacy/exports` until it is `ready`. One export a day per person; kept 7 days.',
        success: { status: 202, answer: json('Queued.', privacyExportStartedJsonSchema) },
        errors: { 429: '`rate_limited`: an export of this person was asked for less than 24 hours ago; `Retry-After` says in how many seconds the next may be.' },
      }),
      requireAuth,
      async (c) => c.json(await requestExport(c.var.user._id, c.var.user._id), 202),
    )
    .get(
      '/privacy/exports',
      describe({
        summary: 'Download my data: my exports',
        tag: 'Privacy',
        description: 'Every signed-in user (docs/product.md#download-my-data): their exports still kept (7 days), newest first; `size` in bytes once ready.',
        success: { status: 200, answer: json('The exports.', z.array(privacyExportJsonSchema)) },
      }),
      requireAuth,
      async (c) => c.json(await listExports(c.var.user._id), 200),
    )
    .get(
      '/privacy/exports/:id/download',
      describe({
        summary: 'Download my data: download an export',
        tag: 'Privacy',
        description: 'Every signed-in user, for their own exports; admins for anyone’s (docs/product.md#download-my-data). Byte ranges are served.',
        success: {
          status: 200,
          answer: {
            description: 'The archive: a ZIP with `data.json`, `index.html` and the person’s files under `files/` (docs/product.md#download-my-data), `Cache-Control: private, no-store`.',
            media: { 'application/zip': { type: 'string', format: 'binary' } },
            headers: { 'Content-Disposition': { description: '`attachment; filename="oracy-data-<day>.zip"`', schema: { type: 'string' } } },
          },
        },
        others: {
          206: { description: 'The requested byte range, with `Content-Range`.', media: { 'application/zip': { type: 'string', format: 'binary' } } },
          304: noBody('Not modified (`If-None-Match` named the ETag).'),
        },
        errors: { 400: 'Not an id (`validation_error`).', 404: 'No such export: someone else’s, expired, not ready yet, or failed.', 416: 'The requested range is outside the file.' },
      }),
      requireAuth,
      validate('param', exportIdParamSchema),
      async (c) => {
        const user = c.var.user;
        const id = c.req.valid('param').id;
        const { file, filename, subjectId } = await exportDownload(id, user, opts.store);
        // an admin's download of someone's archive is in the access log before a byte of it is sent (none for one's own),
        // whatever its Range: once per admin and archive in 10 minutes.
        await recordFileRead(c, { subjectId, what: 'privacy_export', resourceId: id });
        return sendServedFile(c, file, ARCHIVE_CACHE, { 'Content-Disposition': `attachment; filename="${filename}"` });
      },
    )
    .post(
      '/admin/privacy/exports/:userId',
      describe({
        summary: 'Export a person’s data',
        tag: 'Privacy',
        description: 'Admins only (docs/product.md#download-my-data): as `POST /api/privacy/exports`, for anyone; the limit of one a day is per person exported.',
        success: { status: 202, answer: json('Queued.', privacyExportStartedJsonSchema) },
        errors: { 404: 'No user has this id.', 429: '`rate_limited`: an export of this person was asked for less than 24 hours ago; see `Retry-After` (seconds).' },
      }),
      requireRole(ROLES.admin),
      validate('param', exportSubjectParamSchema),
      async (c) => c.json(await requestExport(new Types.ObjectId(c.req.valid('param').userId), c.var.user._id), 202),
    )
    .get(
      '/admin/privacy/exports',
      describe({
        summary: 'A person’s exports',
        tag: 'Privacy',
        description: 'Admins only (docs/product.md#download-my-data): the exports of `?userId=` still kept, newest first; download them at `GET /api/privacy/exports/:id/download`.',
        success: { status: 200, answer: json('The exports.', z.array(privacyExportJsonSchema)) },
      }),
      requireRole(ROLES.admin),
      validate('query', exportSubjectQuerySchema),
      async (c) => c.json(await listExports(new Types.ObjectId(c.req.valid('query').userId)), 200),
    );
}
