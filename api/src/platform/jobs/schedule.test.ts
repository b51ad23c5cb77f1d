import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextSlotAfter, onePeriodBefore, sleepBefore, slotAtOrBefore, slotKey, startRecurring, type DueSlot, type Schedule } from './schedule.js';

/** Local time, as the schedule counts it: `at(2026, 3, 1, 2)` is 1 March 2026, 02:00 on this machine's clock. */
const at = (y: number, month: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, month - 1, d, h, mi, s);
const daily: Schedule = { every: 'day', hour: 3, minute: 0 };
const weekly: Schedule = { every: 'week', hour: 3, minute: 0 };
const monthly: Schedule = { every: 'month', hour: 3, minute: 0 };

describe('recurring schedules (docs/architecture.md#scheduled-backups)', () => {
  it('daily: the latest 03:00 at or before now, and the next one after it, across month and year ends', () => {
    expect(slotAtOrBefore(daily, at(2026, 3, 1, 2))).toEqual(at(2026, 2, 28, 3));
    expect(nextSlotAfter(daily, at(2026, 3, 1, 2))).toEqual(at(2026, 3, 1, 3));
    // exactly at the slot: it is the latest, and the next is tomorrow's.
    expect(slotAtOrBefore(daily, at(2026, 11, 27, 3))).toEqual(at(2026, 11, 27, 3));
    expect(nextSlotAfter(daily, at(2026, 11, 27, 3))).toEqual(at(2026, 11, 28, 3));
    expect(nextSlotAfter(daily, at(2026, 1, 31, 4))).toEqual(at(2026, 2, 1, 3));
    expect(nextSlotAfter(daily, at(2026, 12, 31, 23, 59))).toEqual(at(2027, 1, 1, 3));
    expect(slotAtOrBefore(daily, at(2027, 1, 1, 0, 30))).toEqual(at(2026, 12, 31, 3));
    expect(nextSlotAfter(daily, at(2028, 2, 28, 5))).toEqual(at(2028, 2, 29, 3)); // a leap day
  });

  it('weekly: Mondays at 03:00, also when the week crosses a month end', () => {
    // 1 March 2026 is a Sunday, 2 March a Monday.
    expect(at(2026, 3, 2).getDay()).toBe(1);
    expect(nextSlotAfter(weekly, at(2026, 3, 1, 12))).toEqual(at(2026, 3, 2, 3));
    expect(slotAtOrBefore(weekly, at(2026, 3, 1, 12))).toEqual(at(2026, 2, 23, 3));
    // Monday before 03:00: the latest is last Monday's, the next is today's.
    expect(slotAtOrBefore(weekly, at(2026, 3, 2, 2, 59))).toEqual(at(2026, 2, 23, 3));
    expect(nextSlotAfter(weekly, at(2026, 3, 2, 2, 59))).toEqual(at(2026, 3, 2, 3));
    expect(nextSlotAfter(weekly, at(2026, 3, 2, 3))).toEqual(at(2026, 3, 9, 3));
    // Saturday 31 January → Monday 2 February.
    expect(nextSlotAfter(weekly, at(2026, 1, 31, 10))).toEqual(at(2026, 2, 2, 3));
    expect(nextSlotAfter(weekly, at(2026, 12, 30, 10))).toEqual(at(2027, 1, 4, 3));
    for (let d = 1; d <= 31; d++) expect(nextSlotAfter(weekly, at(2026, 5, d, 12)).getDay()).toBe(1);
  });

  it('monthly: the 1st at 03:00, whatever the month’s length', () => {
    expect(slotAtOrBefore(monthly, at(2026, 1, 31, 12))).toEqual(at(2026, 1, 1, 3));
    expect(nextSlotAfter(monthly, at(2026, 1, 31, 12))).toEqual(at(2026, 2, 1, 3));
    expect(nextSlotAfter(monthly, at(2026, 2, 28, 23))).toEqual(at(2026, 3, 1, 3));
    expect(nextSlotAfter(monthly, at(2026, 12, 15))).toEqual(at(2027, 1, 1, 3));
    // the 1st before 03:00 still belongs to the month before.
    expect(slotAtOrBefore(monthly, at(2026, 3, 1, 2))).toEqual(at(2026, 2, 1, 3));
    expect(slotAtOrBefore(monthly, at(2027, 1, 1, 1))).toEqual(at(2026, 12, 1, 3));
  });

  it('one period before: a day, seven days, or a calendar month cut to the shorter month', () => {
    expect(onePeriodBefore('day', at(2026, 3, 1, 10, 30))).toEqual(at(2026, 2, 28, 10, 30));
    expect(onePeriodBefore('week', at(2026, 3, 3, 10))).toEqual(at(2026, 2, 24, 10));
    expect(onePeriodBefore('month', at(2026, 3, 31, 10))).toEqual(at(2026, 2, 28, 10));
    expect(onePeriodBefore('month', at(2028, 3, 31, 10))).toEqual(at(2028, 2, 29, 10));
    expect(onePeriodBefore('month', at(2026, 1, 15, 8))).toEqual(at(2025, 12, 15, 8));
  });

  it('names a slot by its local time, to the minute', () => {
    expect(slotKey(at(2026, 11, 27, 3))).toBe('2026-11-27T03:00');
    expect(slotKey(at(2027, 1, 4, 3, 5))).toBe('2027-01-04T03:05');
  });

  it('sleeps until a moment past the next slot, at most the longest sleep', () => {
    const now = at(2026, 11, 27, 2, 0);
    expect(sleepBefore(at(2026, 11, 27, 3), now, 3_600_000)).toBe(3_600_000);
    expect(sleepBefore(at(2026, 11, 27, 2, 30), now, 3_600_000)).toBe(30 * 60_000 + 1_000);
    expect(sleepBefore(null, now, 3_600_000)).toBe(3_600_000);
    expect(sleepBefore(at(2026, 11, 27, 1), now, 3_600_000)).toBe(0);
  });
});

describe('the recurring timer with a fake clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over the latest slot at start, then each slot once as it comes, again after a failed look, and follows a changed schedule', async () => {
    let now = at(2026, 11, 26, 10);
    let schedule: Schedule | null = daily;
    let failing = false;
    const due: Pick<DueSlot, 'slot' | 'atStart'>[] = [];
    const timer = startRecurring({
      schedule: async () => schedule,
      onDue: async ({ slot, atStart }) => {
        if (failing) throw new Error('the database is down');
        due.push({ slot, atStart });
      },
      now: () => now,
      autoStart: false,
    });

    expect(await timer.look()).toEqual(at(2026, 11, 27, 3));
    expect(due).toEqual([{ slot: at(2026, 11, 26, 3), atStart: true }]);
    now = at(2026, 11, 26, 23);
    await timer.look();
    expect(due).toHaveLength(1);

    // the 03:00 look fails: the slot is handed over at the next look that works.
    now = at(2026, 11, 27, 3, 0, 1);
    failing = true;
    await expect(timer.look()).rejects.toThrow('the database is down');
    failing = false;
    now = at(2026, 11, 27, 3, 1);
    await timer.look();
    now = at(2026, 11, 27, 4);
    await timer.look();
    expect(due.slice(1)).toEqual([{ slot: at(2026, 11, 27, 3), atStart: false }]);

    // Monthly from now on: nothing until the 1st.
    schedule = monthly;
    now = at(2026, 11, 28, 3, 30);
    expect(await timer.look()).toEqual(at(2026, 12, 1, 3));
    expect(due).toHaveLength(2);
    now = at(2026, 12, 1, 3, 0, 2);
    await timer.look();
    expect(due.at(-1)).toEqual({ slot: at(2026, 12, 1, 3), atStart: false });

    // no schedule: no slots, no next run.
    schedule = null;
    now = at(2027, 1, 1, 4);
    expect(await timer.look()).toBeNull();
    expect(due).toHaveLength(3);
    timer.stop();
  });

  it('wakes by itself at the slot (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(at(2026, 11, 26, 10));
    const due: Date[] = [];
    const timer = startRecurring({ schedule: async () => daily, onDue: async ({ slot }) => void due.push(slot) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(due).toEqual([at(2026, 11, 26, 3)]);
    await vi.advanceTimersByTimeAsync(16 * 60 * 60 * 1000); // 02:00:01 on the 27th
    expect(due).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 + 2_000);
    expect(due).toEqual([at(2026, 11, 26, 3), at(2026, 11, 27, 3)]);
    timer.stop();
    await vi.advanceTimersByTimeAsync(2 * 24 * 60 * 60 * 1000);
    expect(due).toHaveLength(2);
  });
});
