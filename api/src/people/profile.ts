import { Types } from 'mongoose';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES } from '../auth/roles.js';
import type { StudentProfileJson, TeacherProfileJson } from './userPresenter.js';
import { studentBadges } from '../dashboards/badges.js';
import { teacherStats } from '../dashboards/stats.js';

/**
 * The figures of the profile screens (docs/product.md#teacher-and-student-profiles), counted from
 * enrollments, assignments and completions — never sample values.
 */

/** `part` of `whole` as a whole percentage (0–100), or `empty` when `whole` is 0. */
export function percentOf<T>(part: number, whole: number, empty: T): number | T {
  return whole > 0 ? Math.round((Math.min(part, whole) / whole) * 100) : empty;
}

/**
 * A student's profile figures: "Progress" — the share of the assignments of their enrolled courses
 * they completed (0 when they have none) — their enrolled courses by start date, and their badges
 * (`dashboards/badges.ts`). Completions of assignments outside their current courses do not count.
 * @param studentId the student's id
 */
export async function studentProfileFigures(studentId: Types.ObjectId | string): Promise<StudentProfileJson> {
  const id = new Types.ObjectId(String(studentId));
  const [enrollments, badges] = await Promise.all([Enrollment.find({ studentId: id }).select('courseId').lean(), studentBadges(id)]);
  const courseIds = enrollments.map((e) => e.courseId);
  const [courses, assignments] = courseIds.length
    ? await Promise.all([
        Course.find({ _id: { $in: courseIds } })
          .select('title startDate')
          .lean(),
        Assignment.find({ courseId: { $in: courseIds } })
          .select('_id')
          .lean(),
      ])
    : [[], []];
  const completedAssignments = assignments.length ? await AssignmentCompletion.countDocuments({ studentId: id, assignmentId: { $in: assignments.map((a) => a._id) } }) : 0;
  const totalAssignments = assignments.length;
  return {
    progress: percentOf(completedAssignments, totalAssignments, 0),
    completedAssignments,
    totalAssignments,
    courses: courses.sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || a.title.localeCompare(b.title)).map((course) => ({ id: String(course._id), title: course.title })),
    badges,
  };
}

/**
 * A teacher's profile figures: "Courses Taught", the subjects (their courses' titles, by title) and
 * "Teaching Progress" — the share of the assignments handed out in their courses (one per enrolled
 * student, as on the teacher dashboard: `teacherStats`) that were completed; null when none were
 * handed out, so the screen shows no bar rather than an invented 0 %.
 * @param teacherId the teacher's id
 */
export async function teacherProfileFigures(teacherId: Types.ObjectId | string): Promise<TeacherProfileJson> {
  const id = new Types.ObjectId(String(teacherId));
  const [courses, stats] = await Promise.all([Course.find({ instructorId: id }).select('title').lean(), teacherStats({ _id: id, name: '', role: ROLES.teacher })]);
  return {
    coursesTaught: courses.length,
    subjects: courses.map((course) => course.title).sort((a, b) => a.localeCompare(b)),
    teachingProgress: percentOf(stats.completedAssignments, stats.totalAssignments, null),
    completedAssignments: stats.completedAssignments,
    totalAssignments: stats.totalAssignments,
  };
}
