import type { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES, type Reader } from '../auth/roles.js';
import { findPerson } from '../dashboards/stats.js';
import { forbidden } from '../platform/http/errors.js';

/**
 * The Oracy profile's "who may" rules (docs/architecture.md#authorization,
 * docs/product.md#oracy-profile, docs/product.md#authorization-matrix): a student's profile is for
 * the student, a current teacher of a course they are enrolled in, and admins — the same "current
 * teacher" as a recording's (`speaking/policy.ts`).
 */

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
export async function mayReadStudentProfile(user: Reader, studentId: Types.ObjectId): Promise<boolean> {
  if (user.role === ROLES.admin) return true;
  if (user.role === ROLES.student) return studentId.equals(user._id);
  if (user.role === ROLES.teacher) return teachesStudent(user._id, studentId);
  return false;
}

/**
 * Who may read the profile of the student a call names by `studentId` (24 hex digits, already
 * checked): as {@link mayReadStudentProfile}. A student is refused before any query.
 * @throws 403 `forbidden` for another student or a teacher who does not teach the student; 404
 *   `not_found` (to a teacher) when no student has the id
 */
export async function authorizeStudentProfileReader(user: Reader, studentId: string): Promise<void> {
  if (user.role === ROLES.student && studentId.toLowerCase() !== String(user._id)) throw forbidden();
  if (user.role === ROLES.teacher) {
    const student = await findPerson(studentId, ROLES.student);
    if (!(await mayReadStudentProfile(user, student._id))) throw forbidden('You do not teach this student.');
  }
}

/**
 * Who may list a student's assignments in a teacher's courses: the teacher must teach the student
 * now (the caller is that teacher or an admin). Two queries.
 * @throws 403 `forbidden` when the teacher does not
 */
export async function authorizeTeacherOfStudent(teacherId: Types.ObjectId, studentId: Types.ObjectId): Promise<void> {
  if (!(await teachesStudent(teacherId, studentId))) throw forbidden('This student is not in your courses.');
}

/**
 * Who may narrow a teacher's overview to one course: only to a course the teacher teaches.
 * @param courseId the course asked for, or undefined for all
 * @param matching the teacher's courses that are `courseId`
 * @throws 403 `forbidden` when `courseId` is not one of them
 */
export function authorizeOverviewCourse(courseId: string | undefined, matching: readonly unknown[]): void {
  if (courseId !== undefined && matching.length === 0) throw forbidden('This course is not one of your courses.');
}
