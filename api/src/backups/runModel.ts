import { Schema, Types, model } from 'mongoose';
import { BACKUP_FREQUENCIES } from '../settings/model.js';

/** What started a backup: the schedule (docs/architecture.md#scheduled-backups) or an admin's "Back up now". */
export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
/** One of {@link BACKUP_TRIGGERS}. */
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** A backup run's state: `running`, then `ok` (the archive is written) or `failed` (`error` says why). */
export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
/** One of {@link BACKUP_RUN_STATUSES}. */
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/**
 * One backup the server took or tried to take (docs/product.md#settings,
 * docs/architecture.md#scheduled-backups): its outcome, for the "Data & Backup" card. The `_id` is
 * the id `POST /api/admin/backups` answers. The unique `slot` is the durable guard of the schedule:
 * one run per scheduled slot, ever — the job's key keeps one job per slot only while it is
 * unfinished. Not watched by the read caches.
 */
const backupRunSchema = new Schema(
  {
    /** `schedule:2026-11-27T03:00` (the slot, server local time) or `manual:<the run's id>` */
    slot: { type: String, required: true },
    trigger: { type: String, enum: BACKUP_TRIGGERS, required: true },
    /** the admin who pressed "Back up now"; null for the schedule, or once that account is gone */
    by: { type: Types.ObjectId, ref: 'User', default: null },
    /** the Backup Frequency in force when a scheduled run was queued; null for a manual one */
    frequency: { type: String, enum: [...BACKUP_FREQUENCIES, null], default: null },
    status: { type: String, enum: BACKUP_RUN_STATUSES, required: true },
    /** when the backup itself began (a retried run: its last try) */
    startedAt: { type: Date, required: true },
    /** when it ended, ok or failed; null while running */
    finishedAt: { type: Date, default: null },
    /** the archive's file name in `DATA_DIR/backups` once written, e.g. `oracy-backup-2026-11-27T03-00-01Z.tar.gz` */
    name: { type: String, default: null },
    /** the archive's size in bytes once written */
    size: { type: Number, default: null, min: 0 },
    /** why it failed, a sentence; null unless failed */
    error: { type: String, default: null },
  },
  { timestamps: false, versionKey: false },
);
backupRunSchema.index({ slot: 1 }, { unique: true });
backupRunSchema.index({ status: 1, startedAt: -1 });

export const BackupRun = model('BackupRun', backupRunSchema);
