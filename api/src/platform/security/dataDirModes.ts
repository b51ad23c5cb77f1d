import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Private files under `DATA_DIR` (docs/architecture.md#private-files): the database, uploads
 * (course images, profile photos, chat attachments, recordings), exports, backups and the access
 * log are readable by the account Oracy runs as and nobody else — files 0600, folders 0700.
 */

/** The process umask Oracy runs with: new files 0600 and folders 0700 at most (group and others get nothing). */
export const PRIVATE_UMASK = 0o077;

/**
 * Sets the process umask to `PRIVATE_UMASK`, so that every file and folder Oracy or a program it
 * starts (the embedded database) creates from now on is private, whatever mode the call asks for.
 * @returns the umask it replaced
 */
export function usePrivateUmask(): number {
  return process.umask(PRIVATE_UMASK);
}

/** How many entries of one folder the sweep examines at once. */
const SWEEP_BATCH = 64;

/** What `tightenDataDirModes` changed: counts of files and folders whose mode it narrowed, and the paths it could not change. */
export interface TightenedModes {
  files: number;
  folders: number;
  /** entries whose mode could not be changed (EPERM, EACCES: owned by another account), at most 20 */
  refused: string[];
}

/**
 * Takes group and other permissions away from everything under `dataDir` and from `dataDir` itself
 * (docs/architecture.md#private-files): a file keeps only its owner's bits (0644 → 0600, 0755 → 0700),
 * a folder becomes 0700. Symbolic links are neither followed nor changed; an entry removed while the
 * walk runs is skipped. Cheap when nothing needs changing: one `readdir` per folder and one `lstat`
 * per entry (64 at a time), a `chmod` only where a mode is too open.
 * @param dataDir `DATA_DIR`, absolute; a missing folder changes nothing
 * @returns how many files and folders were changed (0 and 0 on the second run), and what could not be
 *   changed (an entry owned by another account: EPERM or EACCES), which the walk skips
 * @throws a file-system error other than a missing entry or a refused change
 */
export async function tightenDataDirModes(dataDir: string): Promise<TightenedModes> {
  const changed: TightenedModes = { files: 0, folders: 0, refused: [] };
  const narrow = async (path: string, mode: number): Promise<boolean> => {
    try {
      await chmod(path, mode);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'EPERM' && code !== 'EACCES') throw err;
      if (changed.refused.length < 20) changed.refused.push(path);
      return false;
    }
  };
  const visit = async (path: string): Promise<void> => {
    let info;
    try {
      info = await lstat(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700 && (await narrow(path, 0o700))) changed.folders += 1;
      let names: string[];
      try {
        names = await readdir(path);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return;
        if (code !== 'EACCES') throw err;
        if (changed.refused.length < 20) changed.refused.push(path);
        return;
      }
      // a few dozen lstat calls in flight at once: a folder of thousands of recordings is read in a fraction of the time.
      for (let start = 0; start < names.length; start += SWEEP_BATCH) {
        await Promise.all(names.slice(start, start + SWEEP_BATCH).map((name) => visit(join(path, name))));
      }
      return;
    }
    if ((mode & 0o077) !== 0 && (await narrow(path, mode & 0o700))) changed.files += 1;
  };
  await visit(dataDir);
  return changed;
}
