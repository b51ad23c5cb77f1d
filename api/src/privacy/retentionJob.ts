import { Types } from 'mongoose';
import { RetentionRun } from './accessLogModel.js';
import { isDuplicateKeyError } from '../platform/http/errors.js';
import { defineJob, enqueueJob } from '../platform/jobs/index.js';
import { slotKey, startRecurring, type RecurringTimer, type Schedule } from '../platform/jobs/schedule.js';
import type { Logger } from '../platform/logger.js';
import { runRetention, type RetentionReportJson } from './retention.js';
import type { UploadStores } from '../platform/uploads.js';

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    'privacy.retention': RetentionPayload;
  }
}

/**
 * The daily retention job (docs/architecture.md#retention, docs/product.md#retention): the job
 * `privacy.retention`, queued every day at 03:30 server local time by a recurring timer in every
 * process (the scheduling home of the backups, `platform/jobs/schedule.ts`), run by one of them — the job's
 * key keeps one unfinished job per slot, and the `RetentionRun`'s unique `slot` one run per slot
 * ever. A server that starts after a slot no run took runs it then (a catch-up).
 */

/** The job that runs the retention steps once. */
export const RETENTION_JOB = 'privacy.retention';

/** When the retention job runs, server local time: every day at 03:30 (after the 03:00 backup has begun). */
export const RETENTION_SCHEDULE: Schedule = { every: 'day', hour: 3, minute: 30 };

/** The longest one run may take, ms: 1 hour. */
const RETENTION_TIMEOUT_MS = 60 * 60 * 1000;

/** What a `privacy.retention` job carries: the run's unique slot, `schedule:<slot key>`. */
interface RetentionPayload {
  slot: string;
}

/** The unique `slot` of the run of a scheduled slot: `schedule:2026-11-27T03:30`. */
export const retentionSlot = (slot: Date): string => `schedule:${slotKey(slot)}`;

/**
 * Runs the retention steps under a `RetentionRun` holding `slot`, and records what they removed.
 * @returns the report, or null when another run holds the slot (it ran, or runs, elsewhere)
 * @throws what a step throws, after recording it as the run's error
 */
export async function runRetentionOnce(opts: { slot: string; stores: UploadStores; now?: Date }): Promise<RetentionReportJson | null> {
  const runId = new Types.ObjectId();
  try {
    await RetentionRun.create({ _id: runId, slot: opts.slot, startedAt: new Date() });
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
  try {
    const report = await runRetention({ stores: opts.stores, dryRun: false, ...(opts.now ? { now: opts.now } : {}) });
    await RetentionRun.updateOne({ _id: runId }, { $set: { finishedAt: new Date(), removed: report.removed } });
    return report;
  } catch (err) {
    await RetentionRun.updateOne({ _id: runId }, { $set: { finishedAt: new Date(), error: err instanceof Error ? err.message : String(err) } }).catch(() => undefined);
    throw err;
  }
}

/**
 * Declares the job `privacy.retention` over `stores` (`createApp` does). One try: a failure is
 * logged and recorded on its run; the next day's run tries again (every step is repeatable).
 */
export function defineRetentionJob(opts: { stores: UploadStores; log: Pick<Logger, 'info' | 'warn' | 'error'> }): void {
  defineJob(
    RETENTION_JOB,
    async (payload) => {
      try {
        const report = await runRetentionOnce({ slot: payload.slot, stores: opts.stores });
        if (!report) opts.log.info({ slot: payload.slot }, 'retention skipped: this slot has run already');
        else opts.log.info({ slot: payload.slot, removed: report.removed, inactiveAccounts: report.inactiveAccounts }, 'retention run');
      } catch (err) {
        opts.log.error({ err, slot: payload.slot }, 'the retention run failed; it runs again at the next slot');
        throw err;
      }
    },
    { maxAttempts: 1, timeoutMs: RETENTION_TIMEOUT_MS },
  );
}

/**
 * Queues the run of `slot` unless it ran already. Safe from every process at once.
 * @returns whether a job was queued
 */
export async function queueScheduledRetention(slot: Date): Promise<boolean> {
  if (await RetentionRun.exists({ slot: retentionSlot(slot) })) return false;
  return !(await enqueueJob(RETENTION_JOB, { slot: retentionSlot(slot) } satisfies RetentionPayload, { key: slotKey(slot) })).deduped;
}

/**
 * Starts this process's retention schedule (`server.ts`): a recurring timer that queues each
 * day's 03:30 run, and at start the latest slot when no run took it (the server was down then).
 * @param opts.now the clock (tests); default the real one
 * @param opts.autoStart false: no timer, `look()` only (tests)
 */
export function startRetentionSchedule(opts: { log: Pick<Logger, 'info' | 'warn'>; now?: () => Date; autoStart?: boolean }): RecurringTimer {
  return startRecurring({
    schedule: async () => RETENTION_SCHEDULE,
    onDue: async (due) => {
      if (await queueScheduledRetention(due.slot)) {
        opts.log.info({ slot: slotKey(due.slot), catchUp: due.atStart }, due.atStart ? 'a missed retention run is queued' : 'the daily retention run is queued');
      }
    },
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.autoStart === undefined ? {} : { autoStart: opts.autoStart }),
    log: opts.log,
  });
}
