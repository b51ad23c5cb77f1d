import { Hono } from 'hono';
import { Types } from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { runRetentionOnce } from './retentionJob.js';
import { accessLogCsv, listAccessLog } from './accessLog.js';
import { runRetention } from './retention.js';
import type { UploadStores } from '../platform/uploads.js';
import { validate } from '../platform/http/validation.js';
import { accessLogQuerySchema, retentionQuerySchema } from './adminSchema.js';

/**
 * The admins' privacy tools, mounted at `/api`, admins only (401 / 403):
 *
 * - `GET /admin/privacy/access-log?subjectId=&actorId=&from=&to=&page=&limit=` → 200
 *   `{entries: [{id, at, actor: {id, name, role}, subject: {id, name}, what, resourceId, ip}], total}`,
 *   newest first (docs/product.md#access-log). 400 `validation_error` naming a bad parameter.
 * - `GET /admin/privacy/access-log/csv?subjectId=&actorId=&from=&to=` → 200 every matching entry
 *   as `access-log.csv` (`text/csv`, a header row), streamed.
 * - `POST /admin/privacy/retention?dryRun=1[&recordingRetentionDays=]` → 200 `RetentionReportJson`:
 *   per kind what the next run would remove, with the oldest date (docs/product.md#retention);
 *   without `dryRun` the steps run now and the answer says what they removed.
 */
export function createAdminPrivacyRoutes(opts: { uploads: UploadStores }) {
  return new Hono<AppEnv>()
    .get('/admin/privacy/access-log', requireRole(ROLES.admin), validate('query', accessLogQuerySchema), async (c) => {
      const { subjectId, actorId, from, to, page, limit } = c.req.valid('query');
      return c.json(await listAccessLog({ subjectId, actorId, from, to }, page, limit), 200);
    })
    .get('/admin/privacy/access-log/csv', requireRole(ROLES.admin), validate('query', accessLogQuerySchema), (c) => {
      const { subjectId, actorId, from, to } = c.req.valid('query');
      return c.body(accessLogCsv({ subjectId, actorId, from, to }) as unknown as ReadableStream, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename=access-log.csv',
      });
    })
    .post('/admin/privacy/retention', requireRole(ROLES.admin), validate('query', retentionQuerySchema), async (c) => {
      const { dryRun, recordingRetentionDays } = c.req.valid('query');
      if (dryRun) {
        return c.json(await runRetention({ stores: opts.uploads, dryRun: true, ...(recordingRetentionDays ? { settings: { recordingRetentionDays } } : {}) }), 200);
      }
      // a run of its own, never a scheduled slot's: "Run now" does not stop the 03:30 run.
      const report = await runRetentionOnce({ slot: `manual:${String(new Types.ObjectId())}`, stores: opts.uploads });
      return c.json(report!, 200);
    });
}
