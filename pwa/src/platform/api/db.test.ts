import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { DB_VERSION, MIGRATIONS, deleteOtherUserDbs, deleteUserDb, openUserDb, upgradeUserDb, userDbName, type OracyDB } from './db';

useFakeIndexedDb();

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '').sort();
}

describe('the per-user database (db.ts)', () => {
  it('opens one database per user, at DB_VERSION, with the cache, meta and outbox stores', async () => {
    const db = await openUserDb('u1');
    expect(db).not.toBeNull();
    expect(db?.name).toBe('oracy-user-u1');
    expect(db?.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(MIGRATIONS.length);
    expect([...(db?.objectStoreNames ?? [])].sort()).toEqual(['cache', 'meta', 'outbox']);
    expect(db?.transaction('outbox').store.autoIncrement).toBe(true);

    await openUserDb('u2');
    expect(await databaseNames()).toEqual(['oracy-user-u1', 'oracy-user-u2']);
  });

  it('reuses the open connection for the same user', async () => {
    const [a, b] = await Promise.all([openUserDb('u1'), openUserDb('u1')]);
    expect(a).toBe(b);
  });

  it('upgrades a version-1 database in place, keeping its cached data (schema upgrade)', async () => {
    // What an older app left behind: version 1, before the outbox existed.
    const old = await openDB<OracyDB>(userDbName('u1'), 1, {
      upgrade: (db, oldVersion, newVersion, tx) => void upgradeUserDb(db, oldVersion, newVersion ?? 1, tx),
    });
    expect([...old.objectStoreNames].sort()).toEqual(['cache', 'meta']);
    await old.put('cache', { key: '/api/admin/notice', data: [{ id: 'n1' }], savedAt: 1 });
    old.close();

    const db = await openUserDb('u1');
    expect(db?.version).toBe(DB_VERSION);
    expect([...(db?.objectStoreNames ?? [])].sort()).toEqual(['cache', 'meta', 'outbox']);
    expect(await db?.get('cache', '/api/admin/notice')).toEqual({ key: '/api/admin/notice', data: [{ id: 'n1' }], savedAt: 1 });
  });

  it('resolves null and logs when the database on disk is newer than the app', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const newer = await openDB(userDbName('u1'), DB_VERSION + 1);
    newer.close();
    expect(await openUserDb('u1')).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('resolves null, logging once, where IndexedDB is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('indexedDB', undefined);
    expect(await openUserDb('u1')).toBeNull();
    expect(await openUserDb('u2')).toBeNull();
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('deleteUserDb removes the user database, even while it is open', async () => {
    const db = await openUserDb('u1');
    await db?.put('cache', { key: 'k', data: 1, savedAt: 1 });
    await deleteUserDb('u1');
    expect(await databaseNames()).toEqual([]);
    // Reopening gives an empty database.
    expect(await (await openUserDb('u1'))?.get('cache', 'k')).toBeUndefined();
  });

  it('deleteOtherUserDbs keeps only the signed-in user, and deletes the previous one named by the session key', async () => {
    await openUserDb('alice');
    await openUserDb('bob');
    await openUserDb('carol');
    await deleteOtherUserDbs('bob', 'alice');
    expect(await databaseNames()).toEqual(['oracy-user-bob']);
  });

  it('deleteOtherUserDbs uses the previous user id where databases() is missing', async () => {
    await openUserDb('alice');
    await openUserDb('bob');
    const spy = vi.spyOn(indexedDB, 'databases').mockRejectedValue(new Error('not supported'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await deleteOtherUserDbs('bob', 'alice');
    spy.mockRestore();
    expect(await databaseNames()).toEqual(['oracy-user-bob']);
  });
});
