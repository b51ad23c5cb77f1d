import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { archivePath } from './archives.js';
import { backupStatus, requestBackup } from './runs.js';
import { ROLES } from '../auth/roles.js';
import { conflict, notFound } from '../platform/http/errors.js';
import { localFile, sendServedFile } from '../platform/http/static.js';
import { validate } from '../platform/http/validation.js';
import { archiveParamsSchema } from './schema.js';

/** The 409 code of "Back up now" while a backup is queued or running. */
export const BACKUP_RUNNING = 'backup_running';
/** The 409 code of "Back up now" with `MONGODB_URI`: that database is backed up with its own tools. */
export const BACKUPS_EXTERNAL = 'backups_external';

/** An archive holds password hashes and sessions: no cache may keep it. */
const ARCHIVE_CACHE = 'private, no-store';

/** Where the backup routes find what they need. */
export interface BackupRoutesOptions {
  /** `DATA_DIR`, absolute: the archives are in its `backups/` */
  dataDir: string;
  /** true with `MONGODB_URI`: Oracy makes no backups, the database's own tools do */
  external: boolean;
  /** `BACKUP_SCHEDULE`: whether this server takes scheduled backups */
  scheduled: boolean;
}

/**
 * The backups of the "Data & Backup" card (docs/product.md#backups-on-the-settings-screen,
 * docs/architecture.md#scheduled-backups), mounted at `/api`, admins only (401 / 403):
 * - `GET /admin/backups` → 200 `BackupStatusJson`: `{mode, frequency, nextRunAt, last, running, archives}`;
 * - `POST /admin/backups` → 202 `{id}`: "Back up now" queued (the run's id); 409 `backup_running`
 *   while a backup is queued or running; 409 `backups_external` with `MONGODB_URI`;
 * - `GET /admin/backups/:name` → 200 the archive, `application/gzip`, `Content-Disposition:
 *   attachment`, `Cache-Control: private, no-store`, byte ranges served; 400 `validation_error`
 *   for a name the server does not make (so no path can leave `DATA_DIR/backups`), 404 when no such
 *   archive is kept.
 */
export function createBackupRoutes(opts: BackupRoutesOptions) {
  return new Hono<AppEnv>()
    .get('/admin/backups', requireRole(ROLES.admin), async (c) => c.json(await backupStatus({ dataDir: opts.dataDir, external: opts.external, scheduled: opts.scheduled }), 200))
    .post('/admin/backups', requireRole(ROLES.admin), async (c) => {
      if (opts.external) {
        throw conflict('This server keeps its data in MongoDB (MONGODB_URI): back it up with mongodump, as the README\'s "Backups" section explains.', BACKUPS_EXTERNAL);
      }
      const started = await requestBackup(c.var.user._id);
      if (!started) throw conflict('A backup is already running. Wait for it to finish.', BACKUP_RUNNING);
      return c.json(started, 202);
    })
    .get('/admin/backups/:name', requireRole(ROLES.admin), validate('param', archiveParamsSchema), async (c) => {
      const { name } = c.req.valid('param');
      const path = opts.external ? null : await archivePath(opts.dataDir, name);
      const file = path ? await localFile(path, 'application/gzip') : null;
      if (!file) throw notFound('No such backup.');
      return sendServedFile(c, file, ARCHIVE_CACHE, { 'Content-Disposition': `attachment; filename="${name}"` });
    });
}
