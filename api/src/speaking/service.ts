import type { Types } from 'mongoose';
import { Feedback, Recording, SpeakingTask } from './model.js';
import { removeDeliveryReports } from '../delivery/service.js';
import { removeTranscripts } from '../transcripts/index.js';
import { removePeerData } from '../peers/removal.js';
import type { UploadStore } from '../platform/uploads.js';

/**
 * Removing speaking-practice data with everything that hangs on it (docs/product.md#speaking-practice):
 * a recording's feedback, its delivery report, its transcript, its peer feedback and listens, its record and its audio file in the recordings store. Used when a
 * student, a course or a task goes, so that nothing is left orphaned in the store.
 */

/**
 * Removes the recordings matching `filter` (e.g. `{studentId}` or `{courseId}`), their feedback,
 * their delivery reports and their files. Records go first, files last: FerretDB has no transactions, and a file whose
 * record is gone is never served, while a record whose file is gone would be.
 * @returns how many recordings were removed
 */
export async function removeRecordings(filter: { studentId?: Types.ObjectId; courseId?: Types.ObjectId; taskId?: Types.ObjectId }, store: UploadStore): Promise<number> {
  const recordings = await Recording.find(filter).select('_id file.name').lean();
  if (recordings.length === 0) return 0;
  const ids = recordings.map((r) => r._id);
  await Feedback.deleteMany({ recordingId: { $in: ids } });
  await removeDeliveryReports(ids);
  await removeTranscripts(ids);
  await removePeerData({ recordingIds: ids });
  await Recording.deleteMany({ _id: { $in: ids } });
  for (const r of recordings) await store.remove(r.file?.name);
  return recordings.length;
}

/** Removes a course's speaking tasks, their partner groups and all their recordings (a course being deleted). */
export async function removeCourseSpeaking(courseId: Types.ObjectId, store: UploadStore): Promise<void> {
  await removeRecordings({ courseId }, store);
  await removePeerData({ courseId });
  await SpeakingTask.deleteMany({ courseId });
}
