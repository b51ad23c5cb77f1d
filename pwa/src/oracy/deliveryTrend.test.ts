import { describe, expect, it } from 'vitest';
import { EXPRESSION_BANDS, PACE_BANDS } from '@oracy/api/delivery';
import type { DeliveryTrendPoint } from '../delivery/delivery';
import { FEW_PAUSES_PER_MINUTE } from '../delivery/deliveryWords';
import { deliveryTrendKind, deliveryTrendSentence, ends, TREND_FLAT_BELOW_SEMITONES, TREND_PACE_BANDS } from './deliveryTrend';

/** The sentence on the trend of "Delivery over time" (docs/product.md#delivery-over-time). */

/** Points oldest first from [pace, pauses a minute, variation] triples. */
const points = (...figures: Array<[number | null, number | null, number | null]>): DeliveryTrendPoint[] =>
  figures.map(([syllablesPerSecond, pausesPerMinute, variationSemitones], index) => ({
    recordingId: `r${index}`,
    taskTitle: `Task ${index + 1}`,
    submittedAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    syllablesPerSecond,
    pausesPerMinute,
    variationSemitones,
    wordsPerMinute: null,
    fillersPerMinute: null,
  }));

const STUDENT = { audience: 'student' } as const;
const AMY = { audience: 'teacher', firstName: 'Amy' } as const;

describe('deliveryTrendSentence', () => {
  it('uses the API’s bands', () => {
    expect(TREND_PACE_BANDS).toEqual(PACE_BANDS);
    expect(TREND_FLAT_BELOW_SEMITONES).toBe(EXPRESSION_BANDS.flatBelow);
    expect(FEW_PAUSES_PER_MINUTE).toBe(2);
  });

  it('compares the first three with the last three, never overlapping', () => {
    expect(ends([1, 2, 3, 4, 5, 6, 7])).toEqual({ first: 2, last: 6 });
    expect(ends([1, null, 3, 5, 7])).toEqual({ first: 2, last: 6 });
    expect(ends([1, 2, 4])).toEqual({ first: 1, last: 4 });
    expect(ends([1, null])).toBeNull();
  });

  it('is too early with fewer than three recordings', () => {
    expect(deliveryTrendSentence([], STUDENT)).toBe('Too early to see a trend: record at least three answers.');
    expect(deliveryTrendSentence(points([2, 1, 0.5], [4, 3, 1.5]), STUDENT)).toBe('Too early to see a trend: record at least three answers.');
    expect(deliveryTrendSentence(points([2, 1, 0.5], [4, 3, 1.5]), AMY)).toBe('Too early to see a trend: Amy has fewer than three measured recordings.');
    expect(deliveryTrendSentence([], { audience: 'teacher', firstName: null })).toBe('Too early to see a trend: this student has fewer than three measured recordings.');
  });

  it('says when the pace moved into the comfortable range, or out of it', () => {
    const faster = points([2.4, 3, 1.5], [2.6, 3, 1.5], [2.8, 3, 1.5], [3.6, 3, 1.5], [4.0, 3, 1.5], [4.1, 3, 1.5]);
    expect(deliveryTrendSentence(faster, STUDENT)).toBe('Your pace has moved into the comfortable range.');
    expect(deliveryTrendSentence(faster, AMY)).toBe("Amy's pace has moved into the comfortable range.");
    expect(deliveryTrendKind(points([6.2, 3, 1.5], [5.9, 3, 1.5], [4.8, 3, 1.5], [4.6, 3, 1.5]))).toBe('pace-comfortable');
    expect(deliveryTrendSentence(points([4, 3, 1.5], [4, 3, 1.5], [6, 3, 1.5]), STUDENT)).toBe('Your pace has sped up beyond the comfortable range.');
    expect(deliveryTrendSentence(points([4, 3, 1.5], [3, 3, 1.5], [2.5, 3, 1.5]), AMY)).toBe("Amy's pace has slowed below the comfortable range.");
  });

  it('says when the voice has more or less variety (half a semitone or more)', () => {
    const livelier = points([4, 3, 0.8], [4.2, 3, 0.9], [4.1, 3, 1.0], [4, 3, 1.4], [4.1, 3, 1.5]);
    expect(deliveryTrendSentence(livelier, STUDENT)).toBe('Your voice has more variety than in your first recordings.');
    expect(deliveryTrendSentence(livelier, AMY)).toBe("Amy's voice has more variety than in their first recordings.");
    expect(deliveryTrendSentence(points([4, 3, 2.2], [4, 3, 2.0], [4, 3, 1.6]), STUDENT)).toBe('Your voice has less variety than in your first recordings.');
    // Under half a semitone is no change.
    expect(deliveryTrendKind(points([4, 3, 1.2], [4, 3, 1.3], [4, 3, 1.6]))).toBe('steady');
  });

  it('says when the pauses a minute changed by two or more', () => {
    expect(deliveryTrendSentence(points([4, 1, 1.5], [4, 2, 1.5], [4, 4, 1.5]), STUDENT)).toBe('You pause more often than in your first recordings.');
    expect(deliveryTrendSentence(points([4, 6, 1.5], [4, 5, 1.5], [4, 3.5, 1.5]), AMY)).toBe('Amy pauses less often than in their first recordings.');
  });

  it('puts the pace first, then the variety, then the pauses', () => {
    expect(deliveryTrendKind(points([2.5, 1, 0.5], [4, 6, 2.5], [4, 6, 2.5]))).toBe('pace-comfortable');
    expect(deliveryTrendKind(points([4, 1, 0.5], [4, 6, 2.5], [4, 6, 2.5]))).toBe('more-variety');
  });

  it('says the delivery stayed about the same otherwise, and leaves out figures a take did not give', () => {
    expect(deliveryTrendSentence(points([4, 3, 1.5], [4.3, 3.5, 1.6], [4.1, 2.8, 1.4]), STUDENT)).toBe('Your pace, pauses and pitch variation have stayed about the same.');
    expect(deliveryTrendSentence(points([4, 3, 1.5], [null, 3, null], [4.1, 3, 1.4]), { audience: 'teacher', firstName: null })).toBe(
      "This student's pace, pauses and pitch variation have stayed about the same.",
    );
  });
});
