/**
 * The one sentence of "Delivery over time" on the trend of a student's delivery
 * (docs/product.md#delivery-over-time): the mean of the latest recordings against the mean of the
 * first ones, for pace, pitch variation and pauses per minute. Pure, so it is tested on its own.
 */
import type { DeliveryTrendPoint } from '../delivery';
import { t, type MessageId } from '../platform/i18n';

/**
 * The pace bands, syllables per second: the same values as `PACE_BANDS` of
 * `api/src/delivery/analysis/report.ts` (checked by this module's test), kept here so that the report's
 * module and zod stay out of the screens' chunks.
 */
export const TREND_PACE_BANDS = { slowBelow: 3.0, fastAbove: 5.5 } as const;

/** Pitch variation under this is flat, semitones: `EXPRESSION_BANDS.flatBelow` of `api/src/delivery/analysis/report.ts` (checked by the test). */
export const TREND_FLAT_BELOW_SEMITONES = 1.0;

/** How many recordings the trend needs at least. */
export const TREND_MIN_RECORDINGS = 3;

/** The most recordings each end of the comparison takes: the first three against the last three. */
export const TREND_WINDOW = 3;

/** A change of pitch variation that counts, semitones (half of the "some variety" band's width). */
export const VARIATION_CHANGE_SEMITONES = 0.5;

/** A change of pauses per minute of take that counts. */
export const PAUSES_CHANGE_PER_MINUTE = 2;

/** Who reads the sentence: the student themself, or a teacher (third person, with the student's first name). */
export type TrendReader = { audience: 'student' } | { audience: 'teacher'; firstName: string | null };

/** What the sentence says, in its order of precedence after `too-early`. */
export type TrendKind = 'too-early' | 'pace-comfortable' | 'pace-slower' | 'pace-faster' | 'more-variety' | 'less-variety' | 'more-pauses' | 'fewer-pauses' | 'steady';

type PaceBand = 'slow' | 'comfortable' | 'fast';

function paceBandOf(syllablesPerSecond: number): PaceBand {
  if (syllablesPerSecond < TREND_PACE_BANDS.slowBelow) return 'slow';
  if (syllablesPerSecond > TREND_PACE_BANDS.fastAbove) return 'fast';
  return 'comfortable';
}

/**
 * The means of a figure's first and last values (nulls left out), each end at most
 * {@link TREND_WINDOW} values and never overlapping the other: with 3 values the first against the
 * last, with 4 or 5 the first two against the last two. Null with fewer than two values.
 */
export function ends(values: readonly (number | null)[]): { first: number; last: number } | null {
  const known = values.filter((value): value is number => value !== null);
  const size = Math.min(TREND_WINDOW, Math.floor(known.length / 2));
  if (size === 0) return null;
  const mean = (part: number[]) => part.reduce((sum, value) => sum + value, 0) / part.length;
  return { first: mean(known.slice(0, size)), last: mean(known.slice(-size)) };
}

/**
 * What the trend of a student's delivery is (docs/product.md#delivery-over-time), the first that
 * applies:
 *
 * 1. `too-early`: fewer than {@link TREND_MIN_RECORDINGS} recordings;
 * 2. pace: the band of the last recordings' mean differs from the first ones' —
 *    `pace-comfortable` (into the comfortable range), `pace-slower` (now slow) or `pace-faster`
 *    (now fast);
 * 3. pitch variation up or down by {@link VARIATION_CHANGE_SEMITONES} or more: `more-variety`,
 *    `less-variety`;
 * 4. pauses per minute up or down by {@link PAUSES_CHANGE_PER_MINUTE} or more: `more-pauses`,
 *    `fewer-pauses`;
 * 5. otherwise `steady`.
 *
 * @param points the recordings, oldest first (as the API answers them)
 */
export function deliveryTrendKind(points: readonly DeliveryTrendPoint[]): TrendKind {
  if (points.length < TREND_MIN_RECORDINGS) return 'too-early';
  const pace = ends(points.map((p) => p.syllablesPerSecond));
  if (pace) {
    const before = paceBandOf(pace.first);
    const now = paceBandOf(pace.last);
    if (before !== now) return now === 'comfortable' ? 'pace-comfortable' : now === 'slow' ? 'pace-slower' : 'pace-faster';
  }
  const variation = ends(points.map((p) => p.variationSemitones));
  if (variation && Math.abs(variation.last - variation.first) >= VARIATION_CHANGE_SEMITONES) {
    return variation.last > variation.first ? 'more-variety' : 'less-variety';
  }
  const pauses = ends(points.map((p) => p.pausesPerMinute));
  if (pauses && Math.abs(pauses.last - pauses.first) >= PAUSES_CHANGE_PER_MINUTE) {
    return pauses.last > pauses.first ? 'more-pauses' : 'fewer-pauses';
  }
  return 'steady';
}

/** The sentence of each trend (catalogue keys): to the student, to a teacher with the student's `{name}`, and without the name. */
const SENTENCES = {
  'too-early': { student: 'oracy.trend.student.tooEarly', teacher: 'oracy.trend.teacher.tooEarly', unnamed: 'oracy.trend.unnamed.tooEarly' },
  'pace-comfortable': { student: 'oracy.trend.student.paceComfortable', teacher: 'oracy.trend.teacher.paceComfortable', unnamed: 'oracy.trend.unnamed.paceComfortable' },
  'pace-slower': { student: 'oracy.trend.student.paceSlower', teacher: 'oracy.trend.teacher.paceSlower', unnamed: 'oracy.trend.unnamed.paceSlower' },
  'pace-faster': { student: 'oracy.trend.student.paceFaster', teacher: 'oracy.trend.teacher.paceFaster', unnamed: 'oracy.trend.unnamed.paceFaster' },
  'more-variety': { student: 'oracy.trend.student.moreVariety', teacher: 'oracy.trend.teacher.moreVariety', unnamed: 'oracy.trend.unnamed.moreVariety' },
  'less-variety': { student: 'oracy.trend.student.lessVariety', teacher: 'oracy.trend.teacher.lessVariety', unnamed: 'oracy.trend.unnamed.lessVariety' },
  'more-pauses': { student: 'oracy.trend.student.morePauses', teacher: 'oracy.trend.teacher.morePauses', unnamed: 'oracy.trend.unnamed.morePauses' },
  'fewer-pauses': { student: 'oracy.trend.student.fewerPauses', teacher: 'oracy.trend.teacher.fewerPauses', unnamed: 'oracy.trend.unnamed.fewerPauses' },
  steady: { student: 'oracy.trend.student.steady', teacher: 'oracy.trend.teacher.steady', unnamed: 'oracy.trend.unnamed.steady' },
} as const satisfies Record<TrendKind, { student: MessageId; teacher: MessageId; unnamed: MessageId }>;

/**
 * The one sentence on the trend of a student's delivery (docs/product.md#delivery-over-time): to
 * the student in the second person ("Your voice has more variety than in your first
 * recordings."), to a teacher in the third with the student's first name ("Amy's voice has more
 * variety than in their first recordings."; "This student" while the name is unknown).
 * @param points the recordings, oldest first
 */
export function deliveryTrendSentence(points: readonly DeliveryTrendPoint[], reader: TrendReader): string {
  const sentence = SENTENCES[deliveryTrendKind(points)];
  if (reader.audience === 'student') return t(sentence.student);
  const name = reader.firstName?.trim();
  return name ? t(sentence.teacher, { name }) : t(sentence.unnamed);
}
