import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { deliveryOf, queueReanalysis } from './service.js';
import { validate } from '../platform/http/validation.js';
import { readableRecording } from '../speaking/queries.js';
import { recordingIdParamSchema } from './schema.js';

/**
 * Delivery feedback (docs/product.md#delivery-feedback-calls), mounted at `/api`. Errors are
 * docs/product.md#error-format's.
 *
 * - `GET /recordings/:recordingId/delivery` → `{status, source, version, analyzedAt, reason,
 *   report}` (`DeliveryJson`), for the recording's student, its course's current teacher and admins (docs/product.md#who-sees-a-recording; 403
 *   anyone else, 404 for no such recording, 400 for a malformed id).
 * - `POST /admin/delivery/reanalyse` → 202 `{queued}`: queues the server's measurement of every
 *   recording not measured by the server with the current method (`queueReanalysis`); admins only.
 */
export const deliveryRoutes = new Hono<AppEnv>()
  .get('/recordings/:recordingId/delivery', requireAuth, validate('param', recordingIdParamSchema), async (c) => {
    const recording = await readableRecording(c.req.valid('param').recordingId, c.var.user, 'This recording is not yours to see.');
    return c.json(await deliveryOf(recording._id), 200);
  })
  .post('/admin/delivery/reanalyse', requireRole(ROLES.admin), async (c) => c.json({ queued: await queueReanalysis() }, 202));
