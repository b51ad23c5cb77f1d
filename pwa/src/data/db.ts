/**
 * The app's IndexedDB (docs/contributing.md#indexeddb-as-a-cache-the-server-overrides, issue 7 "IndexedDB caches"): one
 * typed database per signed-in user, named `oracy-user-{userId}`, holding
 *
 * - `cache`: the last server answer of each cached screen (notices, course
 *   lists, dashboard stats, complaints), keyed by its API path;
 * - `meta`: the current user, so the installed app can start offline;
 * - `outbox`: complaints written while offline, waiting to be sent
 *   (`outbox.ts`, docs/contributing.md#the-outbox).
 *
 * The server always overrides what is stored here. The database of a user is
 * deleted on logout and when a different user signs in on the same device.
 * Nothing here throws at a screen: when IndexedDB is missing (some private
 * modes, jsdom) or fails to open, {@link openUserDb} resolves `null` and the
 * callers carry on without a cache.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { CurrentUser } from '../session/currentUser';

/**
 * The schema version. Each version's changes are one step of
 * {@link MIGRATIONS}; `DB_VERSION` is their count, so adding a step is the
 * only way to change the schema. Never edit a released step.
 */
export const DB_VERSION = 2;

/** Every user database's name starts with this, followed by the user id. */
export const DB_NAME_PREFIX = 'oracy-user-';

/** The database name of a user. */
export function userDbName(userId: string): string {
  return `${DB_NAME_PREFIX}${userId}`;
}

/** One cached server answer. */
export interface CacheEntry<T = unknown> {
  /** What was asked, usually the API path, e.g. `/api/student/courses/{id}`. */
  key: string;
  /** The parsed JSON answer as the screen uses it. */
  data: T;
  /** When it was received, in milliseconds since the epoch. */
  savedAt: number;
}

/** The signed-in user as `GET /auth/current_user` answered (docs/product.md#sign-in-site), kept for offline starts. */
export type StoredUser = CurrentUser;

/** The record of the `meta` store holding the last signed-in user. */
export interface CurrentUserRecord {
  key: 'currentUser';
  user: StoredUser;
  /** When the server last confirmed it, in ms since the epoch. */
  savedAt: number;
}

/** What a queued complaint sends (docs/product.md#student-calls, docs/product.md#teacher-calls). */
export interface ComplaintDraft {
  /** Complaint Title, trimmed, non-empty (docs/product.md#complaint-dialog-validation). */
  title: string;
  /** Complaint Description, trimmed, non-empty. */
  description: string;
}

/**
 * A write waiting in the outbox (docs/contributing.md#the-outbox). Only complaints are
 * queued today.
 */
export interface OutboxRecord {
  /** Client-generated UUID: the idempotency key the server de-duplicates on. */
  clientId: string;
  kind: 'complaint';
  /** The filer's role: 2 teacher, 3 student. */
  role: 2 | 3;
  /** The endpoint, `/api/student/complaints` or `/api/teacher/complaints`. */
  path: string;
  /** The complaint's fields (the owner and `clientId` are added when sending). */
  draft: ComplaintDraft;
  /** When it was written, ms since the epoch; the outbox is sent in this order. */
  createdAt: number;
  /**
   * `queued`: waiting for the network; `failed`: the server refused it with a
   * 4xx (see `error`) and it waits for the user to edit or discard it.
   */
  status: 'queued' | 'failed';
  /** How many sends were tried. */
  attempts: number;
  /** The server's message for a `failed` item, otherwise `null`. */
  error: string | null;
  /** When the last send was tried, ms since the epoch, or `null`. */
  lastAttemptAt: number | null;
}

/** The typed schema of a user database (idb's `DBSchema`). */
export interface OracyDB extends DBSchema {
  cache: { key: string; value: CacheEntry };
  meta: { key: string; value: CurrentUserRecord };
  outbox: { key: string; value: OutboxRecord; indexes: { byCreatedAt: number } };
}

/** An open user database. */
export type UserDb = IDBPDatabase<OracyDB>;

type UpgradeTransaction = IDBPTransaction<OracyDB, StoreNames<OracyDB>[], 'versionchange'>;

/**
 * The schema's history: step `i` upgrades a database from version `i` to
 * `i + 1`. v1 held the caches; v2 added the complaint outbox.
 */
export const MIGRATIONS: ReadonlyArray<(db: UserDb, tx: UpgradeTransaction) => void> = [
  (db) => {
    db.createObjectStore('cache', { keyPath: 'key' });
    db.createObjectStore('meta', { keyPath: 'key' });
  },
  (db) => {
    const outbox = db.createObjectStore('outbox', { keyPath: 'clientId' });
    outbox.createIndex('byCreatedAt', 'createdAt');
  },
];

/**
 * The upgrade function: runs the steps from `oldVersion` up to `newVersion`
 * (both of them versions of {@link MIGRATIONS}) inside the upgrade transaction.
 */
export function upgradeUserDb(db: UserDb, oldVersion: number, newVersion: number, tx: UpgradeTransaction): void {
  for (let version = oldVersion; version < newVersion; version++) {
    const step = MIGRATIONS[version];
    if (!step) throw new Error(`No migration from version ${version} of the Oracy database`);
    step(db, tx);
  }
}

let open: { userId: string; db: Promise<UserDb | null> } | null = null;
let warnedUnavailable = false;

/** The browser's IndexedDB factory, or `undefined` where there is none. */
function factory(): IDBFactory | undefined {
  return typeof indexedDB === 'undefined' ? undefined : indexedDB;
}

/**
 * Opens (once, then reuses) the database of `userId`, creating or upgrading
 * it to {@link DB_VERSION}. Opening another user's database closes the
 * previous one. Resolves `null`, after logging, when IndexedDB is missing or
 * cannot be opened (a newer schema on disk, quota, private mode); never rejects.
 */
export function openUserDb(userId: string): Promise<UserDb | null> {
  if (open?.userId === userId) return open.db;
  closeUserDb();
  const idb = factory();
  if (!idb) {
    if (!warnedUnavailable) console.warn('IndexedDB is unavailable: Oracy works without offline data.');
    warnedUnavailable = true;
    return Promise.resolve(null);
  }
  const entry: { userId: string; db: Promise<UserDb | null> } = { userId, db: Promise.resolve(null) };
  const forget = () => {
    if (open === entry) open = null;
  };
  entry.db = openDB<OracyDB>(userDbName(userId), DB_VERSION, {
    upgrade: (db, oldVersion, newVersion, tx) => upgradeUserDb(db, oldVersion, newVersion ?? DB_VERSION, tx),
    // Another tab upgrades or deletes this database (logout there): let it.
    blocking: () => {
      forget();
      void entry.db.then((db) => db?.close());
    },
    terminated: forget,
  }).catch((error: unknown) => {
    console.error(`Could not open the offline database of user ${userId}`, error);
    forget();
    return null;
  });
  open = entry;
  return entry.db;
}

/** Closes the open user database, if any (it reopens on the next use). */
export function closeUserDb(): void {
  const previous = open;
  open = null;
  void previous?.db.then((db) => db?.close());
}

/**
 * Deletes the database of `userId` (logout, docs/product.md#identity-on-the-device "logout clears
 * them all"), closing this tab's connection first. Failures are logged.
 */
export async function deleteUserDb(userId: string): Promise<void> {
  if (open?.userId === userId) {
    const db = await open.db;
    open = null;
    db?.close();
  }
  if (!factory()) return;
  try {
    await deleteDB(userDbName(userId), {
      blocked: () => console.warn(`Deleting the offline data of user ${userId} waits for other Oracy tabs to close it.`),
    });
  } catch (error) {
    console.error(`Could not delete the offline data of user ${userId}`, error);
  }
}

/**
 * Deletes every user database except `keepUserId`'s: a different user signed
 * in on this device, and nobody may read the previous one's cached data
 *. `previousUserId` (the `userId` session key before this sign-in)
 * is deleted even where the browser cannot list its databases.
 */
export async function deleteOtherUserDbs(keepUserId: string, previousUserId?: string | null): Promise<void> {
  const idb = factory();
  if (!idb) return;
  const others = new Set<string>();
  if (previousUserId && previousUserId !== keepUserId) others.add(previousUserId);
  try {
    const listed = typeof idb.databases === 'function' ? await idb.databases() : [];
    for (const { name } of listed) {
      if (name?.startsWith(DB_NAME_PREFIX)) {
        const userId = name.slice(DB_NAME_PREFIX.length);
        if (userId !== keepUserId) others.add(userId);
      }
    }
  } catch (error) {
    console.warn('Could not list the offline databases', error);
  }
  await Promise.all([...others].map((userId) => deleteUserDb(userId)));
}
