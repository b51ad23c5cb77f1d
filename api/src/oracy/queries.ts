import { Types } from 'mongoose';
import { Assessment } from './assessmentModel.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback } from '../speaking/model.js';
import { ROLES } from '../auth/roles.js';
import { User, type OracyLevel } from '../people/userModel.js';
import { authorizeOverviewCourse } from './policy.js';
import { presentSnapshot, type AdminOracyJson, type StudentOracyJson, type TeacherOracyJson, type TeacherOracyStudentJson } from './presenter.js';
import { changeBetween, countLevels, needsAttention, strandAverages, TEACHER_SCORE_WINDOW_DAYS, teacherStrandScores, type SubmissionLike } from './profile.js';
import { deliveryTrend } from '../delivery/service.js';
import { transcriptRates } from '../transcripts/service.js';
import { NEWEST_FIRST, type OracySummary } from './summary.js';
import type { Person } from '../dashboards/stats.js';
import { farFromEvidence, type ScoredFeedback } from './evidence.js';
import { recentFeedback } from './evidenceQueries.js';
import { DAY_MS } from '../platform/time.js';

/**
 * The Oracy profile's reads (docs/product.md#oracy-profile). Overviews of many
 * students read each student's stored summary (`User.oracy`), never their
 * submissions, so each runs a fixed number of queries whatever the number of
 * students.
 */

/** Submissions per page of a student's history. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * Documents per reply for a read that wants every matching document (a class's
 * enrollments and students): the driver asks for 101 documents in the first
 * reply and the rest in another round trip, and the embedded database answers
 * each reply separately. A reply is capped at 16 MiB whatever the number.
 */
const WHOLE_CLASS_BATCH = 10_000;

/**
 * A student's profile (`GET /api/student/oracy/:studentId`): the latest and
 * the previous submission, the change between them, a page of the history
 * (newest first, `HISTORY_PAGE_SIZE` at most, only those before `before`
 * when given), the needs-attention reasons, the teachers' speaking-practice
 * scores of the last 90 days and "Delivery over time" (docs/product.md#measured-by-the-server).
 * Four queries, five with `before`.
 * @param now ms since the epoch, for the `stale` reason
 */
export async function studentProfile(student: Person, before: Date | undefined, now: number): Promise<StudentOracyJson> {
  const page = (filter: Record<string, unknown>, limit: number) =>
    Assessment.find({ userId: student._id, ...filter })
      .sort(NEWEST_FIRST)
      .limit(limit)
      .lean<SubmissionLike[]>();
  const [newest, history, feedback, delivery] = await Promise.all([
    page({}, before ? 2 : HISTORY_PAGE_SIZE),
    before ? page({ createdAt: { $lt: before } }, HISTORY_PAGE_SIZE) : undefined,
    recentFeedback(student._id, now),
    deliveryTrendWithWords(student._id),
  ]);
  const [latest, previous] = newest.map(presentSnapshot);
  const change = changeBetween(latest, previous);
  return {
    studentId: String(student._id),
    latest: latest ?? null,
    previous: previous ?? null,
    history: history ? history.map(presentSnapshot) : newest.map(presentSnapshot),
    change,
    needsAttention: needsAttention(latest ? { submittedAt: new Date(latest.submittedAt), strands: latest.strands } : null, change, now, farFromEvidence(latest?.strands, feedback)),
    teacherStrands: teacherStrandScores(feedback.map((f) => f.strands)),
    delivery,
  };
}

/** "Delivery over time" with each point's words and fillers a minute from its transcript (docs/product.md#delivery-over-time). Three queries. */
async function deliveryTrendWithWords(studentId: Types.ObjectId) {
  const points = await deliveryTrend(studentId);
  const rates = await transcriptRates(points.map((p) => p.recordingId));
  return points.map((p) => ({ ...p, ...rates.get(p.recordingId) }));
}

/** A student as the overviews read them: the stored summary beside the name. */
interface SummarisedStudent {
  _id: Types.ObjectId;
  name: string;
  profilePicture?: string | null;
  oracy?: OracySummary | null;
}

/** One row of a teacher's overview, from a student's stored summary and their teachers' feedback of the last 90 days (newest first). */
function overviewRow(student: SummarisedStudent, feedback: readonly ScoredFeedback[], now: number): TeacherOracyStudentJson {
  const latest = student.oracy?.latest ?? null;
  const change = changeBetween(latest, student.oracy?.previous);
  return {
    id: String(student._id),
    name: student.name,
    profilePicture: student.profilePicture ?? null,
    level: latest?.level ?? null,
    mean: latest?.mean ?? null,
    strands: latest ? { ...latest.strands } : null,
    lastAssessedAt: latest ? latest.submittedAt.toISOString() : null,
    change,
    needsAttention: needsAttention(latest, change, now, farFromEvidence(latest?.strands, feedback)),
  };
}

/**
 * The teachers' feedback of the last 90 days of some students, newest first, by student id: what
 * the needs-attention reason `self-far-from-evidence` reads. One query, none without students.
 */
async function feedbackByStudent(studentIds: readonly Types.ObjectId[], now: number): Promise<Map<string, ScoredFeedback[]>> {
  const byStudent = new Map<string, ScoredFeedback[]>();
  if (studentIds.length === 0) return byStudent;
  const feedback = await Feedback.find({ studentId: { $in: studentIds }, createdAt: { $gte: new Date(now - TEACHER_SCORE_WINDOW_DAYS * DAY_MS) } })
    .sort({ createdAt: -1, _id: -1 })
    .select('studentId strands createdAt')
    .batchSize(WHOLE_CLASS_BATCH)
    .lean<Array<ScoredFeedback & { studentId: Types.ObjectId }>>();
  for (const f of feedback) {
    const list = byStudent.get(String(f.studentId));
    if (list) list.push(f);
    else byStudent.set(String(f.studentId), [f]);
  }
  return byStudent;
}

/** Level counts and strand averages over some students' latest submissions. */
function aggregate(students: readonly SummarisedStudent[]) {
  const latest = students.map((s) => s.oracy?.latest ?? null);
  return {
    levelCounts: countLevels(latest.map((l) => (l?.level as OracyLevel | undefined) ?? null)),
    strandAverages: strandAverages(latest.flatMap((l) => (l ? [l.strands] : []))),
  };
}

/**
 * A teacher's overview (`GET /api/teacher/oracy/:teacherId`): the students
 * of the teacher's courses, or of one of them, each with their level, mean,
 * strands, last assessment, change and needs-attention reasons — those who
 * need attention first, then by name — with strand averages and level
 * counts. Four queries whatever the number of students.
 * @param courseId one of the teacher's courses, or undefined for all
 * @throws 403 `forbidden` when `courseId` is not one of the teacher's courses
 */
export async function teacherOverview(teacher: Person, courseId: string | undefined, now: number): Promise<TeacherOracyJson> {
  const courses = await Course.find({ instructorId: teacher._id }).select('_id').lean();
  const courseIds = courses.map((c) => c._id).filter((id) => courseId === undefined || id.equals(courseId));
  authorizeOverviewCourse(courseId, courseIds);
  const enrollments = courseIds.length
    ? await Enrollment.find({ courseId: { $in: courseIds } })
        .select('studentId')
        .batchSize(WHOLE_CLASS_BATCH)
        .lean()
    : [];
  const students = enrollments.length
    ? await User.find({ _id: { $in: enrollments.map((e) => e.studentId) }, role: ROLES.student })
        .select('name profilePicture oracy')
        .batchSize(WHOLE_CLASS_BATCH)
        .lean<SummarisedStudent[]>()
    : [];
  const feedback = await feedbackByStudent(
    students.map((s) => s._id),
    now,
  );
  const rows = students
    .map((s) => overviewRow(s, feedback.get(String(s._id)) ?? [], now))
    .sort((a, b) => Number(b.needsAttention.length > 0) - Number(a.needsAttention.length > 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { courseId: courseId?.toLowerCase() ?? null, students: rows, ...aggregate(students) };
}

/** The school's overview (`GET /api/admin/oracy`): every student's latest level and strands. One query. */
export async function schoolOverview(): Promise<AdminOracyJson> {
  const students = await User.find({ role: ROLES.student }).select('oracy').lean<SummarisedStudent[]>();
  const { levelCounts, strandAverages: averages } = aggregate(students);
  return { studentCount: students.length, assessedCount: students.length - levelCounts.notAssessed, levelCounts, strandAverages: averages };
}
