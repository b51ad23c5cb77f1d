import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { deliveryOf, queueReanalysis } from './service.js';
import { validate } from '../platform/http/validation.js';
import { readableRecording } from '../speaking/queries.js';
import { reanalysisSchema, recordingIdParamSchema } from './schema.js';
import { deliveryJsonSchema } from './presenter.js';
import { describe, json } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#delivery-feedback-calls (the reference: `/api/docs`). */
export const deliveryRoutes = new Hono<AppEnv>()
  .get(
    '/recordings/:recordingId/delivery',
    describe({
      summary: "A recording's delivery report",
      tag: 'Delivery feedback',
      description:
        'For the recording’s student, its course’s current teacher and admins. `pending` until the server has measured the stored audio; the phone’s report (`source: device`) until the server’s replaces it; `failed` or `unavailable` with a `reason` when the server could not measure it (docs/product.md#measured-by-the-server).',
      success: { status: 200, answer: json('The measurement and its report.', deliveryJsonSchema) },
      errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
    }),
    requireAuth,
    validate('param', recordingIdParamSchema),
    async (c) => {
      const recording = await readableRecording(c.req.valid('param').recordingId, c.var.user, 'This recording is not yours to see.');
      return c.json(await deliveryOf(recording._id), 200);
    },
  )
  .post(
    '/admin/delivery/reanalyse',
    describe({
      summary: 'Measure recordings again',
      tag: 'Delivery feedback',
      description:
        'Admins only. Queues the server’s measurement of every recording it has not measured with the current method: reports by an older version, the phone’s reports, `pending` and `unavailable` ones; not those it failed to measure (docs/product.md#measured-by-the-server).',
      success: { status: 202, answer: json('Queued; the measurements run in the background.', reanalysisSchema) },
    }),
    requireRole(ROLES.admin),
    async (c) => c.json({ queued: await queueReanalysis() }, 202),
  );
