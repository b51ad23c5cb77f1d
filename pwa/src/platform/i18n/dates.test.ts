import { describe, expect, it } from 'vitest';
import { dayKey, formatDate, formatDay, toDate } from './dates';
import { setLanguage, type Language } from './index';

// 13:36 in London on 7 December 2026 (GMT, no summer time)
const AFTERNOON = '2026-12-07T13:36:00Z';
// 02:36 the next morning
const NIGHT = '2026-12-08T02:36:00Z';
const LONDON = { timeZone: 'Europe/London' };
// Intl writes a narrow no-break space in some places (before "PM", in French times); compare plainly
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const EXPECTED: Record<Language, Record<'date' | 'dateTime' | 'time' | 'nightTime' | 'dayMonth' | 'month', string>> = {
  en: { date: '7 Dec 2026', dateTime: '7 Dec 2026, 01:36 PM', time: '01:36 PM', nightTime: '02:36 AM', dayMonth: '7 Dec', month: 'December' },
  es: { date: '7 dic 2026', dateTime: '7 dic 2026, 13:36', time: '13:36', nightTime: '02:36', dayMonth: '7 dic', month: 'diciembre' },
  fr: { date: '7 déc. 2026', dateTime: '7 déc. 2026, 13:36', time: '13:36', nightTime: '02:36', dayMonth: '7 déc.', month: 'décembre' },
};

describe('formatDate: one format per kind, in the active language (docs/product.md#language)', () => {
  for (const language of ['en', 'es', 'fr'] as const) {
    it(`writes every kind in ${language}`, async () => {
      await setLanguage(language);
      const expected = EXPECTED[language];
      expect(plain(formatDate(AFTERNOON, 'date', LONDON))).toBe(expected.date);
      expect(plain(formatDate(AFTERNOON, 'dateTime', LONDON))).toBe(expected.dateTime);
      expect(plain(formatDate(AFTERNOON, 'time', LONDON))).toBe(expected.time);
      expect(plain(formatDate(NIGHT, 'time', LONDON))).toBe(expected.nightTime);
      expect(plain(formatDate(AFTERNOON, 'dayMonth', LONDON))).toBe(expected.dayMonth);
      expect(plain(formatDate(AFTERNOON, 'month', LONDON))).toBe(expected.month);
      // the default kind is the date
      expect(plain(formatDate(AFTERNOON, undefined, LONDON))).toBe(expected.date);
    });
  }

  it('follows a language change at once (the formatters are made per language)', async () => {
    await setLanguage('en');
    expect(plain(formatDate(AFTERNOON, 'date', LONDON))).toBe('7 Dec 2026');
    await setLanguage('es');
    expect(plain(formatDate(AFTERNOON, 'date', LONDON))).toBe('7 dic 2026');
    await setLanguage('en');
  });

  it('writes midnight and noon as 12 in English', async () => {
    await setLanguage('en');
    expect(plain(formatDate('2026-12-07T00:05:00Z', 'time', LONDON))).toBe('12:05 AM');
    expect(plain(formatDate('2026-12-07T12:05:00Z', 'time', LONDON))).toBe('12:05 PM');
  });

  it('writes a calendar day as that day in any time zone, and nothing for what is not a date', async () => {
    await setLanguage('en');
    expect(formatDate('2026-08-31', 'date', { timeZone: 'Pacific/Honolulu' })).toBe('31 Aug 2026');
    expect(formatDate('2026-08-31', 'date', { timeZone: 'Pacific/Kiritimati' })).toBe('31 Aug 2026');
    expect(formatDate('not a date')).toBe('');
    expect(toDate('')).toBeNull();
    expect(formatDate(new Date(Date.UTC(2026, 0, 2, 12)), 'date', LONDON)).toBe('2 Jan 2026');
    expect(formatDate(Date.UTC(2026, 0, 2, 12), 'date', LONDON)).toBe('2 Jan 2026');
  });
});

describe('formatDay: the discussion’s day separators (docs/product.md#discussion)', () => {
  const now = '2026-12-08T09:00:00Z';

  it('names today and yesterday, and dates the days before, in the active language', async () => {
    await setLanguage('en');
    expect(formatDay(NIGHT, now, LONDON)).toBe('Today');
    expect(formatDay(AFTERNOON, now, LONDON)).toBe('Yesterday');
    expect(formatDay('2026-12-06T23:59:00Z', now, LONDON)).toBe('6 Dec 2026');
    await setLanguage('es');
    expect(formatDay(NIGHT, now, LONDON)).toBe('Hoy');
    expect(formatDay(AFTERNOON, now, LONDON)).toBe('Ayer');
    expect(formatDay('2026-12-06T23:59:00Z', now, LONDON)).toBe('6 dic 2026');
    await setLanguage('fr');
    expect(formatDay(NIGHT, now, LONDON)).toBe('Aujourd’hui');
    expect(formatDay(AFTERNOON, now, LONDON)).toBe('Hier');
    await setLanguage('en');
  });

  it('counts days where the date is written, across a month and a year', async () => {
    await setLanguage('en');
    expect(formatDay('2026-12-31T20:00:00Z', '2027-01-01T08:00:00Z', LONDON)).toBe('Yesterday');
    // 23:30 UTC on the 7th is already the 8th in Tokyo
    expect(dayKey('2026-12-07T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('2026-12-08');
    expect(dayKey('2026-12-07T23:30:00Z', LONDON)).toBe('2026-12-07');
    expect(formatDay('2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z', LONDON)).toBe('Yesterday');
  });
});
