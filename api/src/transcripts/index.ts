/**
 * Transcripts (docs/architecture.md#the-transcription-worker): the worker that turns a take into
 * timed words on the school's own server, and the pure measures read from its words — words a
 * minute, fillers, repeats, and reading aloud against a script — the job `recording.transcribe`
 * that stores each take's transcript, and the transcript's endpoint (docs/product.md#transcripts).
 */
export { Transcriber, DEFAULT_PYTHON, createTranscriber } from './transcriber.js';
export { backfillTranscripts, defineTranscriptJob, removeTranscripts, rereadTask, startTranscript } from './service.js';
export { transcriptRoutes } from './routes.js';
export { wordsPerMinute } from './pace.js';
export { findRepeats } from './repeats.js';
export { DEFAULT_FILLERS, findFillers } from './fillers.js';
export { alignReading, wordsCorrectPerMinute } from './reading.js';
export { normaliseWord } from './words.js';

/** @public The shapes the transcription job and the transcript's endpoint will store and present. */
export type { TranscriberOptions, Transcription, TranscriptFiller, TranscriptWord } from './transcriber.js';
/** @public As above: a transcript's repeats, fillers and reading. */
export type { Repeat } from './repeats.js';
/** @public As above. */
export type { Filler } from './fillers.js';
/** @public As above. */
export type { ReadingError, ReadingResult, ScriptWord } from './reading.js';
/** @public As above. */
export type { TimedWord } from './words.js';
