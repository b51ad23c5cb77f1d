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
import { backupStartedJsonSchema, backupStatusJsonSchema } from './presenter.js';
import { describe, json, noBody } from '../platform/http/describe.js';

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

/** Mounted at `/api`; the calls and their rules: docs/product.md#backups-on-the-settings-screen (the reference: `/api/docs`). */
export function createBackupRoutes(opts: BackupRoutesOptions) {
  return new Hono<AppEnv>()
    .get(
      '/admin/backups',
      describe({
        summary: 'The backups',
        tag: 'Settings',
        description:
          'Admins only (docs/product.md#backups-on-the-settings-screen): `embedded` or `external` (`MONGODB_URI`: backups are that database’s job), the Backup Frequency, the next scheduled backup (03:00 server local time; null when none is scheduled), the latest finished backup, whether one is running, and the kept archives, newest first (docs/architecture.md#scheduled-backups).',
        success: { status: 200, answer: json('The backups.', backupStatusJsonSchema) },
      }),
      requireRole(ROLES.admin),
      async (c) => c.json(await backupStatus({ dataDir: opts.dataDir, external: opts.external, scheduled: opts.scheduled }), 200),
    )
    .post(
      '/admin/backups',
      describe({
        summary: 'Back up now',
        tag: 'Settings',
        description:
          'Admins only (docs/product.md#backups-on-the-settings-screen): queues a backup of the embedded database and the uploads, the same archive as `npm run backup`. Poll `GET /api/admin/backups` until `running` is false; `last` then tells how it went.',
        success: { status: 202, answer: json('Queued; the id of its run.', backupStartedJsonSchema) },
        errors: { 409: '`backup_running`: a backup is queued or running; `backups_external`: `MONGODB_URI` is set, so Oracy makes no backups.' },
      }),
      requireRole(ROLES.admin),
      async (c) => {
        if (opts.external) {
          throw conflict('This server keeps its data in MongoDB (MONGODB_URI): back it up with mongodump, as the README\'s "Backups" section explains.', BACKUPS_EXTERNAL);
        }
        const started = await requestBackup(c.var.user._id);
        if (!started) throw conflict('A backup is already running. Wait for it to finish.', BACKUP_RUNNING);
        return c.json(started, 202);
      },
    )
    .get(
      '/admin/backups/:name',
      describe({
        summary: 'Download a backup',
        tag: 'Settings',
        description:
          'Admins only. `:name` is an archive’s name as `GET /api/admin/backups` lists it (`oracy-backup-2026-11-27T03-00-01Z.tar.gz`); byte ranges are served. The archive holds password hashes and sessions: keep it as safe as the server.',
        success: {
          status: 200,
          answer: {
            description: 'The archive: a gzip-compressed tar with `manifest.json` first (docs/architecture.md#backups), `Cache-Control: private, no-store`.',
            media: { 'application/gzip': { type: 'string', format: 'binary' } },
            headers: { 'Content-Disposition': { description: '`attachment; filename="<name>"`', schema: { type: 'string' } } },
          },
        },
        others: {
          206: { description: 'The requested byte range, with `Content-Range`.', media: { 'application/gzip': { type: 'string', format: 'binary' } } },
          304: noBody('Not modified (`If-None-Match` named the ETag).'),
        },
        errors: {
          400: 'Not the name of a backup archive (`validation_error`): a path, `..`, another extension.',
          404: 'No such archive is kept.',
          416: 'The requested range is outside the file.',
        },
      }),
      requireRole(ROLES.admin),
      validate('param', archiveParamsSchema),
      async (c) => {
        const { name } = c.req.valid('param');
        const path = opts.external ? null : await archivePath(opts.dataDir, name);
        const file = path ? await localFile(path, 'application/gzip') : null;
        if (!file) throw notFound('No such backup.');
        return sendServedFile(c, file, ARCHIVE_CACHE, { 'Content-Disposition': `attachment; filename="${name}"` });
      },
    );
}
