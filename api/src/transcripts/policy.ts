import type { Types } from 'mongoose';
import { ROLES, type Reader } from '../auth/roles.js';
import { forbidden } from '../platform/http/errors.js';
import { recordingFor } from '../speaking/policy.js';

/**
 * Transcripts' "who may" rules (docs/architecture.md#authorization, docs/product.md#transcripts): a
 * transcript follows its recording's audio (`speaking/policy.ts`, docs/product.md#who-sees-a-recording);
 * a correction is the staff's — the course's current teacher or an admin, never the student.
 */

/** The recording fields a transcript call uses. */
interface TranscriptRecording {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
}

/** True when `user`'s role may correct transcripts at all (which ones is the recording's rule). */
export function mayCorrectTranscripts(user: Reader): boolean {
  return user.role !== ROLES.student;
}

/**
 * The recording whose transcript `user` may read: whoever may hear its audio. Two queries at most.
 * @throws 404 `not_found` without such a recording; 403 `forbidden` for anyone else
 */
export function authorizeTranscriptReader(user: Reader, recordingId: string): Promise<TranscriptRecording> {
  return recordingFor(recordingId, user, 'play', 'This recording is not yours to see.');
}

/**
 * The recording whose transcript `user` may correct: the staff who may hear its audio. A student
 * is refused before any query; two queries at most otherwise.
 * @throws 403 `forbidden` for a student or anyone who may not hear it; 404 `not_found` without such a recording
 */
export async function authorizeTranscriptCorrector(user: Reader, recordingId: string): Promise<TranscriptRecording> {
  const refusal = 'Only the course’s teacher or an admin may correct a transcript.';
  if (!mayCorrectTranscripts(user)) throw forbidden(refusal);
  return recordingFor(recordingId, user, 'play', refusal);
}
