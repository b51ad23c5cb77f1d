import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from './embedded.js';

/**
 * The embedded database overwrites what is deleted (SQLite `secure_delete`, `api/devdb/main.go`,
 * docs/product.md#privacy): once a document is deleted and the server has stopped, its bytes are
 * in none of the database's files. Without it they stay readable in the file's free pages.
 */
/** Starts the embedded server on `dataDir`, gives `work` its collection "people", then stops the server (which checkpoints the log). */
async function withPeople(dataDir: string, work: (people: mongoose.mongo.Collection) => Promise<void>): Promise<void> {
  const server = await startEmbeddedMongo({ dataDir });
  try {
    const connection = await mongoose.createConnection(`${server.uri}secure_delete_probe`).asPromise();
    await work(connection.collection('people'));
    await connection.close();
  } finally {
    await server.stop();
  }
}

/** The files of `dataDir` that hold any of `needles`. */
function filesHolding(dataDir: string, needles: Buffer[]): string[] {
  return readdirSync(dataDir).filter((file) => {
    const bytes = readFileSync(join(dataDir, file));
    return needles.some((needle) => bytes.includes(needle));
  });
}

describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('erased documents leave the embedded database’s files', () => {
  it('keeps no bytes of a deleted document', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oracy-secure-delete-'));
    const marker = `erase-me-${Date.now()}-`.repeat(200);
    await withPeople(dataDir, async (people) => {
      await people.insertMany([{ keep: 'x'.repeat(2000) }, { note: marker }, { keep: 'y'.repeat(2000) }]);
      await people.deleteOne({ note: marker });
    });
    const holding = filesHolding(dataDir, [Buffer.from(marker.slice(0, 200))]);
    rmSync(dataDir, { recursive: true, force: true });
    expect(holding).toEqual([]);
  });

  it('keeps no trigram of a deleted value in the substring index a search made (the delete merges the index)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oracy-secure-delete-fts-'));
    // upper case in the document, so its lower-case trigrams (the index folds case) are in the index's pages only
    const value = 'ZQXJVWK';
    const trigrams = Array.from({ length: value.length - 2 }, (_, i) => Buffer.from(value.slice(i, i + 3).toLowerCase()));
    try {
      await withPeople(dataDir, async (people) => {
        await people.insertMany([{ note: 'x'.repeat(2000) }, { note: value }, { note: 'y'.repeat(2000) }]);
        // a search of three characters or more makes the field's substring index, which holds the value's trigrams
        expect(await people.countDocuments({ note: /qxj/i })).toBe(1);
      });
      expect(filesHolding(dataDir, trigrams)).toEqual(['secure_delete_probe.sqlite']);
      await withPeople(dataDir, async (people) => {
        await people.deleteOne({ note: value });
        expect(await people.countDocuments({ note: /qxj/i })).toBe(0);
        expect(await people.countDocuments({ note: /yyy/i })).toBe(1);
      });
      expect(filesHolding(dataDir, trigrams)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
