import { Hono } from 'hono';
import { Types } from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { runRetentionOnce } from './retentionJob.js';
import { accessLogCsv, listAccessLog } from './accessLog.js';
import { retentionReportJsonSchema, runRetention } from './retention.js';
import type { UploadStores } from '../platform/uploads.js';
import { validate } from '../platform/http/validation.js';
import { accessLogQuerySchema, retentionQuerySchema } from './adminSchema.js';
import { accessLogPageJsonSchema } from './accessLogPresenter.js';
import { describe, json } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#access-log (the reference: `/api/docs`). */
export function createAdminPrivacyRoutes(opts: { uploads: UploadStores }) {
  return new Hono<AppEnv>()
    .get(
      '/admin/privacy/access-log',
      describe({
        summary: 'The access log',
        tag: 'Privacy',
        description:
          'Admins only (docs/product.md#access-log): who opened which student’s data, newest first, filtered by `subjectId` (the student), `actorId` (the staff member), `from` and `to` (ISO dates or times), paged like the people lists (`page`, `limit` 1–100, default 10).',
        success: { status: 200, answer: json('A page `{entries, total}`.', accessLogPageJsonSchema) },
        errors: { 400: '`validation_error`: a malformed id, date, page or limit, or `from` after `to`.' },
      }),
      requireRole(ROLES.admin),
      validate('query', accessLogQuerySchema),
      async (c) => {
        const { subjectId, actorId, from, to, page, limit } = c.req.valid('query');
        return c.json(await listAccessLog({ subjectId, actorId, from, to }, page, limit), 200);
      },
    )
    .get(
      '/admin/privacy/access-log/csv',
      describe({
        summary: 'Export the access log',
        tag: 'Privacy',
        description:
          'Admins only (docs/product.md#access-log): every entry matching the same filters as `GET /api/admin/privacy/access-log` (`page` and `limit` are ignored), newest first, streamed.',
        success: {
          status: 200,
          answer: {
            description: 'CSV with the header row `at, actorId, actorName, actorRole, subjectId, subjectName, what, resourceId, ip`.',
            media: { 'text/csv': { type: 'string' } },
            headers: { 'Content-Disposition': { description: '`attachment; filename=access-log.csv`', schema: { type: 'string' } } },
          },
        },
        errors: { 400: '`validation_error`: a malformed id or date, or `from` after `to`.' },
      }),
      requireRole(ROLES.admin),
      validate('query', accessLogQuerySchema),
      (c) => {
        const { subjectId, actorId, from, to } = c.req.valid('query');
        return c.body(accessLogCsv({ subjectId, actorId, from, to }) as unknown as ReadableStream, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename=access-log.csv',
        });
      },
    )
    .post(
      '/admin/privacy/retention',
      describe({
        summary: 'Run retention now, or preview it',
        tag: 'Privacy',
        description:
          'Admins only (docs/product.md#retention). `?dryRun=1`: what the daily retention job would remove now — per kind (`recording_audio`, `recording_transcript`, `sessions`, `idempotency_keys`, `access_log`) the count and the oldest date — removing nothing; `&recordingRetentionDays=` previews another recording retention (30–1,825) before it is saved. Without `dryRun` the steps run now and the answer says what they removed. `inactiveAccounts` counts accounts without a sign-in for the school’s `inactiveAccountMonths`: reported, never removed.',
        success: { status: 200, answer: json('What was, or would be, removed.', retentionReportJsonSchema) },
        errors: { 400: '`validation_error`: a bad `dryRun` or `recordingRetentionDays`, or `recordingRetentionDays` without a dry run.' },
      }),
      requireRole(ROLES.admin),
      validate('query', retentionQuerySchema),
      async (c) => {
        const { dryRun, recordingRetentionDays } = c.req.valid('query');
        if (dryRun) {
          return c.json(await runRetention({ stores: opts.uploads, dryRun: true, ...(recordingRetentionDays ? { settings: { recordingRetentionDays } } : {}) }), 200);
        }
        // a run of its own, never a scheduled slot's: "Run now" does not stop the 03:30 run.
        const report = await runRetentionOnce({ slot: `manual:${String(new Types.ObjectId())}`, stores: opts.uploads });
        return c.json(report!, 200);
      },
    );
}
