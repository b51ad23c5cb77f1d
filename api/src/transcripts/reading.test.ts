import { describe, expect, it } from 'vitest';
import { alignReading, wordsCorrectPerMinute } from './index.js';

const said = (text: string) => text.split(' ').map((t, i) => ({ text: t, startMs: i * 400, endMs: i * 400 + 300 }));
const SCRIPT = 'The cat sat on the mat. It was a sunny day!';

describe('alignReading', () => {
  it('scores a perfect reading, ignoring case and punctuation', () => {
    const r = alignReading(SCRIPT, said('the cat sat on the mat it was a sunny day.'));
    expect(r.errors).toEqual([]);
    expect(r.correct).toBe(11);
    expect(r.accuracy).toBe(100);
    expect(r.words.every((w) => w.status === 'read')).toBe(true);
    expect(r.words[2]).toEqual({ text: 'sat', status: 'read', startMs: 800 });
  });

  it('takes words that sound the same but for an apostrophe as read', () => {
    expect(alignReading('Its keeper climbed the stairs.', said("it's keeper climbed the stairs")).errors).toEqual([]);
  });

  it('finds a skipped, a substituted and an inserted word', () => {
    const r = alignReading(SCRIPT, said('the cat on the rug it was a very sunny day'));
    expect(r.errors).toEqual([
      { kind: 'skipped', expected: 'sat', said: '', startMs: 800 },
      { kind: 'substituted', expected: 'mat', said: 'rug', startMs: 1600 },
      { kind: 'inserted', expected: '', said: 'very', startMs: 3200 },
    ]);
    expect(r.correct).toBe(9);
    expect(r.inserted).toBe(1);
    expect(r.accuracy).toBe(81.8);
    expect(r.words.map((w) => w.status)).toEqual(['read', 'read', 'skipped', 'read', 'read', 'substituted', 'read', 'read', 'read', 'read', 'read']);
  });

  it('does not count hesitations as insertions', () => {
    const r = alignReading('We went home', said('we um went uh home'));
    expect(r.errors).toEqual([]);
    expect(r.accuracy).toBe(100);
  });

  it('marks every script word skipped when nothing was said, and handles an empty script', () => {
    const r = alignReading('One two three', []);
    expect(r.words.map((w) => w.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(r.accuracy).toBe(0);
    const empty = alignReading('', said('hello there'));
    expect(empty.words).toEqual([]);
    expect(empty.errors.map((e) => e.kind)).toEqual(['inserted', 'inserted']);
    expect(empty.accuracy).toBe(0);
  });

  it('gives words correct a minute over the speaking time', () => {
    expect(wordsCorrectPerMinute({ correct: 45 }, 30_000)).toBe(90);
    expect(wordsCorrectPerMinute({ correct: 45 }, 0)).toBeNull();
  });
});
