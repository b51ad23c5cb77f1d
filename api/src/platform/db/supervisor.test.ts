import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseProcesses, occupyPort, until } from '../../test/processes.js';
import { CRASH_LIMIT, CRASH_WINDOW_MS, RESTART_FIRST_DELAY_MS, RESTART_MAX_DELAY_MS, superviseEmbeddedMongo, type SupervisedMongo, type SupervisedMongoOptions } from './supervisor.js';

const { MongoClient } = mongoose.mongo;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What a supervisor reported, in order. */
interface Report {
  downs: Array<{ message: string; delayMs: number }>;
  restarts: Array<{ uri: string; previousUri: string }>;
  ups: number;
  gaveUp: string[];
}

/** A supervised database on a fresh folder, stopped (and the folder removed) after the test. */
async function supervised(opts: Partial<SupervisedMongoOptions> = {}): Promise<{ db: SupervisedMongo; dataDir: string; report: Report }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-supervised-'));
  const report: Report = { downs: [], restarts: [], ups: 0, gaveUp: [] };
  const db = await superviseEmbeddedMongo({
    dataDir,
    onDown: ({ message, delayMs }) => report.downs.push({ message, delayMs }),
    onRestarted: async (uri, previousUri) => void report.restarts.push({ uri, previousUri }),
    onUp: () => void (report.ups += 1),
    onGiveUp: (message) => void report.gaveUp.push(message),
    ...opts,
  });
  cleanups.push(async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { db, dataDir, report };
}

/** A driver client of the database at `uri`, closed after the test. */
async function clientOf(uri: string) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  cleanups.push(() => client.close());
  return client.db('probe').collection<{ n: number }>('rows');
}

/** Kills the current child with SIGKILL and waits until the supervisor has seen it. */
async function killChild(db: SupervisedMongo): Promise<number> {
  const pid = db.pid;
  if (!pid) throw new Error('no child to kill');
  process.kill(pid, 'SIGKILL');
  await until(() => db.pid !== pid && db.state !== 'up', 'the supervisor notices the exit', 5000);
  return pid;
}

describe('the embedded database supervisor (docs/architecture.md#when-the-database-stops)', () => {
  it('has the documented defaults: 0.5 s doubling to 30 s, five exits within a minute', () => {
    expect([RESTART_FIRST_DELAY_MS, RESTART_MAX_DELAY_MS, CRASH_LIMIT, CRASH_WINDOW_MS]).toEqual([500, 30_000, 5, 60_000]);
  });

  it('restarts a killed database on the same port and data folder, and a driver client reconnects by itself', async () => {
    const { db, dataDir, report } = await supervised();
    const uri = db.uri;
    const rows = await clientOf(uri);
    await rows.insertOne({ n: 1 });

    const killed = await killChild(db);
    expect(db.state).toBe('restarting');
    await until(() => db.state === 'up', 'the database serves again');

    expect(report.downs).toHaveLength(1);
    expect(report.downs[0]).toMatchObject({ delayMs: 500 });
    expect(report.downs[0]!.message).toMatch(/killed by SIGKILL/);
    expect(report.restarts).toEqual([{ uri, previousUri: uri }]);
    expect(report.ups).toBe(1);
    expect(db.uri).toBe(uri);
    expect(databaseProcesses(dataDir)).toEqual([db.pid]);
    expect(db.pid).not.toBe(killed);
    // the same client, never told: its pool reconnects to the same address.
    expect(await rows.findOne({ n: 1 }, { projection: { _id: 0 } })).toEqual({ n: 1 });
    await rows.insertOne({ n: 2 });
    expect(await rows.countDocuments()).toBe(2);
  });

  it('starts no new child when stop() comes during the restart wait', async () => {
    const { db, dataDir, report } = await supervised({ firstDelayMs: 300 });
    await killChild(db);
    await db.stop();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(db.state).toBe('stopped');
    expect(db.pid).toBeUndefined();
    expect(report.restarts).toEqual([]);
    expect(databaseProcesses(dataDir)).toEqual([]);
  });

  it('stops the child a restart under way has started when stop() comes meanwhile', async () => {
    let release: () => void = () => undefined;
    const reconnecting = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const inRestart = new Promise<void>((resolve) => (reached = resolve));
    const { db, dataDir, report } = await supervised({
      firstDelayMs: 50,
      onRestarted: async () => {
        reached();
        await reconnecting;
      },
    });
    await killChild(db);
    await inRestart;
    expect(databaseProcesses(dataDir)).toHaveLength(1);
    const stopped = db.stop();
    release();
    await stopped;
    expect(db.state).toBe('stopped');
    expect(report.ups).toBe(0);
    expect(databaseProcesses(dataDir)).toEqual([]);
  });

  it('takes a free port when its own was taken meanwhile, and says so to onRestarted', async () => {
    const { db, report } = await supervised();
    const uri = db.uri;
    await (await clientOf(uri)).insertOne({ n: 7 });
    const port = Number(new URL(uri).port);
    process.kill(db.pid!, 'SIGKILL');
    const squatter = await occupyPort(port);
    cleanups.push(() => squatter.close());

    // the state is still 'up' until the supervisor has heard of the exit.
    await until(() => report.downs.length === 1, 'the supervisor notices the exit');
    await until(() => db.state === 'up', 'the database serves again');
    expect(db.uri).not.toBe(uri);
    expect(report.restarts).toEqual([{ uri: db.uri, previousUri: uri }]);
    expect(await (await clientOf(db.uri)).findOne({ n: 7 }, { projection: { _id: 0 } })).toEqual({ n: 7 });
  });

  it('doubles the wait per failure in a row up to its cap, and gives up at the limit of exits within the window', async () => {
    const { db, dataDir, report } = await supervised({ firstDelayMs: 20, maxDelayMs: 50, crashLimit: 4 });
    for (let crash = 1; crash <= 3; crash++) {
      await killChild(db);
      await until(() => db.state === 'up', `restart ${crash}`);
    }
    expect(report.downs.map((down) => down.delayMs)).toEqual([20, 40, 50]);
    await killChild(db);
    expect(db.state).toBe('failed');
    expect(report.gaveUp).toHaveLength(1);
    expect(report.gaveUp[0]).toMatch(/^The embedded database \(FerretDB\) stopped unexpectedly 4 times within 60 s; it is not restarted again\. The last time: .*SIGKILL/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(db.pid).toBeUndefined();
    expect(databaseProcesses(dataDir)).toEqual([]);
    expect(db.crashes).toBe(4);
  });

  it('forgets exits older than the window', async () => {
    const { db, report } = await supervised({ firstDelayMs: 20, crashLimit: 2, crashWindowMs: 400 });
    await killChild(db);
    await until(() => db.state === 'up', 'the first restart');
    await new Promise((resolve) => setTimeout(resolve, 450));
    await killChild(db);
    await until(() => db.state === 'up', 'the second restart');
    expect(report.gaveUp).toEqual([]);
    expect(db.crashes).toBe(2);
  });

  it('counts a restart that fails as an exit and tries again after a longer wait', async () => {
    let attempts = 0;
    const { db, report } = await supervised({
      firstDelayMs: 20,
      onRestarted: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('no answer');
      },
    });
    await killChild(db);
    await until(() => db.state === 'up', 'the second restart');
    expect(attempts).toBe(2);
    expect(report.downs.map((down) => down.delayMs)).toEqual([20, 40]);
    expect(report.downs[1]!.message).toBe('The embedded database could not be restarted: no answer');
  });
});
