import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';

/**
 * When the embedded database cannot make a field's substring index (docs/architecture.md#the-embedded-database),
 * a search still answers, and correctly: it reads every document, as without the pushdown, and a later search
 * makes the index. The failure is made certain here by a view that holds the index's name (its `DROP TABLE`
 * then fails), written into the database file with Debian's `sqlite3` beside the running server.
 */
const SQLITE3 = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'].find((path) => existsSync(path));

/** Runs `sql` on the database file with the sqlite3 program; returns what it prints, trimmed. */
function sqlite(file: string, sql: string): string {
  return execFileSync(SQLITE3!, ['-cmd', '.timeout 10000', file, sql], { encoding: 'utf8' }).trim();
}

const NAMES = ['Mia Kelvin', 'Amelia Stone', 'MIAMI Smith', 'Noah Brown', 'mia', 'Ann Mialon', 'Zoë Park', 'Jamie Ellis'];

describe.skipIf(Boolean(process.env.TEST_MONGODB_URI) || !SQLITE3)('a substring index that cannot be made', () => {
  let server: EmbeddedMongo;
  let connection: mongoose.Connection;
  let dataDir: string;
  let file: string;
  let index: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'oracy-substring-fallback-'));
    server = await startEmbeddedMongo({ dataDir });
    connection = await mongoose.createConnection(`${server.uri}substring_fallback`).asPromise();
    await connection.collection('people').insertMany(NAMES.map((name, n) => ({ n, name })));
    file = join(dataDir, 'substring_fallback.sqlite');
    const table = sqlite(file, `SELECT table_name FROM _ferretdb_collections WHERE name = 'people'`);
    index = `_ferretdb_fts_${table}_name`;
    // a view by the index's name: making the index fails at its DROP TABLE
    sqlite(file, `CREATE VIEW "${index}" AS SELECT 1`);
  });

  afterAll(async () => {
    await connection?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expected = NAMES.filter((name) => name.toLowerCase().includes('mia')).sort();
  const search = async () => {
    const people = connection.collection('people');
    const page = await people
      .find({ name: /mia/i }, { projection: { _id: 0, name: 1 } })
      .sort({ name: 1, _id: 1 })
      .limit(10)
      .toArray();
    return { names: page.map((p) => p.name), count: await people.countDocuments({ name: /mia/i }) };
  };

  it('answers a search by reading every document, without the index', async () => {
    expect(await search()).toEqual({ names: expected, count: expected.length });
    expect(sqlite(file, `SELECT type FROM sqlite_schema WHERE name = '${index}'`)).toBe('view');
  });

  it('makes the index at a later search once it can, and answers the same', async () => {
    sqlite(file, `DROP VIEW "${index}"`);
    expect(await search()).toEqual({ names: expected, count: expected.length });
    expect(sqlite(file, `SELECT type FROM sqlite_schema WHERE name = '${index}'`)).toBe('table');
    await connection.collection('people').insertOne({ n: 99, name: 'Mia New' });
    const after = await search();
    expect(after.count).toBe(expected.length + 1);
    expect(after.names).toContain('Mia New');
  });
});
