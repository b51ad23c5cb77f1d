import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Types } from 'mongoose';
import { Transcript } from './model.js';
import { presentTranscript, type TranscriptJson, type TranscriptRecordLike } from './presenter.js';
import { findFillers, DEFAULT_FILLERS } from './fillers.js';
import { wordsPerMinute } from './pace.js';
import { alignReading, wordsCorrectPerMinute } from './reading.js';
import { findRepeats } from './repeats.js';
import type { Transcriber, Transcription, TranscriptWord } from './transcriber.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import { defineJob, enqueueJob } from '../platform/jobs/index.js';
import { badRequest, conflict } from '../platform/http/errors.js';
import type { Logger } from '../platform/logger.js';
import type { UploadStore } from '../platform/uploads.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { Recording, SpeakingTask } from '../speaking/model.js';

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    'recording.transcribe': TranscribePayload;
  }
}

/**
 * Transcripts on the server (docs/product.md#transcripts): each stored recording has one
 * transcript record — `pending` from its upload until the background job `recording.transcribe`
 * (docs/architecture.md#background-jobs) has run the transcription worker on the stored audio —
 * and the read the transcript's endpoint makes of it.
 */

/** The background job that transcribes one recording's audio. */
export const TRANSCRIBE_JOB = 'recording.transcribe';

/** What `recording.transcribe` is given: the recording and the store key of the audio to transcribe. */
export interface TranscribePayload {
  recordingId: string;
  /** `Recording.file.name` when the job was queued: a replaced take's job finds it changed and does nothing */
  audio: string;
}

/** Why there is no transcript, in plain words (docs/product.md#transcripts). */
export const TRANSCRIPT_REASONS = {
  unavailable: 'This server does not transcribe recordings (the transcription worker is not set up or is turned off).',
  failed: 'The server could not transcribe this recording.',
} as const;

/** How `recording.transcribe` runs: three tries, 10 s then 20 s apart; the time limit adds the worker's start to `TRANSCRIBE_TIMEOUT_MS`. */
export const TRANSCRIBE_JOB_OPTIONS = { maxAttempts: 3, backoffMs: 10_000, leaseMs: 60_000 } as const;

/** The time a try may take beyond the worker's own limit: starting the worker and loading the model, ms. */
const START_ALLOWANCE_MS = 90_000;

/** A recording as a transcript needs it. */
export interface RecordingForTranscript {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
  file: { name: string };
}

/** The job key of a recording's audio: one transcription per take, in every process. */
const jobKey = (payload: TranscribePayload) => `${payload.recordingId}:${payload.audio}`;

/**
 * A recording was stored or replaced (docs/product.md#transcripts): its transcript becomes
 * `pending` (version 0, no words) and the transcription of the new audio is queued.
 */
export async function startTranscript(recording: RecordingForTranscript): Promise<void> {
  const set = { ...EMPTY, status: 'pending', version: 0, error: null, studentId: recording.studentId, audio: recording.file.name };
  try {
    await Transcript.updateOne({ recordingId: recording._id }, { $set: set }, { upsert: true });
  } catch (err) {
    // Two first takes of one recording at once: the other made the record; write over it.
    if ((err as { code?: number }).code !== 11000) throw err;
    await Transcript.updateOne({ recordingId: recording._id }, { $set: set });
  }
  const payload: TranscribePayload = { recordingId: String(recording._id), audio: recording.file.name };
  await enqueueJob(TRANSCRIBE_JOB, payload, { key: jobKey(payload) });
}

/** The fields of a transcript without words. */
const EMPTY = { language: '', text: '', words: [], fillers: [], wordsPerMinute: null, repeats: [], reading: null } as const;

/** The school's filler words (docs/product.md#transcripts), or the defaults before the settings were saved. One query. */
async function schoolFillers(): Promise<readonly string[]> {
  const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID).select('fillerWords').lean();
  return stored?.fillerWords ?? DEFAULT_FILLERS;
}

/** The speaking time of the recording's delivery report, ms, or null when it has no ready report. One query. */
async function speakingMsOf(recordingId: string): Promise<number | null> {
  const record = await StoredDeliveryReport.findOne({ recordingId, status: 'ready' }).select('report.speakingMs').lean<{ report?: { speakingMs?: unknown } | null }>();
  const speakingMs = record?.report?.speakingMs;
  return typeof speakingMs === 'number' && speakingMs > 0 ? speakingMs : null;
}

/** The script of a recording's task (docs/product.md#reading-aloud), or null when it has none. Two queries. */
async function scriptOf(recordingId: string | Types.ObjectId): Promise<string | null> {
  const recording = await Recording.findById(recordingId).select('taskId').lean();
  if (!recording) return null;
  const task = await SpeakingTask.findById(recording.taskId).select('script').lean();
  return task?.script || null;
}

/** A transcript's reading as stored and answered (docs/product.md#reading-aloud). */
export interface TranscriptReading {
  /** script words read correctly a minute of speaking time, one decimal; null without speaking time */
  wordsCorrectPerMinute: number | null;
  /** script words read correctly, per cent, one decimal */
  accuracy: number;
  errors: Array<{ kind: 'skipped' | 'substituted' | 'inserted'; expected: string; said: string; startMs?: number }>;
  /** every word of the script as written, with how it was read: what a screen marks */
  script: Array<{ text: string; status: 'read' | 'skipped' | 'substituted'; said?: string; startMs?: number }>;
}

/**
 * The reading of `words` against a task's script (docs/product.md#reading-aloud): the alignment
 * of `transcripts/reading.ts`, words correct a minute over `speakingMs`.
 * @returns null without a script
 */
export function readingOf(script: string | null, words: readonly TranscriptWord[], speakingMs: number): TranscriptReading | null {
  if (!script) return null;
  const aligned = alignReading(script, words);
  return {
    wordsCorrectPerMinute: wordsCorrectPerMinute(aligned, speakingMs),
    accuracy: aligned.accuracy,
    errors: aligned.errors.map((e) => ({ kind: e.kind, expected: e.expected, said: e.said, ...(e.startMs === undefined ? {} : { startMs: e.startMs }) })),
    script: aligned.words.map((w) => ({ text: w.text, status: w.status, ...(w.said === undefined ? {} : { said: w.said }), ...(w.startMs === undefined ? {} : { startMs: w.startMs }) })),
  };
}

/**
 * The measures of a ready transcription (docs/product.md#transcripts): words a minute of the
 * delivery report's speaking time (else of the span from the first word to the last), the
 * school's fillers (hesitations heard between words included), repeats, and the reading against
 * the task's script (null without one, docs/product.md#reading-aloud).
 */
export function measureTranscription(transcription: Transcription, opts: { speakingMs: number | null; fillerWords: readonly string[]; script?: string | null }) {
  const words = transcription.words;
  const span = words.length > 0 ? words[words.length - 1]!.endMs - words[0]!.startMs : 0;
  const fillers = findFillers(words, { list: opts.fillerWords, gapFillers: transcription.fillers });
  return {
    wordsPerMinute: wordsPerMinute(words, opts.speakingMs ?? span),
    fillers: fillers.map((f) => ({ text: f.text, startMs: f.startMs, endMs: f.endMs, ...(f.wordIndex === undefined ? {} : { wordIndex: f.wordIndex }) })),
    repeats: findRepeats(words),
    reading: readingOf(opts.script ?? null, words, opts.speakingMs ?? span),
  };
}

/** A failure that may pass (the worker crashed or overran): the job tries again. */
class TranscribeRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscribeRetryableError';
  }
}

/** Writes `fields` into the transcript of `payload`, unless the recording's audio was replaced meanwhile. */
async function writeTranscript(payload: TranscribePayload, fields: Record<string, unknown>): Promise<void> {
  await Transcript.updateOne({ recordingId: payload.recordingId, audio: payload.audio }, { $set: fields });
}

/** Copies a stored file to a temporary one the worker can read; `cleanup` removes it. */
async function toTemporaryFile(stream: ReadableStream<Uint8Array>): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'oracy-transcribe-'));
  const path = join(dir, 'take');
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(Readable.fromWeb(stream as Parameters<typeof Readable.fromWeb>[0]), createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { path, cleanup };
}

/**
 * Transcribes the audio of `payload` and stores the transcript with its measures. Does nothing
 * when the recording was removed or replaced, or its audio is gone (removed for retention).
 * Without a worker (`transcriber` null, or the worker reports `unavailable`) the transcript becomes
 * `unavailable` and nothing else changes.
 * @returns false when there was nothing to transcribe
 * @throws TranscribeRetryableError when the worker failed on this take (the job retries)
 */
export async function transcribeRecording(payload: TranscribePayload, recordings: UploadStore, transcriber: Transcriber | null): Promise<boolean> {
  const recording = await Recording.findById(payload.recordingId).select('file').lean();
  if (!recording || recording.file.name !== payload.audio) return false;
  const unavailable = async () => {
    await writeTranscript(payload, { ...EMPTY, status: 'unavailable', version: 0, error: TRANSCRIPT_REASONS.unavailable });
    return true;
  };
  if (!transcriber) return unavailable();
  const file = await recordings.open(payload.audio);
  if (!file) return false;
  const temporary = await toTemporaryFile(file.stream());
  let transcription: Transcription;
  try {
    transcription = await transcriber.transcribe(temporary.path);
  } finally {
    await temporary.cleanup();
  }
  if (transcription.status === 'unavailable') return unavailable();
  if (transcription.status === 'failed') throw new TranscribeRetryableError(transcription.reason ?? TRANSCRIPT_REASONS.failed);
  const [speakingMs, fillerWords, script] = await Promise.all([speakingMsOf(payload.recordingId), schoolFillers(), scriptOf(payload.recordingId)]);
  await writeTranscript(payload, {
    status: 'ready',
    version: 1,
    error: null,
    language: transcription.language,
    text: transcription.text,
    words: transcription.words,
    ...measureTranscription(transcription, { speakingMs, fillerWords, script }),
  });
  return true;
}

/**
 * Declares the job `recording.transcribe` (docs/architecture.md#background-jobs) over the
 * recordings store and this process's one transcriber (null: transcription is turned off). A take
 * the worker failed on is tried again; after the last try the transcript is `failed`. `createApp`
 * declares it, so that the upload route can queue it.
 */
export function defineTranscriptJob(deps: {
  recordings: UploadStore;
  transcriber: Transcriber | null;
  /** the worker's own time limit of one take, ms (`TRANSCRIBE_TIMEOUT_MS`) */
  transcribeTimeoutMs: number;
  log?: Pick<Logger, 'warn'>;
  /** other tries, backoff (ms) or lease (ms) than `TRANSCRIBE_JOB_OPTIONS` */
  options?: Partial<Record<keyof typeof TRANSCRIBE_JOB_OPTIONS, number>>;
}): void {
  const failed = (payload: TranscribePayload) => writeTranscript(payload, { ...EMPTY, status: 'failed', error: TRANSCRIPT_REASONS.failed });
  defineJob(
    TRANSCRIBE_JOB,
    async (payload, ctx) => {
      try {
        await transcribeRecording(payload, deps.recordings, deps.transcriber);
      } catch (err) {
        deps.log?.warn({ err, recordingId: payload.recordingId, attempt: ctx.attempt }, 'transcription failed');
        if (ctx.attempt >= ctx.maxAttempts) await failed(payload);
        throw err;
      }
    },
    {
      ...TRANSCRIBE_JOB_OPTIONS,
      timeoutMs: deps.transcribeTimeoutMs + START_ALLOWANCE_MS,
      ...deps.options,
      // the last try's process died: the transcript says so.
      onFailed: async (payload) => {
        await Transcript.updateOne({ recordingId: payload.recordingId, audio: payload.audio, status: 'pending' }, { $set: { status: 'failed', error: TRANSCRIPT_REASONS.failed } });
      },
    },
  );
}

/** Removes the transcripts of removed recordings (`speaking/service.ts`). */
export async function removeTranscripts(recordingIds: readonly Types.ObjectId[]): Promise<void> {
  if (recordingIds.length === 0) return;
  await Transcript.deleteMany({ recordingId: { $in: recordingIds } });
}

/** Words and fillers a minute of a transcript (docs/product.md#delivery-over-time). */
export interface TranscriptRates {
  /** words a minute of speaking time */
  wordsPerMinute: number;
  /** filler words a minute of speaking time, one decimal */
  fillersPerMinute: number;
}

/**
 * Gives every recording whose audio is still kept and that has no transcript record — stored before
 * transcripts existed — a `pending` transcript and queues its transcription (at start-up,
 * docs/product.md#transcripts). Without this, such a take would read `pending` for ever.
 * @returns how many were queued
 */
export async function backfillTranscripts(): Promise<number> {
  const [recordings, records] = await Promise.all([
    Recording.find({ audioRemovedAt: null }).select('studentId file.name').lean<RecordingForTranscript[]>(),
    Transcript.find().select('recordingId').lean(),
  ]);
  const known = new Set(records.map((r) => String(r.recordingId)));
  const missing = recordings.filter((r) => !known.has(String(r._id)));
  for (const recording of missing) await startTranscript(recording);
  return missing.length;
}

/**
 * Words and fillers a minute of the recordings' ready transcripts, keyed by recording id; a
 * recording without a ready transcript with words is left out. Fillers a minute use the same
 * speaking time as words a minute (words ÷ words a minute). One query.
 */
export async function transcriptRates(recordingIds: readonly string[]): Promise<Map<string, TranscriptRates>> {
  if (recordingIds.length === 0) return new Map();
  const records = await Transcript.find({ recordingId: { $in: recordingIds }, status: 'ready', wordsPerMinute: { $gt: 0 } })
    .select('recordingId words fillers wordsPerMinute')
    .lean<Array<{ recordingId: Types.ObjectId; words: unknown[]; fillers: unknown[]; wordsPerMinute: number }>>();
  const rates = new Map<string, TranscriptRates>();
  for (const r of records) {
    if (r.words.length === 0) continue;
    const speakingMinutes = r.words.length / r.wordsPerMinute;
    rates.set(String(r.recordingId), { wordsPerMinute: r.wordsPerMinute, fillersPerMinute: Math.round((10 * r.fillers.length) / speakingMinutes) / 10 });
  }
  return rates;
}

/** A recording's transcript (`GET /api/recordings/:recordingId/transcript`); `pending` without a record. One query. */
export async function transcriptOf(recordingId: Types.ObjectId): Promise<TranscriptJson> {
  return presentTranscript(await Transcript.findOne({ recordingId }).lean<TranscriptRecordLike>());
}

/** A stored transcript as a correction reads it. */
interface StoredForCorrection {
  _id: Types.ObjectId;
  status: string;
  version: number;
  text: string;
  words: TranscriptWord[];
  fillers: Array<{ text: string; startMs: number; endMs: number; wordIndex?: number }>;
  repeats: unknown[];
  wordsPerMinute: number | null;
  dismissedFillers?: number[];
  reading: unknown;
  automatic: { fillers?: StoredForCorrection['fillers'] } | null;
}

/**
 * A teacher's correction of a ready transcript (`PUT /api/recordings/:recordingId/transcript`,
 * docs/product.md#transcripts): the words as they should read (times kept; '' drops one), then the
 * text, words a minute, fillers (from the school's list, and the hesitations the worker heard),
 * repeats and the reading against the task's script are worked out again; fillers starting at a time dismissed now or before are left out. `version` goes
 * up by one; the worker's own version stays in `automatic` the first time.
 * @param correction.words every word in order, corrected; a list of another length is a 400
 * @param correction.dismissedFillers start times (ms) of fillers that are not fillers
 * @throws 409 `conflict` when the transcript is not ready (nothing to correct); 400 for words of the wrong count
 */
export async function correctTranscript(
  recordingId: Types.ObjectId,
  correction: { words?: string[] | undefined; dismissedFillers?: number[] | undefined },
  by: Types.ObjectId,
): Promise<TranscriptJson> {
  const stored = await Transcript.findOne({ recordingId }).lean<StoredForCorrection>();
  if (!stored || stored.status !== 'ready') throw conflict('This recording has no transcript to correct yet.');
  if (correction.words && correction.words.length !== stored.words.length) {
    throw badRequest('The request is not valid.', { words: `Give all ${stored.words.length} words of the transcript, in order.` });
  }
  const words = correction.words ? stored.words.map((w, i) => ({ ...w, text: correction.words![i]! })).filter((w) => w.text !== '') : stored.words;
  // the hesitations the worker heard between words, from its own version.
  const gapFillers = (stored.automatic?.fillers ?? stored.fillers).filter((f) => f.wordIndex === undefined);
  const [speakingMs, fillerWords, script] = await Promise.all([speakingMsOf(String(recordingId)), schoolFillers(), scriptOf(recordingId)]);
  const measured = measureTranscription({ status: 'ready', language: '', text: '', words, fillers: gapFillers }, { speakingMs, fillerWords, script });
  const dismissed = new Set([...(stored.dismissedFillers ?? []), ...(correction.dismissedFillers ?? [])]);
  const fields = {
    ...measured,
    fillers: measured.fillers.filter((f) => !dismissed.has(f.startMs)),
    words,
    text: words.map((w) => w.text).join(' '),
    version: stored.version + 1,
    dismissedFillers: [...dismissed],
    correctedBy: by,
    automatic: stored.automatic ?? {
      text: stored.text,
      words: stored.words,
      fillers: stored.fillers,
      repeats: stored.repeats,
      wordsPerMinute: stored.wordsPerMinute,
      reading: stored.reading,
    },
  };
  // the version read is the one replaced: of two corrections at once, the later one is refused.
  const written = await Transcript.updateOne({ _id: stored._id, version: stored.version }, { $set: fields });
  if (written.modifiedCount === 0) throw conflict('The transcript changed meanwhile: load it again.');
  return transcriptOf(recordingId);
}

/**
 * A task's script changed (docs/product.md#reading-aloud): the reading of each ready transcript of
 * its recordings is worked out again against the new script (null without one), from the words as
 * they stand (a teacher's corrections included); nothing else in them changes. Three queries, then
 * one write per ready transcript.
 * @returns how many transcripts were read again
 */
export async function rereadTask(taskId: Types.ObjectId, script: string | null): Promise<number> {
  const recordings = await Recording.find({ taskId }).select('_id').lean();
  if (recordings.length === 0) return 0;
  const transcripts = await Transcript.find({ recordingId: { $in: recordings.map((r) => r._id) }, status: 'ready' })
    .select('recordingId words')
    .lean<Array<{ _id: Types.ObjectId; recordingId: Types.ObjectId; words: TranscriptWord[] }>>();
  const reports = await StoredDeliveryReport.find({ recordingId: { $in: transcripts.map((t) => t.recordingId) }, status: 'ready' })
    .select('recordingId report.speakingMs')
    .lean<Array<{ recordingId: Types.ObjectId; report?: { speakingMs?: unknown } | null }>>();
  const reported = new Map(reports.map((r) => [String(r.recordingId), r.report?.speakingMs]));
  for (const t of transcripts) {
    const fromReport = reported.get(String(t.recordingId));
    const span = t.words.length > 0 ? t.words[t.words.length - 1]!.endMs - t.words[0]!.startMs : 0;
    const speakingMs = typeof fromReport === 'number' && fromReport > 0 ? fromReport : span;
    await Transcript.updateOne({ _id: t._id }, { $set: { reading: readingOf(script, t.words, speakingMs) } });
  }
  return transcripts.length;
}
