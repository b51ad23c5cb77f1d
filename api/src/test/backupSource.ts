import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../platform/db/embedded.js';

/**
 * Test-only: a `DATA_DIR` of its own for the server's backups (docs/architecture.md#scheduled-backups),
 * with a running embedded database under `db/` holding a few documents (database `oracy`,
 * collection `notes`) and two uploaded files — what `createBackup` copies. The test's records
 * (`BackupRun`, jobs) stay in the test file's database on the shared server.
 */
export interface BackupSource {
  /** the `DATA_DIR`, absolute */
  dataDir: string;
  /** documents in `oracy.notes` */
  notes: number;
  /** Stops the database and removes the folder. */
  cleanup(): Promise<void>;
}

/** Starts a {@link BackupSource}. */
export async function createBackupSource(): Promise<BackupSource> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-backups-'));
  const server = await startEmbeddedMongo({ dataDir: join(dataDir, 'db') });
  const notes = 3;
  try {
    const conn = await mongoose.createConnection(`${server.uri}oracy`, { serverSelectionTimeoutMS: 15_000 }).asPromise();
    await conn.collection('notes').insertMany(Array.from({ length: notes }, (_, n) => ({ text: `note ${n}` })));
    await conn.close();
  } catch (err) {
    await server.stop();
    throw err;
  }
  mkdirSync(join(dataDir, 'uploads', 'chat'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', 'course.png'), 'a course image');
  writeFileSync(join(dataDir, 'uploads', 'chat', 'agenda.pdf'), 'an attachment');
  return {
    dataDir,
    notes,
    async cleanup() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
