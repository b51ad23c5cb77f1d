import { Course, Enrollment, ROLES, User } from '../../db/models/index.js';
import { presentCourse, type CourseJson } from '../../presenters/course.js';
import { presentTeacherStudent, type TeacherStudentJson } from '../../presenters/person.js';
import type { Person } from '../../services/stats.js';

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
  return courses
    .sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || a.title.localeCompare(b.title))
    .map((course) => presentCourse(course, names));
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
  return students
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((student) => presentTeacherStudent(student, courseNames.get(String(student._id)) ?? []));
}
