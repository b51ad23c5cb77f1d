import type { OracyLevel } from '../people/userModel.js';

/**
 * The Oracy level of a mean self-assessment score (docs/product.md#derived-and-stored-data):
 * below 2.5 Beginner, below 3.5 Developing, below 4.5 Proficient, otherwise Advanced.
 * @param mean the mean of the 16 scores, 1–5.
 */
export function oracyLevelForMean(mean: number): OracyLevel {
  if (mean < 2.5) return 'Beginner';
  if (mean < 3.5) return 'Developing';
  if (mean < 4.5) return 'Proficient';
  return 'Advanced';
}

/** The arithmetic mean of some scores. @throws RangeError on an empty list. */
export function meanScore(scores: readonly number[]): number {
  if (scores.length === 0) throw new RangeError('No scores to average.');
  return scores.reduce((sum, s) => sum + s, 0) / scores.length;
}
