/**
 * A take's transcript on screen (docs/product.md#transcripts): its calls, with the shapes from the
 * typed client, and the pure work of marking its words — fillers and repeats in the running text,
 * and a reading's script with its skipped and substituted words.
 */
import { callOptions, client, json, type Answer, type JsonBody } from '../../platform/api/client';

const api = client.api;

/**
 * `GET /api/recordings/{recordingId}/transcript`: `{status: pending | ready | failed | unavailable,
 * version, language, text, words: [{text, startMs, endMs, confidence}], wordsPerMinute, fillers,
 * repeats, reading}` (docs/product.md#transcripts).
 */
export type Transcript = Answer<(typeof api.recordings)[':recordingId']['transcript']['$get']>;
/** A teacher's correction: `{words?: string[] (every word in order), dismissedFillers?: number[] (start times, ms)}`. */
export type TranscriptCorrection = JsonBody<(typeof api.recordings)[':recordingId']['transcript']['$put']>;

/**
 * The offline-cache key of a take's transcript: its API path and the take's `submittedAt` (ISO
 * 8601), as a new take keeps its recording's id (docs/product.md#recordings).
 */
export const transcriptKey = (recordingId: string, submittedAt: string): string => `/api/recordings/${recordingId}/transcript#${submittedAt}`;

/** `GET /api/recordings/{recordingId}/transcript`. @throws the errors of `api.ts` (403, 404). */
export function loadTranscript(recordingId: string, signal?: AbortSignal): Promise<Transcript> {
  return json(api.recordings[':recordingId'].transcript.$get({ param: { recordingId } }, callOptions({ signal })));
}

/**
 * `PUT /api/recordings/{recordingId}/transcript` (the course's teacher or an admin).
 * @returns the corrected transcript (its `version` one up)
 * @throws the errors of `api.ts` (400 naming `words`, 409 when not ready or changed meanwhile)
 */
export function correctTranscript(recordingId: string, correction: TranscriptCorrection): Promise<Transcript> {
  return json(api.recordings[':recordingId'].transcript.$put({ param: { recordingId }, json: correction }));
}

/** One piece of the running text: a word of the transcript, or a filler heard between words. */
export interface TranscriptPiece {
  text: string;
  /** where it starts, ms from the start of the take */
  startMs: number;
  /** the word's index in `words`; null for a filler heard between words */
  wordIndex: number | null;
  /** the start time of the filler this piece belongs to, or null */
  fillerStartMs: number | null;
  /** true when the word is part of a repeated word or phrase */
  repeat: boolean;
}

/**
 * The running text of a transcript, in time order (docs/product.md#transcripts): each word marked
 * when a filler covers it (by the filler's times) or when it is part of a repeat (the server's
 * `wordIndexes`: a word said twice or more in a row, a phrase at each saying);
 * a filler heard between words comes in as a piece of its own before the first later word.
 */
export function transcriptPieces(transcript: Pick<Transcript, 'words' | 'fillers' | 'repeats'>): TranscriptPiece[] {
  const { words, fillers, repeats } = transcript;
  // A word belongs to the filler it starts in ("you know" covers two words).
  const fillerOf = (startMs: number) => fillers.find((f) => startMs >= f.startMs && startMs < Math.max(f.endMs, f.startMs + 1)) ?? null;
  const repeated = new Set(repeats.flatMap((repeat) => repeat.wordIndexes));
  const pieces: TranscriptPiece[] = words.map((w, index) => ({
    text: w.text.trim(),
    startMs: w.startMs,
    wordIndex: index,
    fillerStartMs: fillerOf(w.startMs)?.startMs ?? null,
    repeat: repeated.has(index),
  }));
  const onWords = new Set(pieces.map((p) => p.fillerStartMs).filter((at) => at !== null));
  for (const filler of fillers) {
    if (onWords.has(filler.startMs)) continue;
    const at = pieces.findIndex((p) => p.startMs >= filler.startMs);
    const piece = { text: filler.text, startMs: filler.startMs, wordIndex: null, fillerStartMs: filler.startMs, repeat: false };
    if (at === -1) pieces.push(piece);
    else pieces.splice(at, 0, piece);
  }
  return pieces;
}
