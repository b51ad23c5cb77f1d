import { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Recording } from './model.js';
import { ROLES } from '../auth/roles.js';
import { forbidden, notFound } from '../platform/http/errors.js';

/**
 * Who may do what with a student's speaking-practice recording and their Oracy profile
 * (docs/product.md#who-sees-a-recording, docs/product.md#authorization-matrix). One rule, asked by
 * the audio, the delivery report, the review queue, feedback and the Oracy profile:
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

/** The signed-in person a rule is asked about. */
export interface Reader {
  _id: Types.ObjectId;
  /** 1 admin, 2 teacher, 3 student (docs/product.md#role-codes) */
  role: number;
}

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
 * True when `teacherId` teaches a course `studentId` is enrolled in now: the teacher may read the
 * student's Oracy profile (docs/product.md#oracy-profile). Two queries.
 */
export async function teachesStudent(teacherId: Types.ObjectId, studentId: Types.ObjectId): Promise<boolean> {
  const enrollments = await Enrollment.find({ studentId }).select('courseId').lean();
  if (enrollments.length === 0) return false;
  return (await Course.exists({ _id: { $in: enrollments.map((e) => e.courseId) }, instructorId: teacherId })) !== null;
}

/**
 * True when `user` may read student `studentId`'s Oracy profile (docs/product.md#oracy-profile):
 * the student, a current teacher of one of their courses, or an admin. Two queries for a teacher.
 */
export async function mayReadStudent(user: Reader, studentId: Types.ObjectId): Promise<boolean> {
  if (user.role === ROLES.admin) return true;
  if (user.role === ROLES.student) return studentId.equals(user._id);
  if (user.role === ROLES.teacher) return teachesStudent(user._id, studentId);
  return false;
}
