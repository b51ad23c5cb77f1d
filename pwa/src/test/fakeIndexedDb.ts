/**
 * IndexedDB for a test file (docs/contributing.md#tests-beside-the-code: IndexedDB code is tested
 * with `fake-indexeddb`). Importing this module installs the fake globals;
 * {@link useFakeIndexedDb} gives every test an empty IndexedDB and forgets
 * the app's open connection. Other test files keep jsdom's "no IndexedDB",
 * where the app runs without offline data.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import { closeUserDb } from '../platform/api/db';

/** Registers hooks that give each test of the calling file a fresh, empty IndexedDB. */
export function useFakeIndexedDb(): void {
  beforeEach(() => {
    closeUserDb();
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(() => {
    closeUserDb();
  });
}
