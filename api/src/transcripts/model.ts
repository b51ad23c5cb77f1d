import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** A transcript's state (docs/product.md#transcripts). */
export const TRANSCRIPT_STATUSES = ['pending', 'ready', 'failed', 'unavailable'] as const;
/** A transcript's state: `pending` until the job ran, `ready` with words, `failed` for this take, `unavailable` without a worker. */
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/**
 * The transcript of one recording (docs/product.md#transcripts): what was said, word by word with
 * its times, and the measures read from it — words a minute, fillers, repeats and, for a task with
 * a script, the reading. Made `pending` at each upload and written by the job `recording.transcribe`
 * (`transcripts/service.ts`); every mark in it is a suggestion the teacher may correct. A record of
 * its own, removed with its recording (`speaking/service.ts`). A teacher's correction bumps `version` and keeps the
 * worker's version in `automatic`.
 */
const transcriptSchema = new Schema(
  {
    recordingId: { type: Schema.Types.ObjectId, ref: 'Recording', required: true },
    /** the recording's student: whose words these are */
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the recordings-store key of the audio transcribed: a replaced take's old job finds it changed */
    audio: { type: String, required: true },
    /** `pending`, `ready`, `failed` or `unavailable` */
    status: { type: String, enum: TRANSCRIPT_STATUSES, required: true },
    /** 0 while pending; 1 for the worker's transcript; each correction adds one */
    version: { type: Number, default: 0 },
    /** the language transcribed, e.g. `en`; '' without a transcript */
    language: { type: String, default: '' },
    /** the whole text, as the decoder wrote it */
    text: { type: String, default: '' },
    /** `[{text, startMs, endMs, confidence}]`: the words in order, ms from the start of the take, confidence 0–1 */
    words: { type: Schema.Types.Mixed, default: () => [] },
    /** `[{text, startMs, endMs, wordIndex?}]`: fillers from the school's list, in time order */
    fillers: { type: Schema.Types.Mixed, default: () => [] },
    /** words a minute of speaking time, one decimal; null without words or speaking time */
    wordsPerMinute: { type: Number, default: null },
    /** `[{kind: word|phrase, text, count, starts}]` */
    repeats: { type: Schema.Types.Mixed, default: () => [] },
    /** the reading against the task's script, or null when the task has none */
    reading: { type: Schema.Types.Mixed, default: null },
    /** the worker's transcript `{text, words, fillers, repeats, wordsPerMinute}` once a teacher corrected it; null before */
    automatic: { type: Schema.Types.Mixed, default: null },
    /** start times (ms) of fillers a teacher dismissed: later corrections leave them out too */
    dismissedFillers: { type: [Number], default: () => [] },
    /** the teacher or admin who corrected it last; null before a correction or once that account is deleted */
    correctedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** when the retention job removed the recording's audio and kept these words (the school's `transcriptRetentionDays`); null while the audio is kept (docs/product.md#retention) */
    audioRemovedAt: { type: Date, default: null },
    /** in plain words, why there is no transcript (`failed`, `unavailable`); null otherwise */
    error: { type: String, default: null },
  },
  { ...baseSchemaOptions, minimize: false },
);
transcriptSchema.index({ recordingId: 1 }, { unique: true });
transcriptSchema.index({ studentId: 1 });
transcriptSchema.index({ audioRemovedAt: 1 });
watchWrites(transcriptSchema, 'Transcript');

/** The transcripts, collection `transcripts`. */
export const Transcript = model('Transcript', transcriptSchema);
