/**
 * The backup calls of the "Data & Backup" card (docs/product.md#backups-on-the-settings-screen), typed, through the one
 * network module (`data/api.ts`).
 */
import { API_ORIGIN } from '../platform/config';
import { HttpError } from '../platform/api/api';
import { callOptions, client, json, type Answer } from '../platform/api/client';
import { intl, t } from '../platform/i18n';

const backups = client.api.admin.backups;

/** `GET /api/admin/backups`: `{mode, frequency, nextRunAt, last, running, archives}`. */
export type BackupStatus = Answer<typeof backups.$get>;
/** The latest finished backup: `{startedAt, finishedAt, ok, size, name, error?, trigger, by}`. */
export type BackupRun = NonNullable<BackupStatus['last']>;

/** How often the card asks again while a backup runs, ms. */
export const BACKUP_POLL_MS = 2_000;

/** `GET /api/admin/backups`. @throws the errors of `data/api.ts` */
export function fetchBackups(signal?: AbortSignal): Promise<BackupStatus> {
  return json(backups.$get(undefined, callOptions({ signal })));
}

/**
 * `POST /api/admin/backups` ("Back up now"): resolves to the run's id once it is queued.
 * @throws HttpError 409 `backup_running` while one runs ({@link isBackupRunning}), 409
 *   `backups_external` with `MONGODB_URI`; the other errors of `data/api.ts`
 */
export function startBackup(): Promise<{ id: string }> {
  return json(backups.$post());
}

/** True for the 409 of "Back up now" while a backup is already queued or running. */
export function isBackupRunning(err: unknown): boolean {
  return err instanceof HttpError && err.status === 409 && err.code === 'backup_running';
}

/**
 * Where an archive downloads from: `GET /api/admin/backups/{name}` (the session cookie goes along,
 * and the answer is an attachment). Written out rather than built with the client's `$url`, which
 * throws "Invalid URL" when `API_ORIGIN` is `''` (one origin).
 */
export function archiveUrl(name: string): string {
  return `${API_ORIGIN}/api/admin/backups/${encodeURIComponent(name)}`;
}

/** The units of {@link formatSize}, powers of 1000 apart. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people as the server's backup command prints it, in the active language: `512 B`,
 * `3.4 KB`, `12.0 MB`, `1.2 GB` (powers of 1000, one decimal from KB up) in English, `3,4 Ko` in French.
 */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const size = intl().formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return t(`admin.backups.size.${SIZE_UNITS[unit]!}`, { size });
}
