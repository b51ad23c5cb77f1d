import type { Logger } from '../logger.js';

/**
 * Recurring work in the jobs home (docs/architecture.md#background-jobs): the arithmetic of
 * "every day / every Monday / every 1st of the month at a local time", and a timer that looks at
 * the schedule at each slot (and at least hourly) and hands every slot that came due to a callback,
 * which queues a job with a key named after the slot (`enqueueJob(name, payload, {key})`). The
 * timer holds no state another process needs: every process runs one, and the slot's key and the
 * job's own records make one run of it (docs/architecture.md#scheduled-backups).
 *
 * Times are the server's local time (the `TZ` the process runs in). A slot is built with the `Date`
 * constructor from its calendar fields, so on a day when the clocks change at that very hour the
 * engine's rule applies (a time that does not exist moves forward by the change).
 */

/** How often a recurring job runs: every day, every week (on Mondays) or every month (on the 1st). */
export const RECURRENCES = ['day', 'week', 'month'] as const;
/** One of {@link RECURRENCES}. */
export type Recurrence = (typeof RECURRENCES)[number];

/** When a recurring job runs: `every` day, week (Mondays) or month (the 1st), at `hour`:`minute` local time. */
export interface Schedule {
  every: Recurrence;
  /** 0–23, local time */
  hour: number;
  /** 0–59 */
  minute: number;
}

/** Days from the Monday of the week to `date` (Monday 0 … Sunday 6). */
const daysSinceMonday = (date: Date) => (date.getDay() + 6) % 7;

/** The slot of `schedule` that lies in the same day, week or month as `date`. */
function slotOfPeriod(schedule: Schedule, date: Date): Date {
  const { hour, minute } = schedule;
  const y = date.getFullYear();
  const m = date.getMonth();
  if (schedule.every === 'month') return new Date(y, m, 1, hour, minute);
  const d = date.getDate() - (schedule.every === 'week' ? daysSinceMonday(date) : 0);
  return new Date(y, m, d, hour, minute);
}

/** The slot one period after (`step` 1) or before (`step` -1) `slot`. */
function shiftSlot(schedule: Schedule, slot: Date, step: 1 | -1): Date {
  const { hour, minute } = schedule;
  const y = slot.getFullYear();
  const m = slot.getMonth();
  if (schedule.every === 'month') return new Date(y, m + step, 1, hour, minute);
  return new Date(y, m, slot.getDate() + step * (schedule.every === 'week' ? 7 : 1), hour, minute);
}

/**
 * The latest slot of `schedule` at or before `now`: today's (this Monday's, this 1st's) time if it
 * has come, else the one before. E.g. daily at 03:00 with `now` 2026-03-01 02:00 → 2026-02-28 03:00.
 */
export function slotAtOrBefore(schedule: Schedule, now: Date): Date {
  const slot = slotOfPeriod(schedule, now);
  return slot.getTime() <= now.getTime() ? slot : shiftSlot(schedule, slot, -1);
}

/** The first slot of `schedule` after `now` (strictly): the one after {@link slotAtOrBefore}. */
export function nextSlotAfter(schedule: Schedule, now: Date): Date {
  return shiftSlot(schedule, slotAtOrBefore(schedule, now), 1);
}

/**
 * `date` one period earlier: a day, seven days, or a calendar month (the 31st of March → the 28th
 * or 29th of February), same local time of day. "Older than the period" means before this.
 */
export function onePeriodBefore(every: Recurrence, date: Date): Date {
  const y = date.getFullYear();
  const m = date.getMonth();
  const time = [date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()] as const;
  if (every !== 'month') return new Date(y, m, date.getDate() - (every === 'week' ? 7 : 1), ...time);
  const lastDayOfPreviousMonth = new Date(y, m, 0).getDate();
  return new Date(y, m - 1, Math.min(date.getDate(), lastDayOfPreviousMonth), ...time);
}

/** A slot's name in local time, minutes precision: `2026-11-27T03:00`; the key of its job. */
export function slotKey(slot: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${slot.getFullYear()}-${two(slot.getMonth() + 1)}-${two(slot.getDate())}T${two(slot.getHours())}:${two(slot.getMinutes())}`;
}

/** What the timer tells its callback about a slot. */
export interface DueSlot {
  /** the slot's time */
  slot: Date;
  /** the schedule in force when it was seen */
  schedule: Schedule;
  /**
   * true at the timer's first look (the process has just started): the slot is the latest one,
   * which may have passed while no process ran; the callback decides whether it still needs a run
   */
  atStart: boolean;
  /** the time of the look */
  now: Date;
}

/** A timer of {@link startRecurring}. */
export interface RecurringTimer {
  /**
   * Looks at the schedule now: reads it, hands the latest slot to `onDue` when it came due since
   * the previous successful look (or at the first look), and answers the next slot (null when
   * there is no schedule). The timer calls it; tests call it with a fake clock.
   * @throws what `schedule` or `onDue` throw; the slot is then handed over again at the next look
   */
  look(): Promise<Date | null>;
  /** Stops the timer. Idempotent. */
  stop(): void;
}

/** How a recurring timer reads its schedule, hands over slots and keeps time. */
export interface RecurringOptions {
  /** the schedule in force, read at every look (e.g. from the school's settings); null: nothing runs */
  schedule: () => Promise<Schedule | null>;
  /** Called with each slot that came due: queues its job (with the slot's key, so every process queues one). */
  onDue: (due: DueSlot) => Promise<void>;
  /** the clock, default `() => new Date()` */
  now?: () => Date;
  /** the longest sleep between looks, ms, default 3,600,000 (1 h): a changed schedule is seen within it */
  maxSleepMs?: number;
  /** the sleep after a failed look, ms, default 60,000 */
  retryMs?: number;
  /** false: no timer, only `look()` (tests); default true */
  autoStart?: boolean;
  log?: Pick<Logger, 'warn'>;
}

/** How long to sleep before the next look, ms: until `next` (and a moment past it), at most `maxSleepMs`. */
export function sleepBefore(next: Date | null, now: Date, maxSleepMs: number): number {
  if (!next) return maxSleepMs;
  return Math.max(0, Math.min(maxSleepMs, next.getTime() - now.getTime() + 1_000));
}

/**
 * Starts a recurring timer: a first look at once, then one at each slot and at least every
 * `maxSleepMs`. A slot is handed to `onDue` once per process: at the first look (with `atStart`),
 * or when it fell between two looks; a failed look hands it over again at the next. The timer is
 * unref'd, so it never keeps a process alive.
 */
export function startRecurring(opts: RecurringOptions): RecurringTimer {
  const now = opts.now ?? (() => new Date());
  const maxSleepMs = opts.maxSleepMs ?? 60 * 60 * 1000;
  const retryMs = opts.retryMs ?? 60 * 1000;
  let lastLook: Date | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function look(): Promise<Date | null> {
    const at = now();
    const schedule = await opts.schedule();
    if (!schedule) {
      lastLook = at;
      return null;
    }
    const slot = slotAtOrBefore(schedule, at);
    if (lastLook === undefined || slot.getTime() > lastLook.getTime()) {
      await opts.onDue({ slot, schedule, atStart: lastLook === undefined, now: at });
    }
    lastLook = at;
    return nextSlotAfter(schedule, at);
  }

  function sleep(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      const next = await look();
      sleep(sleepBefore(next, now(), maxSleepMs));
    } catch (err) {
      opts.log?.warn({ err }, 'could not look at a recurring schedule; it looks again shortly');
      sleep(retryMs);
    }
  }

  if (opts.autoStart !== false) void tick();
  return {
    look,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
