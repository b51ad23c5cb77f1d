/**
 * Reading and writing the per-user cache of `db.ts` (docs/contributing.md#indexeddb-as-a-cache-the-server-overrides):
 * screen data by key and the current user. Every function here swallows its
 * failures after logging them, so a broken cache never breaks a screen.
 */
import { HttpError, NetworkError, OfflineError } from './api';
import { openUserDb, type CacheEntry, type StoredUser } from './db';

/**
 * The cached answer stored under `key` for `userId`, or `null` when there is
 * none or it cannot be read (logged).
 */
export async function readCache<T>(userId: string, key: string): Promise<CacheEntry<T> | null> {
  try {
    const db = await openUserDb(userId);
    if (!db) return null;
    const entry = await db.get('cache', key);
    return (entry as CacheEntry<T> | undefined) ?? null;
  } catch (error) {
    console.warn(`Could not read the cached ${key}`, error);
    return null;
  }
}

/**
 * Stores `data` under `key` for `userId`, stamped `savedAt` (default now, in
 * ms since the epoch). Resolves `false`, after logging, when it could not.
 */
export async function writeCache<T>(userId: string, key: string, data: T, savedAt: number = Date.now()): Promise<boolean> {
  try {
    const db = await openUserDb(userId);
    if (!db) return false;
    await db.put('cache', { key, data, savedAt });
    return true;
  } catch (error) {
    console.warn(`Could not cache ${key}`, error);
    return false;
  }
}

/**
 * The last signed-in user stored for `userId` (the `userId` session key),
 * for starting the installed app offline; `null` when absent or unreadable.
 */
export async function readCachedUser(userId: string): Promise<{ user: StoredUser; savedAt: number } | null> {
  try {
    const db = await openUserDb(userId);
    const record = await db?.get('meta', 'currentUser');
    if (!record || record.user.id !== userId) return null;
    return { user: record.user, savedAt: record.savedAt };
  } catch (error) {
    console.warn('Could not read the cached current user', error);
    return null;
  }
}

/** Stores the current user in their own database; failures are logged. */
export async function writeCachedUser(user: StoredUser, savedAt: number = Date.now()): Promise<void> {
  try {
    const db = await openUserDb(user.id);
    await db?.put('meta', { key: 'currentUser', user, savedAt });
  } catch (error) {
    console.warn('Could not cache the current user', error);
  }
}

/**
 * `true` when `error` means the server could not be reached or could not
 * answer — the browser is offline, the request timed out or came back
 * unreadable, or the server (or a proxy in front of it) answered 5xx — as
 * opposed to a real answer such as 401, 403 or 404. Cached data stands in for
 * the first kind only.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof OfflineError || error instanceof NetworkError) return true;
  return error instanceof HttpError && error.status >= 500;
}
