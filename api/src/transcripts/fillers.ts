import { hesitation, normaliseWord, type TimedWord } from './words.js';

/**
 * Filler words (docs/architecture.md#the-transcription-worker), from a list the school may edit.
 * An entry of the list is one word or a few ("you know"). Most entries are fillers wherever they
 * are said; the entries of {@link CONTEXTUAL_FILLERS} are ordinary words too ("I like it", "you
 * know the answer") and are marked only where the words around them show them as fillers.
 */

/** The list a school starts with. */
export const DEFAULT_FILLERS: readonly string[] = ['um', 'uh', 'er', 'erm', 'hmm', 'like', 'you know'];

/** Entries that are marked only in a filler's place (see {@link findFillers}). */
export const CONTEXTUAL_FILLERS: ReadonlySet<string> = new Set(['like', 'you know', 'i mean', 'so', 'well', 'actually', 'basically', 'literally', 'right']);

/** A silence between two words at least this long (ms) sets a word off as a comma does. */
export const SET_OFF_PAUSE_MS = 250;

/** A filler found: its text as in the list, where it was said (ms), and, when it is one of the words, its index. */
export interface Filler {
  text: string;
  startMs: number;
  endMs: number;
  /** index of its first word in the words given; absent for a hesitation heard between words */
  wordIndex?: number;
}

/** Forms of "be" and joining words after which "like" is a filler ("it was like amazing", "and like we went"). */
const BEFORE_FILLER_LIKE = new Set([
  'is',
  'was',
  'were',
  'are',
  'am',
  "i'm",
  "it's",
  "he's",
  "she's",
  "we're",
  "they're",
  "you're",
  "that's",
  'be',
  'been',
  'and',
  'but',
  'so',
  'just',
  'then',
]);
/** Words that, right after "like", show it compares ("like a dream", "like me"): a determiner or an object pronoun. */
const AFTER_COMPARING_LIKE = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'his', 'her', 'our', 'their', 'its', 'me', 'him', 'us', 'them', 'it']);
/** Words before "you know" that make it a question or a clause ("do you know", "as you know"), even set off by a comma. */
const BEFORE_CLAUSE_YOU_KNOW = new Set(['do', 'did', 'does', "don't", "didn't", 'if', 'as', 'what', 'how', 'would', 'will', 'can', 'could', 'should', 'might']);

/** True when a comma, a full stop or another mark ends the word's text. */
const endsWithMark = (text: string): boolean => /[,.;:!?\u2014\u2013-]$/.test(text.trim());

/**
 * Finds the fillers in a transcript (docs/architecture.md#the-transcription-worker).
 * The rule for a contextual entry (`CONTEXTUAL_FILLERS`) is simple on purpose, and every mark is a
 * suggestion the teacher can dismiss:
 * - it is a filler when it is **set off**: a mark (comma, full stop, dash) ends the word before it
 *   or ends it, or a silence of at least {@link SET_OFF_PAUSE_MS} stands on either side;
 * - "like", not set off, is a filler when the word before is a form of "be" or a joining word
 *   (is, was, and, but, so, just …) or it opens the take, and the next word is not a determiner
 *   or an object pronoun ("it was like amazing" yes; "it was like a dream", "I like it" no);
 * - "you know", not set off, is a filler when it ends the take or a sentence; never after
 *   do/did/if/as/what/how or a modal ("do you know", "as you know").
 * Hesitations heard between words by the worker (`gapFillers`) are kept when the list holds them.
 * @param words the transcript's words, in order (text with the decoder's punctuation; times in ms)
 * @param options.list the school's list (default {@link DEFAULT_FILLERS}); compared normalised
 * @param options.gapFillers hesitations the worker heard between words
 * @returns the fillers, in time order
 */
export function findFillers(words: readonly TimedWord[], options: { list?: readonly string[]; gapFillers?: readonly { text: string; startMs: number; endMs: number }[] } = {}): Filler[] {
  const entries = (options.list ?? DEFAULT_FILLERS).map((e) => e.split(/\s+/).map(normaliseWord).filter(Boolean)).filter((e) => e.length > 0);
  // Longer entries first, so "you know" is tried before a school's "you".
  entries.sort((a, b) => b.length - a.length);
  const norm = words.map((w) => hesitation(w.text) ?? normaliseWord(w.text));
  const found: Filler[] = [];
  const gapBefore = (i: number): boolean => {
    if (i === 0) return true;
    const prev = words[i - 1]!;
    const here = words[i]!;
    if (endsWithMark(prev.text)) return true;
    return prev.endMs !== undefined && here.startMs !== undefined && here.startMs - prev.endMs >= SET_OFF_PAUSE_MS;
  };
  const gapAfter = (last: number): boolean => {
    if (last === words.length - 1) return true;
    const here = words[last]!;
    const next = words[last + 1]!;
    if (endsWithMark(here.text)) return true;
    return here.endMs !== undefined && next.startMs !== undefined && next.startMs - here.endMs >= SET_OFF_PAUSE_MS;
  };
  for (let i = 0; i < words.length;) {
    const entry = entries.find((e) => e.every((part, k) => norm[i + k] === part));
    if (!entry) {
      i++;
      continue;
    }
    const last = i + entry.length - 1;
    const text = entry.join(' ');
    let filler = true;
    if (text === 'you know' && i > 0 && BEFORE_CLAUSE_YOU_KNOW.has(norm[i - 1]!)) filler = false;
    else if (CONTEXTUAL_FILLERS.has(text)) {
      const setOff = (i > 0 && gapBefore(i)) || (last < words.length - 1 && gapAfter(last));
      if (!setOff) filler = contextRule(text, norm, i, last, words);
    }
    if (filler) {
      found.push({ text, startMs: words[i]!.startMs ?? 0, endMs: words[last]!.endMs ?? words[i]!.startMs ?? 0, wordIndex: i });
      i = last + 1;
    } else i++;
  }
  const listed = new Set(entries.filter((e) => e.length === 1).map((e) => e[0]!));
  for (const g of options.gapFillers ?? []) {
    const text = hesitation(g.text) ?? normaliseWord(g.text);
    if (listed.has(text)) found.push({ text, startMs: g.startMs, endMs: g.endMs });
  }
  return found.sort((a, b) => a.startMs - b.startMs);
}

/** The rule for a contextual entry that no mark or silence sets off. */
function contextRule(text: string, norm: readonly string[], first: number, last: number, words: readonly TimedWord[]): boolean {
  const before = first > 0 ? norm[first - 1]! : null;
  const after = last < norm.length - 1 ? norm[last + 1]! : null;
  if (text === 'like') return (before === null || BEFORE_FILLER_LIKE.has(before)) && after !== null && !AFTER_COMPARING_LIKE.has(after);
  if (text === 'you know') return after === null || /[.!?]$/.test(words[last]!.text.trim());
  return false;
}
