import { describe, expect, it } from 'vitest';
import { findRepeats } from './index.js';

const words = (text: string) => text.split(' ').map((t) => ({ text: t }));

describe('findRepeats', () => {
  it('finds a word said twice in a row, across a comma and a hesitation', () => {
    expect(findRepeats(words('we, we went to the park and I, um, I liked it'))).toEqual([
      { kind: 'word', text: 'we', count: 2, starts: [0], wordIndexes: [0, 1] },
      { kind: 'word', text: 'i', count: 2, starts: [7], wordIndexes: [7, 9] },
    ]);
  });

  it('gives a run of one word once, with its length', () => {
    expect(findRepeats(words('the the the cat'))).toEqual([{ kind: 'word', text: 'the', count: 3, starts: [0], wordIndexes: [0, 1, 2] }]);
  });

  it('finds phrases of 2 to 4 words said three times or more, a longer passage once by its first 4 words', () => {
    const text = 'at the end of the day we won and at the end of the day we lost but at the end of the day we played';
    expect(findRepeats(words(text))).toEqual([{ kind: 'phrase', text: 'at the end of', count: 3, starts: [0, 9, 18], wordIndexes: [0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 21] }]);
  });

  it('keeps a shorter phrase said more often than the longer one that holds it', () => {
    const text = 'kind of good kind of bad kind of fun and kind of good';
    const repeats = findRepeats(words(text));
    expect(repeats).toContainEqual({ kind: 'phrase', text: 'kind of', count: 4, starts: [0, 3, 6, 10], wordIndexes: [0, 1, 3, 4, 6, 7, 10, 11] });
    expect(repeats.some((r) => r.text === 'kind of good')).toBe(false);
  });

  it('ignores phrases said twice, and phrases of function words only', () => {
    expect(findRepeats(words('in the box in the bag in the end my dog my dog'))).toEqual([]);
  });

  it('finds nothing in an empty or plain take', () => {
    expect(findRepeats([])).toEqual([]);
    expect(findRepeats(words('Good morning my name is Sam.'))).toEqual([]);
  });
});
