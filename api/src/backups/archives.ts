import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive } from '../platform/db/dataDirLock.js';
import { archiveTime, backupsDir } from './backup.js';

/**
 * The archives in `DATA_DIR/backups` as the server sees them (docs/architecture.md#scheduled-backups):
 * only regular files named as the server names them (`ARCHIVE_NAME_PATTERN`), whether the schedule,
 * "Back up now" or `npm run backup` wrote them.
 */

/** One kept archive. */
export interface ArchiveInfo {
  /** file name, e.g. `oracy-backup-2026-11-27T03-00-01Z.tar.gz` */
  name: string;
  /** bytes */
  size: number;
  /** when the backup was begun (UTC, from the name) */
  createdAt: Date;
}

/** The archives in `DATA_DIR/backups`, newest first; none when the folder is missing. Symbolic links and other files are left out. */
export async function listArchives(dataDir: string): Promise<ArchiveInfo[]> {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const archives: ArchiveInfo[] = [];
  for (const name of names) {
    const createdAt = archiveTime(name);
    if (!createdAt) continue;
    const info = await lstat(join(dir, name)).catch(() => null);
    if (info?.isFile()) archives.push({ name, size: info.size, createdAt });
  }
  return archives.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** The path of a kept archive called `name`, or null when the name is not one the server makes or no such regular file is there. */
export async function archivePath(dataDir: string, name: string): Promise<string | null> {
  if (!archiveTime(name)) return null;
  const path = join(backupsDir(dataDir), name);
  const info = await lstat(path).catch(() => null);
  return info?.isFile() ? path : null;
}

/**
 * Retention after a successful scheduled backup (docs/architecture.md#scheduled-backups): keeps the
 * newest `keep` archives and deletes the rest — but only archives older than `current`, the one the
 * backup just wrote, which they are superseded by. Every archive counts, whoever made it.
 * @param keep how many to keep, ≥ 1
 * @param current the new archive's name; it is always kept
 * @returns the names deleted, oldest last
 */
export async function pruneArchives(dataDir: string, keep: number, current: string): Promise<string[]> {
  const newest = archiveTime(current);
  if (!newest || keep < 1) return [];
  const archives = await listArchives(dataDir);
  const superseded = archives.slice(keep).filter((archive) => archive.name !== current && archive.createdAt.getTime() < newest.getTime());
  for (const archive of superseded) await rm(join(backupsDir(dataDir), archive.name), { force: true });
  return superseded.map((archive) => archive.name);
}

/** The pid in the name of a backup's staging folder (`.staging-<pid>-<hex>`) or partial archive (`….partial-<pid>`). */
const LEFTOVER = /^\.staging-(\d+)-[0-9a-f]+$|\.partial-(\d+)$/;

/**
 * Removes what a backup of a process that is gone left in `DATA_DIR/backups` (it was killed before it
 * could clean up): staging folders and partial archives whose pid is no running process. Those of a
 * live process, e.g. `npm run backup` running now, stay.
 * @param opts.ownAreStale true when this process runs no backup of its own now: then its own pid in
 *   a name was left by an earlier process that had the same pid (a restarted container's pid 1)
 * @returns the names removed
 */
export async function removeLeftovers(dataDir: string, opts: { ownAreStale: boolean }): Promise<string[]> {
  const dir = backupsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = LEFTOVER.exec(name);
    if (!match) continue;
    const pid = Number(match[1] ?? match[2]);
    if (pid === process.pid ? !opts.ownAreStale : isAlive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
