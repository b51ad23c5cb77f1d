/**
 * The words of "How did it sound?" (docs/product.md#how-did-it-sound): each band of a delivery
 * report in plain words, and the one short tip for the physical strand that a band calls for.
 * Keyed by the API's own band types with `satisfies`, so a band added on the server fails the
 * PWA's typecheck until it has words here. Type imports only: the report's module (and zod) stay
 * out of the screens' chunks. The words are catalogue keys (`delivery.*`), read in the active
 * language when shown (docs/contributing.md#texts-and-languages).
 */
import type { DeliveryReport, Expression, Pace } from '@oracy/api/delivery';
import { intl, t, type MessageId } from '../platform/i18n';
import { translatedTable } from '../platform/i18n/labels';

/**
 * Who reads the card: the take's student (the bands in plain words, the figures under "Details")
 * or a teacher (the bands with their figures, docs/product.md#delivery-for-teachers).
 */
export type DeliveryAudience = 'student' | 'teacher';

/** The four aspects of delivery the card shows, in its order. */
export type DeliveryAspect = 'pace' | 'pauses' | 'expression' | 'volume';

/** Each aspect's row label, in the active language when read. */
export const ASPECT_LABELS = translatedTable<DeliveryAspect>({
  pace: 'delivery.aspect.pace',
  pauses: 'delivery.aspect.pauses',
  expression: 'delivery.aspect.expression',
  volume: 'delivery.aspect.volume',
});

/** The aspects in the card's order. */
export const ASPECTS = Object.keys(ASPECT_LABELS) as DeliveryAspect[];

/** A pace band in words, in the active language when read. */
export const PACE_WORDS = translatedTable<Pace>({
  slow: 'delivery.pace.slow',
  comfortable: 'delivery.pace.comfortable',
  fast: 'delivery.pace.fast',
});

/** An expression band (the spread of the voice's pitch) in words, in the active language when read. */
export const EXPRESSION_WORDS = translatedTable<Expression>({
  flat: 'delivery.expression.flat',
  some: 'delivery.expression.some',
  lively: 'delivery.expression.lively',
});

/**
 * A pace band in a student's plain words ("Nice steady pace", "A bit fast"), in the active
 * language when read: the same bands as {@link PACE_WORDS} (docs/product.md#how-did-it-sound).
 */
export const STUDENT_PACE_WORDS = translatedTable<Pace>({
  slow: 'delivery.student.pace.slow',
  comfortable: 'delivery.student.pace.comfortable',
  fast: 'delivery.student.pace.fast',
});

/** An expression band in a student's plain words ("Your voice went up and down", "Quite flat"), in the active language when read. */
export const STUDENT_EXPRESSION_WORDS = translatedTable<Expression>({
  flat: 'delivery.student.expression.flat',
  some: 'delivery.student.expression.some',
  lively: 'delivery.student.expression.lively',
});

/** The volume of a take: `clipped` (too loud for the microphone) before `quiet`, else `good`. */
export type VolumeBand = 'good' | 'quiet' | 'clipped';

/** A volume band in words, in the active language when read. */
export const VOLUME_WORDS = translatedTable<VolumeBand>({
  good: 'delivery.volume.good',
  quiet: 'delivery.volume.quiet',
  clipped: 'delivery.volume.clipped',
});

/** A volume band in a student's plain words ("Good and loud", "A bit quiet"), in the active language when read. */
export const STUDENT_VOLUME_WORDS = translatedTable<VolumeBand>({
  good: 'delivery.student.volume.good',
  quiet: 'delivery.student.volume.quiet',
  clipped: 'delivery.student.volume.clipped',
});

/** The catalogue key of the tip for a pace band, or null where none is needed. */
export const PACE_TIPS = {
  slow: null,
  comfortable: null,
  fast: 'delivery.tip.fast',
} as const satisfies Record<Pace, MessageId | null>;

/** The catalogue key of the tip for an expression band, or null where none is needed. */
export const EXPRESSION_TIPS = {
  flat: 'delivery.tip.flat',
  some: null,
  lively: null,
} as const satisfies Record<Expression, MessageId | null>;

/** The catalogue key of the tip for a volume band, or null where none is needed. */
export const VOLUME_TIPS = {
  good: null,
  quiet: 'delivery.tip.quiet',
  clipped: 'delivery.tip.clipped',
} as const satisfies Record<VolumeBand, MessageId | null>;

/** The catalogue key of the tip for a take with few pauses ({@link needsPauseTip}). */
export const PAUSE_TIP: MessageId = 'delivery.tip.pauses';

/** Fewer pauses than this per minute of take earn {@link PAUSE_TIP}. */
export const FEW_PAUSES_PER_MINUTE = 2;

/** Takes shorter than this, ms, never earn {@link PAUSE_TIP}: a short answer may be one idea. */
export const PAUSE_TIP_FROM_MS = 10_000;

/** The catalogue key of what the card says of a take without speech. */
export const NO_SPEECH_TEXT: MessageId = 'delivery.card.noSpeech';

/** The catalogue key of what the card says while the take is measured. */
export const MEASURING_TEXT: MessageId = 'delivery.measuring';

/** The catalogue key of what screen readers hear when the card's rows appear. */
export const MEASURED_TEXT: MessageId = 'delivery.card.measured';

/** The catalogue key of what the card says when the take could not be measured (it can still be submitted). */
export const FAILED_TEXT: MessageId = 'delivery.card.failed';

/** Whether a report heard speech: some speaking time and a pace band. */
export function hasSpeech(report: DeliveryReport): boolean {
  return report.speakingMs > 0 && report.rate.pace !== null;
}

/** The volume band of a report's loudness flags (clipping matters more than quietness). */
export function volumeBand(loudness: { quiet: boolean; clipped: boolean }): VolumeBand {
  if (loudness.clipped) return 'clipped';
  if (loudness.quiet) return 'quiet';
  return 'good';
}

/**
 * Whether a take earns {@link PAUSE_TIP}: at least {@link PAUSE_TIP_FROM_MS} long and fewer than
 * {@link FEW_PAUSES_PER_MINUTE} pauses per minute of take.
 * @param count pauses of at least 500 ms
 * @param durationMs the take's length, ms
 */
export function needsPauseTip(count: number, durationMs: number): boolean {
  if (durationMs < PAUSE_TIP_FROM_MS) return false;
  return count / (durationMs / 60_000) < FEW_PAUSES_PER_MINUTE;
}

/** A number with one decimal in the active language's digits, rounded as `toFixed(1)`: 3.44 → "3.4" ("3,4" in Spanish). */
function oneDecimal(value: number): string {
  return intl().formatNumber(Number(value.toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
}

/** A length in ms as seconds with one decimal, in the active language: 3400 → "3.4 s". */
export function formatSeconds(ms: number): string {
  return t('delivery.seconds', { seconds: oneDecimal(ms / 1000) });
}

/** A pause count in words, in the active language: "No pauses", "1 pause", "3 pauses". */
export function formatPauseCount(count: number): string {
  return t('delivery.pauseCount', { count });
}

/** One row of the card: the aspect, its band in words, the detail in figures (or null) and its tip (or null). */
export interface DeliveryRow {
  aspect: DeliveryAspect;
  label: string;
  /** the band in plain words (active language), e.g. "Comfortable", "3 pauses", "Some variety", "Good" */
  band: string;
  /** figures after the band, e.g. "4.2 syllables a second", "the longest 1.2 s"; null when none */
  detail: string | null;
  tip: string | null;
}

/**
 * The four rows of a report that heard speech ({@link hasSpeech}), in the card's order
 * (docs/product.md#how-did-it-sound): Pace (band and syllables a second), Pauses (count and the
 * longest), Expression (band; "Not measured" without voiced frames) and Volume (band), each with
 * its tip where its band calls for one. The bands are the same for both audiences; a student
 * reads them in plain words ("Nice steady pace", "Your voice went up and down", "Good and loud"),
 * a teacher in the short words of the chips' family ("Comfortable", "Lively", "Good").
 */
export function deliveryRows(report: DeliveryReport, audience: DeliveryAudience): DeliveryRow[] {
  const { rate, pauses, pitch, loudness } = report;
  const volume = volumeBand(loudness);
  const tip = (id: MessageId | null) => (id ? t(id) : null);
  const student = audience === 'student';
  const paceWords = student ? STUDENT_PACE_WORDS : PACE_WORDS;
  const expressionWords = student ? STUDENT_EXPRESSION_WORDS : EXPRESSION_WORDS;
  const volumeWords = student ? STUDENT_VOLUME_WORDS : VOLUME_WORDS;
  return [
    {
      aspect: 'pace',
      label: ASPECT_LABELS.pace,
      band: rate.pace ? paceWords[rate.pace] : t('delivery.notMeasured'),
      detail: t('delivery.syllablesPerSecond', { rate: oneDecimal(rate.syllablesPerSecond) }),
      tip: tip(rate.pace ? PACE_TIPS[rate.pace] : null),
    },
    {
      aspect: 'pauses',
      label: ASPECT_LABELS.pauses,
      band: formatPauseCount(pauses.count),
      detail: pauses.count > 0 ? t('delivery.longestPause', { seconds: formatSeconds(pauses.longestMs) }) : null,
      tip: tip(needsPauseTip(pauses.count, report.durationMs) ? PAUSE_TIP : null),
    },
    {
      aspect: 'expression',
      label: ASPECT_LABELS.expression,
      band: pitch.expression ? expressionWords[pitch.expression] : t('delivery.notMeasured'),
      detail: null,
      tip: tip(pitch.expression ? EXPRESSION_TIPS[pitch.expression] : null),
    },
    {
      aspect: 'volume',
      label: ASPECT_LABELS.volume,
      band: volumeWords[volume],
      detail: null,
      tip: tip(VOLUME_TIPS[volume]),
    },
  ];
}
