/**
 * The months of the dashboards' activity charts (docs/product.md#student-dashboard,
 * docs/product.md#admin-dashboard): the current month and the five before it, in UTC — a date
 * belongs to the month it falls in on the UTC calendar, whatever the server's time zone, so the
 * same records give the same figures on every server. The records' dates are read with a
 * projection, bounded below by the window's first instant, and counted here: the embedded
 * FerretDB v1 has no date operators in `$group` (docs/architecture.md#the-embedded-database).
 */

/** How many months the activity charts show, the current one included. */
export const ACTIVITY_MONTHS = 6;

/** A month as `YYYY-MM` on the UTC calendar, e.g. `2026-12`. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The chart's window at `now`: its months oldest first (`YYYY-MM`, UTC) and the first instant of the oldest. */
export function activityWindow(now: Date): { months: string[]; start: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const start = new Date(Date.UTC(year, month - (ACTIVITY_MONTHS - 1), 1));
  const months = Array.from({ length: ACTIVITY_MONTHS }, (_, i) => monthOf(new Date(Date.UTC(year, month - (ACTIVITY_MONTHS - 1) + i, 1))));
  return { months, start };
}

/**
 * How many of `dates` fall in each of `months` (`YYYY-MM`, UTC), in the months' order; dates
 * outside them (before the window, or after `now` such as a clock ahead) are not counted, and a
 * month without any is 0.
 */
export function countByMonth(months: readonly string[], dates: readonly (Date | null | undefined)[]): number[] {
  const counts = new Map(months.map((month) => [month, 0]));
  for (const date of dates) {
    if (!date) continue;
    const month = monthOf(date);
    const count = counts.get(month);
    if (count !== undefined) counts.set(month, count + 1);
  }
  return months.map((month) => counts.get(month) ?? 0);
}
