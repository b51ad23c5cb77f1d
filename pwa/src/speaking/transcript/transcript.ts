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

/** A word as the server compares it: lower case, no punctuation around it, straight apostrophes. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The hesitation sounds the server leaves out of repeats and readings. */
const HESITATIONS = new Set(['um', 'umm', 'uh', 'uhh', 'er', 'erm', 'hmm', 'hm', 'mm', 'mmm', 'ah', 'eh']);

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
 * repeats found again in the words: a word said twice or more in a row, a phrase at each saying);
 * a filler heard between words comes in as a piece of its own before the first later word.
 */
export function transcriptPieces(transcript: Pick<Transcript, 'words' | 'fillers' | 'repeats'>): TranscriptPiece[] {
  const { words, fillers, repeats } = transcript;
  // A word belongs to the filler it starts in ("you know" covers two words).
  const fillerOf = (startMs: number) => fillers.find((f) => startMs >= f.startMs && startMs < Math.max(f.endMs, f.startMs + 1)) ?? null;
  const repeated = new Set<number>();
  const kept = words.map((w, index) => ({ text: normalise(w.text), index })).filter((w) => w.text !== '' && !HESITATIONS.has(w.text));
  for (const repeat of repeats) {
    const parts = repeat.text.split(' ');
    if (repeat.kind === 'word') {
      for (let i = 0; i < kept.length;) {
        let j = i + 1;
        while (j < kept.length && kept[j]?.text === kept[i]?.text) j++;
        if (j - i >= 2 && kept[i]?.text === repeat.text) for (let k = i; k < j; k++) repeated.add(kept[k]?.index ?? -1);
        i = j;
      }
    } else {
      for (let i = 0; i + parts.length <= kept.length; i++) {
        if (parts.every((part, k) => kept[i + k]?.text === part)) for (let k = 0; k < parts.length; k++) repeated.add(kept[i + k]?.index ?? -1);
      }
    }
  }
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

/** A word of a reading's script and how it was read. */
export interface ScriptMark {
  text: string;
  status: 'read' | 'skipped' | 'substituted';
  /** what was said instead, for a substituted word */
  said: string;
}

/**
 * A reading's script word by word with how each was read (docs/product.md#transcripts): the
 * script is aligned to the transcript's words as the server aligns them (the cheapest edit
 * alignment of normalised words, hesitations left out, a substitution preferred to a skip and an
 * insertion), so the marks agree with the server's `reading.errors`.
 */
export function scriptMarks(script: string, words: readonly { text: string }[]): ScriptMark[] {
  const expected = script.match(/[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*/gu) ?? [];
  const exp = expected.map(normalise);
  const spoken = words.filter((w) => normalise(w.text) !== '' && !HESITATIONS.has(normalise(w.text)));
  const got = spoken.map((w) => normalise(w.text));
  const n = exp.length;
  const m = got.length;
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => cost[i]?.[j] ?? 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const row = cost[i] ?? [];
      row[j] = Math.min(at(i - 1, j - 1) + (exp[i - 1] === got[j - 1] ? 0 : 1), at(i - 1, j) + 1, at(i, j - 1) + 1);
    }
  }
  const marks: ScriptMark[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    const same = exp[i - 1] === got[j - 1];
    if (i > 0 && j > 0 && here === at(i - 1, j - 1) + (same ? 0 : 1)) {
      marks.push({ text: expected[i - 1] ?? '', status: same ? 'read' : 'substituted', said: same ? '' : (spoken[j - 1]?.text.trim() ?? '') });
      i--;
      j--;
    } else if (i > 0 && here === at(i - 1, j) + 1) {
      marks.push({ text: expected[i - 1] ?? '', status: 'skipped', said: '' });
      i--;
    } else j--;
  }
  return marks.reverse();
}
