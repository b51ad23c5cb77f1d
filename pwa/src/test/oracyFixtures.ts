/**
 * Oracy profile fixtures for the screens' tests (docs/product.md#oracy-profile): snapshots and
 * profile answers for one student, and a teacher's students with their overview
 * (docs/product.md#your-students-oracy): Amy is assessed and fine, Ben's last assessment is
 * stale with a low strand, Cat was never assessed. Voice has Amy and Ben, Debate has Ben and
 * Cat, Drama nobody.
 */
import type { Snapshot, StrandEvidence, StrandKey, Strands, StudentEvidence, StudentOracy } from '../oracy/oracy';
import { STATEMENT_KEYS } from '../oracy/assessment/statements';
import { courseFixture } from './courses';
import type { FakeResponse } from './fetchMock';

/** The level a mean gives (docs/product.md#derived-and-stored-data), for fixtures. */
function levelOf(mean: number): Snapshot['level'] {
  if (mean >= 4.5) return 'Advanced';
  if (mean >= 3.5) return 'Proficient';
  if (mean >= 2.5) return 'Developing';
  return 'Beginner';
}

/** A snapshot as the API answers it: `day` days after 1 Jan 2026 at noon UTC, with these strands. */
export function snapshot(day: number, strands: Strands, id = `a${day}`): Snapshot {
  const mean = Math.round(((strands.linguistic + strands.cognitive + strands.socialEmotional + strands.physical) / 4) * 100) / 100;
  return {
    id,
    submittedAt: new Date(Date.UTC(2026, 0, 1 + day, 12)).toISOString(),
    mean,
    level: levelOf(mean),
    strands,
    scores: Object.fromEntries(STATEMENT_KEYS.map((key) => [key, 3])) as Snapshot['scores'],
  };
}

/** A profile answer from a history given newest first (the API's order); no teacher scores unless given. */
export function profileOf(history: Snapshot[], studentId = 'u-student', teacherStrands: StudentOracy['teacherStrands'] = null): StudentOracy {
  const [latest = null, previous = null] = history;
  return {
    studentId,
    latest,
    previous,
    history,
    change: latest && previous ? Math.round((latest.mean - previous.mean) * 100) / 100 : null,
    needsAttention: latest ? [] : ['not-assessed'],
    teacherStrands,
    delivery: [],
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** An ISO time `days` (and an hour) before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60 * 60 * 1000).toISOString();

/** `GET /api/teacher/students/u-teacher`, in the API's order (by name). */
export const TEACHER_STUDENTS = [
  { id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [{ courseName: 'Voice' }] },
  { id: 's2', studentName: 'Ben Bell', profilePicture: null, studentEmail: 'ben@oracy.test', courses: [{ courseName: 'Voice' }, { courseName: 'Debate' }] },
  { id: 's3', studentName: 'Cat Cole', profilePicture: null, studentEmail: 'cat@oracy.test', courses: [{ courseName: 'Debate' }] },
];

const AMY = {
  id: 's1',
  name: 'Amy Ash',
  profilePicture: null,
  level: 'Proficient',
  mean: 3.38,
  strands: { linguistic: 3.5, cognitive: 2.75, socialEmotional: 4, physical: 3.25 },
  lastAssessedAt: daysAgo(21),
  change: 0.25,
  needsAttention: [],
};
const BEN = {
  id: 's2',
  name: 'Ben Bell',
  profilePicture: null,
  level: 'Developing',
  mean: 2.69,
  strands: { linguistic: 3, cognitive: 3, socialEmotional: 2.75, physical: 2 },
  lastAssessedAt: daysAgo(40),
  change: null,
  needsAttention: ['stale', 'low-strand'],
};
const CAT = { id: 's3', name: 'Cat Cole', profilePicture: null, level: null, mean: null, strands: null, lastAssessedAt: null, change: null, needsAttention: ['not-assessed'] };

const LEVELS_ALL = { Beginner: 0, Developing: 1, Proficient: 1, Advanced: 0, notAssessed: 1 };

/** `GET /api/teacher/oracy/u-teacher` over all the teacher's courses, in the API's order. */
export const TEACHER_ORACY = {
  courseId: null,
  students: [BEN, CAT, AMY],
  strandAverages: { linguistic: 3.25, cognitive: 2.88, socialEmotional: 3.38, physical: 2.63 },
  levelCounts: LEVELS_ALL,
};

/** The teacher's courses, `GET /api/teacher/courses/u-teacher`. */
export const TEACHER_COURSES = [
  { id: 'c1', title: 'Voice' },
  { id: 'c2', title: 'Debate' },
  { id: 'c3', title: 'Drama' },
].map((c) => courseFixture(c.id, c.title));

const BY_COURSE: Record<string, (typeof TEACHER_ORACY)['students']> = { c1: [BEN, AMY], c2: [BEN, CAT], c3: [] };

/** The fake `GET /api/teacher/oracy/u-teacher[?courseId=]`: all courses, or one course's students. */
export function teacherOracyRoute(request: Request): FakeResponse {
  const courseId = new URL(request.url).searchParams.get('courseId');
  if (!courseId) return { body: TEACHER_ORACY };
  const students = BY_COURSE[courseId];
  if (!students) return { status: 403, body: { error: { code: 'forbidden', message: 'This course is not one of your courses.' } } };
  return { body: { ...TEACHER_ORACY, courseId, students } };
}

/** An evidence answer (docs/product.md#evidence-beside-belief) with nothing in any strand, or the strands given. */
export function evidenceOf(studentId = 'u-student', strands: Partial<Record<StrandKey, Partial<StrandEvidence>>> = {}): StudentEvidence {
  return {
    studentId,
    strands: (['linguistic', 'cognitive', 'socialEmotional', 'physical'] as const).map((strand) => ({
      strand,
      selfScore: null,
      selfAt: null,
      teacherScore: null,
      teacherAt: null,
      measured: [],
      measuredNote: strand === 'cognitive' ? 'none-yet' : strand === 'socialEmotional' ? 'no-peer-ratings' : null,
      gap: null,
      next: null,
      ...strands[strand],
    })),
  };
}
