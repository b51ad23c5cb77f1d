import { STRAND_KEYS, round2, type StrandKey, type Strands } from './profile.js';
import { expressionBand, type Expression, type Pace } from '../delivery/analysis/report.js';
import { normaliseWord } from '../transcripts/words.js';

/**
 * "Evidence beside belief" (docs/product.md#evidence-beside-belief): for each strand, the
 * student's latest self-assessed score, the teacher's latest score and what was measured on the
 * latest takes, with the gap rule that reads the first two against each other. Pure functions of
 * stored records; `evidenceQueries.ts` reads them.
 */

/** Takes the measured evidence reads: the latest this many with a ready delivery report. */
export const EVIDENCE_TAKES = 5;

/**
 * The gap rule's thresholds (docs/product.md#evidence-beside-belief): on each of the last
 * `takes` scored takes of a strand, the self-score is at least `higherBy` above the teacher's
 * score (`higher`), or at least `lowerBy` below it (`lower`).
 */
export const GAP_RULE = { takes: 2, higherBy: 1, lowerBy: 2 } as const;

/**
 * Which way a measure moved: the latest take against the mean of the earlier ones, by at least
 * the measure's step of {@link TREND_STEPS}.
 */
export type Trend = 'up' | 'down' | 'steady';

/** The change of each measure that counts as a move (its own unit). */
export const TREND_STEPS = {
  /** syllables a second */
  pace: 0.3,
  /** pauses a minute of take */
  pauses: 2,
  /** semitones */
  expression: 0.5,
  /** words a minute */
  wordsPerMinute: 10,
  /** fillers a minute */
  fillersPerMinute: 1,
  /** distinct words ÷ words */
  vocabularyRange: 0.05,
} as const;

/** A loudness band of a take: `quiet`, `clipped` (too loud) or `good`. */
export type Volume = 'quiet' | 'clipped' | 'good';

/**
 * One measured item of a strand: its latest value (the unit is the kind's) and band where the kind
 * has bands, the trend over the latest takes (null with one take), and how many takes it read.
 */
export type MeasuredItem =
  | { kind: 'pace'; band: Pace | null; value: number | null; trend: Trend | null; takes: number }
  | { kind: 'expression'; band: Expression | null; value: number | null; trend: Trend | null; takes: number }
  | { kind: 'volume'; band: Volume; value: null; trend: null; takes: number }
  | { kind: 'pauses' | 'wordsPerMinute' | 'fillersPerMinute' | 'vocabularyRange'; band: null; value: number; trend: Trend | null; takes: number };

/** What a strand's measured evidence is waiting for when it has none: `none-yet` (nothing measures it), `no-peer-ratings`. */
export type MeasuredNote = 'none-yet' | 'no-peer-ratings';

/** How the self-score stands against the teacher's on the last scored takes. */
export interface Gap {
  direction: 'higher' | 'lower';
  /** how many scored takes the reading covers */
  takes: number;
}

/**
 * The gap rule (docs/product.md#evidence-beside-belief): `higher` when the self-score is at least
 * one point above the teacher's score on each of the last two scored takes of the strand (so also
 * when it is two or more above), `lower` when it is at least two points below on each; otherwise,
 * or with fewer than two scored takes or no self-score, null.
 * @param self the latest self-assessed strand score, 1–5
 * @param teacher the teacher's scores of the strand, newest first, 1–5
 */
export function gapOf(self: number | null, teacher: readonly number[]): Gap | null {
  if (self === null || teacher.length < GAP_RULE.takes) return null;
  const last = teacher.slice(0, GAP_RULE.takes);
  if (last.every((score) => self - score >= GAP_RULE.higherBy)) return { direction: 'higher', takes: GAP_RULE.takes };
  if (last.every((score) => score - self >= GAP_RULE.lowerBy)) return { direction: 'lower', takes: GAP_RULE.takes };
  return null;
}

/** One teacher's feedback as the evidence reads it: its strand scores and when it was written. */
export interface ScoredFeedback {
  createdAt: Date;
  strands: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
}

/** A feedback's score of a strand, or undefined when it did not score it. */
function scoreOf(feedback: ScoredFeedback, strand: StrandKey): number | undefined {
  const value = feedback.strands instanceof Map ? (feedback.strands.get(strand) as number | undefined) : (feedback.strands as Record<string, number>)[strand];
  return typeof value === 'number' ? value : undefined;
}

/** The teacher's scores of one strand with their times, newest first. @param feedback newest first */
export function teacherScoresOf(feedback: readonly ScoredFeedback[], strand: StrandKey): Array<{ score: number; at: Date }> {
  return feedback.flatMap((f) => {
    const score = scoreOf(f, strand);
    return score === undefined ? [] : [{ score, at: f.createdAt }];
  });
}

/**
 * True when the gap rule fires for some strand: the needs-attention reason
 * `self-far-from-evidence` (docs/product.md#needs-attention).
 * @param self the latest self-assessed strands, or null before the first submission
 * @param feedback the teacher's feedback, newest first
 */
export function farFromEvidence(self: Strands | null | undefined, feedback: readonly ScoredFeedback[]): boolean {
  if (!self) return false;
  return STRAND_KEYS.some(
    (strand) =>
      gapOf(
        self[strand],
        teacherScoresOf(feedback, strand).map((s) => s.score),
      ) !== null,
  );
}

/** The trend of a series, oldest first (nulls left out): the latest against the mean of the others. Null with fewer than two values. */
export function trendOf(values: readonly (number | null)[], step: number): Trend | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const latest = known[known.length - 1]!;
  const earlier = known.slice(0, -1);
  const change = latest - earlier.reduce((sum, v) => sum + v, 0) / earlier.length;
  // a small epsilon so that a change of exactly one step counts
  if (change >= step - 1e-9) return 'up';
  if (change <= -step + 1e-9) return 'down';
  return 'steady';
}

/**
 * The vocabulary range of a take: distinct words ÷ words (compared as `normaliseWord` compares
 * them, punctuation-only tokens left out), two decimals; null without words.
 */
export function vocabularyRange(words: ReadonlyArray<{ text: string }>): number | null {
  const normalised = words.map((w) => normaliseWord(w.text)).filter((w) => w !== '');
  if (normalised.length === 0) return null;
  return round2(new Set(normalised).size / normalised.length);
}

/** One take as the measured evidence reads it, oldest first. */
export interface MeasuredTake {
  pace: Pace | null;
  syllablesPerSecond: number | null;
  pausesPerMinute: number | null;
  variationSemitones: number | null;
  quiet: boolean;
  clipped: boolean;
  /** from the take's ready transcript; null without one */
  wordsPerMinute: number | null;
  fillersPerMinute: number | null;
  vocabularyRange: number | null;
}

/** A numeric item over a series: the latest known value and the trend; none without a value. */
function numeric(kind: 'pauses' | 'wordsPerMinute' | 'fillersPerMinute' | 'vocabularyRange', values: readonly (number | null)[], step: number): MeasuredItem[] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return [];
  return [{ kind, band: null, value: known[known.length - 1]!, trend: trendOf(known, step), takes: known.length }];
}

/**
 * The measured items of each strand (docs/product.md#evidence-beside-belief): physical — pace,
 * pauses, expression and volume from the delivery reports; linguistic — words and fillers a
 * minute and vocabulary range from the ready transcripts; none for cognitive and social &
 * emotional (their notes say why). An item no take measured is left out.
 * @param takes the latest takes with a ready delivery report, oldest first
 */
export function measuredEvidence(takes: readonly MeasuredTake[]): Record<StrandKey, { measured: MeasuredItem[]; measuredNote: MeasuredNote | null }> {
  const latest = takes[takes.length - 1];
  const physical: MeasuredItem[] = latest
    ? [
        {
          kind: 'pace',
          band: latest.pace,
          value: latest.syllablesPerSecond,
          trend: trendOf(
            takes.map((t) => t.syllablesPerSecond),
            TREND_STEPS.pace,
          ),
          takes: takes.length,
        },
        ...numeric(
          'pauses',
          takes.map((t) => t.pausesPerMinute),
          TREND_STEPS.pauses,
        ),
        {
          kind: 'expression',
          band: expressionBand(latest.variationSemitones),
          value: latest.variationSemitones,
          trend: trendOf(
            takes.map((t) => t.variationSemitones),
            TREND_STEPS.expression,
          ),
          takes: takes.length,
        },
        { kind: 'volume', band: latest.quiet ? 'quiet' : latest.clipped ? 'clipped' : 'good', value: null, trend: null, takes: takes.length },
      ]
    : [];
  const linguistic = [
    ...numeric(
      'wordsPerMinute',
      takes.map((t) => t.wordsPerMinute),
      TREND_STEPS.wordsPerMinute,
    ),
    ...numeric(
      'fillersPerMinute',
      takes.map((t) => t.fillersPerMinute),
      TREND_STEPS.fillersPerMinute,
    ),
    ...numeric(
      'vocabularyRange',
      takes.map((t) => t.vocabularyRange),
      TREND_STEPS.vocabularyRange,
    ),
  ];
  return {
    linguistic: { measured: linguistic, measuredNote: null },
    cognitive: { measured: [], measuredNote: 'none-yet' },
    socialEmotional: { measured: [], measuredNote: 'no-peer-ratings' },
    physical: { measured: physical, measuredNote: null },
  };
}
