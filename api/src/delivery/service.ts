import type { Types } from 'mongoose';
import { StoredDeliveryReport } from './model.js';
import { Recording, SpeakingTask } from '../speaking/model.js';
import { DecodeError, type DecodedAudio } from './analysis/decode.js';
import { DELIVERY_VERSION, deliveryReportSchema, type DeliveryReport as Report, type DeliverySummary, type DeliveryTrendPoint } from './analysis/report.js';
import { defineJob, enqueueJob } from '../platform/jobs/index.js';
import type { Logger } from '../platform/logger.js';
import { figuresOf, presentDelivery, presentDeliverySummary, presentTrendPoint, type DeliveryFigures, type DeliveryJson, type DeliveryRecordLike } from './presenter.js';
import type { UploadStore } from '../platform/uploads.js';

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    'delivery.measure': MeasurePayload;
  }
}

/**
 * Delivery feedback on the server (docs/product.md#measured-by-the-server): each stored recording
 * has one delivery report record — the phone's report until the server has measured the stored
 * audio in the background job `delivery.measure` (docs/architecture.md#background-jobs) — and the
 * reads that lists, the profile's trend and the delivery call make of those records.
 */

/** The background job that measures one recording's audio. */
export const DELIVERY_JOB = 'delivery.measure';

/** Points of "Delivery over time": the student's latest recordings with a ready report. */
export const TREND_POINTS = 10;

/** What `delivery.measure` is given: the recording and the store key of the audio to measure. */
export interface MeasurePayload {
  recordingId: string;
  /** `Recording.file.name` when the job was queued: a replaced take's job finds it changed and does nothing */
  audio: string;
}

/** Why the server has no report of its own, in plain words (docs/product.md#measured-by-the-server). */
export const DELIVERY_REASONS = {
  unavailable: 'The server cannot decode this kind of recording (ffmpeg is not installed), and the phone sent no report.',
  corrupt: 'The recording could not be decoded: the file is damaged.',
  unsupported: 'The recording’s audio is in a format the server cannot measure.',
  'too-long': 'The recording is too long to measure.',
  timeout: 'Measuring the recording took too long.',
  error: 'The server could not measure this recording.',
} as const;

/**
 * The decoder and the analysis the server measures with (`delivery/tools.ts` has the real
 * ones; tests give their own). `decode` rejects with a `DecodeError` when the audio cannot be
 * decoded, and with anything else for a failure that may pass (a read that failed).
 */
export interface DeliveryTools {
  /** @param type the stored MIME type: audio/webm, audio/ogg, audio/mp4 or audio/wav */
  decode(bytes: Uint8Array, type: string): Promise<DecodedAudio>;
  /** may run elsewhere (the server's runs in a worker thread) */
  analyse(samples: Float32Array, sampleRate: number): Report | Promise<Report>;
}

/** What measuring a recording's audio gave. */
export type Measurement =
  /** a valid report, by the server */
  | { kind: 'measured'; report: Report }
  /** this server cannot decode the format (no ffmpeg) */
  | { kind: 'unavailable' }
  /** the audio cannot be measured: trying again would give the same */
  | { kind: 'failed'; reason: string };

/** A failure that may pass: the job tries again. `reason` is what the record says if it never does. */
export class MeasureRetryableError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'MeasureRetryableError';
  }
}

/**
 * Measures audio with `tools`: a valid report, `unavailable` without ffmpeg, `failed` for audio
 * that is damaged, of an unknown format, too long, or that the analysis cannot turn into a valid
 * report (the analysis is deterministic: it would fail again).
 * @throws MeasureRetryableError when decoding timed out or failed for another reason (the job retries)
 */
export function createDeliveryMeasurer(tools: DeliveryTools, log?: Pick<Logger, 'warn' | 'error'>) {
  return async function measure(bytes: Uint8Array, type: string): Promise<Measurement> {
    let decoded: DecodedAudio;
    try {
      decoded = await tools.decode(bytes, type);
    } catch (err) {
      const reason = err instanceof DecodeError ? err.reason : undefined;
      if (reason === 'ffmpeg-missing') return { kind: 'unavailable' };
      if (reason === 'corrupt' || reason === 'unsupported' || reason === 'too-long') return { kind: 'failed', reason: DELIVERY_REASONS[reason] };
      const message = err instanceof Error ? err.message : String(err);
      throw new MeasureRetryableError(`Decoding failed: ${message}`, reason === 'timeout' ? DELIVERY_REASONS.timeout : DELIVERY_REASONS.error);
    }
    try {
      const checked = deliveryReportSchema.safeParse(await tools.analyse(decoded.samples, decoded.sampleRate));
      if (checked.success) return { kind: 'measured', report: checked.data };
      log?.error({ issues: checked.error.issues.slice(0, 5) }, 'the delivery analysis made a report that is not valid');
    } catch (err) {
      log?.error({ err }, 'the delivery analysis failed');
    }
    return { kind: 'failed', reason: DELIVERY_REASONS.error };
  };
}

/** A function made by `createDeliveryMeasurer`. */
export type DeliveryMeasurer = ReturnType<typeof createDeliveryMeasurer>;

/** The fields of a record that describe its report (or its absence). */
type ReportFields = Pick<DeliveryRecordLike, 'status' | 'source' | 'version' | 'analyzedAt' | 'reason' | 'report'> & { figures: DeliveryFigures | null };

const NO_REPORT = { source: null, version: null, analyzedAt: null, report: null, figures: null } as const;

/** A report's fields: `ready`, measured by `source` at `at`. */
const readyFields = (report: Report, source: 'device' | 'server', at: Date): ReportFields => ({
  status: 'ready',
  source,
  version: report.version,
  analyzedAt: at,
  reason: null,
  report,
  figures: figuresOf(report),
});

/** A recording as delivery feedback needs it. */
export interface RecordingForDelivery {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
  taskId: Types.ObjectId;
  file: { name: string };
  submittedAt: Date;
}

/** The job key of a recording's audio: one measurement per take, in every process. */
const jobKey = (payload: MeasurePayload) => `${payload.recordingId}:${payload.audio}`;

/** Queues the measurement of a recording's current audio (a queued one with the same audio is reused). */
export async function queueMeasurement(recording: Pick<RecordingForDelivery, '_id' | 'file'>): Promise<void> {
  const payload: MeasurePayload = { recordingId: String(recording._id), audio: recording.file.name };
  await enqueueJob(DELIVERY_JOB, payload, { key: jobKey(payload) });
}

/**
 * A recording was stored or replaced (docs/product.md#measured-by-the-server): its record becomes
 * the phone's report (`ready`, `source: device`) when one came with it, else `pending`, and the
 * server's measurement of the new audio is queued.
 * @returns the summary the upload's answer carries
 */
export async function startDelivery(recording: RecordingForDelivery, device: Report | undefined): Promise<DeliverySummary> {
  const fields: ReportFields = device ? readyFields(device, 'device', new Date()) : { status: 'pending', reason: null, ...NO_REPORT };
  const set = { ...fields, studentId: recording.studentId, taskId: recording.taskId, audio: recording.file.name, submittedAt: recording.submittedAt };
  try {
    await StoredDeliveryReport.updateOne({ recordingId: recording._id }, { $set: set }, { upsert: true });
  } catch (err) {
    // Two first takes of one recording at once: the other made the record; write over it.
    if ((err as { code?: number }).code !== 11000) throw err;
    await StoredDeliveryReport.updateOne({ recordingId: recording._id }, { $set: set });
  }
  await queueMeasurement(recording);
  return presentDeliverySummary(fields);
}

/**
 * Writes what measuring gave into the record of `payload`'s recording, unless the recording was
 * removed or its audio replaced meanwhile. A report the record already has (the phone's, or the
 * server's by an older method) stays when the server could not measure: `unavailable` then
 * changes nothing, and a failure only records its reason.
 * @param opts.keepReason leave a record that already has a reason as it is
 */
export async function applyMeasurement(payload: MeasurePayload, outcome: Measurement, opts: { keepReason?: boolean } = {}): Promise<void> {
  const record = await StoredDeliveryReport.findOne({ recordingId: payload.recordingId }).select('audio source reason').lean();
  if (!record || record.audio !== payload.audio) return;
  if (opts.keepReason && record.reason) return;
  const hasReport = record.source !== null && record.source !== undefined;
  const where = { _id: record._id, audio: payload.audio };
  if (outcome.kind === 'measured') {
    await StoredDeliveryReport.updateOne(where, { $set: readyFields(outcome.report, 'server', new Date()) });
  } else if (outcome.kind === 'unavailable') {
    if (!hasReport) await StoredDeliveryReport.updateOne(where, { $set: { status: 'unavailable', reason: DELIVERY_REASONS.unavailable, ...NO_REPORT } });
  } else if (hasReport) {
    await StoredDeliveryReport.updateOne(where, { $set: { reason: outcome.reason } });
  } else {
    await StoredDeliveryReport.updateOne(where, { $set: { status: 'failed', reason: outcome.reason, ...NO_REPORT } });
  }
}

/** The bytes of a stream. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Measures the audio of `payload` and stores the outcome. Does nothing when the recording was
 * removed or replaced, or its audio is gone (removed for retention: the report stays).
 * @returns false when there was nothing to measure
 * @throws MeasureRetryableError (from `measure`) for a failure that may pass
 */
export async function measureRecording(payload: MeasurePayload, recordings: UploadStore, measure: DeliveryMeasurer): Promise<boolean> {
  const recording = await Recording.findById(payload.recordingId).select('file').lean();
  if (!recording || recording.file.name !== payload.audio) return false;
  const file = await recordings.open(payload.audio);
  if (!file) return false;
  // the type detected at upload (the disk store would name a .webm file video/webm).
  const outcome = await measure(await readAll(file.stream()), recording.file.type);
  await applyMeasurement(payload, outcome);
  return true;
}

/** How `delivery.measure` runs: three tries, 10 s then 20 s apart, at most 3 minutes each. */
export const DELIVERY_JOB_OPTIONS = { maxAttempts: 3, backoffMs: 10_000, leaseMs: 60_000, timeoutMs: 180_000 } as const;

/**
 * Declares the job `delivery.measure` (docs/architecture.md#background-jobs) over the recordings
 * store: decode, analyse, store. A failure that may pass (a decoder timeout) is tried again; after
 * the last try the record says why. `createApp` declares it, so that the upload route can queue it.
 */
export function defineDeliveryJob(deps: {
  recordings: UploadStore;
  tools: DeliveryTools;
  log?: Pick<Logger, 'warn' | 'error'>;
  /** other tries, backoff (ms), lease (ms) or time limit (ms) than `DELIVERY_JOB_OPTIONS` */
  options?: Partial<Record<keyof typeof DELIVERY_JOB_OPTIONS, number>>;
}): void {
  const measure = createDeliveryMeasurer(deps.tools, deps.log);
  defineJob(
    DELIVERY_JOB,
    async (payload, ctx) => {
      try {
        await measureRecording(payload, deps.recordings, measure);
      } catch (err) {
        if (ctx.attempt >= ctx.maxAttempts) {
          await applyMeasurement(payload, { kind: 'failed', reason: err instanceof MeasureRetryableError ? err.reason : DELIVERY_REASONS.error });
        }
        throw err;
      }
    },
    {
      ...DELIVERY_JOB_OPTIONS,
      ...deps.options,
      // the last try's process died: the record says so unless that try wrote its reason.
      onFailed: (payload) => applyMeasurement(payload, { kind: 'failed', reason: DELIVERY_REASONS.error }, { keepReason: true }),
    },
  );
}

/**
 * Measures audio at once, for the demo data: what the job would store, without tries.
 * A failure that may pass counts as failed.
 */
export async function measureNow(bytes: Uint8Array, type: string, tools: DeliveryTools): Promise<Measurement> {
  try {
    return await createDeliveryMeasurer(tools)(bytes, type);
  } catch (err) {
    return { kind: 'failed', reason: err instanceof MeasureRetryableError ? err.reason : DELIVERY_REASONS.error };
  }
}

/** The record fields of a measurement made before any record existed (the demo data). */
export function measuredFields(outcome: Measurement, at: Date): ReportFields {
  if (outcome.kind === 'measured') return readyFields(outcome.report, 'server', at);
  if (outcome.kind === 'unavailable') return { status: 'unavailable', reason: DELIVERY_REASONS.unavailable, ...NO_REPORT };
  return { status: 'failed', reason: outcome.reason, ...NO_REPORT };
}

/** Removes the records of removed recordings (`speaking/service.ts`). */
export async function removeDeliveryReports(recordingIds: readonly Types.ObjectId[]): Promise<void> {
  if (recordingIds.length === 0) return;
  await StoredDeliveryReport.deleteMany({ recordingId: { $in: recordingIds } });
}

/** A record as the reads take it. */
type RecordDoc = DeliveryRecordLike & { recordingId: Types.ObjectId };

/** A recording's measurement (`GET /api/recordings/:recordingId/delivery`). One query. */
export async function deliveryOf(recordingId: Types.ObjectId): Promise<DeliveryJson> {
  return presentDelivery(await StoredDeliveryReport.findOne({ recordingId }).select('-figures').lean<RecordDoc>());
}

/** The summaries of some recordings, by recording id (a recording without a record: `pending`). One query. */
export async function deliverySummaries(recordingIds: readonly Types.ObjectId[]): Promise<(recordingId: unknown) => DeliverySummary> {
  const records = recordingIds.length
    ? await StoredDeliveryReport.find({ recordingId: { $in: recordingIds } })
        .select('recordingId status source figures')
        .lean<RecordDoc[]>()
    : [];
  const byRecording = new Map(records.map((r) => [String(r.recordingId), r]));
  return (recordingId) => presentDeliverySummary(byRecording.get(String(recordingId)));
}

/**
 * "Delivery over time" of a student (docs/product.md#measured-by-the-server): their latest
 * `TREND_POINTS` recordings with a ready report, oldest first, each with its task's title. Two queries.
 */
export async function deliveryTrend(studentId: Types.ObjectId): Promise<DeliveryTrendPoint[]> {
  const records = await StoredDeliveryReport.find({ studentId, status: 'ready' })
    .sort({ submittedAt: -1, _id: -1 })
    .limit(TREND_POINTS)
    .select('recordingId taskId submittedAt figures')
    .lean<Array<{ recordingId: Types.ObjectId; taskId: Types.ObjectId; submittedAt: Date; figures: DeliveryFigures | null }>>();
  if (records.length === 0) return [];
  const tasks = await SpeakingTask.find({ _id: { $in: [...new Set(records.map((r) => String(r.taskId)))] } })
    .select('title')
    .lean();
  const titles = new Map(tasks.map((t) => [String(t._id), t.title]));
  return records
    .filter((r): r is typeof r & { figures: DeliveryFigures } => r.figures !== null)
    .reverse()
    .map((r) => presentTrendPoint(r, titles.get(String(r.taskId)) ?? ''));
}

/**
 * Queues the measurement of every recording the server has not measured with the current method
 * (`POST /api/admin/delivery/reanalyse`, docs/product.md#measured-by-the-server): reports by an
 * older `DELIVERY_VERSION`, the phone's reports, `pending` and `unavailable` ones, and recordings
 * without a record. Not those the server failed to measure (`failed`, or a kept report with a
 * reason): their audio would fail again. Recordings whose audio is gone are measured by no job.
 * @returns how many recordings are queued
 */
export async function queueReanalysis(): Promise<number> {
  const stale = await StoredDeliveryReport.find({
    $or: [
      { status: { $in: ['pending', 'unavailable'] } },
      { status: 'ready', reason: null, source: 'device' },
      { status: 'ready', reason: null, source: 'server', version: { $lt: DELIVERY_VERSION } },
    ],
  })
    .select('recordingId audio')
    .lean();
  const missing = await recordingsWithoutRecord();
  for (const recording of missing) await startDelivery(recording, undefined);
  for (const record of stale) await queueMeasurement({ _id: record.recordingId, file: { name: record.audio } });
  return stale.length + missing.length;
}

/** Recordings stored without a delivery record (before delivery feedback existed). Two queries. */
async function recordingsWithoutRecord(): Promise<RecordingForDelivery[]> {
  const [recordings, records] = await Promise.all([
    Recording.find().select('studentId taskId file.name submittedAt').lean<RecordingForDelivery[]>(),
    StoredDeliveryReport.find().select('recordingId').lean(),
  ]);
  const known = new Set(records.map((r) => String(r.recordingId)));
  return recordings.filter((r) => !known.has(String(r._id)));
}

/**
 * Gives every recording stored before delivery feedback existed a `pending` record and queues its
 * measurement (at start-up). @returns how many
 */
export async function backfillDeliveryReports(): Promise<number> {
  const missing = await recordingsWithoutRecord();
  for (const recording of missing) await startDelivery(recording, undefined);
  return missing.length;
}
