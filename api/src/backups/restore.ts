import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { extract, list, type ReadEntry } from 'tar';
import { lockDataDir, LOCK_FILE } from '../platform/db/dataDirLock.js';
import { tightenDataDirModes } from '../platform/security/dataDirModes.js';
import { publicUploadsDir } from '../platform/uploads.js';
import {
  ARCHIVE_DB,
  ARCHIVE_MANIFEST,
  ARCHIVE_UPLOADS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  archiveEntryProblem,
  listFiles,
  manifestSchema,
  runDatabaseProgram,
  tallyFiles,
  type DatabaseReport,
  type Manifest,
} from './archive.js';
import { backupsDir } from './backup.js';

/** What {@link restoreBackup} put in place. */
export interface RestoreResult {
  manifest: Manifest;
  /** the database program's report on the restored files */
  database: DatabaseReport;
  /** true when `--force` replaced an existing database or uploads */
  replaced: boolean;
}

/** Thrown when `DATA_DIR` holds data and `force` is not set; `entries` names what is there. */
export class DataDirNotEmptyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly entries: string[],
  ) {
    super(`${dataDir} is not empty (it holds ${entries.join(', ')}). Restore into an empty folder, or add --force to replace its database and uploads.`);
    this.name = 'DataDirNotEmptyError';
  }
}

/** Thrown for an archive that is not a readable Oracy backup of a format this code reads. */
export class BadArchiveError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a usable Oracy backup: ${reason}`);
    this.name = 'BadArchiveError';
  }
}

/**
 * The entries of `dataDir` that hold files, leaving out what a restore keeps: `backups/` (archives)
 * and `oracy.lock`. Folders without any file in them (a server's fresh `uploads/`) do not count.
 */
async function dataEntries(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const kept = new Set([LOCK_FILE, basename(backupsDir(dataDir))]);
  const found: string[] = [];
  for (const name of names.sort()) {
    if (kept.has(name)) continue;
    const path = join(dataDir, name);
    if (!(await lstat(path)).isDirectory() || (await listFiles(path)).length > 0) found.push(name);
  }
  return found;
}

/** Thrown for an archive holding entries a backup never writes; `refused` describes each one. */
export class RefusedArchiveEntriesError extends BadArchiveError {
  constructor(
    file: string,
    readonly refused: string[],
  ) {
    super(file, `it holds ${refused.length === 1 ? 'an entry' : `${refused.length} entries`} a backup never has, so nothing was restored: ${refused.join(', ')}`);
    this.name = 'RefusedArchiveEntriesError';
  }
}

/**
 * Reads every entry header of an archive without writing anything, and refuses the archive when any
 * entry is not one a backup writes (`archiveEntryProblem`: known folders, `.sqlite` database files,
 * upload names and extensions of the stores; no links, no path leaving the folder).
 * @throws RefusedArchiveEntriesError listing every refused entry; BadArchiveError when it is not a readable gzip tar
 */
async function checkEntries(file: string): Promise<void> {
  const refused: string[] = [];
  const warnings: string[] = [];
  try {
    await list({
      file,
      onwarn: (_code, message) => void warnings.push(String(message)),
      onReadEntry: (entry: ReadEntry) => {
        const problem = archiveEntryProblem({ path: entry.path, type: entry.type });
        if (problem) refused.push(problem);
      },
    });
  } catch (err) {
    warnings.push(err instanceof Error ? err.message : String(err));
  }
  if (warnings.length > 0) throw new BadArchiveError(file, `it cannot be read as a gzip-compressed tar (${warnings[0]})`);
  if (refused.length > 0) throw new RefusedArchiveEntriesError(file, refused);
}

/**
 * Unpacks an archive into `dir` once `checkEntries` has passed it; the filter keeps only the entries
 * `archiveEntryProblem` accepts all the same.
 * @throws BadArchiveError for a file that is not a gzip tar, is cut short, or holds anything else
 */
async function unpack(file: string, dir: string): Promise<void> {
  const unexpected: string[] = [];
  // not `strict`: a warning then ends the read only after every file begun is written, so that `dir` can be removed.
  const warnings: string[] = [];
  try {
    await extract({
      file,
      cwd: dir,
      preserveOwner: false,
      onwarn: (_code, message) => void warnings.push(String(message)),
      filter: (path: string, entry) => {
        const problem = archiveEntryProblem({ path, type: (entry as ReadEntry).type });
        if (problem) unexpected.push(problem);
        return problem === null;
      },
    });
  } catch (err) {
    warnings.push(err instanceof Error ? err.message : String(err));
  }
  if (warnings.length > 0) throw new BadArchiveError(file, `it cannot be read as a gzip-compressed tar (${warnings[0]})`);
  if (unexpected.length > 0) throw new RefusedArchiveEntriesError(file, unexpected);
}

/**
 * Reads and checks `manifest.json` of an unpacked archive: an Oracy backup of the format this code reads.
 * @throws BadArchiveError when it is missing, of another program, of a newer format, or malformed
 */
async function readManifest(file: string, dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, ARCHIVE_MANIFEST), 'utf8'));
  } catch {
    throw new BadArchiveError(file, `it has no readable ${ARCHIVE_MANIFEST}`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown } | null;
  if (head?.format !== BACKUP_FORMAT) throw new BadArchiveError(file, `its ${ARCHIVE_MANIFEST} is not an Oracy backup's`);
  if (head.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BadArchiveError(
      file,
      `it is of format version ${String(head.formatVersion)}; this Oracy reads version ${BACKUP_FORMAT_VERSION}${
        typeof head.formatVersion === 'number' && head.formatVersion > BACKUP_FORMAT_VERSION ? ' (restore it with the Oracy that made it, or a newer one)' : ''
      }`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BadArchiveError(file, `its ${ARCHIVE_MANIFEST} is malformed (${parsed.error.issues[0]?.path.join('.')})`);
  return parsed.data;
}

/**
 * Checks the unpacked database files and uploads against the manifest: the database program's integrity
 * check passes on each file, the files and their documents per collection are those the manifest lists,
 * and the uploads' count and bytes match.
 * @returns the database program's report
 * @throws BadArchiveError naming the first difference
 */
async function checkUnpacked(file: string, dir: string, manifest: Manifest): Promise<DatabaseReport> {
  let report: DatabaseReport;
  try {
    report = await runDatabaseProgram(['-check', join(dir, ARCHIVE_DB)]);
  } catch (err) {
    throw new BadArchiveError(file, `its database does not pass the check: ${err instanceof Error ? err.message : String(err)}`);
  }
  const expected = new Map(manifest.database.databases.map((db) => [db.file, db]));
  if (report.databases.length !== expected.size) {
    throw new BadArchiveError(file, `it holds ${report.databases.length} database files, its manifest lists ${expected.size}`);
  }
  for (const db of report.databases) {
    const listed = expected.get(db.file);
    if (!listed) throw new BadArchiveError(file, `its manifest does not list ${ARCHIVE_DB}/${db.file}`);
    const names = new Set([...Object.keys(listed.collections), ...Object.keys(db.collections)]);
    for (const name of names) {
      if (listed.collections[name] !== db.collections[name]) {
        throw new BadArchiveError(file, `collection ${db.name}.${name} has ${db.collections[name] ?? 'no'} documents, its manifest says ${listed.collections[name] ?? 'none'}`);
      }
    }
  }
  const uploads = await tallyFiles(join(dir, ARCHIVE_UPLOADS));
  if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
    throw new BadArchiveError(file, `it holds ${uploads.files} uploaded files (${uploads.bytes} bytes), its manifest says ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`);
  }
  return report;
}

/**
 * Restores a backup archive made by `createBackup` into `DATA_DIR` (docs/architecture.md#backups):
 *
 * 1. takes the data folder's lock (`DATA_DIR/oracy.lock`), so it refuses while a server runs on that
 *    folder and no server starts on it until the restore is done;
 * 2. refuses a folder that holds data (anything but `backups/` and the lock) unless `force`;
 * 3. reads the archive's entry headers and refuses it, writing nothing, when any entry is not one a
 *    backup writes (`archiveEntryProblem`: an unknown folder or file type, a link, a path leaving the
 *    folder), listing every such entry;
 * 4. unpacks the archive into `DATA_DIR/.restore-<pid>`, checks that the
 *    manifest is of this format version, runs the database program's integrity check on the database
 *    files and compares their documents per collection and the uploads with the manifest, and makes
 *    every unpacked file 0600 and folder 0700;
 * 5. only then moves `db/` and `uploads/` into place, the old ones (with `force`) aside first and
 *    deleted at the end; a failed move puts the old ones back.
 *
 * The unpacked copy is removed and the lock released whether it succeeds or fails.
 * @param opts.dataDir `DATA_DIR`, absolute; created when missing
 * @param opts.file the archive
 * @param opts.force replace the database and uploads of a folder that holds data
 * @param opts.log progress lines
 * @throws DataDirInUseError (a server holds the folder), DataDirNotEmptyError, BadArchiveError (RefusedArchiveEntriesError for entries a backup never has), or a file-system error
 */
export async function restoreBackup(opts: { dataDir: string; file: string; force?: boolean; log?: (line: string) => void }): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  if (!existsSync(opts.file)) throw new Error(`${opts.file} does not exist.`);
  const lock = lockDataDir(opts.dataDir, 'oracy restore');
  const staging = join(opts.dataDir, `.restore-${process.pid}`);
  try {
    const present = await dataEntries(opts.dataDir);
    if (present.length > 0 && !opts.force) throw new DataDirNotEmptyError(opts.dataDir, present);

    log(`Reading ${opts.file}...`);
    await checkEntries(opts.file);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { mode: 0o700 });
    await unpack(opts.file, staging);
    const manifest = await readManifest(opts.file, staging);
    await mkdir(join(staging, ARCHIVE_UPLOADS), { recursive: true });
    log('Checking the database and the uploads against the manifest...');
    const database = await checkUnpacked(opts.file, staging, manifest);
    // files 0600 in folders 0700 whatever modes the archive carried (docs/architecture.md#private-files).
    await tightenDataDirModes(staging);

    const places = [
      { from: join(staging, ARCHIVE_DB), to: join(opts.dataDir, 'db'), aside: join(staging, 'replaced-db') },
      { from: join(staging, ARCHIVE_UPLOADS), to: publicUploadsDir(opts.dataDir), aside: join(staging, 'replaced-uploads') },
    ];
    const setAside: typeof places = [];
    const moved: typeof places = [];
    try {
      for (const place of places) {
        if (!existsSync(place.to)) continue;
        await rename(place.to, place.aside);
        setAside.push(place);
      }
      for (const place of places) {
        await rename(place.from, place.to);
        moved.push(place);
      }
    } catch (err) {
      for (const place of moved.reverse()) await rename(place.to, place.from).catch(() => undefined);
      for (const place of setAside.reverse()) await rename(place.aside, place.to).catch(() => undefined);
      throw err;
    }
    return { manifest, database, replaced: setAside.length > 0 };
  } finally {
    try {
      await rm(staging, { recursive: true, force: true, maxRetries: 5 });
    } finally {
      lock.release();
    }
  }
}
