import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { create, list } from 'tar';
import { publicUploadsDir } from '../platform/uploads.js';
import {
  ARCHIVE_DB,
  ARCHIVE_MANIFEST,
  ARCHIVE_UPLOADS,
  archiveEntryProblem,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  listFiles,
  oracyVersion,
  runDatabaseProgram,
  tallyFiles,
  type Manifest,
} from './archive.js';

/** What {@link createBackup} wrote. */
export interface BackupResult {
  /** absolute path of the archive */
  file: string;
  /** the archive's size in bytes */
  bytes: number;
  manifest: Manifest;
}

/** `DATA_DIR/backups`: where archives go when no `--out` is given (docs/architecture.md#backups). */
export function backupsDir(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** The default archive path for a backup taken at `now`: `DATA_DIR/backups/oracy-backup-2025-01-31T08-05-09Z.tar.gz` (UTC). */
export function defaultArchivePath(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return join(backupsDir(dataDir), `oracy-backup-${stamp}.tar.gz`);
}

/**
 * Exactly the file names {@link defaultArchivePath} makes, `oracy-backup-2025-01-31T08-05-09Z.tar.gz`:
 * the only names the server lists, keeps, prunes and serves (docs/architecture.md#scheduled-backups).
 * No separator, dot segment or other extension can match.
 */
export const ARCHIVE_NAME_PATTERN = /^oracy-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** When the archive called `name` was begun (UTC, from its name), or null for a name the server does not make. */
export function archiveTime(name: string): Date | null {
  const parts = ARCHIVE_NAME_PATTERN.exec(name);
  if (!parts) return null;
  const [, y, mo, d, h, mi, s] = parts;
  const time = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * Puts every file of the uploads folder that `target` lacks into `target` under the same relative
 * path: a hard link where the file system allows one (no copy of the bytes; uploads are never
 * changed in place, only added under new names and removed), else a copy. A file removed meanwhile
 * is left out, and so is one a restore would refuse (`archiveEntryProblem`), whose archive path is
 * added to `leftOut`.
 */
async function stageUploads(source: string, target: string, leftOut: Set<string>): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const file of await listFiles(source)) {
    // What a restore would refuse (a partial upload's temporary file, a file put there by hand) stays out, so every backup restores.
    if (archiveEntryProblem({ path: `${ARCHIVE_UPLOADS}/${file}`, type: 'File' })) {
      leftOut.add(`${ARCHIVE_UPLOADS}/${file}`);
      continue;
    }
    const from = join(source, file);
    const to = join(target, file);
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EEXIST') continue;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
      try {
        await copyFile(from, to, constants.COPYFILE_EXCL);
      } catch (copyErr) {
        const copyCode = (copyErr as NodeJS.ErrnoException).code;
        if (copyCode !== 'ENOENT' && copyCode !== 'EEXIST') throw copyErr;
      }
    }
  }
}

/**
 * Reads the written archive back: `manifest.json` first, the database files the manifest names,
 * and as many uploaded files as it counts.
 * @throws Error naming what is missing
 */
async function verifyArchive(file: string, manifest: Manifest): Promise<void> {
  const paths: string[] = [];
  await list({ file, strict: true, onReadEntry: (entry) => void paths.push(entry.path) });
  if (paths[0] !== ARCHIVE_MANIFEST) throw new Error(`the archive does not start with ${ARCHIVE_MANIFEST}`);
  for (const db of manifest.database.databases) {
    if (!paths.includes(`${ARCHIVE_DB}/${db.file}`)) throw new Error(`the archive lacks ${ARCHIVE_DB}/${db.file}`);
  }
  const uploads = paths.filter((p) => p.startsWith(`${ARCHIVE_UPLOADS}/`) && !p.endsWith('/')).length;
  if (uploads !== manifest.uploads.files) throw new Error(`the archive holds ${uploads} uploaded files, the manifest counts ${manifest.uploads.files}`);
}

/**
 * Writes one backup archive of the embedded database and the uploads while Oracy may be running
 * (docs/architecture.md#backups, docs/decisions/0020-backups-by-the-database-program.md):
 *
 * 1. the uploads folder `DATA_DIR/uploads` is staged (hard links), so that a file removed while the
 *    database is copied is kept; a file a restore would refuse (`archiveEntryProblem`: another folder
 *    or file type) is left out and named in the log;
 * 2. the database program (`devdb -backup-to`) copies each database file of `DATA_DIR/db` with
 *    SQLite's `VACUUM INTO` (one consistent snapshot per file, every committed write in it) and
 *    checks the copy (`PRAGMA integrity_check` = ok, every collection counted);
 * 3. the uploads added since step 1 are staged, so every file the snapshot refers to is there
 *    (a file removed between the two steps may come along unreferenced, which is harmless);
 * 4. `manifest.json` (format version, Oracy version, time, documents per collection, uploads' file
 *    count and bytes) and both folders are written as a gzip-compressed tar to a temporary name beside
 *    `out`, read back, and renamed to `out` (mode 0600: it holds password hashes).
 *
 * The staging folder (`DATA_DIR/backups/.staging-…`, on the data folder's file system so that the
 * uploads can be linked) and a partial archive are removed whether it succeeds or fails.
 * @param opts.dataDir `DATA_DIR`, absolute
 * @param opts.out the archive's path; default {@link defaultArchivePath}. Must not exist.
 * @param opts.log progress lines
 * @throws Error with a readable message: no embedded database in `DATA_DIR/db`, `out` exists, the copy failed its check
 */
export async function createBackup(opts: { dataDir: string; out?: string; log?: (line: string) => void }): Promise<BackupResult> {
  const log = opts.log ?? (() => undefined);
  const dbDir = join(opts.dataDir, 'db');
  if (!existsSync(dbDir)) {
    throw new Error(`There is no embedded database in ${dbDir}. Start Oracy once, or set DATA_DIR to the folder Oracy uses.`);
  }
  const out = opts.out ?? defaultArchivePath(opts.dataDir);
  if (existsSync(out)) throw new Error(`${out} exists already; choose another --out.`);

  await mkdir(backupsDir(opts.dataDir), { recursive: true, mode: 0o700 });
  await mkdir(dirname(out), { recursive: true });
  const staging = join(backupsDir(opts.dataDir), `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  const partial = `${out}.partial-${process.pid}`;
  try {
    await mkdir(staging, { mode: 0o700 });
    const uploadsDir = publicUploadsDir(opts.dataDir);
    const leftOut = new Set<string>();
    await stageUploads(uploadsDir, join(staging, ARCHIVE_UPLOADS), leftOut);
    log(`Copying the database in ${dbDir}...`);
    const createdAt = new Date().toISOString();
    const report = await runDatabaseProgram(['-data', dbDir, '-backup-to', join(staging, ARCHIVE_DB)]);
    log(`Copying the uploads in ${uploadsDir}...`);
    await stageUploads(uploadsDir, join(staging, ARCHIVE_UPLOADS), leftOut);
    if (leftOut.size > 0) {
      const names = [...leftOut].sort();
      log(`Left out ${names.length} files that are not uploads Oracy stores: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`);
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt,
      oracy: await oracyVersion(),
      database: { engine: 'ferretdb-sqlite', ...report },
      uploads: await tallyFiles(join(staging, ARCHIVE_UPLOADS)),
    };
    await writeFile(join(staging, ARCHIVE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    log('Writing the archive...');
    await create({ file: partial, cwd: staging, gzip: true, portable: true, mode: 0o600 }, [ARCHIVE_MANIFEST, ARCHIVE_DB, ARCHIVE_UPLOADS]);
    await verifyArchive(partial, manifest);
    await rename(partial, out);
    return { file: out, bytes: (await stat(out)).size, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
