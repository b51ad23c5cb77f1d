import { z } from 'zod';
import { ASSESSMENT_KEYS } from './assessmentModel.js';
import { ATTENTION_REASONS, STRAND_KEYS, strandScores, round2, type StrandKey, type SubmissionLike } from './profile.js';
import { deliveryTrendPointJsonSchema } from '../delivery/presenter.js';
import { objectId, oracyLevelSchema, timestamp } from '../platform/http/fields.js';

/** A strand score: 1–5, two decimals. */
const strandScore = () => z.number().meta({ minimum: 1, maximum: 5 });

/** The four strand scores (docs/product.md#oracy-profile). */
export const strandsJsonSchema = z
  .object(Object.fromEntries(STRAND_KEYS.map((k) => [k, strandScore()])) as Record<StrandKey, ReturnType<typeof strandScore>>)
  .meta({ id: 'Strands', description: 'Mean of the four statement scores of each strand, 1–5, two decimals.' });

/** A needs-attention reason, in the order they are listed (docs/product.md#needs-attention). */
export const attentionReasonSchema = z.enum(ATTENTION_REASONS).meta({ id: 'AttentionReason' });

/** Students by level, plus those never assessed. */
export const levelCountsJsonSchema = z
  .object({ Beginner: z.number(), Developing: z.number(), Proficient: z.number(), Advanced: z.number(), notAssessed: z.number() })
  .meta({ id: 'LevelCounts' });

/** One submission of the self-assessment as the profile shows it (docs/product.md#oracy-profile). */
export const snapshotJsonSchema = z
  .object({
    id: objectId(),
    submittedAt: timestamp(),
    mean: z.number().meta({ minimum: 1, maximum: 5, description: 'mean of the 16 scores, two decimals' }),
    level: oracyLevelSchema,
    strands: strandsJsonSchema,
    scores: z.record(z.string(), z.number()).meta({ description: 'the 16 statement scores, 1–5, by statement key' }),
  })
  .meta({ id: 'Snapshot' });

/** One submission: see {@link snapshotJsonSchema}. */
export type SnapshotJson = z.infer<typeof snapshotJsonSchema>;

/**
 * Presents a stored submission as a `Snapshot`: the mean rounded to two decimals, the strand
 * scores, and the 16 scores in the questionnaire's order.
 */
export function presentSnapshot(submission: SubmissionLike): SnapshotJson {
  const read = (key: string) => (submission.scores instanceof Map ? (submission.scores.get(key) as number | undefined) : (submission.scores as Record<string, number>)[key]);
  return {
    id: submission._id.toString(),
    submittedAt: submission.createdAt.toISOString(),
    mean: round2(submission.mean),
    level: submission.level,
    strands: strandScores(submission.scores),
    scores: Object.fromEntries(ASSESSMENT_KEYS.flatMap((key) => (read(key) === undefined ? [] : [[key, read(key) as number]]))),
  };
}

/** `GET /api/student/oracy/:studentId` (docs/product.md#oracy-profile). */
export const studentOracyJsonSchema = z
  .object({
    studentId: objectId(),
    latest: snapshotJsonSchema.nullable(),
    previous: snapshotJsonSchema.nullable(),
    history: z.array(snapshotJsonSchema).meta({ description: 'newest first, at most 50; `?before=` pages further back' }),
    change: z.number().nullable().meta({ description: 'latest mean minus the previous mean, two decimals; null with fewer than two' }),
    needsAttention: z.array(attentionReasonSchema),
    teacherStrands: z
      .partialRecord(z.enum(STRAND_KEYS as [StrandKey, ...StrandKey[]]), z.number())
      .nullable()
      .meta({ description: 'teachers’ speaking-practice scores of the last 90 days: the mean per strand scored, two decimals; null without any' }),
    delivery: z
      .array(deliveryTrendPointJsonSchema)
      .meta({ description: 'Delivery over time: the latest 10 recordings with a ready delivery report, oldest first (docs/product.md#measured-by-the-server)' }),
  })
  .meta({ id: 'StudentOracy' });

/** A student's profile: see {@link studentOracyJsonSchema}. */
export type StudentOracyJson = z.infer<typeof studentOracyJsonSchema>;

/** One student of a teacher's overview. */
export const teacherOracyStudentJsonSchema = z
  .object({
    id: objectId(),
    name: z.string(),
    profilePicture: z.string().nullable(),
    level: oracyLevelSchema.nullable(),
    mean: z.number().nullable(),
    strands: strandsJsonSchema.nullable(),
    lastAssessedAt: timestamp().nullable(),
    change: z.number().nullable(),
    needsAttention: z.array(attentionReasonSchema),
  })
  .meta({ id: 'TeacherOracyStudent' });

/** One student of a teacher's overview: see {@link teacherOracyStudentJsonSchema}. */
export type TeacherOracyStudentJson = z.infer<typeof teacherOracyStudentJsonSchema>;

/** `GET /api/teacher/oracy/:teacherId` (docs/product.md#oracy-profile). */
export const teacherOracyJsonSchema = z
  .object({
    courseId: objectId().nullable().meta({ description: 'the course filter, or null for all the teacher’s courses' }),
    students: z.array(teacherOracyStudentJsonSchema).meta({ description: 'needs attention first, then by name' }),
    strandAverages: strandsJsonSchema.nullable().meta({ description: 'over the assessed students’ latest submissions; null when none' }),
    levelCounts: levelCountsJsonSchema,
  })
  .meta({ id: 'TeacherOracy' });

/** A teacher's overview: see {@link teacherOracyJsonSchema}. */
export type TeacherOracyJson = z.infer<typeof teacherOracyJsonSchema>;

/** `GET /api/admin/oracy` (docs/product.md#oracy-profile). */
export const adminOracyJsonSchema = z
  .object({
    studentCount: z.number(),
    assessedCount: z.number(),
    levelCounts: levelCountsJsonSchema,
    strandAverages: strandsJsonSchema.nullable(),
  })
  .meta({ id: 'AdminOracy' });

/** The school's overview: see {@link adminOracyJsonSchema}. */
export type AdminOracyJson = z.infer<typeof adminOracyJsonSchema>;

/** The answer to a self-assessment (docs/product.md#self-assessment-flow): `mean` 1–5 unrounded, plus the new snapshot and the change. */
export const assessmentResultJsonSchema = z
  .object({
    id: objectId(),
    oracyLevel: oracyLevelSchema,
    mean: z.number().meta({ minimum: 1, maximum: 5 }),
    snapshot: snapshotJsonSchema,
    change: z.number().nullable().meta({ description: 'this mean minus the previous submission’s, two decimals; null for a first submission' }),
  })
  .meta({ id: 'AssessmentResult' });
