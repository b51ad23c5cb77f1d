import { z } from 'zod';

/**
 * The shape of a delivery report and the bands it is judged by (docs/product.md#delivery-feedback):
 * what `analyseDelivery` returns on the phone and on the server, what the recording form's
 * `delivery` field carries, and what the API answers. Pure: no DOM and no Node APIs, so the
 * PWA imports it as it imports the API's types.
 */

/**
 * The version of the measuring method. It changes whenever any result for the same samples
 * changes, so that reports made by an older method can be measured again.
 */
export const DELIVERY_VERSION = 1;

/** The sample rate the phone and the server analyse at, Hz. */
export const ANALYSIS_SAMPLE_RATE = 16_000;

/** Step of the timeline, ms. */
export const TIMELINE_STEP_MS = 100;

/** The level the timeline and `speechDbfs` never go below, dBFS (digital silence has no logarithm). */
export const FLOOR_DBFS = -100;

/** The shortest silence between speech that counts as a pause, ms. */
export const MIN_PAUSE_MS = 500;

/**
 * Pace bands, syllables per second of speaking time (pauses excluded). Adults' conversational
 * articulation rate is about 4–6 syllables a second, children's a little lower (Jacewicz, Fox
 * & Wei 2010, *J. Acoust. Soc. Am.* 128; de Jong & Wempe 2009 measure 3–6 in read and spoken
 * Dutch); under 3 a listener hears slow, laboured speech, over 5.5 rushed speech.
 */
export const PACE_BANDS = { slowBelow: 3.0, fastAbove: 5.5 } as const;

/**
 * Expression bands: the standard deviation of voiced pitch, semitones from the speaker's median.
 * Speech that listeners call monotone varies by about a semitone or less; speech they call lively,
 * by two and more (after Hincks 2005, "Measures and perceptions of liveliness in student oral
 * presentation speech", *System* 33, which finds the same split in its pitch variation quotient).
 */
export const EXPRESSION_BANDS = { flatBelow: 1.0, livelyAbove: 2.0 } as const;

/** Speech quieter than this RMS over speech frames is `quiet`, dBFS. */
export const QUIET_BELOW_DBFS = -40;

/** A take is `clipped` when more than this share of its samples sit at full scale in runs of at least {@link CLIP_RUN}. */
export const CLIPPED_SHARE = 0.001;
/** The shortest run of full-scale samples that counts as clipping. */
export const CLIP_RUN = 3;

/** The pitch range searched, Hz: low men's voices to high children's. */
export const PITCH_RANGE_HZ = { min: 75, max: 600 } as const;

/** Pace band names. */
export const PACES = ['slow', 'comfortable', 'fast'] as const;
/** Expression band names. */
export const EXPRESSIONS = ['flat', 'some', 'lively'] as const;

/** The longest take a report describes, ms: the longest task (300 s) and a little slack. */
const MAX_DURATION_MS = 310_000;
/** Timeline points of the longest take. */
const MAX_TIMELINE_POINTS = MAX_DURATION_MS / TIMELINE_STEP_MS + 1;

const ms = () => z.number().int().min(0).max(MAX_DURATION_MS);

/** One pause, ms from the start of the take. */
export const pauseSchema = z.object({ startMs: ms(), endMs: ms() });

/**
 * A delivery report (docs/product.md#delivery-feedback). `pace` is null when the take has no
 * speech; `medianHz`, `variationSemitones` and `expression` are null without voiced frames;
 * `speechDbfs` is null without speech.
 */
export const deliveryReportSchema = z.object({
  /** {@link DELIVERY_VERSION} of the method that made it */
  version: z.number().int().min(1),
  /** the length of the take, ms */
  durationMs: ms(),
  /** time with speech, ms */
  speakingMs: ms(),
  pauses: z.object({
    count: z.number().int().min(0),
    meanMs: ms(),
    longestMs: ms(),
    list: z.array(pauseSchema).max(1_000),
  }),
  rate: z.object({
    /** syllable nuclei found */
    syllables: z.number().int().min(0),
    /** syllables per second of speaking time, two decimals */
    syllablesPerSecond: z.number().min(0).max(50),
    pace: z.enum(PACES).nullable(),
  }),
  pitch: z.object({
    medianHz: z.number().min(0).max(2_000).nullable(),
    /** standard deviation of voiced frames, semitones from the median, two decimals */
    variationSemitones: z.number().min(0).max(100).nullable(),
    expression: z.enum(EXPRESSIONS).nullable(),
  }),
  loudness: z.object({
    /** RMS over speech frames, dBFS, one decimal */
    speechDbfs: z.number().min(FLOOR_DBFS).max(0).nullable(),
    quiet: z.boolean(),
    clipped: z.boolean(),
  }),
  timeline: z.object({
    stepMs: z.literal(TIMELINE_STEP_MS),
    /** level of each step, dBFS, at least {@link FLOOR_DBFS} */
    levelDbfs: z.array(z.number().min(FLOOR_DBFS).max(0)).max(MAX_TIMELINE_POINTS),
    /** median pitch of each step's voiced frames, Hz, or null */
    pitchHz: z.array(z.number().min(0).max(2_000).nullable()).max(MAX_TIMELINE_POINTS),
  }),
});

/** A delivery report. */
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;
/** A pace band. */
export type Pace = (typeof PACES)[number];
/** An expression band. */
export type Expression = (typeof EXPRESSIONS)[number];

/** Where a report was measured: on the student's phone, or by the server from the stored audio. */
export const DELIVERY_SOURCES = ['device', 'server'] as const;
/**
 * The state of a recording's measurement: `pending` (the server has yet to measure it),
 * `ready`, `failed` (the audio could not be decoded or measured; see `reason`), `unavailable`
 * (the server cannot decode this format and the phone sent no report).
 */
export const DELIVERY_STATUSES = ['pending', 'ready', 'failed', 'unavailable'] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The few figures of a report that lists carry (the student's task list, the teacher's review
 * queue): enough for chips, without the timeline.
 */
export interface DeliverySummary {
  status: DeliveryStatus;
  /** who measured the figures: `server`, or `device` for the phone's report the server has not replaced (shown as "Measured on the phone"); null without a report */
  source: DeliverySource | null;
  pace: Pace | null;
  pausesCount: number | null;
  expression: Expression | null;
  quiet: boolean | null;
  clipped: boolean | null;
}

/** The summary of a report in a given state (`report` null while there is none). */
export function summariseDelivery(status: DeliveryStatus, report: DeliveryReport | null, source: DeliverySource | null = null): DeliverySummary {
  return {
    status,
    source: report ? source : null,
    pace: report?.rate.pace ?? null,
    pausesCount: report?.pauses.count ?? null,
    expression: report?.pitch.expression ?? null,
    quiet: report?.loudness.quiet ?? null,
    clipped: report?.loudness.clipped ?? null,
  };
}

/** The band of a pace in syllables per second, null without speech. */
export function paceBand(syllablesPerSecond: number, speakingMs: number): Pace | null {
  if (speakingMs <= 0) return null;
  if (syllablesPerSecond < PACE_BANDS.slowBelow) return 'slow';
  if (syllablesPerSecond > PACE_BANDS.fastAbove) return 'fast';
  return 'comfortable';
}

/** The band of a pitch variation in semitones, null without voiced frames. */
export function expressionBand(variationSemitones: number | null): Expression | null {
  if (variationSemitones === null) return null;
  if (variationSemitones < EXPRESSION_BANDS.flatBelow) return 'flat';
  if (variationSemitones > EXPRESSION_BANDS.livelyAbove) return 'lively';
  return 'some';
}

/**
 * One point of "Delivery over time": a recording's pace, pauses per minute of take and pitch
 * variation, for the student detail and My Oracy (docs/product.md#delivery-feedback).
 */
export interface DeliveryTrendPoint {
  recordingId: string;
  taskTitle: string;
  /** ISO 8601 */
  submittedAt: string;
  syllablesPerSecond: number | null;
  pausesPerMinute: number | null;
  variationSemitones: number | null;
  /** words a minute of speaking time from the recording's transcript; null until it has a ready one */
  wordsPerMinute: number | null;
  /** filler words a minute of speaking time from the transcript, one decimal; null until it has a ready one */
  fillersPerMinute: number | null;
}
