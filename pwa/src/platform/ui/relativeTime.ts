/** Seconds per unit, smallest first, for "… ago" texts (a month counts as 30 days, a year as 365). */
const TIME_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/**
 * The largest unit that fits into `seconds` (its absolute value), minutes at the least, with its
 * length in seconds: 90 → minute, 25 days → week. The offline banner and the teachers' "Last
 * assessed …" lines count in these units (docs/product.md#screens, docs/product.md#your-students-oracy).
 */
export function largestTimeUnit(seconds: number): readonly [Intl.RelativeTimeFormatUnit, number] {
  let chosen = TIME_UNITS[0]!;
  for (const unit of TIME_UNITS) if (Math.abs(seconds) >= unit[1]) chosen = unit;
  return chosen;
}
