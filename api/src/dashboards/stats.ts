import { Types } from 'mongoose';
import { Assessment } from '../oracy/assessmentModel.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ORACY_LEVELS, User, type OracyLevel } from '../people/userModel.js';
import { ROLES } from '../auth/roles.js';
import { notFound } from '../platform/http/errors.js';
import { activityWindow, countByMonth } from './activity.js';
import { ReadCache } from '../platform/readCache.js';

/**
 * The dashboards' numbers (docs/product.md#student-dashboard, docs/product.md#teacher-dashboard, docs/product.md#stats-records; docs/product.md#derived-and-stored-data), counted from enrollments, assignments and their
 * completions. Every function runs a fixed number of queries whatever the
 * number of courses or students (related records come by `$in` over ids,
 * never one query per row), and only plain filters, so it runs on MongoDB
 * and on the embedded FerretDB v1 alike (docs/architecture.md#running-it).
 */

/** The person a student or teacher call is about: `{_id, name, role, oracyLevel}`. */
export interface Person {
  _id: Types.ObjectId;
  name: string;
  role: number;
  oracyLevel?: string | null;
}

/**
 * Loads the student or teacher a `/api/student/*` or `/api/teacher/*` call
 * names (docs/product.md#authorization-matrix: "well-formed but absent: 404"). The route has already
 * checked that the caller is that person or an admin, and that the id is an
 * ObjectId.
 * @param role `ROLES.student` or `ROLES.teacher`; a user with another role counts as absent
 * @throws 404 `not_found` when there is no such student or teacher
 */
export async function findPerson(id: string, role: typeof ROLES.teacher | typeof ROLES.student): Promise<Person> {
  // By `_id` alone: the one filter the embedded FerretDB answers without a full scan.
  const person = await User.findById(new Types.ObjectId(id)).select('_id name role oracyLevel').lean();
  if (!person || person.role !== role) throw notFound(role === ROLES.student ? 'No such student.' : 'No such teacher.');
  return person;
}

/** `GET /api/student/stats/:studentId` (docs/product.md#stats-records). */
export interface StudentStats {
  /** courses the student is enrolled in */
  totalCourses: number;
  /** of those, the ones with a completion date */
  completedCourses: number;
  /** assignments of the enrolled courses */
  totalAssignments: number;
  /** the level of the latest self-assessment, else the stored level, else "Beginner" (docs/product.md#derived-and-stored-data) */
  oracyLevel: OracyLevel;
  /** whether the student has ever submitted the self-assessment (the dashboard invites them to it until then) */
  selfAssessed: boolean;
  /** the activity chart's figures (docs/product.md#student-dashboard): six months, oldest first, the current one last */
  activity: StudentActivityMonth[];
}

/** One month of a student's activity chart (`dashboards/activity.ts`: UTC months). */
export interface StudentActivityMonth {
  /** `YYYY-MM` on the UTC calendar */
  month: string;
  /** enrolled courses whose completion date falls in the month */
  completedCourses: number;
  /** assignments of the enrolled courses the student completed in the month */
  completedAssignments: number;
}

const isOracyLevel = (value: unknown): value is OracyLevel => (ORACY_LEVELS as readonly unknown[]).includes(value);

/** Student stats by student id, for `READ_CACHE_TTL_MS` at most; emptied by any write to what they count. */
const studentStatsCache = new ReadCache<StudentStats>(['User', 'Enrollment', 'Assignment', 'AssignmentCompletion', 'Assessment']);

/**
 * A student's stats (docs/product.md#derived-and-stored-data; docs/product.md#api `GET /api/student/stats/:studentId`):
 * enrollments give `totalCourses` and `completedCourses`, the assignments of
 * the enrolled courses `totalAssignments`, and the latest self-assessment
 * `oracyLevel` (the level stored on the student when there is none) and
 * `selfAssessed`. `activity` counts, per month of the last six
 * (`dashboards/activity.ts`), the enrollments' completion dates and the
 * student's completions of the enrolled courses' assignments. Five queries
 * in two round trips — the student, their enrollments, their latest
 * assessment and their completions since the window's start at once, then
 * the assignments — and none while the answer is in the read cache
 * (`platform/readCache.ts`).
 * @param studentId an ObjectId string (the route has checked it)
 * @param now the instant whose month is the chart's last (a cached answer is at most `READ_CACHE_TTL_MS` old)
 * @throws 404 `not_found` when no student has this id
 */
export function studentStatsById(studentId: string, now: Date = new Date()): Promise<StudentStats> {
  return studentStatsCache.get(studentId.toLowerCase(), () => loadStudentStats(studentId, now));
}

async function loadStudentStats(studentId: string, now: Date): Promise<StudentStats> {
  const id = new Types.ObjectId(studentId);
  const window = activityWindow(now);
  const [student, enrollments, latest, completions] = await Promise.all([
    findPerson(studentId, ROLES.student),
    Enrollment.find({ studentId: id }).select('courseId completedAt').lean(),
    Assessment.findOne({ userId: id }).sort({ createdAt: -1, _id: -1 }).select('level').lean(),
    // `studentId` is indexed; the date bound keeps older completions out of the answer.
    AssignmentCompletion.find({ studentId: id, completedAt: { $gte: window.start } })
      .select('assignmentId completedAt')
      .lean(),
  ]);
  const courseIds = enrollments.map((e) => e.courseId);
  const assignments = courseIds.length
    ? await Assignment.find({ courseId: { $in: courseIds } })
        .select('_id')
        .lean()
    : [];
  const enrolledAssignments = new Set(assignments.map((a) => String(a._id)));
  const courseCounts = countByMonth(
    window.months,
    enrollments.map((e) => e.completedAt),
  );
  const assignmentCounts = countByMonth(
    window.months,
    completions.filter((c) => enrolledAssignments.has(String(c.assignmentId))).map((c) => c.completedAt),
  );
  const level = latest?.level ?? student.oracyLevel;
  return {
    totalCourses: enrollments.length,
    completedCourses: enrollments.filter((e) => e.completedAt != null).length,
    totalAssignments: assignments.length,
    oracyLevel: isOracyLevel(level) ? level : 'Beginner',
    selfAssessed: latest != null,
    activity: window.months.map((month, i) => ({ month, completedCourses: courseCounts[i] ?? 0, completedAssignments: assignmentCounts[i] ?? 0 })),
  };
}

/** `GET /api/teacher/stats/:teacherId` (docs/product.md#stats-records). */
export interface TeacherStats {
  /** courses the teacher teaches (is the instructor of) */
  totalCourses: number;
  /**
   * assignments handed out: each assignment of the teacher's courses counted
   * once per student enrolled in its course (docs/product.md#derived-and-stored-data: "with per-student
   * completion") — the sum of the students' own `totalAssignments` over these courses
   */
  totalAssignments: number;
  /** how many of those the enrolled students have completed; never more than `totalAssignments` */
  completedAssignments: number;
}

/**
 * A teacher's stats (docs/product.md#derived-and-stored-data). Counting per student keeps "completed"
 * and "outstanding" (`totalAssignments - completedAssignments`, the
 * dashboard's doughnut, docs/product.md#clarified-behaviour) meaningful when a class is part way
 * through an assignment. Completions by students no longer enrolled in the
 * course are not counted. At most four queries.
 */
export async function teacherStats(teacher: Person): Promise<TeacherStats> {
  const courses = await Course.find({ instructorId: teacher._id }).select('_id').lean();
  if (courses.length === 0) return { totalCourses: 0, totalAssignments: 0, completedAssignments: 0 };
  const courseIds = courses.map((c) => c._id);
  const [assignments, enrollments] = await Promise.all([
    Assignment.find({ courseId: { $in: courseIds } })
      .select('_id courseId')
      .lean(),
    Enrollment.find({ courseId: { $in: courseIds } })
      .select('studentId courseId')
      .lean(),
  ]);
  const enrolled = new Set(enrollments.map((e) => `${String(e.courseId)}:${String(e.studentId)}`));
  const studentsPerCourse = new Map<string, number>();
  for (const e of enrollments) studentsPerCourse.set(String(e.courseId), (studentsPerCourse.get(String(e.courseId)) ?? 0) + 1);

  const courseOfAssignment = new Map(assignments.map((a) => [String(a._id), String(a.courseId)]));
  const totalAssignments = assignments.reduce((sum, a) => sum + (studentsPerCourse.get(String(a.courseId)) ?? 0), 0);
  const completions = assignments.length
    ? await AssignmentCompletion.find({ assignmentId: { $in: assignments.map((a) => a._id) } })
        .select('assignmentId studentId')
        .lean()
    : [];
  const completedAssignments = completions.filter((c) => enrolled.has(`${courseOfAssignment.get(String(c.assignmentId))}:${String(c.studentId)}`)).length;
  return { totalCourses: courses.length, totalAssignments, completedAssignments };
}
