import { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Recording } from './model.js';
import { ROLES, type Reader } from '../auth/roles.js';
import { forbidden, notFound } from '../platform/http/errors.js';

/**
 * Speaking practice's "who may" rules (docs/architecture.md#authorization): who may do what with a
 * student's recording (docs/product.md#who-sees-a-recording, docs/product.md#authorization-matrix),
 * asked by the audio, the delivery report, the transcript, the review queue and feedback; who may
 * change a task, send a take and edit feedback.
 *
 * - the recording's **student** plays and reads their own recording;
 * - the course's **current teacher** (`Course.instructorId` now, not the teacher who set the task
 *   or who taught the course when the take was recorded) plays, reads, lists and scores it;
 * - **admins** play, read and list any recording (scoring is the teacher's);
 * - nobody else, whatever they once had: a course handed to another teacher takes its recordings,
 *   its pending takes and its students' profiles along.
 */

/** What someone does with a recording. */
export type RecordingUse =
  /** hear its audio */
  | 'play'
  /** read its delivery report (and its place in a list) */
  | 'read'
  /** give or change its feedback */
  | 'score';

/** The fields of a recording the rule reads. */
export interface RecordingOwners {
  studentId: Types.ObjectId;
  /** the task's course, stored on the recording */
  courseId: Types.ObjectId;
}

/**
 * The ids of the courses `teacherId` teaches now: the courses whose recordings they list, hear and
 * score (docs/product.md#who-sees-a-recording). One query.
 */
export async function coursesTaughtBy(teacherId: Types.ObjectId): Promise<Types.ObjectId[]> {
  return (await Course.find({ instructorId: teacherId }).select('_id').lean()).map((c) => c._id);
}

/** True when `teacherId` is the current teacher of course `courseId`. One query. */
export async function teachesCourse(teacherId: Types.ObjectId, courseId: Types.ObjectId): Promise<boolean> {
  return (await Course.exists({ _id: courseId, instructorId: teacherId })) !== null;
}

/**
 * True when `user` may `use` the recording (see the module's rules). One query for a teacher,
 * none otherwise.
 */
export async function mayUseRecording(user: Reader, recording: RecordingOwners, use: RecordingUse): Promise<boolean> {
  if (user.role === ROLES.admin) return use !== 'score';
  if (user.role === ROLES.student) return use !== 'score' && recording.studentId.equals(user._id);
  if (user.role === ROLES.teacher) return teachesCourse(user._id, recording.courseId);
  return false;
}

/**
 * The recording `recordingId` when `user` may `use` it (docs/product.md#who-sees-a-recording).
 * Two queries at most.
 * @param refusal the 403's message
 * @throws 404 `not_found` without such a recording; 403 `forbidden` when the rule refuses
 */
export async function recordingFor<T extends RecordingOwners = RecordingOwners>(recordingId: string, user: Reader, use: RecordingUse, refusal: string): Promise<T & { _id: Types.ObjectId }> {
  const recording = await Recording.findById(new Types.ObjectId(recordingId)).lean<T & { _id: Types.ObjectId }>();
  if (!recording) throw notFound('No such recording.');
  if (!(await mayUseRecording(user, recording, use))) throw forbidden(refusal);
  return recording;
}

/**
 * True when `userId` is a task's teacher: the teacher who teaches its course now
 * (docs/product.md#who-sees-a-recording) — a course handed to another teacher takes its tasks
 * along, and the teacher who set them keeps none. One query.
 */
export async function isTaskTeacher(userId: Types.ObjectId, task: { courseId: Types.ObjectId }): Promise<boolean> {
  return teachesCourse(userId, task.courseId);
}

/**
 * Who may change or delete a task: its teacher or an admin. One query for a teacher.
 * @throws 403 `forbidden` for anyone else
 */
export async function authorizeTaskOwner(user: Reader, task: { courseId: Types.ObjectId }): Promise<void> {
  if (user.role === ROLES.admin) return;
  if (!(await isTaskTeacher(user._id, task))) throw forbidden('This is not one of your speaking tasks.');
}

/**
 * Who may set a task in a course: its current teacher (docs/product.md#speaking-practice).
 * @param course the course the body names, `null` when there is none
 * @throws 403 `forbidden` for no such course or another teacher's
 */
export function authorizeTaskCourse<C extends { instructorId?: Types.ObjectId | null }>(user: Reader, course: C | null): asserts course is C {
  if (!course || !course.instructorId?.equals(user._id)) throw forbidden('This course is not one of your courses.');
}

/**
 * Who may send a recording to a task: a student enrolled in its course now
 * (docs/product.md#speaking-practice). One query.
 * @throws 403 `forbidden` for anyone else
 */
export async function authorizeRecorder(studentId: Types.ObjectId, task: { courseId: Types.ObjectId }): Promise<void> {
  if (!(await Enrollment.exists({ studentId, courseId: task.courseId }))) throw forbidden('You are not enrolled in this task’s course.');
}

/**
 * Who may change a recording's feedback: the teacher who gave it (who must still teach the course:
 * `recordingFor(…, 'score', …)` asks that first).
 * @throws 403 `forbidden` for another teacher
 */
export function authorizeFeedbackAuthor(user: Reader, feedback: { teacherId?: Types.ObjectId | null }): void {
  if (!feedback.teacherId?.equals(user._id)) throw forbidden('Only the teacher who gave this feedback can change it.');
}
