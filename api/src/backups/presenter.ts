import type { Types } from 'mongoose';
import { z } from 'zod';
import { BACKUP_FREQUENCIES } from '../settings/model.js';
import { BACKUP_TRIGGERS, type BackupRunStatus, type BackupTrigger } from './runModel.js';
import { objectId, timestamp } from '../platform/http/fields.js';

/** A finished backup run as the "Data & Backup" card shows it (docs/product.md#backups-on-the-settings-screen). */
export const backupRunJsonSchema = z
  .object({
    startedAt: timestamp(),
    finishedAt: timestamp(),
    /** true: the archive was written and read back */
    ok: z.boolean(),
    /** the archive's size in bytes; null when it failed */
    size: z.number().nullable().meta({ description: 'bytes; null when it failed' }),
    /** the archive's file name; null when it failed */
    name: z.string().nullable(),
    /** why it failed; only on a failure */
    error: z.string().optional(),
    trigger: z.enum(BACKUP_TRIGGERS).meta({ description: '`schedule`, or `manual` for "Back up now"' }),
    /** the admin who pressed "Back up now"; null for the schedule or once that account is gone */
    by: z.object({ id: objectId(), name: z.string() }).nullable(),
  })
  .meta({ id: 'BackupRun' });
/** A finished backup run: see {@link backupRunJsonSchema}. */
export type BackupRunJson = z.infer<typeof backupRunJsonSchema>;

/** One archive kept in `DATA_DIR/backups`. */
export const backupArchiveJsonSchema = z
  .object({
    /** file name, what `GET /api/admin/backups/:name` takes */
    name: z.string(),
    /** bytes */
    size: z.number(),
    createdAt: timestamp(),
  })
  .meta({ id: 'BackupArchive' });

/** `GET /api/admin/backups` (docs/product.md#backups-on-the-settings-screen). */
export const backupStatusJsonSchema = z
  .object({
    /** `embedded`: Oracy backs up its own database; `external`: `MONGODB_URI` is set and backups are that database's job */
    mode: z.enum(['embedded', 'external']),
    frequency: z.enum(BACKUP_FREQUENCIES),
    /** the next scheduled backup; null with `MONGODB_URI` or `BACKUP_SCHEDULE=0` */
    nextRunAt: timestamp().nullable(),
    /** the latest finished run, ok or failed; null before the first */
    last: backupRunJsonSchema.nullable(),
    /** a backup is queued or running */
    running: z.boolean(),
    /** the kept archives, newest first */
    archives: z.array(backupArchiveJsonSchema),
  })
  .meta({ id: 'BackupStatus' });
/** The answer of `GET /api/admin/backups`: see {@link backupStatusJsonSchema}. */
export type BackupStatusJson = z.infer<typeof backupStatusJsonSchema>;

/** `POST /api/admin/backups` → 202: the id of the run that was started. */
export const backupStartedJsonSchema = z.object({ id: objectId() }).meta({ id: 'BackupStarted' });

/** The fields `presentBackupRun` reads of a `BackupRun`. */
export interface BackupRunLike {
  status: BackupRunStatus;
  trigger: BackupTrigger;
  startedAt: Date;
  finishedAt?: Date | null;
  name?: string | null;
  size?: number | null;
  error?: string | null;
}

/** Presents a finished run as `BackupRunJson`, with `by` the admin who pressed "Back up now" (null when none or gone). */
export function presentBackupRun(run: BackupRunLike, by: { _id: Types.ObjectId | string; name: string } | null): BackupRunJson {
  const ok = run.status === 'ok';
  return {
    startedAt: run.startedAt.toISOString(),
    finishedAt: (run.finishedAt ?? run.startedAt).toISOString(),
    ok,
    size: ok ? (run.size ?? null) : null,
    name: ok ? (run.name ?? null) : null,
    ...(ok ? {} : { error: run.error ?? 'The backup failed.' }),
    trigger: run.trigger,
    by: by ? { id: String(by._id), name: by.name } : null,
  };
}
