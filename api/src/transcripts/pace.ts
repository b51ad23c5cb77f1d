import { hesitation, normaliseWord, type TimedWord } from './words.js';

/**
 * Words a minute of speaking time (docs/architecture.md#the-transcription-worker): the words said
 * (hesitations such as "um" and tokens of punctuation only are not words) divided by the
 * speaking time — the delivery report's `speakingMs`, first speech to last less the pauses.
 * @param words the transcript's words
 * @param speakingMs speaking time, ms
 * @returns words a minute, one decimal; null when there is no speaking time
 */
export function wordsPerMinute(words: readonly TimedWord[], speakingMs: number): number | null {
  if (!(speakingMs > 0)) return null;
  const count = words.filter((w) => normaliseWord(w.text) !== '' && hesitation(w.text) === null).length;
  return Math.round((count / (speakingMs / 60_000)) * 10) / 10;
}
