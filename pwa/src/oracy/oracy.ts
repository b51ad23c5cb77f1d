/**
 * The Oracy profile's calls and words (docs/product.md#oracy-profile): the
 * shapes come from the typed client, the labels are keyed by the API's own
 * strand and reason types, so a strand or a reason added on the server fails
 * the type check here until it has words. The labels are catalogue keys read in the active
 * language each time a label is read (`translatedTable`, docs/contributing.md#texts-and-languages).
 */
import { intl } from '../platform/i18n';
import { translatedTable } from '../platform/i18n/labels';
import { callOptions, client, json, type Answer } from '../platform/api/client';

const api = client.api;

/** `GET /api/student/oracy/{studentId}`: a student's profile. */
export type StudentOracy = Answer<(typeof api.student.oracy)[':studentId']['$get']>;
/** One submission as the profile shows it. */
export type Snapshot = NonNullable<StudentOracy['latest']>;
/** `GET /api/student/oracy/{studentId}/evidence`: each strand's evidence beside belief. */
export type StudentEvidence = Answer<(typeof api.student.oracy)[':studentId']['evidence']['$get']>;
/** One strand's evidence: self-score, teacher's score, measured items, gap and next task. */
export type StrandEvidence = StudentEvidence['strands'][number];
/** One measured item of a strand (pace, pauses, expression, volume, words or fillers a minute, vocabulary range). */
export type MeasuredItem = StrandEvidence['measured'][number];
/** `GET /api/teacher/oracy/{teacherId}`: a teacher's overview. */
export type TeacherOracy = Answer<(typeof api.teacher.oracy)[':teacherId']['$get']>;
/** One student of a teacher's overview. */
export type TeacherOracyStudent = TeacherOracy['students'][number];
/** `GET /api/admin/oracy`: the school's overview. */
export type AdminOracy = Answer<typeof api.admin.oracy.$get>;
/** Students per level, plus `notAssessed`. */
export type LevelCounts = AdminOracy['levelCounts'];
/** One assignment of `GET /api/teacher/students/{teacherId}/{studentId}/assignments`. */
export type TeacherStudentAssignment = Answer<(typeof api.teacher.students)[':teacherId'][':studentId']['assignments']['$get']>[number];
/** The answer to a self-assessment, with the new snapshot and the change. */
export type AssessmentResult = Answer<typeof api.updateOracyAssessment.$post>;

/** The four strand scores, 1–5 with two decimals. */
export type Strands = Snapshot['strands'];
/** Why a student needs attention: `not-assessed`, `stale`, `declining`, `low-strand` or `self-far-from-evidence`. */
export type AttentionReason = TeacherOracyStudent['needsAttention'][number];
/** A strand key: `linguistic`, `cognitive`, `socialEmotional` or `physical`. */
export type StrandKey = keyof Strands;

/** The four strands in the questionnaire's order, with the names students see (in the active language when read). */
export const STRAND_LABELS = translatedTable<StrandKey>({
  linguistic: 'data.strand.linguistic',
  cognitive: 'data.strand.cognitive',
  socialEmotional: 'data.strand.socialEmotional',
  physical: 'data.strand.physical',
});

/** The strand keys in the questionnaire's order. */
export const STRAND_KEYS = Object.keys(STRAND_LABELS) as StrandKey[];

/** A needs-attention reason in words, for teachers (docs/product.md#needs-attention), in the active language when read. */
export const REASON_LABELS = translatedTable<AttentionReason>({
  'not-assessed': 'data.attention.notAssessed',
  stale: 'data.attention.stale',
  declining: 'data.attention.declining',
  'low-strand': 'data.attention.lowStrand',
  'self-far-from-evidence': 'data.attention.selfFarFromEvidence',
});

/** The levels, lowest first, and "Not assessed", with their counts' keys, in the active language when read. */
export const LEVEL_LABELS = translatedTable<keyof LevelCounts>({
  Beginner: 'data.level.beginner',
  Developing: 'data.level.developing',
  Proficient: 'data.level.proficient',
  Advanced: 'data.level.advanced',
  notAssessed: 'data.level.notAssessed',
});

/** The strongest and the weakest strand of a record: the highest and the lowest score, the earlier strand on a tie. */
export function strongestAndWeakest(strands: Strands): { strongest: StrandKey; weakest: StrandKey } {
  let strongest = STRAND_KEYS[0]!;
  let weakest = STRAND_KEYS[0]!;
  for (const key of STRAND_KEYS) {
    if (strands[key] > strands[strongest]) strongest = key;
    if (strands[key] < strands[weakest]) weakest = key;
  }
  return { strongest, weakest };
}

/** Which way a change goes as shown (two decimals): a `rise`, a `fall`, or the `same` (rounds to 0.00). */
export type ChangeDirection = 'rise' | 'fall' | 'same';

/** The direction of a change as {@link formatChange} shows it: `-0.004` shows as `0.00`, so it is the `same`. */
export function changeDirection(change: number): ChangeDirection {
  const shown = Number(change.toFixed(2));
  return shown > 0 ? 'rise' : shown < 0 ? 'fall' : 'same';
}

/** A change as shown, two decimals in the active language's digits: `+0.25`, `−0.50`, `0.00` (`+0,25` in Spanish). */
export function formatChange(change: number): string {
  // rounded as toFixed does, then written with the language's decimal sign
  const figure = intl().formatNumber(Number(Math.abs(change).toFixed(2)), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const direction = changeDirection(change);
  if (direction === 'rise') return `+${figure}`;
  if (direction === 'fall') return `−${figure}`;
  return figure;
}

/**
 * `GET /api/student/oracy/{studentId}[?before=]`. @throws the errors of `api.ts` (403, 404).
 * @param before an ISO time: only the history before it (the next page)
 */
export function loadStudentOracy(studentId: string, signal?: AbortSignal, before?: string): Promise<StudentOracy> {
  return json(api.student.oracy[':studentId'].$get({ param: { studentId }, query: before ? { before } : {} }, callOptions({ signal })));
}

/** `GET /api/student/oracy/{studentId}/evidence` (docs/product.md#evidence-beside-belief). @throws the errors of `api.ts` (403, 404). */
export function loadStudentEvidence(studentId: string, signal?: AbortSignal): Promise<StudentEvidence> {
  return json(api.student.oracy[':studentId'].evidence.$get({ param: { studentId } }, callOptions({ signal })));
}

/** `GET /api/teacher/oracy/{teacherId}[?courseId=]`. @throws the errors of `api.ts` (403 for a course not the teacher's). */
export function loadTeacherOracy(teacherId: string, courseId: string | null, signal?: AbortSignal): Promise<TeacherOracy> {
  return json(api.teacher.oracy[':teacherId'].$get({ param: { teacherId }, query: courseId ? { courseId } : {} }, callOptions({ signal })));
}

/** `GET /api/admin/oracy`. @throws the errors of `api.ts`. */
export function loadAdminOracy(signal?: AbortSignal): Promise<AdminOracy> {
  return json(api.admin.oracy.$get(undefined, callOptions({ signal })));
}

/** `GET /api/teacher/students/{teacherId}/{studentId}/assignments`. @throws the errors of `api.ts` (403 when not the teacher's student). */
export function loadTeacherStudentAssignments(teacherId: string, studentId: string, signal?: AbortSignal): Promise<TeacherStudentAssignment[]> {
  return json(api.teacher.students[':teacherId'][':studentId'].assignments.$get({ param: { teacherId, studentId } }, callOptions({ signal })));
}
