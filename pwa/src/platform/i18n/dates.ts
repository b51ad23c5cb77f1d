/**
 * Dates and times in the active language, one format per kind (docs/product.md#language): every
 * screen writes a date, a time or a date with its time through {@link formatDate}, so that a
 * day reads the same everywhere — "7 Dec 2026" in English, "7 dic 2026" in Spanish, "7 déc. 2026"
 * in French — and in the app's language, not the browser's. The formatters are `Intl`'s, made
 * once per language, kind and time zone.
 */
import { activeLanguage, activeLocale, t } from './index';

/**
 * The kinds of date the app writes:
 * - `date`: day, month and year — "7 Dec 2026";
 * - `dateTime`: the same with the time — "7 Dec 2026, 01:36 PM" ("7 dic 2026, 13:36");
 * - `time`: hours and minutes — "01:36 PM" in English (docs/product.md#discussion: `hh:mm AM/PM`),
 *   "13:36" in Spanish and French, which write times on the 24-hour clock;
 * - `dayMonth`: day and month, for chart axes whose year is plain from the chart — "7 Dec";
 * - `month`: a month's name, for charts by month — "December".
 */
export type DateKind = 'date' | 'dateTime' | 'time' | 'dayMonth' | 'month';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  time: TIME,
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'long' },
};

/** What {@link formatDate} takes: a `Date`, ms since the epoch, an ISO date-time, or a calendar day `YYYY-MM-DD`. */
export type DateInput = Date | number | string;

/** Options of {@link formatDate}. */
export interface DateFormatOptions {
  /** an IANA time zone to write the date in (the tests fix one); the device's by default */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: DateKind, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = activeLocale();
  const key = `${locale}|${kind}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    // English writes times as hh:mm AM/PM with midnight and noon as 12 (en-GB alone would write
    // 00:05 am); the other languages on their 24-hour clock.
    const hour12: Intl.DateTimeFormatOptions = kind === 'time' || kind === 'dateTime' ? { hourCycle: activeLanguage() === 'en' ? 'h12' : 'h23' } : {};
    found = new Intl.DateTimeFormat(locale, { ...OPTIONS[kind], ...hour12, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, found);
  }
  return found;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant of `value`, or null when it is not a date. A calendar day `YYYY-MM-DD` (a due
 * date, a course's start) is that day's noon where the date is written, so it never shows as
 * the day before or after in another time zone.
 */
export function toDate(value: DateInput): Date | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `value` written as a {@link DateKind} in the active language (docs/product.md#language);
 * "" for a value that is not a date.
 */
export function formatDate(value: DateInput, kind: DateKind = 'date', options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  // A calendar day has no time zone of its own: it is written where it was read.
  const timeZone = typeof value === 'string' && CALENDAR_DAY.test(value) ? undefined : options.timeZone;
  const parts = formatter(kind, timeZone).formatToParts(date);
  // English's day period in capitals after a plain space, as the specification writes it ("01:36 PM";
  // en-GB writes "pm" after a narrow no-break space).
  return parts
    .map((part, index) => {
      if (part.type === 'dayPeriod') return part.value.toUpperCase();
      if (part.type === 'literal' && parts[index + 1]?.type === 'dayPeriod') return ' ';
      return part.value;
    })
    .join('');
}

/** The calendar day of `value` where it is written, `YYYY-MM-DD`, to group by day; "" for a value that is not a date. */
export function dayKey(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  if (!options.timeZone) return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: options.timeZone }).format(date);
}

/** The calendar day before `day` (`YYYY-MM-DD`). */
function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! - 1)).toISOString().slice(0, 10);
}

/**
 * The name of the day of `value` seen from `now`, for the discussion's day separators
 * (docs/product.md#discussion): "Today", "Yesterday", else its {@link formatDate} `date`.
 */
export function formatDay(value: DateInput, now: DateInput = Date.now(), options: DateFormatOptions = {}): string {
  const day = dayKey(value, options);
  if (!day) return '';
  const today = dayKey(now, options);
  if (day === today) return t('dates.today');
  if (day === previousDay(today)) return t('dates.yesterday');
  return formatDate(value, 'date', options);
}
