/**
 * Transcripts (docs/architecture.md#the-transcription-worker): the worker that turns a take into
 * timed words on the school's own server, and the pure measures read from its words — words a
 * minute, fillers, repeats, and reading aloud against a script.
 */
export { Transcriber, DEFAULT_IDLE_MS, DEFAULT_PYTHON, DEFAULT_START_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, WORKER_PATH } from './transcriber.js';
export type { TranscriberOptions, Transcription, TranscriptFiller, TranscriptWord } from './transcriber.js';
export { wordsPerMinute } from './pace.js';
export { findRepeats, PHRASE_MIN_COUNT, type Repeat } from './repeats.js';
export { CONTEXTUAL_FILLERS, DEFAULT_FILLERS, findFillers, SET_OFF_PAUSE_MS, type Filler } from './fillers.js';
export { alignReading, wordsCorrectPerMinute, type ReadingError, type ReadingResult, type ScriptWord } from './reading.js';
export { hesitation, normaliseWord, splitWords, type TimedWord } from './words.js';
