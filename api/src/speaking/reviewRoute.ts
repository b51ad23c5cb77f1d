import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { notFound } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { readableRecording, reviewItems } from './queries.js';
import { recordingIdParamSchema } from './schema.js';

/**
 * `GET /recordings/:recordingId` (mounted at `/api` by the speaking routes): one recording as the
 * teacher's review screen shows it (docs/product.md#feedback) — a review-queue entry with the
 * task, the student's name, the audio URL, the delivery summary and the feedback (`null` before
 * any). Read by whoever may hear its audio: its student, its course's current teacher, an admin
 * (docs/product.md#who-sees-a-recording).
 * @throws 400 a malformed id; 403 anyone else; 404 no such recording
 */
export const reviewRoute = new Hono<AppEnv>().get('/recordings/:recordingId', requireAuth, validate('param', recordingIdParamSchema), async (c) => {
  const recording = await readableRecording(c.req.valid('param').recordingId, c.var.user, 'This recording is not yours to see.', 'play');
  const [item] = await reviewItems([recording], true);
  if (!item) throw notFound('No such recording.');
  return c.json(item, 200);
});
