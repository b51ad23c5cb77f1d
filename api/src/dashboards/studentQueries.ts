import { Types } from 'mongoose';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import { presentStudentAssignment, type StudentAssignmentJson } from '../assignments/presenter.js';
import { presentCourse, type CourseJson } from '../courses/presenter.js';
import { presentStudentTeacher, type StudentTeacherJson } from '../people/personPresenter.js';
import { ReadCache } from '../platform/readCache.js';
import { findPerson, type Person } from './stats.js';

/**
 * The student area's reads (docs/product.md#your-teachers, docs/product.md#your-enrolled-courses, docs/product.md#links-and-redirects, docs/product.md#derived-and-stored-data). Each runs a
 * fixed number of queries — related records come by `$in` over ids, never
 * one query per course or teacher.
 */

/** Sorts courses by start date, then title, for a stable list. */
const byStartThenTitle = (a: { startDate: Date; title: string }, b: { startDate: Date; title: string }) => a.startDate.getTime() - b.startDate.getTime() || a.title.localeCompare(b.title);

/** A student's courses by student id, for `READ_CACHE_TTL_MS` at most; emptied by any write to users, enrollments or courses. */
const coursesCache = new ReadCache<CourseJson[]>(['User', 'Enrollment', 'Course']);

/**
 * The courses a student is enrolled in (docs/product.md#student-calls: `GET
 * /api/student/courses/:studentId`), as full course objects with `imageUrl`
 * and their teacher's name as `instructorName` (null without a teacher, or when
 * the instructor is no longer a teacher; docs/product.md#your-enrolled-courses), by
 * start date. Four queries in three round trips — the student and their
 * enrollments at once, then the courses, then their teachers' names — and none
 * while the answer is in the read cache (`platform/readCache.ts`).
 * @param studentId an ObjectId string (the route has checked it)
 * @throws 404 `not_found` when no student has this id
 */
export function coursesOfStudentById(studentId: string): Promise<CourseJson[]> {
  return coursesCache.get(studentId.toLowerCase(), async () => {
    const [, enrollments] = await Promise.all([
      findPerson(studentId, ROLES.student),
      Enrollment.find({ studentId: new Types.ObjectId(studentId) })
        .select('courseId')
        .lean(),
    ]);
    if (enrollments.length === 0) return [];
    const courses = await Course.find({ _id: { $in: enrollments.map((e) => e.courseId) } })
      .select('title description instructorId duration startDate endDate status image')
      .lean();
    const instructorIds = [...new Set(courses.flatMap((course) => (course.instructorId ? [String(course.instructorId)] : [])))];
    const teachers =
      instructorIds.length === 0
        ? []
        : await User.find({ _id: { $in: instructorIds.map((id) => new Types.ObjectId(id)) }, role: ROLES.teacher })
            .select('name')
            .lean();
    const names = new Map(teachers.map((teacher) => [String(teacher._id), teacher.name]));
    return courses.sort(byStartThenTitle).map((course) => presentCourse(course, names));
  });
}

/**
 * A student's teachers (docs/product.md#derived-and-stored-data: the instructors of the student's
 * courses), each with the courses of the student they teach, by teacher
 * name. Courses without an instructor, or whose instructor is no longer a
 * teacher, give no entry. Three queries.
 */
export async function teachersOfStudent(student: Person): Promise<StudentTeacherJson[]> {
  const enrollments = await Enrollment.find({ studentId: student._id }).select('courseId').lean();
  if (enrollments.length === 0) return [];
  const courses = await Course.find({ _id: { $in: enrollments.map((e) => e.courseId) }, instructorId: { $ne: null } })
    .select('title instructorId')
    .lean();
  const courseNames = new Map<string, string[]>();
  for (const course of courses) {
    if (!course.instructorId) continue;
    const key = String(course.instructorId);
    courseNames.set(key, [...(courseNames.get(key) ?? []), course.title]);
  }
  if (courseNames.size === 0) return [];
  const teachers = await User.find({ _id: { $in: [...courseNames.keys()].map((id) => new Types.ObjectId(id)) }, role: ROLES.teacher })
    .select('name email profilePicture')
    .lean();
  return teachers.sort((a, b) => a.name.localeCompare(b.name)).map((teacher) => presentStudentTeacher(teacher, courseNames.get(String(teacher._id)) ?? []));
}

/**
 * The assignments of a student's courses (docs/product.md#links-and-redirects: title, course, due
 * date, done or not), by due date then title. Four queries.
 * @param opts.instructorId only the courses this teacher teaches (docs/product.md#oracy-profile: a teacher's view of a student)
 */
export async function assignmentsOfStudent(student: Person, opts: { instructorId?: Types.ObjectId } = {}): Promise<StudentAssignmentJson[]> {
  const enrollments = await Enrollment.find({ studentId: student._id }).select('courseId').lean();
  if (enrollments.length === 0) return [];
  const courseIds = enrollments.map((e) => e.courseId);
  const ofCourses = opts.instructorId ? { instructorId: opts.instructorId } : {};
  const [courses, assignments] = await Promise.all([
    Course.find({ _id: { $in: courseIds }, ...ofCourses })
      .select('title')
      .lean(),
    Assignment.find({ courseId: { $in: courseIds } }).lean(),
  ]);
  if (assignments.length === 0) return [];
  const completions = await AssignmentCompletion.find({ studentId: student._id, assignmentId: { $in: assignments.map((a) => a._id) } })
    .select('assignmentId completedAt')
    .lean();
  const titles = new Map(courses.map((c) => [String(c._id), c.title]));
  const completedAt = new Map(completions.map((c) => [String(c.assignmentId), c.completedAt]));
  return assignments
    .filter((a) => titles.has(String(a.courseId)))
    .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime() || a.title.localeCompare(b.title))
    .map((a) => presentStudentAssignment(a, titles.get(String(a.courseId)) ?? '', completedAt.get(String(a._id))));
}
