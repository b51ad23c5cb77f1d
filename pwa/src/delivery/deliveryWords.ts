/**
 * The words of "How did it sound?" (docs/product.md#how-did-it-sound): each band of a delivery
 * report in plain words, and the one short tip for the physical strand that a band calls for.
 * Keyed by the API's own band types with `satisfies`, so a band added on the server fails the
 * PWA's typecheck until it has words here. Type imports only: the report's module (and zod) stay
 * out of the screens' chunks.
 */
import type { DeliveryReport, Expression, Pace } from '@oracy/api/delivery';

/** The four aspects of delivery the card shows, in its order. */
export type DeliveryAspect = 'pace' | 'pauses' | 'expression' | 'volume';

/** Each aspect's row label. */
export const ASPECT_LABELS = {
  pace: 'Pace',
  pauses: 'Pauses',
  expression: 'Expression',
  volume: 'Volume',
} as const satisfies Record<DeliveryAspect, string>;

/** The aspects in the card's order. */
export const ASPECTS = Object.keys(ASPECT_LABELS) as DeliveryAspect[];

/** A pace band in words. */
export const PACE_WORDS = {
  slow: 'Slow',
  comfortable: 'Comfortable',
  fast: 'Fast',
} as const satisfies Record<Pace, string>;

/** An expression band (the spread of the voice's pitch) in words. */
export const EXPRESSION_WORDS = {
  flat: 'Flat',
  some: 'Some variety',
  lively: 'Lively',
} as const satisfies Record<Expression, string>;

/** The volume of a take: `clipped` (too loud for the microphone) before `quiet`, else `good`. */
export type VolumeBand = 'good' | 'quiet' | 'clipped';

/** A volume band in words. */
export const VOLUME_WORDS = {
  good: 'Good',
  quiet: 'Quiet',
  clipped: 'Too loud (clipped)',
} as const satisfies Record<VolumeBand, string>;

/** The tip for a pace band, or null where none is needed. */
export const PACE_TIPS = {
  slow: null,
  comfortable: null,
  fast: 'Slow down a little so every word lands',
} as const satisfies Record<Pace, string | null>;

/** The tip for an expression band, or null where none is needed. */
export const EXPRESSION_TIPS = {
  flat: 'Let your voice rise and fall to show what matters',
  some: null,
  lively: null,
} as const satisfies Record<Expression, string | null>;

/** The tip for a volume band, or null where none is needed. */
export const VOLUME_TIPS = {
  good: null,
  quiet: 'Speak up, or hold the phone a little closer',
  clipped: 'Hold the phone a little further away so your voice stays clear',
} as const satisfies Record<VolumeBand, string | null>;

/** The tip for a take with few pauses ({@link needsPauseTip}). */
export const PAUSE_TIP = 'Try a short pause after each big idea so your listeners can think';

/** Fewer pauses than this per minute of take earn {@link PAUSE_TIP}. */
export const FEW_PAUSES_PER_MINUTE = 2;

/** Takes shorter than this, ms, never earn {@link PAUSE_TIP}: a short answer may be one idea. */
export const PAUSE_TIP_FROM_MS = 10_000;

/** What the card says of a take without speech. */
export const NO_SPEECH_TEXT = 'We could not hear any speech in this take.';

/** What the card says while the take is measured. */
export const MEASURING_TEXT = 'Measuring…';

/** What screen readers hear when the card's rows appear. */
export const MEASURED_TEXT = 'Your take is measured.';

/** What the card says when the take could not be measured (it can still be submitted). */
export const FAILED_TEXT = 'We could not measure this take. You can still submit it.';

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

/** A length in ms as seconds with one decimal: 3400 → "3.4 s". */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A pause count in words: "No pauses", "1 pause", "3 pauses". */
export function formatPauseCount(count: number): string {
  if (count === 0) return 'No pauses';
  return count === 1 ? '1 pause' : `${count} pauses`;
}

/** One row of the card: the aspect, its band in words, the detail in figures (or null) and its tip (or null). */
export interface DeliveryRow {
  aspect: DeliveryAspect;
  label: string;
  /** the band in plain words, e.g. "Comfortable", "3 pauses", "Some variety", "Good" */
  band: string;
  /** figures after the band, e.g. "4.2 syllables a second", "the longest 1.2 s"; null when none */
  detail: string | null;
  tip: string | null;
}

/**
 * The four rows of a report that heard speech ({@link hasSpeech}), in the card's order
 * (docs/product.md#how-did-it-sound): Pace (band and syllables a second), Pauses (count and the
 * longest), Expression (band; "Not measured" without voiced frames) and Volume (band), each with
 * its tip where its band calls for one.
 */
export function deliveryRows(report: DeliveryReport): DeliveryRow[] {
  const { rate, pauses, pitch, loudness } = report;
  const volume = volumeBand(loudness);
  return [
    {
      aspect: 'pace',
      label: ASPECT_LABELS.pace,
      band: rate.pace ? PACE_WORDS[rate.pace] : 'Not measured',
      detail: `${rate.syllablesPerSecond.toFixed(1)} syllables a second`,
      tip: rate.pace ? PACE_TIPS[rate.pace] : null,
    },
    {
      aspect: 'pauses',
      label: ASPECT_LABELS.pauses,
      band: formatPauseCount(pauses.count),
      detail: pauses.count > 0 ? `the longest ${formatSeconds(pauses.longestMs)}` : null,
      tip: needsPauseTip(pauses.count, report.durationMs) ? PAUSE_TIP : null,
    },
    {
      aspect: 'expression',
      label: ASPECT_LABELS.expression,
      band: pitch.expression ? EXPRESSION_WORDS[pitch.expression] : 'Not measured',
      detail: null,
      tip: pitch.expression ? EXPRESSION_TIPS[pitch.expression] : null,
    },
    {
      aspect: 'volume',
      label: ASPECT_LABELS.volume,
      band: VOLUME_WORDS[volume],
      detail: null,
      tip: VOLUME_TIPS[volume],
    },
  ];
}
