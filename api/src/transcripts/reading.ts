import { hesitation, normaliseWord, splitWords, type TimedWord } from './words.js';

/**
 * Reading aloud against a script (docs/architecture.md#the-transcription-worker): the transcript's
 * words are aligned to the script's by a word-level edit distance (Levenshtein: a substitution,
 * a skipped script word and an inserted word each cost 1, a match 0), on normalised words.
 */

/** What became of one word of the script. */
export interface ScriptWord {
  /** the word as the script writes it */
  text: string;
  status: 'read' | 'skipped' | 'substituted';
  /** what was said instead, for `substituted` */
  said?: string;
  /** when it was said (read or substituted), ms from the start of the take */
  startMs?: number;
}

/** One reading error; `startMs` is when it happened (for a skip: when the next word said began), or absent when unknown. */
export interface ReadingError {
  kind: 'skipped' | 'substituted' | 'inserted';
  /** the script's word ('' for an insertion) */
  expected: string;
  /** the word said ('' for a skip) */
  said: string;
  startMs?: number;
}

/** The alignment of a reading: every script word's fate, the errors in order, and the accuracy. */
export interface ReadingResult {
  words: ScriptWord[];
  errors: ReadingError[];
  /** script words read correctly */
  correct: number;
  /** words said that the script does not hold at that place */
  inserted: number;
  /** correct ÷ script words × 100, one decimal; 0 for an empty script */
  accuracy: number;
}

/** A word as reading aloud compares it: normalised, apostrophes dropped — "it's" and "its" sound the same. */
const soundKey = (word: string) => normaliseWord(word).replace(/'/g, '');

/**
 * Aligns what was said to a script (docs/architecture.md#the-transcription-worker). Hesitations
 * ("um", "uh") are left out of the transcript first: they are fillers, not reading errors. Among
 * alignments of the same cost, a substitution is preferred to a skip plus an insertion.
 * Numbers are compared as written ("3" is not "three"); apostrophes are left out ("it's" reads "its").
 * @param script the text to be read (split into words; punctuation ignored)
 * @param said the transcript's words, in order
 * @returns each script word's fate, the errors and the accuracy
 */
export function alignReading(script: string, said: readonly TimedWord[]): ReadingResult {
  const expected = splitWords(script);
  const exp = expected.map(soundKey);
  const spoken = said.filter((w) => normaliseWord(w.text) !== '' && hesitation(w.text) === null);
  const got = spoken.map((w) => soundKey(w.text));
  const n = exp.length;
  const m = got.length;
  // cost[i][j]: the cheapest alignment of the first i script words with the first j said words.
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diagonal = cost[i - 1]![j - 1]! + (exp[i - 1] === got[j - 1] ? 0 : 1);
      cost[i]![j] = Math.min(diagonal, cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const words: ScriptWord[] = [];
  const errors: ReadingError[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0 && here === cost[i - 1]![j - 1]! + (exp[i - 1] === got[j - 1] ? 0 : 1)) {
      const w = spoken[j - 1]!;
      if (exp[i - 1] === got[j - 1]) words.push({ text: expected[i - 1]!, status: 'read', startMs: w.startMs });
      else {
        words.push({ text: expected[i - 1]!, status: 'substituted', said: w.text.trim(), startMs: w.startMs });
        errors.push({ kind: 'substituted', expected: expected[i - 1]!, said: w.text.trim(), startMs: w.startMs });
      }
      i--;
      j--;
    } else if (i > 0 && here === cost[i - 1]![j]! + 1) {
      const next = spoken[j];
      words.push({ text: expected[i - 1]!, status: 'skipped' });
      errors.push({ kind: 'skipped', expected: expected[i - 1]!, said: '', startMs: next?.startMs });
      i--;
    } else {
      const w = spoken[j - 1]!;
      errors.push({ kind: 'inserted', expected: '', said: w.text.trim(), startMs: w.startMs });
      j--;
    }
  }
  words.reverse();
  errors.reverse();
  const correct = words.filter((w) => w.status === 'read').length;
  return {
    words,
    errors,
    correct,
    inserted: errors.filter((e) => e.kind === 'inserted').length,
    accuracy: n === 0 ? 0 : Math.round((correct / n) * 1000) / 10,
  };
}

/**
 * Words correct a minute, the measure reading teachers use: script words read correctly divided
 * by the speaking time.
 * @param reading an alignment from {@link alignReading}
 * @param speakingMs speaking time, ms (the delivery report's `speakingMs`)
 * @returns one decimal; null when there is no speaking time
 */
export function wordsCorrectPerMinute(reading: Pick<ReadingResult, 'correct'>, speakingMs: number): number | null {
  if (!(speakingMs > 0)) return null;
  return Math.round((reading.correct / (speakingMs / 60_000)) * 10) / 10;
}
