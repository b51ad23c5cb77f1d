import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../platform/http/validation.js';
import { recordFileRead } from '../privacy/accessLog.js';
import { recordingIdParamSchema } from '../speaking/schema.js';
import { authorizeTranscriptCorrector, authorizeTranscriptReader } from './policy.js';
import { correctTranscript, transcriptOf } from './service.js';
import { transcriptCorrectionSchema } from './schema.js';

/**
 * Transcripts (docs/product.md#transcripts), mounted at `/api`. Errors are docs/product.md#error-format's.
 *
 * - `GET /recordings/:recordingId/transcript` → `TranscriptJson` `{status, version, language, text,
 *   words, wordsPerMinute, fillers, repeats, reading}`, with exactly the audio's rule
 *   (docs/product.md#who-sees-a-recording: the recording's student, its course's current teacher,
 *   admins; 403 anyone else, 404 for no such recording, 400 for a malformed id). A staff read
 *   writes an access-log entry as a read of the audio does (once per person and recording in 10
 *   minutes, so that a screen that polls writes one).
 * - `PUT /recordings/:recordingId/transcript` `{words?, dismissedFillers?}` → the corrected
 *   `TranscriptJson`, `version` one up: for the course's current teacher and admins (the student:
 *   403); 409 while the transcript is not `ready`; 400 for words of the wrong count
 *   (`correctTranscript`).
 */
export const transcriptRoutes = new Hono<AppEnv>()
  .get('/recordings/:recordingId/transcript', requireAuth, validate('param', recordingIdParamSchema), async (c) => {
    const recording = await authorizeTranscriptReader(c.var.user, c.req.valid('param').recordingId);
    const [transcript] = await Promise.all([transcriptOf(recording._id), recordFileRead(c, { subjectId: recording.studentId, what: 'recording_transcript', resourceId: recording._id })]);
    return c.json(transcript, 200);
  })
  .put('/recordings/:recordingId/transcript', requireAuth, validate('param', recordingIdParamSchema), validate('json', transcriptCorrectionSchema), async (c) => {
    const recording = await authorizeTranscriptCorrector(c.var.user, c.req.valid('param').recordingId);
    return c.json(await correctTranscript(recording._id, c.req.valid('json'), c.var.user._id), 200);
  });
