import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { describe, json } from '../platform/http/describe.js';
import { notFound } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { reviewItemJsonSchema } from './presenter.js';
import { readableRecording, reviewItems } from './queries.js';
import { recordingIdParamSchema } from './schema.js';

/**
 * One recording as the teacher's review screen shows it, mounted at `/api` by the speaking routes;
 * read like its audio (docs/product.md#who-sees-a-recording).
 * @throws 400 a malformed id; 403 anyone else; 404 no such recording
 */
export const reviewRoute = new Hono<AppEnv>().get(
  '/recordings/:recordingId',
  describe({
    summary: 'One recording for review',
    tag: 'Speaking practice',
    description:
      'The recording as the teacher’s review screen shows it (docs/product.md#feedback): the task, the student’s name, the audio URL, the delivery summary and the feedback (`null` before any). For whoever may hear its audio: the recording’s student, its course’s current teacher and admins (docs/product.md#who-sees-a-recording).',
    success: { status: 200, answer: json('The recording with its task and feedback.', reviewItemJsonSchema) },
    errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
  }),
  requireAuth,
  validate('param', recordingIdParamSchema),
  async (c) => {
    const recording = await readableRecording(c.req.valid('param').recordingId, c.var.user, 'This recording is not yours to see.', 'play');
    const [item] = await reviewItems([recording], true);
    if (!item) throw notFound('No such recording.');
    return c.json(item, 200);
  },
);
