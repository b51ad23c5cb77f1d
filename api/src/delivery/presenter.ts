import { z } from 'zod';
import {
  DELIVERY_SOURCES,
  DELIVERY_STATUSES,
  deliveryReportSchema,
  EXPRESSIONS,
  PACES,
  summariseDelivery,
  type DeliveryReport as Report,
  type DeliverySource,
  type DeliveryStatus,
  type DeliverySummary,
  type DeliveryTrendPoint,
} from './analysis/report.js';
import { round2 } from '../oracy/profile.js';
import { objectId, timestamp } from '../platform/http/fields.js';

/** A delivery report (docs/product.md#delivery-feedback); its shape is `api/src/delivery/analysis/report.ts`'s. */
export const deliveryReportJsonSchema = deliveryReportSchema.meta({ id: 'DeliveryReport' });

/** A recording's measurement (`GET /api/recordings/:recordingId/delivery`, docs/product.md#measured-by-the-server). */
export const deliveryJsonSchema = z
  .object({
    status: z.enum(DELIVERY_STATUSES).meta({ description: '`pending` (not measured by the server yet), `ready`, `failed` or `unavailable`' }),
    source: z.enum(DELIVERY_SOURCES).nullable().meta({ description: 'who measured `report`: the phone or the server; null without a report' }),
    version: z.number().nullable().meta({ description: 'the measuring method’s version of `report`; null without a report' }),
    analyzedAt: timestamp().nullable().meta({ description: 'when `report` was made; null without a report' }),
    reason: z.string().nullable().meta({ description: 'in plain words, why the server could not measure the audio; null otherwise' }),
    report: deliveryReportJsonSchema.nullable(),
  })
  .meta({ id: 'Delivery' });

/** A recording's measurement: see {@link deliveryJsonSchema}. */
export type DeliveryJson = z.infer<typeof deliveryJsonSchema>;

/** The few figures lists carry (the student's task list, the review queue): `DeliverySummary` of `api/src/delivery/analysis/report.ts`. */
export const deliverySummaryJsonSchema = z
  .object({
    status: z.enum(DELIVERY_STATUSES),
    source: z
      .enum(DELIVERY_SOURCES)
      .nullable()
      .meta({ description: 'who measured the figures: `server`, or `device` (the phone’s report, which the server has not confirmed); null without figures' }),
    pace: z.enum(PACES).nullable(),
    pausesCount: z.number().nullable(),
    expression: z.enum(EXPRESSIONS).nullable(),
    quiet: z.boolean().nullable(),
    clipped: z.boolean().nullable(),
  })
  .meta({ id: 'DeliverySummary', description: 'null figures while there is no report' });

/** One point of "Delivery over time" (docs/product.md#measured-by-the-server): `DeliveryTrendPoint` of `api/src/delivery/analysis/report.ts`. */
export const deliveryTrendPointJsonSchema = z
  .object({
    recordingId: objectId(),
    taskTitle: z.string(),
    submittedAt: timestamp(),
    syllablesPerSecond: z.number().nullable().meta({ description: 'syllables per second of speaking time; null without speech' }),
    pausesPerMinute: z.number().nullable().meta({ description: 'pauses per minute of the whole take, two decimals' }),
    variationSemitones: z.number().nullable().meta({ description: 'pitch variation, semitones; null without voiced frames' }),
    wordsPerMinute: z.number().nullable().meta({ description: 'words a minute of speaking time, from the transcript; null until the recording has a ready transcript' }),
    fillersPerMinute: z.number().nullable().meta({ description: 'filler words a minute of speaking time, one decimal; null until the recording has a ready transcript' }),
  })
  .meta({ id: 'DeliveryTrendPoint' });

/**
 * The figures of a report that lists and the trend read, stored beside it so that those reads
 * never load a report's timeline.
 */
export interface DeliveryFigures {
  pace: DeliverySummary['pace'];
  pausesCount: number;
  expression: DeliverySummary['expression'];
  quiet: boolean;
  clipped: boolean;
  /** syllables per second of speaking time, null without speech */
  syllablesPerSecond: number | null;
  /** pauses per minute of the take (`pauses.count / (durationMs / 60,000)`), two decimals; null for an empty take */
  pausesPerMinute: number | null;
  /** semitones, null without voiced frames */
  variationSemitones: number | null;
}

/** The figures of a report (docs/product.md#measured-by-the-server). */
export function figuresOf(report: Report): DeliveryFigures {
  const summary = summariseDelivery('ready', report);
  return {
    pace: summary.pace,
    pausesCount: report.pauses.count,
    expression: summary.expression,
    quiet: report.loudness.quiet,
    clipped: report.loudness.clipped,
    syllablesPerSecond: report.rate.pace === null ? null : report.rate.syllablesPerSecond,
    pausesPerMinute: report.durationMs > 0 ? round2(report.pauses.count / (report.durationMs / 60_000)) : null,
    variationSemitones: report.pitch.variationSemitones,
  };
}

/** The fields of a stored delivery report record the presenters read. */
export interface DeliveryRecordLike {
  status: DeliveryStatus;
  source?: DeliverySource | null;
  version?: number | null;
  analyzedAt?: Date | null;
  reason?: string | null;
  report?: Report | null;
  figures?: DeliveryFigures | null;
}

/** What a recording without a record shows: not measured yet. */
const NOT_YET: DeliveryRecordLike = { status: 'pending' };

/** Presents a recording's measurement; a recording without a record is `pending`. */
export function presentDelivery(record: DeliveryRecordLike | null | undefined): DeliveryJson {
  const r = record ?? NOT_YET;
  return {
    status: r.status,
    source: r.source ?? null,
    version: r.version ?? null,
    analyzedAt: r.analyzedAt ? r.analyzedAt.toISOString() : null,
    reason: r.reason ?? null,
    report: r.report ?? null,
  };
}

/** The summary of a recording's measurement for lists; a recording without a record is `pending`. */
export function presentDeliverySummary(record: DeliveryRecordLike | null | undefined): DeliverySummary {
  const r = record ?? NOT_YET;
  const f = r.figures ?? null;
  return {
    status: r.status,
    source: f ? (r.source ?? null) : null,
    pace: f?.pace ?? null,
    pausesCount: f?.pausesCount ?? null,
    expression: f?.expression ?? null,
    quiet: f?.quiet ?? null,
    clipped: f?.clipped ?? null,
  };
}

/** One trend point of a ready record (`figures` set) and its task's title. */
export function presentTrendPoint(record: { recordingId: unknown; submittedAt: Date; figures: DeliveryFigures }, taskTitle: string): DeliveryTrendPoint {
  return {
    recordingId: String(record.recordingId),
    taskTitle,
    submittedAt: record.submittedAt.toISOString(),
    syllablesPerSecond: record.figures.syllablesPerSecond,
    pausesPerMinute: record.figures.pausesPerMinute,
    variationSemitones: record.figures.variationSemitones,
    wordsPerMinute: null,
    fillersPerMinute: null,
  };
}
