import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BackupRun } from './runModel.js';
import { Job, JobClaim } from '../platform/jobs/jobModel.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { createJobRunner, enqueueJob } from '../platform/jobs/index.js';
import { slotKey } from '../platform/jobs/schedule.js';
import { createBackupSource, type BackupSource } from '../test/backupSource.js';
import { listArchives, removeLeftovers } from './archives.js';
import { backupsDir } from './backup.js';
import { BACKUP_JOB, KEEP_ARCHIVES, catchUpNeeded, defineBackupJob, queueScheduledBackup, requestBackup, scheduledSlot, startBackupSchedule, type BackupFrequency } from './runs.js';

/**
 * The server's own backups (docs/architecture.md#scheduled-backups) against real archives: a data
 * folder of its own with a running embedded database (`createBackupSource`), the job runner of
 * `api/src/platform/jobs/`, and the schedule with a fake clock.
 */

/** Local time, as the schedule counts it. */
const at = (y: number, month: number, d: number, h = 0, mi = 0) => new Date(y, month - 1, d, h, mi);

/** What the job logged, by level. */
const logged: Record<'info' | 'warn' | 'error', string[]> = { info: [], warn: [], error: [] };
const line = (level: keyof typeof logged) => (_obj: unknown, message?: string) => void logged[level].push(message ?? '');
const log = { info: line('info'), warn: line('warn'), error: line('error') };

let source: BackupSource;
const archiveNames = async (dataDir = source.dataDir) => (await listArchives(dataDir)).map((a) => a.name);
const runner = () => createJobRunner({ names: [BACKUP_JOB] });

/** An archive-named file of a few bytes in `dataDir/backups`, begun `daysAgo` days ago. @returns its name */
function oldArchive(dataDir: string, daysAgo: number): string {
  const stamp = new Date(Date.now() - daysAgo * 86_400_000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const name = `oracy-backup-${stamp}.tar.gz`;
  mkdirSync(backupsDir(dataDir), { recursive: true });
  writeFileSync(join(backupsDir(dataDir), name), 'an older backup');
  return name;
}

async function setFrequency(backupFrequency: BackupFrequency) {
  await SchoolSettings.updateOne({ _id: SCHOOL_SETTINGS_ID }, { $set: { language: 'English', backupFrequency } }, { upsert: true });
}

beforeAll(async () => {
  source = await createBackupSource();
});

afterAll(async () => {
  await source?.cleanup();
});

beforeEach(async () => {
  await Promise.all([BackupRun.deleteMany({}), Job.deleteMany({}), JobClaim.deleteMany({}), SchoolSettings.deleteMany({})]);
  rmSync(backupsDir(source.dataDir), { recursive: true, force: true });
  for (const lines of Object.values(logged)) lines.length = 0;
  defineBackupJob({ dataDir: source.dataDir, log });
});

describe('scheduled backups (docs/architecture.md#scheduled-backups)', () => {
  it('take one backup when two processes queue the same slot and two runners race for it, and none again once it finished', async () => {
    const slot = at(2026, 11, 27, 3);
    const queued = await Promise.all([queueScheduledBackup(slot, 'Daily'), queueScheduledBackup(slot, 'Daily')]);
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await Job.countDocuments({ name: BACKUP_JOB })).toBe(1);

    const ran = await Promise.all([runner().runUntilIdle(), runner().runUntilIdle()]);
    expect(ran[0] + ran[1]).toBe(1);
    const runs = await BackupRun.find({}).lean();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ slot: 'schedule:2026-11-27T03:00', trigger: 'schedule', frequency: 'Daily', status: 'ok', error: null });
    expect(await archiveNames()).toEqual([runs[0]!.name]);
    expect(runs[0]!.size).toBeGreaterThan(0);

    // The job's key is free again once it finished; the run's unique slot is not.
    expect(await queueScheduledBackup(slot, 'Daily')).toBe(false);
    // A process that read before the run existed queues the slot anyway: its try finds the slot taken.
    const late = await enqueueJob(BACKUP_JOB, { runId: String(new Types.ObjectId()), trigger: 'schedule', slot: scheduledSlot(slot), by: null, frequency: 'Daily' }, { key: slotKey(slot) });
    expect(late.deduped).toBe(false);
    expect(await runner().runUntilIdle()).toBe(1);
    expect(await Job.findById(late.id).lean()).toMatchObject({ status: 'done' });
    expect(await BackupRun.countDocuments({})).toBe(1);
    expect(await archiveNames()).toHaveLength(1);
    expect(logged.info).toContain('backup skipped: this slot has run already');
  });

  it('keep exactly the newest 7, 4 or 3 archives after a scheduled backup, by the frequency in force; "Back up now" deletes none', async () => {
    const older = [9, 8, 7, 6, 5, 4].map((days) => oldArchive(source.dataDir, days)); // oldest first
    await setFrequency('Weekly');
    await queueScheduledBackup(at(2026, 11, 23, 3), 'Weekly');
    await runner().runUntilIdle();
    const weekly = await BackupRun.findOne({ trigger: 'schedule' }).lean();
    expect(weekly?.status).toBe('ok');
    const afterWeekly = await archiveNames();
    expect(afterWeekly).toHaveLength(KEEP_ARCHIVES.Weekly);
    expect(afterWeekly).toEqual([weekly!.name, ...older.slice(-3).reverse()]);

    const manual = await requestBackup(new Types.ObjectId());
    expect(manual).not.toBeNull();
    await runner().runUntilIdle();
    const afterManual = await archiveNames();
    expect(afterManual).toHaveLength(KEEP_ARCHIVES.Weekly + 1);
    expect((await BackupRun.findById(manual!.id).lean())?.name).toBe(afterManual[0]);

    // Monthly now: the next scheduled backup keeps 3, the manual one among them.
    await setFrequency('Monthly');
    await queueScheduledBackup(at(2026, 12, 1, 3), 'Monthly');
    await runner().runUntilIdle();
    const afterMonthly = await archiveNames();
    expect(afterMonthly).toHaveLength(KEEP_ARCHIVES.Monthly);
    expect(afterMonthly.slice(1)).toEqual(afterManual.slice(0, 2));

    // Daily keeps 7: with fewer, nothing goes.
    await setFrequency('Daily');
    await queueScheduledBackup(at(2026, 12, 2, 3), 'Daily');
    await runner().runUntilIdle();
    expect(await archiveNames()).toHaveLength(4);
  });

  it('record a failure with its message, log it, and delete no archive', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'oracy-broken-backups-'));
    try {
      const kept = Array.from({ length: 9 }, (_, n) => oldArchive(broken, 20 - n));
      defineBackupJob({ dataDir: broken, log });
      await queueScheduledBackup(at(2026, 11, 27, 3), 'Daily');
      await runner().runUntilIdle();
      const run = await BackupRun.findOne({}).lean();
      expect(run).toMatchObject({ status: 'failed', name: null, size: null });
      expect(run?.error).toMatch(/^There is no embedded database in .*db\. Start Oracy once/);
      expect(run?.finishedAt).toBeInstanceOf(Date);
      expect(logged.error).toEqual([`backup failed: ${run!.error}`]);
      expect((await Job.findOne({ name: BACKUP_JOB }).lean())?.status).toBe('failed');
      expect((await archiveNames(broken)).sort()).toEqual([...kept].sort());
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('mark failed a backup whose process died, when another runner finds its lease expired', async () => {
    const slot = at(2026, 11, 27, 3);
    await queueScheduledBackup(slot, 'Daily');
    const job = (await Job.findOne({ name: BACKUP_JOB }).lean())!;
    const runId = (job.payload as { runId: string }).runId;
    const past = new Date(Date.now() - 120_000);
    await BackupRun.create({ _id: runId, slot: scheduledSlot(slot), trigger: 'schedule', status: 'running', startedAt: past });
    await Job.updateOne({ _id: job._id }, { $set: { status: 'running', attempts: 1, leaseUntil: past, owner: 'a process that died' } });

    expect(await runner().runOnce()).toBe(true);
    expect(await BackupRun.findById(runId).lean()).toMatchObject({ status: 'failed', error: 'The process running the last try stopped before it finished.' });
    expect(logged.error).toEqual(['backup failed: The process running the last try stopped before it finished.']);
    expect(await archiveNames()).toEqual([]);
  });

  it('remove what a killed backup left, but not what a live one is writing', async () => {
    const dir = backupsDir(source.dataDir);
    mkdirSync(join(dir, '.staging-999999999-abcd0123', 'db'), { recursive: true });
    writeFileSync(join(dir, 'oracy-backup-2026-11-27T03-00-00Z.tar.gz.partial-999999999'), 'cut short');
    mkdirSync(join(dir, `.staging-${process.ppid}-abcd0123`));
    mkdirSync(join(dir, `.staging-${process.pid}-abcd0123`));
    expect((await removeLeftovers(source.dataDir, { ownAreStale: false })).sort()).toEqual(['.staging-999999999-abcd0123', 'oracy-backup-2026-11-27T03-00-00Z.tar.gz.partial-999999999']);
    expect(readdirSync(dir).sort()).toEqual([`.staging-${process.pid}-abcd0123`, `.staging-${process.ppid}-abcd0123`].sort());
    expect(await removeLeftovers(source.dataDir, { ownAreStale: true })).toEqual([`.staging-${process.pid}-abcd0123`]);
  });
});

describe('catching up at start (docs/architecture.md#scheduled-backups)', () => {
  const daily = { every: 'day' as const };

  it('runs a slot just missed, or one older than the period since the last success, and never one a backup covered', () => {
    const slot = at(2026, 11, 27, 3);
    // started at 03:20: the slot is on time, whatever the last backup.
    expect(catchUpNeeded({ ...daily, slot, now: at(2026, 11, 27, 3, 20) }, at(2026, 11, 26, 22))).toBe(true);
    // started at 10:00, last success 31 h ago: older than a day.
    expect(catchUpNeeded({ ...daily, slot, now: at(2026, 11, 27, 10) }, at(2026, 11, 26, 3))).toBe(true);
    // started at 10:00, a manual backup at 22:00 the day before: not older than a day.
    expect(catchUpNeeded({ ...daily, slot, now: at(2026, 11, 27, 10) }, at(2026, 11, 26, 22))).toBe(false);
    // no backup at all.
    expect(catchUpNeeded({ ...daily, slot, now: at(2026, 11, 27, 10) }, null)).toBe(true);
    // a backup at or after the slot covers it.
    expect(catchUpNeeded({ ...daily, slot, now: at(2026, 11, 27, 3, 10) }, at(2026, 11, 27, 3, 0))).toBe(false);
    // weekly: the last success six days before is recent enough; eight days before is not.
    const monday = at(2026, 11, 23, 3);
    expect(catchUpNeeded({ every: 'week', slot: monday, now: at(2026, 11, 26, 9) }, at(2026, 11, 20, 12))).toBe(false);
    expect(catchUpNeeded({ every: 'week', slot: monday, now: at(2026, 11, 26, 9) }, at(2026, 11, 18, 12))).toBe(true);
  });

  it('queues the latest slot once at start when it was missed, and each slot as it comes', async () => {
    let now = at(2026, 11, 20, 10);
    const schedule = startBackupSchedule({ dataDir: source.dataDir, log, now: () => now, autoStart: false });
    expect(await schedule.look()).toEqual(at(2026, 11, 21, 3));
    const jobs = async () => (await Job.find({ name: BACKUP_JOB }).sort({ _id: 1 }).lean()).map((job) => job.key);
    expect(await jobs()).toEqual(['2026-11-20T03:00']);
    expect(logged.info).toEqual(['a missed scheduled backup is queued']);

    // a second process starting now sees the same slot queued: nothing more.
    const other = startBackupSchedule({ dataDir: source.dataDir, log, now: () => now, autoStart: false });
    await other.look();
    expect(await jobs()).toEqual(['2026-11-20T03:00']);

    now = at(2026, 11, 21, 3, 0);
    await schedule.look();
    expect(await jobs()).toEqual(['2026-11-20T03:00', '2026-11-21T03:00']);
    schedule.stop();
    other.stop();
  });

  it('does not queue at start when a recent backup covers the period, and reads the frequency in force', async () => {
    await BackupRun.create({ slot: 'manual:x', trigger: 'manual', status: 'ok', startedAt: at(2026, 11, 19, 22), finishedAt: at(2026, 11, 19, 22, 1), name: 'n', size: 1 });
    let now = at(2026, 11, 20, 10);
    const schedule = startBackupSchedule({ dataDir: source.dataDir, log, now: () => now, autoStart: false });
    expect(await schedule.look()).toEqual(at(2026, 11, 21, 3));
    expect(await Job.countDocuments({ name: BACKUP_JOB })).toBe(0);

    await setFrequency('Monthly');
    now = at(2026, 11, 20, 11);
    expect(await schedule.look()).toEqual(at(2026, 12, 1, 3));
    now = at(2026, 12, 1, 3, 0);
    await schedule.look();
    expect((await Job.findOne({ name: BACKUP_JOB }).lean())?.payload).toMatchObject({ trigger: 'schedule', frequency: 'Monthly', slot: 'schedule:2026-12-01T03:00' });
    schedule.stop();
  });
});
