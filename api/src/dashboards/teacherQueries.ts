import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import { presentTeacherAssignment, type TeacherAssignmentJson } from '../assignments/presenter.js';
import { presentCourse, type CourseJson } from '../courses/presenter.js';
import { presentTeacherStudent, type TeacherStudentJson } from '../people/personPresenter.js';
import type { Person } from './stats.js';

/**
 * The teacher area's reads (docs/product.md#teacher-courses, docs/product.md#your-students, docs/product.md#derived-and-stored-data). Each runs a
 * fixed number of queries — related records come by `$in` over ids, never
 * one query per course or student.
 */

/**
 * The courses a teacher teaches (docs/product.md#teacher-calls: `GET
 * /api/teacher/courses/:teacherId`), full course objects with `imageUrl`
 * and the teacher's name as `instructorName`, by start date then title. One query.
 */
export async function coursesOfTeacher(teacher: Person): Promise<CourseJson[]> {
  const courses = await Course.find({ instructorId: teacher._id }).lean();
  const names = new Map([[String(teacher._id), teacher.name]]);
  return courses.sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || a.title.localeCompare(b.title)).map((course) => presentCourse(course, names));
}

/**
 * A teacher's students (docs/product.md#derived-and-stored-data: the students enrolled in the
 * teacher's courses, each with the course names they share), by name.
 * Enrollments of users who are no longer students are left out. Three queries.
 */
export async function studentsOfTeacher(teacher: Person): Promise<TeacherStudentJson[]> {
  const courses = await Course.find({ instructorId: teacher._id }).select('title').lean();
  if (courses.length === 0) return [];
  const titles = new Map(courses.map((c) => [String(c._id), c.title]));
  const enrollments = await Enrollment.find({ courseId: { $in: courses.map((c) => c._id) } })
    .select('studentId courseId')
    .lean();
  const courseNames = new Map<string, string[]>();
  for (const e of enrollments) {
    const key = String(e.studentId);
    const title = titles.get(String(e.courseId));
    if (title !== undefined) courseNames.set(key, [...(courseNames.get(key) ?? []), title]);
  }
  if (courseNames.size === 0) return [];
  const students = await User.find({ _id: { $in: enrollments.map((e) => e.studentId) }, role: ROLES.student })
    .select('name email profilePicture')
    .lean();
  return students.sort((a, b) => a.name.localeCompare(b.name)).map((student) => presentTeacherStudent(student, courseNames.get(String(student._id)) ?? []));
}

/**
 * The assignments of a teacher's courses (docs/product.md#teacher-courses: a course's "View
 * Details"), by due date then title, each with how many of its course's enrolled students have
 * completed it; completions of students no longer enrolled are not counted. Four queries.
 */
export async function assignmentsOfTeacher(teacher: Person): Promise<TeacherAssignmentJson[]> {
  const courses = await Course.find({ instructorId: teacher._id }).select('title').lean();
  if (courses.length === 0) return [];
  const courseIds = courses.map((c) => c._id);
  const [assignments, enrollments] = await Promise.all([
    Assignment.find({ courseId: { $in: courseIds } }).lean(),
    Enrollment.find({ courseId: { $in: courseIds } })
      .select('studentId courseId')
      .lean(),
  ]);
  if (assignments.length === 0) return [];
  const completions = await AssignmentCompletion.find({ assignmentId: { $in: assignments.map((a) => a._id) } })
    .select('assignmentId studentId')
    .lean();
  const titles = new Map(courses.map((c) => [String(c._id), c.title]));
  const enrolled = new Map<string, Set<string>>();
  for (const e of enrollments) {
    const key = String(e.courseId);
    enrolled.set(key, (enrolled.get(key) ?? new Set()).add(String(e.studentId)));
  }
  const courseOf = new Map(assignments.map((a) => [String(a._id), String(a.courseId)]));
  const completed = new Map<string, number>();
  for (const c of completions) {
    const id = String(c.assignmentId);
    if (enrolled.get(courseOf.get(id) ?? '')?.has(String(c.studentId))) completed.set(id, (completed.get(id) ?? 0) + 1);
  }
  return assignments
    .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime() || a.title.localeCompare(b.title))
    .map((a) =>
      presentTeacherAssignment(a, titles.get(String(a.courseId)) ?? '', {
        completed: completed.get(String(a._id)) ?? 0,
        enrolled: enrolled.get(String(a.courseId))?.size ?? 0,
      }),
    );
}
