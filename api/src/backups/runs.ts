import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { Types } from 'mongoose';
import { BackupRun, type BackupTrigger } from './runModel.js';
import { DEFAULT_SCHOOL_SETTINGS, SCHOOL_SETTINGS_ID, SchoolSettings, type BACKUP_FREQUENCIES } from '../settings/model.js';
import { Job } from '../platform/jobs/jobModel.js';
import { User } from '../people/userModel.js';
import { isDuplicateKeyError } from '../platform/http/errors.js';
import { defineJob, enqueueJob } from '../platform/jobs/index.js';
import { nextSlotAfter, onePeriodBefore, slotKey, startRecurring, type DueSlot, type Recurrence, type RecurringTimer, type Schedule } from '../platform/jobs/schedule.js';
import type { Logger } from '../platform/logger.js';
import { presentBackupRun, type BackupStatusJson } from './presenter.js';
import { listArchives, pruneArchives, removeLeftovers } from './archives.js';
import { createBackup, defaultArchivePath } from './backup.js';

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    'backup.create': BackupPayload;
  }
}

/**
 * Backups taken by the server itself (docs/architecture.md#scheduled-backups,
 * docs/decisions/0023-scheduled-backups.md): the job `backup.create` that writes the same archive
 * as `npm run backup` into `DATA_DIR/backups` and records a `BackupRun`; the schedule that queues it
 * at 03:00 at the school's Backup Frequency; "Back up now"; retention; and the status the
 * "Data & Backup" card reads (docs/product.md#backups-on-the-settings-screen). Only for the embedded database.
 */

/** The job that takes one backup. */
export const BACKUP_JOB = 'backup.create';

/** A Backup Frequency of the school's settings: Daily, Weekly or Monthly. */
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** When scheduled backups start, server local time: 03:00. */
export const BACKUP_TIME = { hour: 3, minute: 0 } as const;

/** Archives kept after a scheduled backup, by the frequency in force: a week of dailies, a month of weeklies, a quarter of monthlies. */
export const KEEP_ARCHIVES: Readonly<Record<BackupFrequency, number>> = { Daily: 7, Weekly: 4, Monthly: 3 };

/** The longest one backup may take, ms: 6 hours (a school's recordings can be many gigabytes). */
export const BACKUP_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/**
 * A server that starts within this long after a slot no run took (it was down at 03:00, or is
 * just starting) runs it whatever the last backup, ms: 1 hour.
 */
export const ON_TIME_MS = 60 * 60 * 1000;

const RECURRENCE_OF: Readonly<Record<BackupFrequency, Recurrence>> = { Daily: 'day', Weekly: 'week', Monthly: 'month' };
const FREQUENCY_OF: Readonly<Record<Recurrence, BackupFrequency>> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

/** The schedule of a Backup Frequency: every day, every Monday or every 1st of the month, at {@link BACKUP_TIME}. */
export function backupSchedule(frequency: BackupFrequency): Schedule {
  return { every: RECURRENCE_OF[frequency], ...BACKUP_TIME };
}

/** When the next scheduled backup at `frequency` starts after `now`: tomorrow's, next Monday's or the next 1st's 03:00, server local time. */
export function nextBackupAt(frequency: BackupFrequency, now: Date): Date {
  return nextSlotAfter(backupSchedule(frequency), now);
}

/** The school's Backup Frequency (docs/product.md#settings); Daily until an admin saves another. */
export async function backupFrequency(): Promise<BackupFrequency> {
  const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID).select('backupFrequency').lean();
  return (stored?.backupFrequency as BackupFrequency | undefined) ?? DEFAULT_SCHOOL_SETTINGS.backupFrequency;
}

/** What a `backup.create` job carries. */
interface BackupPayload {
  /** the `BackupRun`'s id, 24 hex digits: made when the job is queued, so the caller can answer it */
  runId: string;
  trigger: BackupTrigger;
  /** the run's unique `slot`: `schedule:<slot key>` or `manual:<runId>` */
  slot: string;
  /** the admin's id for "Back up now", else null */
  by: string | null;
  /** the frequency in force when a scheduled run was queued, else null */
  frequency: BackupFrequency | null;
}

/** Backups this process is taking now (0 or 1: a runner runs one job at a time). */
let ownBackups = 0;

/**
 * Declares the job `backup.create` over `dataDir` (`createApp` does, docs/architecture.md#scheduled-backups).
 * One try (`maxAttempts` 1: a failure is recorded, logged and shown; the next slot or "Back up
 * now" tries again), up to {@link BACKUP_TIMEOUT_MS}. A try:
 *
 * 1. records its `BackupRun` (`running`) — or, when another run holds the slot already (the slot
 *    ran before, in this or another process), does nothing;
 * 2. removes what a killed backup left in `DATA_DIR/backups`, then `createBackup` writes the archive;
 * 3. records `ok` with the file name and size, or `failed` with the message (and logs the failure);
 * 4. after a scheduled run that succeeded, keeps the newest `KEEP_ARCHIVES[frequency in force]`
 *    archives and deletes older ones; a failed run deletes nothing.
 *
 * A try whose process died is marked `failed` by the runner that finds it (`onFailed`).
 * @param opts.dataDir `DATA_DIR`, absolute
 */
export function defineBackupJob(opts: { dataDir: string; log: Pick<Logger, 'info' | 'warn' | 'error'> }): void {
  const { dataDir, log } = opts;
  defineJob(
    BACKUP_JOB,
    async (payload) => {
      const runId = new Types.ObjectId(payload.runId);
      if (!(await startRun(runId, payload))) {
        log.info({ slot: payload.slot }, 'backup skipped: this slot has run already');
        return;
      }
      ownBackups += 1;
      let name: string;
      try {
        await removeLeftovers(dataDir, { ownAreStale: ownBackups === 1 }).catch((err: unknown) => log.warn({ err }, 'could not remove what an earlier backup left'));
        const result = await createBackup({ dataDir, out: await unusedArchivePath(dataDir) });
        name = basename(result.file);
        await BackupRun.updateOne({ _id: runId }, { $set: { status: 'ok', finishedAt: new Date(), name, size: result.bytes, error: null } });
        log.info({ trigger: payload.trigger, slot: payload.slot, name, bytes: result.bytes }, 'backup written');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await BackupRun.updateOne({ _id: runId }, { $set: { status: 'failed', finishedAt: new Date(), error: message } });
        log.error({ err, trigger: payload.trigger, slot: payload.slot }, `backup failed: ${message}`);
        throw err;
      } finally {
        ownBackups -= 1;
      }
      if (payload.trigger !== 'schedule') return;
      try {
        const keep = KEEP_ARCHIVES[await backupFrequency()];
        const deleted = await pruneArchives(dataDir, keep, name);
        if (deleted.length > 0) log.info({ keep, deleted }, 'older backups deleted');
      } catch (err) {
        log.warn({ err }, 'could not delete older backups');
      }
    },
    {
      maxAttempts: 1,
      timeoutMs: BACKUP_TIMEOUT_MS,
      onFailed: async (payload, error) => {
        // The handler records its own failures; this catches a try whose process died, or that ran out of time.
        const updated = await BackupRun.updateOne({ _id: new Types.ObjectId(payload.runId), status: 'running' }, { $set: { status: 'failed', finishedAt: new Date(), error } });
        if (updated.modifiedCount > 0) log.error({ trigger: payload.trigger, slot: payload.slot }, `backup failed: ${error}`);
      },
    },
  );
}

/**
 * `defaultArchivePath` for now, once no archive of this second exists: archive names count
 * seconds, and a "Back up now" may follow a scheduled backup within one.
 */
async function unusedArchivePath(dataDir: string): Promise<string> {
  for (;;) {
    const path = defaultArchivePath(dataDir);
    if (!existsSync(path)) return path;
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 5));
  }
}

/**
 * Records a try's start. @returns false when the slot belongs to another run (it ran already), or
 * this run finished before (a try taken over from a process that stalled)
 */
async function startRun(runId: Types.ObjectId, payload: BackupPayload): Promise<boolean> {
  const startedAt = new Date();
  const existing = await BackupRun.findById(runId).select('status').lean();
  if (existing) {
    if (existing.status !== 'running') return false;
    await BackupRun.updateOne({ _id: runId }, { $set: { startedAt } });
    return true;
  }
  try {
    await BackupRun.create({
      _id: runId,
      slot: payload.slot,
      trigger: payload.trigger,
      by: payload.by ? new Types.ObjectId(payload.by) : null,
      frequency: payload.frequency,
      status: 'running',
      startedAt,
    });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/** True while a backup job is queued or running, in any process. */
export async function backupRunning(): Promise<boolean> {
  return (await Job.exists({ name: BACKUP_JOB, status: { $in: ['queued', 'running'] } })) !== null;
}

/**
 * "Back up now" (docs/product.md#backups-on-the-settings-screen): queues a backup by `by` unless one is queued or running.
 * Two admins pressing at once get one backup: the job's key `manual` is unique while unfinished.
 * @returns the run's id, or null when a backup is already queued or running
 */
export async function requestBackup(by: Types.ObjectId): Promise<{ id: string } | null> {
  if (await backupRunning()) return null;
  const runId = new Types.ObjectId();
  const payload: BackupPayload = { runId: String(runId), trigger: 'manual', slot: `manual:${String(runId)}`, by: String(by), frequency: null };
  const queued = await enqueueJob(BACKUP_JOB, payload, { key: 'manual' });
  return queued.deduped ? null : { id: String(runId) };
}

/** The unique `slot` of the run of a scheduled slot: `schedule:2026-11-27T03:00`. */
export const scheduledSlot = (slot: Date): string => `schedule:${slotKey(slot)}`;

/**
 * Queues the scheduled backup of `slot` with the key `slotKey(slot)`, unless that slot has a run
 * already. Safe from every process at once: the key keeps one unfinished job per slot, and the
 * run's unique `slot` one run per slot after it finished.
 * @returns whether a job was queued (false: the slot ran, or its job is queued already)
 */
export async function queueScheduledBackup(slot: Date, frequency: BackupFrequency): Promise<boolean> {
  if (await BackupRun.exists({ slot: scheduledSlot(slot) })) return false;
  const runId = String(new Types.ObjectId());
  const payload: BackupPayload = { runId, trigger: 'schedule', slot: scheduledSlot(slot), by: null, frequency };
  return !(await enqueueJob(BACKUP_JOB, payload, { key: slotKey(slot) })).deduped;
}

/** When the newest successful backup began: a successful run, or a kept archive (`npm run backup`'s too); null when none. */
export async function lastSuccessfulBackupAt(dataDir: string): Promise<Date | null> {
  const run = await BackupRun.findOne({ status: 'ok' }).sort({ startedAt: -1 }).select('startedAt').lean();
  const archive = (await listArchives(dataDir))[0];
  const times = [run?.startedAt, archive?.createdAt].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

/**
 * Whether a server that has just started should run the latest slot (docs/architecture.md#scheduled-backups):
 * not when a backup succeeded at or after it; yes when the slot is at most {@link ON_TIME_MS} ago
 * (the server was down at that moment only); otherwise — a catch-up — when the last successful
 * backup is older than the period (a day, a week, a month before `now`) or there is none.
 */
export function catchUpNeeded(due: Pick<DueSlot, 'slot' | 'now'> & { every: Recurrence }, lastSuccess: Date | null): boolean {
  if (lastSuccess && lastSuccess.getTime() >= due.slot.getTime()) return false;
  if (due.now.getTime() - due.slot.getTime() <= ON_TIME_MS) return true;
  return !lastSuccess || lastSuccess.getTime() < onePeriodBefore(due.every, due.now).getTime();
}

/**
 * Starts this process's backup schedule (`server.ts`, on the embedded database with
 * `BACKUP_SCHEDULE=1`): a recurring timer (`platform/jobs/schedule.ts`) over the school's Backup Frequency
 * that queues each slot as it comes, and at start the latest slot when {@link catchUpNeeded} says so.
 * @param opts.now the clock (tests); default the real one
 * @param opts.autoStart false: no timer, `look()` only (tests)
 */
export function startBackupSchedule(opts: { dataDir: string; log: Pick<Logger, 'info' | 'warn'>; now?: () => Date; autoStart?: boolean }): RecurringTimer {
  return startRecurring({
    schedule: async () => backupSchedule(await backupFrequency()),
    onDue: async (due) => {
      if (due.atStart && !catchUpNeeded({ ...due, every: due.schedule.every }, await lastSuccessfulBackupAt(opts.dataDir))) return;
      const frequency = FREQUENCY_OF[due.schedule.every];
      if (await queueScheduledBackup(due.slot, frequency)) {
        opts.log.info({ slot: slotKey(due.slot), frequency, catchUp: due.atStart }, due.atStart ? 'a missed scheduled backup is queued' : 'the scheduled backup is queued');
      }
    },
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.autoStart === undefined ? {} : { autoStart: opts.autoStart }),
    log: opts.log,
  });
}

/**
 * What `GET /api/admin/backups` answers (docs/product.md#backups-on-the-settings-screen): the mode, the frequency, the
 * next scheduled run, the latest finished run, whether one is running, and the kept archives.
 * @param opts.external true with `MONGODB_URI`: no archives, no schedule
 * @param opts.scheduled `BACKUP_SCHEDULE`
 */
export async function backupStatus(opts: { dataDir: string; external: boolean; scheduled: boolean; now?: Date }): Promise<BackupStatusJson> {
  const now = opts.now ?? new Date();
  const frequency = await backupFrequency();
  const [lastRun, running, archives] = await Promise.all([
    BackupRun.findOne({ status: { $in: ['ok', 'failed'] } })
      .sort({ startedAt: -1 })
      .lean(),
    backupRunning(),
    opts.external ? Promise.resolve([]) : listArchives(opts.dataDir),
  ]);
  const by = lastRun?.by ? await User.findById(lastRun.by, { name: 1 }).lean() : null;
  return {
    mode: opts.external ? 'external' : 'embedded',
    frequency,
    nextRunAt: opts.external || !opts.scheduled ? null : nextBackupAt(frequency, now).toISOString(),
    last: lastRun ? presentBackupRun(lastRun, by) : null,
    running,
    archives: archives.map((a) => ({ name: a.name, size: a.size, createdAt: a.createdAt.toISOString() })),
  };
}
