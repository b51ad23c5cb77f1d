import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo, type EmbeddedMongo } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The two API processes, `http://127.0.0.1:{port}` each. */
    clusterUrls: [string, string];
    /** The database both processes use, with its name. */
    clusterMongoUri: string;
    /** The Redis both processes use. */
    clusterRedisUrl: string;
  }
}

/** `api/` — the processes run `tsx src/server.ts` from there. */
const API_DIR = fileURLToPath(new URL('../../../', import.meta.url));
/** Longest wait for a process to answer `GET /readyz` with 200, in ms. */
const READY_TIMEOUT_MS = 90_000;

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The redis-server program that `scripts/cluster.mjs` found (`REDIS_SERVER_BIN`). */
function redisServerBinary(): string {
  const found = process.env.REDIS_SERVER_BIN;
  if (!found || !existsSync(found)) throw new Error("No redis-server: run `npm run test:cluster` (it installs Debian's package) or set REDIS_URL.");
  return found;
}

/** Resolves when `redis-server` on `url` answers PING; rejects after 15 s. */
async function waitForRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
  client.on('error', () => undefined);
  const deadline = Date.now() + 15_000;
  try {
    for (;;) {
      try {
        if (client.status !== 'ready') await client.connect().catch(() => undefined);
        if ((await client.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`Redis at ${url} did not start within 15 s.`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    client.disconnect();
  }
}

/** `mongodb://host/?opts` + `name` → `mongodb://host/name?opts`. */
function withDatabase(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One API process started by the set-up; `output` keeps the tail of what it printed. */
interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

function startApi(name: string, port: number, env: Record<string, string>): ApiProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `oracy-cluster-${name}-`));
  const child = spawn(join(API_DIR, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { url: `http://127.0.0.1:${port}`, child, output: () => tail, dataDir };
}

async function waitUntilReady(api: ApiProcess, label: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API process ${label} exited with code ${api.child.exitCode}:\n${api.output()}`);
    const status = await fetch(`${api.url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API process ${label} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${api.output()}`);
}

/** Sends SIGTERM and resolves with the exit code (SIGKILL after 15 s). */
function stopApi(api: ApiProcess): Promise<number | null> {
  if (api.child.exitCode !== null) return Promise.resolve(api.child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => api.child.kill('SIGKILL'), 15_000);
    api.child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    api.child.kill('SIGTERM');
  });
}

/**
 * `npm run test:cluster`: one Redis (`REDIS_URL`, or Debian's
 * `redis-server` started on a free loopback port), one database
 * (`MONGODB_URI` with a fresh database name, or the embedded FerretDB), and
 * two API processes (`tsx src/server.ts`) on two ports with `UPLOAD_STORE=gridfs`
 * and a `DATA_DIR` each, so nothing is shared through the disk. Provides
 * their URLs, the database URI and the Redis URL to the tests; stops all of
 * it afterwards (the API processes with SIGTERM, as a process manager would).
 */
export default async function setup(project: TestProject) {
  const cleanups: (() => unknown)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const port = await freePort();
      const redis = spawn(redisServerBinary(), ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      cleanups.push(() => redis.kill('SIGTERM'));
      redisUrl = `redis://127.0.0.1:${port}`;
    }
    await waitForRedis(redisUrl);

    let mongoUri: string;
    const dbName = `oracy_cluster_${Date.now().toString(36)}`;
    if (process.env.MONGODB_URI) {
      mongoUri = withDatabase(process.env.MONGODB_URI, dbName);
      const dropUri = mongoUri;
      cleanups.push(async () => {
        const connection = await mongoose.createConnection(dropUri, { serverSelectionTimeoutMS: 5000 }).asPromise();
        await connection.dropDatabase();
        await connection.close();
      });
    } else {
      const dbDir = mkdtempSync(join(tmpdir(), 'oracy-cluster-db-'));
      const embedded: EmbeddedMongo = await startEmbeddedMongo({ dataDir: dbDir });
      cleanups.push(() => rmSync(dbDir, { recursive: true, force: true }));
      cleanups.push(() => embedded.stop());
      mongoUri = `${embedded.uri}${dbName}`;
    }

    const env = {
      MONGODB_URI: mongoUri,
      REDIS_URL: redisUrl,
      UPLOAD_STORE: 'gridfs',
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: both would build the same indexes at once otherwise.
    const a = startApi('a', portA, env);
    cleanups.push(() => rmSync(a.dataDir, { recursive: true, force: true }));
    cleanups.push(() => stopApi(a));
    await waitUntilReady(a, 'A');
    const b = startApi('b', portB, env);
    cleanups.push(() => rmSync(b.dataDir, { recursive: true, force: true }));
    cleanups.push(() => stopApi(b));
    await waitUntilReady(b, 'B');

    project.provide('clusterUrls', [a.url, b.url]);
    project.provide('clusterMongoUri', mongoUri);
    project.provide('clusterRedisUrl', redisUrl);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return cleanup;
}
