/**
 * Word helpers shared by the transcript's measures (docs/architecture.md#the-transcription-worker):
 * how a word is compared, and the hesitation sounds no measure counts as words.
 */

/** A word as the measures read it: its text and, when it came from the worker, its times in ms. */
export interface TimedWord {
  text: string;
  startMs?: number;
  endMs?: number;
}

/**
 * A word as it is compared: lower case, without the punctuation around it (inner apostrophes and
 * hyphens stay: "we'll", "well-known"); curly apostrophes become straight ones.
 * @returns '' for a token of punctuation only
 */
export function normaliseWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The spellings of a hesitation the decoder writes, each mapped to the list's spelling. */
const HESITATION_SPELLINGS: Readonly<Record<string, string>> = {
  um: 'um',
  umm: 'um',
  uh: 'uh',
  uhh: 'uh',
  er: 'er',
  erm: 'erm',
  hmm: 'hmm',
  hm: 'hmm',
  mm: 'hmm',
  mmm: 'hmm',
  ah: 'ah',
  eh: 'eh',
};

/** The list's spelling of a hesitation sound ("umm" → "um"), or null when the word is none. */
export function hesitation(text: string): string | null {
  return HESITATION_SPELLINGS[normaliseWord(text)] ?? null;
}

/** Splits a text (a script) into words: runs of letters, digits, apostrophes and hyphens. */
export function splitWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*/gu) ?? [];
}
