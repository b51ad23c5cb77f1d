import { describe, expect, it } from 'vitest';
import { ACTIVITY_MONTHS, activityWindow, countByMonth, monthOf } from './activity.js';

/** The activity charts' months (docs/product.md#student-dashboard, docs/product.md#admin-dashboard): six, UTC. */
describe('activityWindow', () => {
  it('is the current UTC month and the five before it, across a new year', () => {
    const { months, start } = activityWindow(new Date('2027-02-10T08:00:00Z'));
    expect(months).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02']);
    expect(months).toHaveLength(ACTIVITY_MONTHS);
    expect(start.toISOString()).toBe('2026-09-01T00:00:00.000Z');
  });

  it('takes the month on the UTC calendar, whatever the offset the instant was written with', () => {
    // 23:30 on 31 December in São Paulo is already 1 January in UTC.
    expect(activityWindow(new Date('2026-12-31T23:30:00-03:00')).months.at(-1)).toBe('2027-01');
    expect(monthOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
  });
});

describe('countByMonth', () => {
  it('counts each month, 0 for an empty one, and leaves out dates outside the months and missing dates', () => {
    const months = ['2026-10', '2026-11', '2026-12'];
    const dates = [
      new Date('2026-09-30T23:59:59Z'),
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-12-05T10:00:00Z'),
      new Date('2026-12-31T23:59:59Z'),
      new Date('2027-01-01T00:00:00Z'),
      null,
      undefined,
    ];
    expect(countByMonth(months, dates)).toEqual([1, 0, 2]);
  });
});
