import type { Types } from 'mongoose';
import { PartnerMember, PeerFeedback, PeerListen } from './model.js';

/**
 * Removes the peer feedback, listens and partner places that hang on some recordings, tasks or a
 * course (a recording, a task, a course or a student going: `speaking/service.ts`).
 */
export async function removePeerData(filter: { recordingIds?: readonly Types.ObjectId[]; taskId?: Types.ObjectId; courseId?: Types.ObjectId }): Promise<void> {
  if (filter.recordingIds && filter.recordingIds.length > 0) {
    const recordingId = { $in: [...filter.recordingIds] };
    await PeerFeedback.deleteMany({ recordingId });
    await PeerListen.deleteMany({ recordingId });
  }
  for (const key of ['taskId', 'courseId'] as const) {
    const value = filter[key];
    if (!value) continue;
    await PeerFeedback.deleteMany({ [key]: value });
    await PartnerMember.deleteMany({ [key]: value });
    if (key === 'courseId') await PeerListen.deleteMany({ courseId: value });
  }
}
