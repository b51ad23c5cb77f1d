/**
 * The app's IndexedDB (docs/contributing.md#indexeddb-as-a-cache-the-server-overrides): one
 * typed database per signed-in user, named `oracy-user-{userId}`, holding
 *
 * - `cache`: the last server answer of each cached screen (notices, course
 *   lists, dashboard stats, complaints), keyed by its API path;
 * - `meta`: the current user, so the installed app can start offline;
 * - `outbox`: API writes waiting to be sent, in the order they were made
 *   (`outbox.ts`, docs/contributing.md#the-outbox).
 *
 * The server always overrides what is stored here. The database of a user is
 * deleted on logout and when a different user signs in on the same device; when the session ends
 * elsewhere (a 401) its `cache` and `meta` are cleared and its `outbox` kept ({@link clearUserCache}).
 * Nothing here throws at a screen: when IndexedDB is missing (some private
 * modes, jsdom) or fails to open, {@link openUserDb} resolves `null` and the
 * callers carry on without a cache.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { CurrentUser } from '../../auth';
import type { DeliveryReport } from '@oracy/api/delivery';
import type { ComplaintArea, ComplaintBody, OutboxItem, RawRequest } from '../offline/outboxItems';

/**
 * The schema version. Each version's changes are one step of
 * {@link MIGRATIONS}; `DB_VERSION` is their count, so adding a step is the
 * only way to change the schema. Never edit a released step.
 */
export const DB_VERSION = 4;

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

/** An API write waiting in the outbox (docs/contributing.md#the-outbox): one {@link OutboxItem} of a kind, with its place and state in the queue. */
export type QueuedRequest = OutboxItem & QueueState;

/** Where a queued write stands: its place, its idempotency key and its attempts. */
export interface QueueState {
  /** Assigned by the store, increasing: the queue is sent in this order. */
  id: number;
  /** A client-generated UUID, sent as the `Idempotency-Key` header; the server answers a repeat with the first answer. */
  idempotencyKey: string;
  /** When it was queued, in ms since the epoch. */
  createdAt: number;
  /** How many sends failed (no answer, a 5xx, or a refusal). */
  attempts: number;
  /**
   * The server's message when it refused the request (a 4xx other than 401,
   * 408 and 429): the request then waits for the user to edit or discard it
   * and is not sent again. `null` while it waits to be sent.
   */
  lastError: string | null;
}

/** A queued write as schema version 3 stored it: its method, path and body, without a kind. */
type V3Request = Omit<RawRequest, 'kind'> & QueueState;

/** A complaint as the outbox stored it before it held any request (schema version 2). */
interface LegacyOutboxRecord {
  clientId: string;
  /** The filer's role code as version 2 stored it (its storage format): 2 teacher, 3 student. */
  role: 2 | 3;
  path: string;
  draft: { title: string; description: string };
  createdAt: number;
  status: 'queued' | 'failed';
  attempts: number;
  error: string | null;
}

/**
 * A version-2 outbox complaint of `userId` as a queued request: its
 * `clientId` becomes the idempotency key, and its body is exactly what
 * version 2 sent, so that a repeat of a send whose answer was lost matches
 * the server's stored request instead of conflicting with it.
 */
function fromLegacy(old: LegacyOutboxRecord, userId: string): Omit<V3Request, 'id'> {
  const { title, description } = old.draft;
  return {
    method: 'POST',
    path: old.path,
    body: { type: 'json', json: { title, description, [old.role === 3 ? 'sId' : 'tId']: userId, userId, clientId: old.clientId } },
    idempotencyKey: old.clientId,
    createdAt: old.createdAt,
    attempts: old.attempts,
    lastError: old.status === 'failed' ? (old.error ?? '') : null,
  };
}

const V3_COMPLAINT_PATHS: Record<string, ComplaintArea> = { '/api/student/complaints': 'student', '/api/teacher/complaints': 'teacher' };
const V3_RECORDING_PATH = /^\/api\/student\/speaking-tasks\/([^/]+)\/recordings$/;

/** `text` parsed as a JSON object, or `undefined` when it is not one or does not print back the same. */
function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) && JSON.stringify(value) === text ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A version-3 request with its kind: a complaint or a recording when its path and body are one
 * (and build back to exactly what it sent), otherwise a `request` sent as it was stored.
 */
function withKind(stored: V3Request): QueuedRequest {
  const { method, path, body, ...state } = stored;
  const area = V3_COMPLAINT_PATHS[path];
  if (method === 'POST' && area && body?.type === 'json' && typeof body.json === 'object' && body.json !== null && !Array.isArray(body.json)) {
    return { ...state, kind: 'complaint.file', area, json: body.json as ComplaintBody };
  }
  const taskId = V3_RECORDING_PATH.exec(path)?.[1];
  if (method === 'POST' && taskId && body?.type === 'form') {
    const { durationMs = '', delivery, ...otherFields } = body.fields;
    const { audio, ...otherFiles } = body.files;
    const report = delivery === undefined ? null : jsonObjectOf(delivery);
    if (audio && report !== undefined && String(Number(durationMs)) === durationMs && Object.keys({ ...otherFields, ...otherFiles }).length === 0) {
      return { ...state, kind: 'recording.submit', taskId: decodeURIComponent(taskId), durationMs: Number(durationMs), delivery: report as DeliveryReport | null, audio };
    }
  }
  return { ...state, kind: 'request', method, path, body };
}

/** The typed schema of a user database (idb's `DBSchema`). */
export interface OracyDB extends DBSchema {
  cache: { key: string; value: CacheEntry };
  meta: { key: string; value: CurrentUserRecord };
  outbox: { key: number; value: QueuedRequest };
}

/** An open user database. */
export type UserDb = IDBPDatabase<OracyDB>;

type UpgradeTransaction = IDBPTransaction<OracyDB, StoreNames<OracyDB>[], 'versionchange'>;

/**
 * The schema's history: step `i` upgrades a database from version `i` to
 * `i + 1`. v1 held the caches; v2 added the complaint outbox; v3 turned the
 * outbox into a queue of requests keyed by an increasing id, carrying over
 * every queued complaint; v4 gave each queued request its kind ({@link withKind}). A step may be asynchronous as long as it awaits
 * only requests of the upgrade transaction.
 */
export const MIGRATIONS: ReadonlyArray<(db: UserDb, tx: UpgradeTransaction) => void | Promise<void>> = [
  (db) => {
    db.createObjectStore('cache', { keyPath: 'key' });
    db.createObjectStore('meta', { keyPath: 'key' });
  },
  (db) => {
    // The version-2 shape: keyed by the complaint's client id, read in `createdAt` order.
    const outbox = db.createObjectStore('outbox', { keyPath: 'clientId' });
    outbox.createIndex('byCreatedAt' as never, 'createdAt');
  },
  async (db, tx) => {
    const legacy = (await tx.objectStore('outbox').getAll()) as unknown as LegacyOutboxRecord[];
    db.deleteObjectStore('outbox');
    const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
    legacy.sort((a, b) => a.createdAt - b.createdAt);
    // The store assigns each `id`, in this order.
    const userId = db.name.slice(DB_NAME_PREFIX.length);
    for (const old of legacy) await outbox.add(fromLegacy(old, userId) as unknown as QueuedRequest);
  },
  async (_db, tx) => {
    let cursor = await tx.objectStore('outbox').openCursor();
    while (cursor) {
      const stored = cursor.value as QueuedRequest | V3Request;
      if (!('kind' in stored)) await cursor.update(withKind(stored));
      cursor = await cursor.continue();
    }
  },
];

/**
 * The upgrade function: runs the steps from `oldVersion` up to `newVersion`
 * (both of them versions of {@link MIGRATIONS}) inside the upgrade
 * transaction, in order. Rejects with the error of a failed step; the caller
 * aborts the transaction, so the database stays at `oldVersion`.
 */
export async function upgradeUserDb(db: UserDb, oldVersion: number, newVersion: number, tx: UpgradeTransaction): Promise<void> {
  for (let version = oldVersion; version < newVersion; version++) {
    const step = MIGRATIONS[version];
    if (!step) throw new Error(`No migration from version ${version} of the Oracy database`);
    const pending = step(db, tx);
    if (pending) await pending;
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
    upgrade: (db, oldVersion, newVersion, tx) => {
      upgradeUserDb(db, oldVersion, newVersion ?? DB_VERSION, tx).catch((error: unknown) => {
        console.error(`Could not upgrade the offline database of user ${userId}`, error);
        try {
          tx.abort();
        } catch {
          // Already finished: the open request reports the failure.
        }
      });
    },
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
 * Clears what the device keeps of `userId` to show, when their session has ended elsewhere (a 401,
 * docs/product.md#when-the-session-ends): every cached server answer (`cache`: student lists,
 * notices, dashboards …) and the stored user (`meta`, so the app no longer starts offline as
 * them). The `outbox` stays: its queued writes, with their bodies (a recording's audio among
 * them), wait for this same user to sign in again, in this database of theirs only; another user
 * signing in on the device deletes it ({@link deleteOtherUserDbs}). Logs and resolves on failure.
 */
export async function clearUserCache(userId: string): Promise<void> {
  try {
    const db = await openUserDb(userId);
    if (!db) return;
    const tx = db.transaction(['cache', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('cache').clear(), tx.objectStore('meta').clear(), tx.done]);
  } catch (error) {
    console.error(`Could not clear the offline data of user ${userId}`, error);
  }
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
 * in on this device, and nobody may read the previous one's cached data.
 * `previousUserId` (the `userId` session key before this sign-in)
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
