import { describe, expect, it } from 'vitest';
import { wordsPerMinute } from './index.js';

const words = (text: string) => text.split(' ').map((t) => ({ text: t }));

describe('wordsPerMinute', () => {
  it('counts words per minute of speaking time', () => {
    expect(wordsPerMinute(words('one two three four five six'), 3_000)).toBe(120);
    expect(wordsPerMinute(words('a b c'), 60_000)).toBe(3);
    expect(wordsPerMinute(words('a b c d e f g'), 4_000)).toBe(105);
  });

  it('leaves out hesitations and punctuation-only tokens', () => {
    expect(wordsPerMinute(words('so, um, we went - uh home.'), 6_000)).toBe(40);
  });

  it('is null without speaking time', () => {
    expect(wordsPerMinute(words('hello'), 0)).toBeNull();
    expect(wordsPerMinute([], Number.NaN)).toBeNull();
    expect(wordsPerMinute([], 1_000)).toBe(0);
  });
});
