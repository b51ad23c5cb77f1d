import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { ensureDevdbBinary } from '../../devdb/build.mjs';
import { REPO_ROOT } from '../platform/env.js';
import { AUDIO_CONTAINERS } from '../platform/uploads.js';
import { UPLOAD_NAME_PATTERN } from '../platform/http/static.js';

/**
 * What a backup archive holds (docs/architecture.md#backups): a gzip-compressed tar of
 * `manifest.json` (first), `db/<database>.sqlite` (one self-contained SQLite file per database of the
 * embedded FerretDB, made by the database program) and `uploads/…` (the disk store's folder as it is
 * in `DATA_DIR`, course images, `chat/` attachments and `recordings/`).
 */
export const ARCHIVE_MANIFEST = 'manifest.json';
/** The archive's folder of database files. */
export const ARCHIVE_DB = 'db';
/** The archive's folder of uploaded files. */
export const ARCHIVE_UPLOADS = 'uploads';

/** The archive's folder of chat attachments, below the uploads (`DATA_DIR/uploads/chat`). */
const ARCHIVE_CHAT = `${ARCHIVE_UPLOADS}/chat`;
/** The archive's folder of speaking-practice recordings, below the uploads (`DATA_DIR/uploads/recordings`). */
const ARCHIVE_RECORDINGS = `${ARCHIVE_UPLOADS}/recordings`;

/**
 * The extensions the upload stores give a raster image (platform/uploads.ts, `checkUpload`: the
 * extension file-type names for the signature, SVG never): course images and profile photos in
 * `uploads/`, image attachments in `uploads/chat/`.
 */
const IMAGE_EXTENSIONS = [
  'apng',
  'arw',
  'avif',
  'bmp',
  'bpg',
  'cr2',
  'cr3',
  'cur',
  'dng',
  'dwg',
  'flif',
  'gif',
  'heic',
  'icns',
  'ico',
  'j2c',
  'jls',
  'jp2',
  'jpg',
  'jpm',
  'jpx',
  'jxl',
  'jxr',
  'ktx',
  'mj2',
  'nef',
  'orf',
  'png',
  'psd',
  'raf',
  'rw2',
  'tif',
  'webp',
  'xcf',
];

/**
 * The files each folder of a backup's uploads may hold, by extension (what the stores write,
 * platform/uploads.ts): images in `uploads/`; images, PDF, DOC and DOCX in `uploads/chat/`; the
 * recording containers in `uploads/recordings/`. No other folder, no other extension
 * (docs/architecture.md#backups).
 */
export const ARCHIVE_UPLOAD_EXTENSIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  [ARCHIVE_UPLOADS]: new Set(IMAGE_EXTENSIONS),
  [ARCHIVE_CHAT]: new Set([...IMAGE_EXTENSIONS, 'pdf', 'doc', 'docx']),
  [ARCHIVE_RECORDINGS]: new Set(Object.values(AUDIO_CONTAINERS).map((container) => container.ext)),
};

/** One entry of a tar archive as its header gives it: the path as written, and node-tar's type (`File`, `Directory`, `SymbolicLink` …). */
export interface ArchiveEntry {
  path: string;
  type: string;
}

/**
 * Why a backup archive may not hold `entry`, or null when a backup writes such an entry
 * (docs/architecture.md#backups): `manifest.json`; the folders `db/`, `uploads/`, `uploads/chat/`,
 * `uploads/recordings/`; `db/<name>.sqlite`; and, in each uploads folder, regular files with a
 * server-made name (`UPLOAD_NAME_PATTERN`) and an extension of `ARCHIVE_UPLOAD_EXTENSIONS`.
 * @returns e.g. `"uploads/evil.html (a file type a backup does not hold)"`
 */
export function archiveEntryProblem(entry: ArchiveEntry): string | null {
  const path = entry.path.replace(/\/$/, '');
  const parts = path.split('/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || parts.some((part) => part === '..' || part === '.' || part === '')) {
    return `${entry.path} (a path outside the backup's folders)`;
  }
  if (entry.type === 'Directory') {
    return path === ARCHIVE_DB || path in ARCHIVE_UPLOAD_EXTENSIONS ? null : `${entry.path} (a folder a backup does not hold)`;
  }
  if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') return `${entry.path} (a ${entry.type}, not a file or folder)`;
  if (path === ARCHIVE_MANIFEST) return null;
  const name = parts.pop() ?? '';
  const folder = parts.join('/');
  if (folder === ARCHIVE_DB) return /^[^/\\]+\.sqlite$/.test(name) ? null : `${entry.path} (not a database file)`;
  const extensions = ARCHIVE_UPLOAD_EXTENSIONS[folder];
  if (!extensions) return folder === '' ? `${entry.path} (a file a backup does not hold)` : `${entry.path} (in a folder a backup does not hold)`;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  if (!UPLOAD_NAME_PATTERN.test(name) || name.length > 255 || !extensions.has(ext)) return `${entry.path} (a file type a backup does not hold)`;
  return null;
}

/** The manifest's `format` value: an archive without it is not an Oracy backup. */
export const BACKUP_FORMAT = 'oracy-backup';
/** The archive layout this code writes and reads; a later change of layout raises it, and restore refuses newer ones. */
export const BACKUP_FORMAT_VERSION = 1;

/** One database file as the database program reports it: documents per collection, size in bytes. */
const databaseReportSchema = z.object({
  /** MongoDB database name, e.g. `oracy` */
  name: z.string().min(1),
  /** file name in the data folder, e.g. `oracy.sqlite` */
  file: z.string().regex(/^[^/\\]+\.sqlite$/),
  /** the file's size in bytes */
  bytes: z.number().int().nonnegative(),
  /** collection name → number of documents */
  collections: z.record(z.string(), z.number().int().nonnegative()),
});

/** What `devdb -backup-to` and `devdb -check` print (api/devdb/main.go, `Report`). */
const devdbReportSchema = z.object({
  /** FerretDB's module version, e.g. `v1.24.2` */
  ferretdb: z.string(),
  /** SQLite's version, e.g. `3.46.0` */
  sqlite: z.string(),
  databases: z.array(databaseReportSchema),
});

/** The database program's report on a folder of database files. */
export type DatabaseReport = z.infer<typeof devdbReportSchema>;

/** The manifest of a backup archive, format version 1. */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  /** when the database snapshot was taken, ISO 8601 (UTC) */
  createdAt: z.string().datetime(),
  /** the Oracy that made it: root package.json's `version` and the git commit, each null when unknown */
  oracy: z.object({ version: z.string().nullable(), commit: z.string().nullable() }),
  /** the embedded database's files as the database program checked them in the archive */
  database: devdbReportSchema.extend({ engine: z.literal('ferretdb-sqlite') }),
  /** the uploads folder in the archive: number of files and their total size in bytes */
  uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});

/** A parsed `manifest.json`. */
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Runs the embedded database program (api/devdb, built on first use) in one of its report modes:
 * `['-data', dir, '-backup-to', out]` copies and checks, `['-check', dir]` only checks.
 * @returns the parsed report
 * @throws Error with the program's own message when it fails (no files, integrity check not ok, not a FerretDB file)
 */
export function runDatabaseProgram(args: string[]): Promise<DatabaseReport> {
  const bin = ensureDevdbBinary();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (err) => reject(new Error(`The database program could not be started: ${err.message}`)));
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(stderr.trim().replace(/^devdb: /, '') || `The database program exited with code ${code}.`));
        return;
      }
      try {
        resolvePromise(devdbReportSchema.parse(JSON.parse(stdout)));
      } catch {
        reject(new Error(`The database program printed an unexpected report: ${stdout.slice(0, 200)}`));
      }
    });
  });
}

/** Number of files and their total size in bytes under a folder (0 and 0 when it is missing). */
export interface FileTally {
  files: number;
  /** bytes */
  bytes: number;
}

/**
 * Every regular file under `dir`, as paths relative to it with `/` separators, sorted; symbolic links
 * and other special files are left out. A missing folder has none.
 */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Counts the regular files under `dir` and adds up their sizes (bytes). */
export async function tallyFiles(dir: string): Promise<FileTally> {
  let bytes = 0;
  const files = await listFiles(dir);
  for (const file of files) bytes += (await lstat(join(dir, file))).size;
  return { files: files.length, bytes };
}

/** The running Oracy's version and commit for the manifest: root package.json's `version` and `git rev-parse HEAD`, each null when not to be had. */
export async function oracyVersion(): Promise<Manifest['oracy']> {
  let version: string | null = null;
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // no package.json beside the code: leave it unknown.
  }
  const commit = await new Promise<string | null>((resolvePromise) => {
    const child = spawn('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', () => resolvePromise(null));
    child.once('close', (code) => resolvePromise(code === 0 && /^[0-9a-f]{40}$/.test(out.trim()) ? out.trim() : null));
  });
  return { version, commit };
}

/** A size for people: `512 B`, `3.4 KB`, `12.0 MB`, `1.2 GB` (powers of 1000). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Total documents over every collection of every database in a report. */
export function documentCount(report: DatabaseReport): number {
  return report.databases.reduce((sum, db) => sum + Object.values(db.collections).reduce((a, b) => a + b, 0), 0);
}
