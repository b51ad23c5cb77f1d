import { ASSESSMENT_CATEGORIES } from './assessmentModel.js';
import { type OracyLevel } from '../people/userModel.js';
import { DAY_MS } from '../platform/time.js';

/**
 * The Oracy profile's arithmetic (docs/product.md#oracy-profile): strand
 * scores, snapshots, the change since the previous submission and the
 * needs-attention reasons, with every threshold named once here. Pure
 * functions of stored submissions; the routes and the seed share them.
 */

/** The four strands, in the questionnaire's order, each with its category of `ASSESSMENT_CATEGORIES`. */
export const STRAND_CATEGORIES = {
  linguistic: 'Linguistic (Professional Language)',
  cognitive: 'Cognitive (Critical & Purposeful)',
  socialEmotional: 'Social & Emotional',
  physical: 'Physical (Voice & Body Language)',
} as const satisfies Record<string, keyof typeof ASSESSMENT_CATEGORIES>;

/** A strand key: `linguistic`, `cognitive`, `socialEmotional` or `physical`. */
export type StrandKey = keyof typeof STRAND_CATEGORIES;

/** The strand keys in the questionnaire's order. */
export const STRAND_KEYS = Object.keys(STRAND_CATEGORIES) as StrandKey[];

/** The four strand scores of one submission, each 1–5 with two decimals. */
export type Strands = Record<StrandKey, number>;

/** Why a student needs a teacher's attention, in the order they are reported. */
export const ATTENTION_REASONS = ['not-assessed', 'stale', 'declining', 'low-strand', 'self-far-from-evidence'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The needs-attention thresholds (docs/product.md#needs-attention). */
export const ATTENTION_THRESHOLDS = {
  /** `stale`: the latest submission is older than this many days (24-hour days). */
  staleAfterDays: 30,
  /** `declining`: the change is at most this (mean points). */
  decliningChange: -0.5,
  /** `low-strand`: some strand of the latest submission is at most this. */
  lowStrand: 2,
} as const;

/**
 * Rounds to two decimals, halves away from zero (2.375 → 2.38, −0.125 → −0.13).
 * The scores are integers, so every mean is a multiple of 1/16 and exact in
 * binary; the small epsilon only absorbs the noise of a subtraction.
 */
export function round2(value: number): number {
  const rounded = Math.round(Math.abs(value) * 100 + 1e-9) / 100;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The mean of some numbers. @throws RangeError on an empty list. */
function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('No scores to average.');
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * The strand scores of one submission: for each strand, the mean of its four
 * statements' scores, rounded to two decimals.
 * @param scores `{statementKey: 1–5}` with all 16 keys (a stored `Map` or a plain object)
 * @throws RangeError when a strand has none of its statements in `scores`
 */
export function strandScores(scores: ReadonlyMap<string, number> | Readonly<Record<string, number>>): Strands {
  const read = (key: string): number | undefined => (scores instanceof Map ? (scores.get(key) as number | undefined) : (scores as Record<string, number>)[key]);
  const entries = STRAND_KEYS.map((strand) => {
    const values = ASSESSMENT_CATEGORIES[STRAND_CATEGORIES[strand]].map(read).filter((v): v is number => typeof v === 'number');
    return [strand, round2(mean(values))] as const;
  });
  return Object.fromEntries(entries) as Strands;
}

/** The means of many strand records, strand by strand, two decimals; `null` for none. */
export function strandAverages(records: readonly Strands[]): Strands | null {
  if (records.length === 0) return null;
  return Object.fromEntries(STRAND_KEYS.map((strand) => [strand, round2(mean(records.map((r) => r[strand])))])) as Strands;
}

/** The parts of a submission the profile reads: what is stored in `Assessment`. */
export interface SubmissionLike {
  _id: { toString(): string };
  createdAt: Date;
  /** unrounded mean of the 16 scores */
  mean: number;
  level: OracyLevel;
  scores: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
}

/** What a student's summary keeps of one submission (`User.oracy.latest` / `.previous`). */
export interface SubmissionSummary {
  assessmentId: { toString(): string };
  submittedAt: Date;
  /** 1–5, two decimals */
  mean: number;
  level: OracyLevel;
  strands: Strands;
}

/** The summary of one submission: what the teacher overview and the needs-attention rule read. */
export function summarise(submission: SubmissionLike): SubmissionSummary {
  return {
    assessmentId: submission._id,
    submittedAt: submission.createdAt,
    mean: round2(submission.mean),
    level: submission.level,
    strands: strandScores(submission.scores),
  };
}

/**
 * The change between two submissions: the latest mean minus the previous one,
 * both as shown (two decimals), so the change is the difference a reader sees.
 * `null` without a previous submission.
 */
export function changeBetween(latest: { mean: number } | null | undefined, previous: { mean: number } | null | undefined): number | null {
  if (!latest || !previous) return null;
  return round2(round2(latest.mean) - round2(previous.mean));
}

/** The weakest strand of a record: the lowest score, the earlier strand on a tie. */
export function weakestStrand(strands: Strands): StrandKey {
  return STRAND_KEYS.reduce((weakest, strand) => (strands[strand] < strands[weakest] ? strand : weakest));
}

/**
 * Why a student needs attention (docs/product.md#needs-attention), in the order
 * of `ATTENTION_REASONS`: `not-assessed` alone without a submission;
 * otherwise `stale` when the latest is more than 30 days before `now`,
 * `declining` when the change is ≤ −0.50, `low-strand` when a strand of the
 * latest is ≤ 2.00, `self-far-from-evidence` when `farFromEvidence` (the gap rule of
 * docs/product.md#evidence-beside-belief fires for some strand). An empty list: nothing to act on.
 * @param now the time to judge staleness at, ms since the epoch
 */
export function needsAttention(
  latest: Pick<SubmissionSummary, 'submittedAt' | 'strands'> | null | undefined,
  change: number | null,
  now: number,
  farFromEvidence = false,
): AttentionReason[] {
  if (!latest) return ['not-assessed'];
  const reasons: AttentionReason[] = [];
  if (now - latest.submittedAt.getTime() > ATTENTION_THRESHOLDS.staleAfterDays * DAY_MS) reasons.push('stale');
  if (change !== null && change <= ATTENTION_THRESHOLDS.decliningChange) reasons.push('declining');
  if (STRAND_KEYS.some((strand) => latest.strands[strand] <= ATTENTION_THRESHOLDS.lowStrand)) reasons.push('low-strand');
  if (farFromEvidence) reasons.push('self-far-from-evidence');
  return reasons;
}

/** How far back teachers' speaking-practice scores count towards the profile, in days. */
export const TEACHER_SCORE_WINDOW_DAYS = 90;

/**
 * The teachers' strand scores of a student (docs/product.md#oracy-profile): for each strand any
 * feedback scored, the mean of those scores, two decimals; `null` without any feedback.
 * @param feedback the strands of each feedback, `{strandKey: 1–5}` (a stored Map or an object)
 */
export function teacherStrandScores(feedback: ReadonlyArray<ReadonlyMap<string, number> | Readonly<Record<string, number>>>): Partial<Strands> | null {
  const scores = new Map<StrandKey, number[]>();
  for (const strands of feedback) {
    for (const strand of STRAND_KEYS) {
      const value = strands instanceof Map ? (strands.get(strand) as number | undefined) : (strands as Record<string, number>)[strand];
      if (typeof value === 'number') scores.set(strand, [...(scores.get(strand) ?? []), value]);
    }
  }
  if (scores.size === 0) return null;
  return Object.fromEntries(STRAND_KEYS.flatMap((strand) => (scores.has(strand) ? [[strand, round2(mean(scores.get(strand)!))]] : []))) as Partial<Strands>;
}

/** The level names and "not assessed", each with a count. */
export type LevelCounts = Record<OracyLevel | 'notAssessed', number>;

/** Counts the levels of some students' latest submissions; `null` counts as not assessed. */
export function countLevels(levels: ReadonlyArray<OracyLevel | null>): LevelCounts {
  const counts: LevelCounts = { Beginner: 0, Developing: 0, Proficient: 0, Advanced: 0, notAssessed: 0 };
  for (const level of levels) counts[level ?? 'notAssessed'] += 1;
  return counts;
}
