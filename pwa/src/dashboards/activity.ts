import { formatDate } from '../platform/i18n/dates';

/**
 * The dashboards' activity charts (docs/product.md#student-dashboard, docs/product.md#admin-dashboard):
 * the API answers six months as `YYYY-MM` (UTC calendar months), oldest first; these helpers turn
 * them into the chart's labels.
 */

/**
 * A `YYYY-MM` month's name in the active language, as charts by month write it (the `month` kind
 * of `i18n/dates.ts`: "December", "diciembre"). The date is built in the device's own time zone, in
 * the middle of the month, so that the name is the month's whatever the zone. An ill-formed value
 * is shown as it came.
 */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, 15), 'month');
}
