import type { Types } from 'mongoose';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Recording } from '../speaking/model.js';
import { teachesCourse } from '../speaking/policy.js';
import { ROLES, type Reader } from '../auth/roles.js';
import { forbidden } from '../platform/http/errors.js';
import { PartnerMember, type PeerMode } from './model.js';

/**
 * Talk partners' "who may" rules (docs/product.md#talk-partners, docs/architecture.md#authorization):
 * a student hears and gives feedback on a classmate's take only within the task's course, only on
 * a task its teacher opened to peers, only after sending their own take, and only to the takes the
 * task's mode allows (`class`: every classmate's; `partners`: their group's). The course's current
 * teacher (or an admin) moderates; the take's student reports.
 */

/** The 403 messages of these rules, as the API answers them. */
export const PEER_REFUSALS = {
  notOpen: 'This task is not open to peer feedback.',
  notEnrolled: 'You are not enrolled in this task’s course.',
  ownTakeFirst: 'Send your own take first.',
  notYourCircle: 'This take is not one of your talk partners’.',
  ownTake: 'This is your own take: listen to it on your task.',
  notModerator: 'This feedback is not from one of your courses.',
  notRecipient: 'Only the student it is for can report it.',
} as const;

/** The task fields the rules read. */
export interface PeerTask {
  _id: Types.ObjectId;
  courseId: Types.ObjectId;
  peerFeedback?: PeerMode | null;
}

/**
 * Who may take part in a task's peer feedback (docs/product.md#talk-partners): a student enrolled
 * in its course now, on a task open to peers, who has sent their own take. Two queries.
 * @throws 403 `forbidden` with {@link PEER_REFUSALS} `notOpen`, `notEnrolled` or `ownTakeFirst`
 */
export async function authorizePeer(studentId: Types.ObjectId, task: PeerTask): Promise<void> {
  if (!task.peerFeedback || task.peerFeedback === 'off') throw forbidden(PEER_REFUSALS.notOpen);
  if (!(await Enrollment.exists({ studentId, courseId: task.courseId }))) throw forbidden(PEER_REFUSALS.notEnrolled);
  if (!(await Recording.exists({ taskId: task._id, studentId }))) throw forbidden(PEER_REFUSALS.ownTakeFirst);
}

/**
 * The classmates whose takes `studentId` may hear on an open task: `null` for the whole course
 * (`class`), else the other members of their partner group (none when they have no group). One
 * query for `partners`, none otherwise.
 */
export async function peerCircle(studentId: Types.ObjectId, task: PeerTask): Promise<Types.ObjectId[] | null> {
  if (task.peerFeedback !== 'partners') return null;
  const own = await PartnerMember.findOne({ taskId: task._id, studentId }).select('group').lean();
  if (!own) return [];
  const members = await PartnerMember.find({ taskId: task._id, group: own.group }).select('studentId').lean();
  return members.map((m) => m.studentId).filter((id) => !id.equals(studentId));
}

/**
 * Who may hear a classmate's take and give feedback on it: {@link authorizePeer}, and the take is
 * another student's answer to this task within the student's circle ({@link peerCircle}).
 * @throws 403 `forbidden` as {@link authorizePeer}, `ownTake` or `notYourCircle`
 */
export async function authorizePeerTake(studentId: Types.ObjectId, task: PeerTask, recording: { studentId: Types.ObjectId; taskId: Types.ObjectId }): Promise<void> {
  await authorizePeer(studentId, task);
  if (recording.studentId.equals(studentId)) throw forbidden(PEER_REFUSALS.ownTake);
  if (!recording.taskId.equals(task._id)) throw forbidden(PEER_REFUSALS.notYourCircle);
  const circle = await peerCircle(studentId, task);
  if (circle && !circle.some((id) => id.equals(recording.studentId))) throw forbidden(PEER_REFUSALS.notYourCircle);
}

/**
 * Who may approve or hide peer feedback: the current teacher of its course, or an admin. One
 * query for a teacher.
 * @throws 403 `forbidden` (`notModerator`) for anyone else
 */
export async function authorizeModerator(user: Reader, feedback: { courseId: Types.ObjectId }): Promise<void> {
  if (user.role === ROLES.admin) return;
  if (user.role === ROLES.teacher && (await teachesCourse(user._id, feedback.courseId))) return;
  throw forbidden(PEER_REFUSALS.notModerator);
}

/**
 * Who may report peer feedback: the student it is for.
 * @throws 403 `forbidden` (`notRecipient`) for anyone else
 */
export function authorizeRecipient(user: Reader, feedback: { recipientId: Types.ObjectId }): void {
  if (!feedback.recipientId.equals(user._id)) throw forbidden(PEER_REFUSALS.notRecipient);
}
