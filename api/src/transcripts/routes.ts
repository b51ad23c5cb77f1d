import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../platform/http/validation.js';
import { recordFileRead } from '../privacy/accessLog.js';
import { recordingIdParamSchema } from '../speaking/schema.js';
import { authorizeTranscriptCorrector, authorizeTranscriptReader } from './policy.js';
import { correctTranscript, transcriptOf } from './service.js';
import { transcriptCorrectionSchema } from './schema.js';
import { transcriptJsonSchema } from './presenter.js';
import { describe, json } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#transcripts (the reference: `/api/docs`). */
export const transcriptRoutes = new Hono<AppEnv>()
  .get(
    '/recordings/:recordingId/transcript',
    describe({
      summary: "A recording's transcript",
      tag: 'Delivery feedback',
      description:
        'The audio’s rule: the recording’s student, its course’s current teacher and admins; a staff read is in the access log. `pending` until the server has transcribed the stored audio; `unavailable` when this server does not transcribe; `failed` when this take could not be. Words with their times, words a minute, fillers from the school’s list, repeats, and the reading against a script (null without one). Every mark is a suggestion (docs/product.md#transcripts).',
      success: { status: 200, answer: json('The transcript.', transcriptJsonSchema) },
      errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
    }),
    requireAuth,
    validate('param', recordingIdParamSchema),
    async (c) => {
      const recording = await authorizeTranscriptReader(c.var.user, c.req.valid('param').recordingId);
      const [transcript] = await Promise.all([transcriptOf(recording._id), recordFileRead(c, { subjectId: recording.studentId, what: 'recording_transcript', resourceId: recording._id })]);
      return c.json(transcript, 200);
    },
  )
  .put(
    '/recordings/:recordingId/transcript',
    describe({
      summary: "Correct a recording's transcript",
      tag: 'Delivery feedback',
      description:
        'The course’s current teacher and admins. `words`: every word in order as it should read (times kept; an empty word drops it); `dismissedFillers`: start times (ms) of fillers that are not. Fillers, repeats and words a minute are worked out again; `version` goes up by one and the worker’s version is kept (docs/product.md#transcripts).',
      success: { status: 200, answer: json('The corrected transcript.', transcriptJsonSchema) },
      errors: {
        400: '`validation_error`: words of another count than the transcript’s, or neither field.',
        403: 'The student, or not the course’s current teacher.',
        404: 'No recording has this id.',
        409: 'The transcript is not ready, or changed meanwhile.',
      },
    }),
    requireAuth,
    validate('param', recordingIdParamSchema),
    validate('json', transcriptCorrectionSchema),
    async (c) => {
      const recording = await authorizeTranscriptCorrector(c.var.user, c.req.valid('param').recordingId);
      return c.json(await correctTranscript(recording._id, c.req.valid('json'), c.var.user._id), 200);
    },
  );
