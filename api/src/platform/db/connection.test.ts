import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { getEnv } from '../env.js';
import { createUser, readJson } from '../../test/factories.js';
import { databaseProcesses, occupyPort, until } from '../../test/processes.js';
import { databaseAvailable } from './availability.js';
import { connectDatabase, type DatabaseHandle } from './connection.js';
import { Notice } from '../../notices/model.js';

// Mongoose on a supervised embedded database of its own (docs/architecture.md#when-the-database-stops).
describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('connectDatabase with the embedded database', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let sharedUri: string;
  const downs: string[] = [];
  const ups: number[] = [];

  beforeAll(async () => {
    sharedUri = `${mongoose.connection.getClient().options.hosts.map((h) => `mongodb://${h.host}:${h.port}`)[0]}/${mongoose.connection.name}`;
    await mongoose.disconnect();
    dataDir = mkdtempSync(join(tmpdir(), 'oracy-connection-'));
    handle = await connectDatabase({
      mongodbUri: undefined,
      dataDir,
      onDown: ({ message }) => void downs.push(message),
      onUp: ({ downForMs }) => void ups.push(downForMs),
      onGiveUp: (message) => {
        throw new Error(`gave up: ${message}`);
      },
    });
    await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await mongoose.connect(sharedUri);
  });

  /** The one FerretDB process serving this test's folder. */
  function theChild(): number {
    const pids = databaseProcesses(join(dataDir, 'db'));
    expect(pids).toHaveLength(1);
    return pids[0]!;
  }

  it('answers 503 at once while the database restarts, then Mongoose reads and writes again on the same port', async () => {
    const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir } });
    await Notice.create({ title: 'Before', description: 'written before the crash' });
    const uri = handle.uri;

    process.kill(theChild(), 'SIGKILL');
    await until(() => !databaseAvailable(), 'the database is marked down', 5000);
    const res = await app.request('/auth/current_user');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('1');
    expect((await readJson(res)).error.code).toBe('unavailable');

    await until(() => databaseAvailable(), 'the database is back', 10_000);
    expect(handle.uri).toBe(uri);
    expect(mongoose.connection.readyState).toBe(mongoose.ConnectionStates.connected);
    expect((await Notice.findOne({ title: 'Before' }).lean())?.description).toBe('written before the crash');
    await Notice.create({ title: 'After', description: 'written after the restart' });
    expect(await Notice.countDocuments({})).toBe(2);
    expect(downs).toHaveLength(1);
    expect(ups).toHaveLength(1);
    expect((await app.request('/auth/current_user')).status).toBe(401);
  });

  it('connects Mongoose to the new address when the old port was taken meanwhile', async () => {
    const { user } = await createUser({ role: 2, firstName: 'Kept' });
    const uri = handle.uri;
    process.kill(theChild(), 'SIGKILL');
    const squatter = await occupyPort(Number(new URL(uri).port));
    try {
      await until(() => !databaseAvailable(), 'the database is marked down', 5000);
      await until(() => databaseAvailable(), 'the database is back', 10_000);
      expect(handle.uri).not.toBe(uri);
      expect(handle.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/oracy$/);
      expect((await mongoose.connection.db!.command({ ping: 1 })).ok).toBe(1);
      expect(await mongoose.model('User').countDocuments({ _id: user._id })).toBe(1);
      expect(await Notice.countDocuments({})).toBe(2);
    } finally {
      await squatter.close();
    }
  });
});
