import { z } from 'zod';
import { STRAND_KEYS, type StrandKey } from './profile.js';
import { EXPRESSIONS, PACES } from '../delivery/analysis/report.js';
import { objectId, timestamp } from '../platform/http/fields.js';

/** Which way a measure moved over the latest takes. */
const trendSchema = z.enum(['up', 'down', 'steady']).nullable().meta({ description: 'the latest take against the mean of the earlier ones; null with one take' });

/** How many takes an item read. */
const takesSchema = z.number().meta({ description: 'how many of the latest takes the item read' });

/** One measured item of a strand (docs/product.md#evidence-beside-belief). */
export const measuredItemJsonSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('pace'),
      band: z.enum(PACES).nullable(),
      value: z.number().nullable().meta({ description: 'syllables a second of the latest take' }),
      trend: trendSchema,
      takes: takesSchema,
    }),
    z.object({
      kind: z.literal('expression'),
      band: z.enum(EXPRESSIONS).nullable(),
      value: z.number().nullable().meta({ description: 'pitch variation of the latest take, semitones' }),
      trend: trendSchema,
      takes: takesSchema,
    }),
    z.object({ kind: z.literal('volume'), band: z.enum(['quiet', 'clipped', 'good']), value: z.null(), trend: z.null(), takes: takesSchema }),
    z.object({
      kind: z.enum(['pauses', 'wordsPerMinute', 'fillersPerMinute', 'vocabularyRange']),
      band: z.null(),
      value: z.number().meta({ description: 'the latest known value: pauses a minute of take, words a minute, fillers a minute, or distinct words ÷ words (0–1)' }),
      trend: trendSchema,
      takes: takesSchema,
    }),
  ])
  .meta({ id: 'MeasuredItem' });

/** The evidence of one strand (docs/product.md#evidence-beside-belief). */
export const strandEvidenceJsonSchema = z
  .object({
    strand: z.enum(STRAND_KEYS as [StrandKey, ...StrandKey[]]),
    selfScore: z.number().nullable().meta({ description: 'the strand score of the latest self-assessment, 1–5, two decimals; null before the first' }),
    selfAt: timestamp().nullable(),
    teacherScore: z.number().nullable().meta({ description: 'the teacher’s latest score of the strand in the last 90 days, 1–5; null without one' }),
    teacherAt: timestamp().nullable(),
    measured: z.array(measuredItemJsonSchema),
    measuredNote: z
      .enum(['none-yet', 'no-peer-ratings'])
      .nullable()
      .meta({ description: 'why nothing is measured for this strand: nothing measures it yet, or no peer ratings yet; null for a measured strand' }),
    gap: z
      .object({ direction: z.enum(['higher', 'lower']), takes: z.number() })
      .nullable()
      .meta({ description: 'the gap rule: the self-score above (or below) the teacher’s on each of the last scored takes; null when it does not fire' }),
    next: z
      .object({ taskId: objectId(), title: z.string(), dueAt: timestamp().nullable() })
      .nullable()
      .meta({ description: 'an open speaking task of the student’s courses focused on this strand, not yet taken; null without one' }),
  })
  .meta({ id: 'StrandEvidence' });

/** `GET /api/student/oracy/:studentId/evidence` (docs/product.md#evidence-beside-belief). */
export const studentEvidenceJsonSchema = z
  .object({
    studentId: objectId(),
    strands: z.array(strandEvidenceJsonSchema).meta({ description: 'the four strands in the questionnaire’s order' }),
  })
  .meta({ id: 'StudentEvidence' });

/** A student's evidence: see {@link studentEvidenceJsonSchema}. */
export type StudentEvidenceJson = z.infer<typeof studentEvidenceJsonSchema>;
