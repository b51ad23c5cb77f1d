import { hesitation, normaliseWord, type TimedWord } from './words.js';

/**
 * A repeat in a transcript (docs/architecture.md#the-transcription-worker): `word` — one word said
 * `count` times in a row ("we, we"), one entry per run; `phrase` — 2 to 4 words said `count` (≥ 3)
 * times anywhere in the take. `starts` are the indices (in the words given) where each saying begins;
 * `wordIndexes` every word of every saying, for a screen to mark.
 */
export interface Repeat {
  kind: 'word' | 'phrase';
  /** the words, normalised (lower case, no punctuation) */
  text: string;
  count: number;
  starts: number[];
  wordIndexes: number[];
}

/** A phrase is counted when said this many times or more. */
export const PHRASE_MIN_COUNT = 3;

/**
 * Words that make up ordinary sentences: a phrase of these only ("of the", "it is") is not a
 * repeat, however often it is said.
 */
const FUNCTION_WORDS = new Set(
  'a an the and or but so of to in on at by for with from as is are was were be been am it its this that these those i you he she we they me him her us them my your his our their there here not do did does have has had will would can could should if then than just very'.split(
    ' ',
  ),
);

/**
 * Finds repeated words and phrases (docs/architecture.md#the-transcription-worker). Words are
 * compared normalised; hesitations ("um") are left out first, so "we, um, we" is a repeat of "we".
 * A phrase is 2–4 words said at least {@link PHRASE_MIN_COUNT} times without overlapping itself; it
 * is left out when every word is a function word, when it is one word over and over, or when each
 * of its sayings overlaps a phrase already found (longer phrases are found first): a passage of more
 * than 4 words said three times is given once, by its first 4 words, and "once upon" is not given
 * beside "once upon a time".
 * @param words the transcript's words, in order
 * @returns word repeats in order, then phrases from the longest and most said
 */
export function findRepeats(words: readonly TimedWord[]): Repeat[] {
  const kept = words.map((w, index) => ({ text: normaliseWord(w.text), index })).filter((w) => w.text !== '' && hesitation(w.text) === null);
  const repeats: Repeat[] = [];
  for (let i = 0; i < kept.length;) {
    let j = i + 1;
    while (j < kept.length && kept[j]!.text === kept[i]!.text) j++;
    if (j - i >= 2) repeats.push({ kind: 'word', text: kept[i]!.text, count: j - i, starts: [kept[i]!.index], wordIndexes: kept.slice(i, j).map((w) => w.index) });
    i = j;
  }
  const phrases: Repeat[] = [];
  // Word positions (in `kept`) inside a phrase already found, or inside the rest of a longer
  // passage said as often: a phrase every saying of which touches one is part of that phrase.
  const covered = new Set<number>();
  for (let n = 4; n >= 2; n--) {
    const seen = new Map<string, number[]>();
    for (let i = 0; i + n <= kept.length; i++) {
      const parts = kept.slice(i, i + n).map((w) => w.text);
      if (parts.every((p) => FUNCTION_WORDS.has(p)) || parts.every((p) => p === parts[0])) continue;
      const key = parts.join(' ');
      const at = seen.get(key) ?? [];
      // Non-overlapping sayings only: "we we we we" is not "we we" said three times.
      if (at.length === 0 || at[at.length - 1]! + n <= i) at.push(i);
      seen.set(key, at);
    }
    const found = [...seen].filter(([, at]) => at.length >= PHRASE_MIN_COUNT).sort((a, b) => a[1][0]! - b[1][0]!);
    for (const [text, at] of found) {
      const touches = (start: number) => Array.from({ length: n }, (_, k) => start + k).some((p) => covered.has(p));
      const partOfLonger = at.every(touches);
      for (const start of at) for (let k = 0; k < n; k++) covered.add(start + k);
      if (!partOfLonger) {
        const wordIndexes = at.flatMap((start) => kept.slice(start, start + n).map((w) => w.index));
        phrases.push({ kind: 'phrase', text, count: at.length, starts: at.map((i) => kept[i]!.index), wordIndexes });
      }
    }
  }
  phrases.sort((a, b) => b.text.split(' ').length - a.text.split(' ').length || b.count - a.count || a.starts[0]! - b.starts[0]!);
  return [...repeats, ...phrases];
}
