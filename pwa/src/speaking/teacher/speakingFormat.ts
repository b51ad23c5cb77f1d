/**
 * How the teacher's speaking-practice screens write times and lengths
 * (docs/product.md#speaking-practice).
 */
import { STRAND_LABELS, type StrandKey } from '../../oracy';
import { formatDate } from '../../platform/i18n/dates';

/** A recording's length in milliseconds as `m:ss`, rounded to the second: 83,400 → "1:23" (docs/product.md#recordings). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** An ISO 8601 time as a local date and time in the active language, "3 Mar 2026, 02:05 PM" in English (docs/product.md#speaking-practice). */
export function formatDateTime(iso: string): string {
  return formatDate(iso, 'dateTime');
}

/** A task's focus strands as their names in the active language, in the given order: "Linguistic, Physical" (docs/product.md#speaking-tasks). */
export function strandNames(keys: readonly StrandKey[]): string {
  return keys.map((key) => STRAND_LABELS[key]).join(', ');
}
