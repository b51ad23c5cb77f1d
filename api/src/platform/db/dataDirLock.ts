import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file's name in `DATA_DIR` (docs/architecture.md#backups). */
export const LOCK_FILE = 'oracy.lock';

/** A held lock on a data folder; `release()` removes the file if it is still this process's. */
export interface DataDirLock {
  /** absolute path of `DATA_DIR/oracy.lock` */
  path: string;
  /** Removes the lock file when it still names this process; idempotent, never throws. */
  release(): void;
}

/** Thrown by {@link lockDataDir} when a live process holds the folder; `message` says which and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly holder: string,
  ) {
    super(`${dataDir} is in use by ${holder || 'another process'} (pid ${pid}). Stop it first. ` + `If no such process runs any more, delete ${join(dataDir, LOCK_FILE)}.`);
    this.name = 'DataDirInUseError';
  }
}

/** Lock files this process holds now, by path: a lock with our own pid that is not here was left by an earlier process that had the same pid. */
const heldHere = new Set<string>();

/** The file's text, or null when it cannot be read. */
function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** What a lock file says: the holder's pid and what it is (`oracy server`, `oracy restore`), or null when unreadable. */
function readLock(path: string): { pid: number; holder: string } | null {
  const text = readText(path);
  if (text === null) return null;
  const [pidLine = '', holder = ''] = text.split('\n');
  const pid = Number(pidLine.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, holder: holder.trim() } : null;
}

/** True when a process with `pid` exists (signal 0 checks without sending; EPERM means it exists under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The live holder of `dataDir`'s lock, or null when there is no lock or it is stale (docs/architecture.md#backups):
 * a lock is stale when its pid is not a running process, or is this process's own pid without this process
 * holding it (left by an earlier process that had the same pid, as after a container restart).
 */
export function dataDirHolder(dataDir: string): { pid: number; holder: string } | null {
  const path = join(dataDir, LOCK_FILE);
  const lock = readLock(path);
  if (!lock) return null;
  if (lock.pid === process.pid) return heldHere.has(path) ? lock : null;
  return isAlive(lock.pid) ? lock : null;
}

/**
 * Takes the lock on a data folder (docs/architecture.md#backups): writes `DATA_DIR/oracy.lock` holding this
 * process's pid and, on a second line, `holder`. The server holds it from start to close while it runs the
 * embedded database, `npm run restore` while it replaces the folder's contents, so neither runs while the
 * other does. A stale lock (see {@link dataDirHolder}) is replaced. Creates `dataDir` when missing.
 * @param holder what takes the lock, shown to whoever finds it held, e.g. `oracy server`
 * @throws DataDirInUseError when a live process holds the lock; a file-system error when the folder cannot be written
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const content = `${process.pid}\n${holder}\n`;
  // a few tries: another process may take or drop the lock between our read and our write.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(path, content, { flag: 'wx', mode: 0o644 });
      heldHere.add(path);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(path);
          if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const seen = readText(path);
    const live = dataDirHolder(dataDir);
    if (live) throw new DataDirInUseError(dataDir, live.pid, live.holder);
    // a stale lock goes, unless another process replaced it meanwhile.
    if (readText(path) === seen) rmSync(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: other processes keep taking it.`);
}
