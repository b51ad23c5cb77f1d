import { mkdir } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import mongoose from 'mongoose';
import { createApp } from './app.js';
import { ensureSessionExpiry, type SessionExpiry } from './auth/sessions.js';
import { attachChat, type ChatServer } from './chat/socket.js';
import { createSocketRevocation } from './chat/revocation.js';
import { connectRedis, type RedisLink } from './platform/cluster/redis.js';
import { connectDatabase, type DatabaseHandle } from './platform/db/connection.js';
import { lockDataDir } from './platform/db/dataDirLock.js';
import { User } from './people/userModel.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo/seed.js';
import { createJobRunner, type JobRunner } from './platform/jobs/index.js';
import type { RecurringTimer } from './platform/jobs/schedule.js';
import { startBackupSchedule } from './backups/runs.js';
import { startExportSweep } from './privacy/exports.js';
import { startRetentionSchedule } from './privacy/retentionJob.js';
import { backfillDeliveryReports } from './delivery/service.js';
import { stopAnalysisThread } from './delivery/analysisThread.js';
import { ffmpegAvailable, serverDeliveryTools } from './delivery/tools.js';
import { backfillOracySummaries } from './oracy/summary.js';
import { closeAccessLog } from './privacy/accessLog.js';
import { backfillTranscripts, createTranscriber, type Transcriber } from './transcripts/index.js';
import { cleanStoredText } from './storedText.js';
import { getEnv, shouldSeedDemo, type Env } from './platform/env.js';
import { createUploadStores, publicUploadsDir } from './platform/uploads.js';
import { tightenDataDirModes, usePrivateUmask } from './platform/security/dataDirModes.js';
import { createLogger, type Logger } from './platform/logger.js';

/** Longest wait for open connections when closing the HTTP server, in ms. */
const CLOSE_GRACE_MS = 5000;
/** How long a database stop waits before it is logged, in ms: a shutdown's signal reaches the child too. */
const DATABASE_NOTICE_DELAY_MS = 300;

/** A started Oracy server. */
export interface RunningServer {
  /** The Hono app answering every request. */
  app: ReturnType<typeof createApp>;
  /** The Node HTTP server `serve()` returned; attach Socket.IO to it (docs/contributing.md#socketio-beside-the-http-server). */
  server: Server;
  /** The port actually listened on (differs from `env.PORT` when that is 0). */
  port: number;
  /** The discussion's Socket.IO server on `server`. */
  chat: ChatServer;
  env: Env;
  log: Logger;
  db: DatabaseHandle;
  /** The Redis link when `REDIS_URL` is set, else undefined. */
  redis?: RedisLink;
  /** This process's background-job runner (docs/architecture.md#background-jobs). */
  jobs: JobRunner;
  /** The backup schedule's timer: on the embedded database with `BACKUP_SCHEDULE=1`, else undefined (docs/architecture.md#scheduled-backups). */
  backupSchedule?: RecurringTimer;
  /** The daily retention run's timer (docs/architecture.md#retention). */
  retentionSchedule?: RecurringTimer;
  /**
   * Graceful shutdown: `/readyz` turns 503, the sweep and the backup schedule stop, the
   * chat sockets are disconnected, the HTTP server stops accepting and waits
   * up to 5 s for requests in flight, the job runner stops (a job still running
   * after 10 s is left to another process), the delivery analysis thread and the transcription worker end, then Redis and the
   * database close and the data folder's lock goes. Idempotent.
   */
  close(): Promise<void>;
}

/** Builds every model's indexes; a failure (a FerretDB limit) is logged, never fatal. */
async function ensureIndexes(log: Logger): Promise<void> {
  await Promise.all(Object.values(mongoose.models).map((model) => model.init().catch((err: unknown) => log.warn({ err, model: model.modelName }, 'could not build every index'))));
}

function listen(app: RunningServer['app'], port: number): Promise<{ server: Server; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, (info) => resolvePromise({ server, port: info.port })) as Server;
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use. Stop the other program or set PORT to another number.`) : err);
    });
  });
}

/** How often idle keep-alive connections are closed while the server drains, in ms. */
const DRAIN_POLL_MS = 50;

/**
 * Stops accepting connections and waits for the requests in flight (graceful
 * shutdown, docs/architecture.md#running-it): a connection is closed as soon as it is idle, and
 * whatever is still open after `CLOSE_GRACE_MS` is cut.
 */
function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    if (!server.listening) return resolvePromise();
    const idle = setInterval(() => server.closeIdleConnections(), DRAIN_POLL_MS);
    const timer = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(timer);
      resolvePromise();
    });
    server.closeIdleConnections();
  });
}

/**
 * Starts Oracy in the order of docs/architecture.md#running-it (private files, database, stored
 * data, demo data, jobs and schedules, HTTP and Socket.IO); the embedded database is supervised
 * (docs/architecture.md#when-the-database-stops).
 * @param opts.onDatabaseFailure called when the embedded database has stopped 5 times within a
 *   minute and is not restarted again; default: log and exit(1).
 * @throws Error with a readable message when the database, Redis or the port is unavailable, or another process holds `DATA_DIR` (what was opened is closed first).
 */
export async function startServer(opts: { env?: Env; logger?: Logger; onDatabaseFailure?: (message: string) => void } = {}): Promise<RunningServer> {
  const env = opts.env ?? getEnv();
  const log = opts.logger ?? createLogger(env);
  const onGiveUp =
    opts.onDatabaseFailure ??
    ((message: string) => {
      log.fatal(message);
      process.exit(1);
    });

  const lock = await prepareDataDir(env, log);
  const state: ServerState = { shuttingDown: false, draining: false, transcriber: null };
  const db = await openDatabase(env, log, onGiveUp, () => state.shuttingDown).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  try {
    log.info({ embedded: db.embedded }, db.embedded ? `embedded database (FerretDB) with data in ${join(env.DATA_DIR, 'db')}` : 'connected to MONGODB_URI');
    await prepareStoredData(env, log, state);
    // one set of upload stores per process, shared by the seed, the routes and the chat.
    const uploads = createUploadStores(env);
    if (env.UPLOAD_STORE === 'disk') await mkdir(publicUploadsDir(env.DATA_DIR), { recursive: true, mode: 0o700 });
    const deliveryTools = serverDeliveryTools();
    await warnAboutMissingTools(env, log, state);
    const hasDemo = await seedIfWanted(env, log, uploads, deliveryTools);
    if (env.REDIS_URL) {
      state.redis = await connectRedis(env.REDIS_URL, log);
      log.info(`Redis at ${state.redis.safeUrl}: Socket.IO, rate limits and session changes are shared with the other processes`);
    }
    const redis = state.redis;
    const health = { draining: () => state.draining, ...(redis ? { redisReady: redis.ready } : {}) };
    // bound to the Socket.IO server below, once the HTTP server it is attached to exists.
    const sockets = createSocketRevocation();
    const app = createApp({ env, logger: log, health, uploads, deliveryTools, transcriber: state.transcriber, sockets, ...(redis ? { rateLimits: redis.rateLimits } : {}) });
    // after createApp, which declares the jobs.
    const jobs = await startBackgroundWork(env, log, db, state);
    const { server, port } = await listen(app, env.PORT);
    const chat = attachChatServer(server, env, log, uploads, redis);
    sockets.bind(chat.io);
    printBanner(env, port, hasDemo);

    let closing: Promise<void> | undefined;
    return {
      app,
      server,
      port,
      chat,
      env,
      log,
      db,
      redis,
      jobs,
      ...(state.backupSchedule ? { backupSchedule: state.backupSchedule } : {}),
      retentionSchedule: state.retentionSchedule,
      close() {
        closing ??= closeServer(state, { chat, server, db, lock, log });
        return closing;
      },
    };
  } catch (err) {
    await abandonStart(state, db, lock);
    throw err;
  }
}

/** What a start has opened so far, so that a failed start or `close()` ends exactly that. */
interface ServerState {
  /** set by close(): a database stop is then not logged as a crash */
  shuttingDown: boolean;
  /** `/readyz` answers 503 */
  draining: boolean;
  expiry?: SessionExpiry;
  redis?: RedisLink;
  jobs?: JobRunner;
  backupSchedule?: RecurringTimer;
  stopExportSweep?: () => void;
  retentionSchedule?: RecurringTimer;
  transcriber: Transcriber | null;
}

/**
 * Before anything is written under DATA_DIR (the embedded database, a child that inherits the
 * umask, included): the private umask, the folder's lock, and private modes for what is there.
 * @returns the lock, on the embedded database
 */
async function prepareDataDir(env: Env, log: Logger): Promise<ReturnType<typeof lockDataDir> | undefined> {
  usePrivateUmask();
  const lock = env.MONGODB_URI ? undefined : lockDataDir(env.DATA_DIR, 'oracy server');
  const tightened = await tightenDataDirModes(env.DATA_DIR).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  if (tightened.files + tightened.folders > 0) {
    log.info(
      { files: tightened.files, folders: tightened.folders },
      `Made ${tightened.files} files and ${tightened.folders} folders under ${env.DATA_DIR} private to this account (files 0600, folders 0700)`,
    );
  }
  if (tightened.refused.length > 0) {
    log.warn({ refused: tightened.refused }, `Could not make ${tightened.refused.join(', ')} private: another account owns them. Give them to the account Oracy runs as (chown).`);
  }
  return lock;
}

/** Connects to `MONGODB_URI` or starts the supervised embedded database, logging its stops and returns. */
function openDatabase(env: Env, log: Logger, onGiveUp: (message: string) => void, shuttingDown: () => boolean): Promise<DatabaseHandle> {
  return connectDatabase({
    mongodbUri: env.MONGODB_URI,
    dataDir: env.DATA_DIR,
    pushdown: env.DEVDB_PUSHDOWN === 'on',
    onDown: ({ message, restartAt }) => {
      // Ctrl-C reaches the database child too, and close() cancels the restart: a shutdown is not logged as a crash.
      setTimeout(() => {
        if (shuttingDown()) return;
        const restartInMs = Math.max(0, restartAt - Date.now());
        log.error({ restartInMs }, `${message}\nIt is started again shortly; until then requests that need it are answered 503.`);
      }, DATABASE_NOTICE_DELAY_MS).unref();
    },
    onUp: ({ downForMs }) => log.warn({ downForMs }, `the embedded database serves again after ${downForMs} ms`),
    onGiveUp,
  });
}

/** Indexes, session expiry, stored names and titles cleaned, missing Oracy summaries written. */
async function prepareStoredData(env: Env, log: Logger, state: ServerState): Promise<void> {
  await ensureIndexes(log);
  state.expiry = await ensureSessionExpiry((message, err) => log.warn({ err }, message), { idleMinutes: env.SESSION_IDLE_MINUTES });
  if (state.expiry.mode === 'sweep') log.info('no TTL indexes on this database: expired sessions are swept every 10 minutes');
  await cleanStoredText(log);
  const summarised = await backfillOracySummaries();
  if (summarised > 0) log.info(`Oracy summaries written for ${summarised} users stored before they existed`);
}

/** Says once when ffmpeg or the transcription environment is missing; creates the transcriber. */
async function warnAboutMissingTools(env: Env, log: Logger, state: ServerState): Promise<void> {
  if (!(await ffmpegAvailable())) {
    log.warn(
      "No ffmpeg here: the server keeps the phones' delivery reports and measures only WAV recordings itself. " +
        "Install it (Debian: apt-get install -y ffmpeg) and restart; an admin's POST /api/admin/delivery/reanalyse then measures the rest.",
    );
  }
  // one transcription worker per process, started by the first take and stopped when idle.
  state.transcriber = createTranscriber(env, log);
  if (state.transcriber && !state.transcriber.installed) {
    log.warn(
      'No transcription environment here: every transcript is "unavailable". Run node scripts/setup.mjs --build where python3 is available, and restart (see "Transcription" in the README).',
    );
  }
}

/** Loads the demo data into an empty database when `shouldSeedDemo`. @returns whether the demo accounts exist */
async function seedIfWanted(env: Env, log: Logger, uploads: ReturnType<typeof createUploadStores>, deliveryTools: ReturnType<typeof serverDeliveryTools>): Promise<boolean> {
  if (shouldSeedDemo(env) && !(await User.exists({}))) {
    const { seeded } = await seedDemoData({ uploads: uploads.public, recordings: uploads.recordings, deliveryTools, log: (line) => log.info(line) });
    if (seeded) log.info('demo data loaded');
  }
  return Boolean(await User.exists({ email: DEMO_ACCOUNTS.admin }));
}

/** Queues the measurement of unmeasured recordings, starts the job runner and the schedules. */
async function startBackgroundWork(env: Env, log: Logger, db: DatabaseHandle, state: ServerState): Promise<JobRunner> {
  const measuring = await backfillDeliveryReports();
  if (measuring > 0) log.info(`${measuring} recordings stored before delivery feedback existed are queued to be measured`);
  const transcribing = await backfillTranscripts();
  if (transcribing > 0) log.info(`${transcribing} recordings stored before transcripts existed are queued to be transcribed`);
  const jobs = createJobRunner({ log });
  state.jobs = jobs;
  jobs.start();
  // One timer per process; the slot's key and the run's unique slot make one backup of each slot.
  if (db.embedded && env.BACKUP_SCHEDULE) state.backupSchedule = startBackupSchedule({ dataDir: env.DATA_DIR, log });
  // Every process queues the hourly sweep of data exports; the hour's key makes one run of it (docs/architecture.md#exports-of-personal-data).
  state.stopExportSweep = startExportSweep(log);
  // the same for the daily retention run, on every database.
  state.retentionSchedule = startRetentionSchedule({ log });
  return jobs;
}

/** The discussion's Socket.IO server on `server`. */
function attachChatServer(server: Server, env: Env, log: Logger, uploads: ReturnType<typeof createUploadStores>, redis: RedisLink | undefined): ChatServer {
  return attachChat(server, {
    dataDir: env.DATA_DIR,
    uploads: uploads.chat,
    log,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
    requireOrigin: env.CSRF_REQUIRE_ORIGIN,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    ...(redis ? { rateLimits: redis.rateLimits, adapter: redis.socketAdapter } : {}),
  });
}

/** Prints the URL and, with demo data, the demo accounts. */
function printBanner(env: Env, port: number, hasDemo: boolean): void {
  const lines = [`Oracy is running at http://localhost:${port}`];
  if (env.PUBLIC_ORIGIN) lines.push(`Public address: ${env.PUBLIC_ORIGIN} (other hosts are answered 421, but /healthz and /readyz)`);
  if (hasDemo) lines.push(`Demo accounts (password: ${DEMO_PASSWORD}):`, ...Object.values(DEMO_ACCOUNTS).map((email) => `  ${email}`));
  console.log(lines.join('\n'));
}

/** The graceful shutdown of `RunningServer.close`, in its order. */
async function closeServer(
  state: ServerState,
  parts: { chat: ChatServer; server: Server; db: DatabaseHandle; lock: ReturnType<typeof lockDataDir> | undefined; log: Logger },
): Promise<void> {
  const { chat, server, db, lock, log } = parts;
  state.shuttingDown = true;
  state.draining = true;
  state.expiry?.stop();
  state.backupSchedule?.stop();
  state.stopExportSweep?.();
  state.retentionSchedule?.stop();
  await chat.close();
  await closeHttpServer(server);
  await state.jobs?.stop();
  await stopAnalysisThread();
  await state.transcriber?.stop();
  // the journal's last entries, while the database is still there (otherwise the next start inserts them).
  await closeAccessLog().catch((err) => log.warn({ err }, 'access-log entries left in the journal for the next start'));
  await state.redis?.close();
  await db.close();
  lock?.release();
}

/** Ends what a failed start had opened, ignoring errors on the way. */
async function abandonStart(state: ServerState, db: DatabaseHandle, lock: ReturnType<typeof lockDataDir> | undefined): Promise<void> {
  state.expiry?.stop();
  state.backupSchedule?.stop();
  state.stopExportSweep?.();
  state.retentionSchedule?.stop();
  await state.jobs?.stop().catch(() => undefined);
  await state.transcriber?.stop().catch(() => undefined);
  await state.redis?.close().catch(() => undefined);
  await db.close().catch(() => undefined);
  lock?.release();
}

/** True when this file is the program being run (`tsx api/src/server.ts`), not an import. */
function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const env = getEnv();
  const log = createLogger(env);
  let shuttingDown = false;

  // The supervisor gave up (docs/architecture.md#when-the-database-stops): exit non-zero for the
  // service manager. Ctrl-C reaches the embedded database child too; give our own SIGINT handler a
  // moment so that a shutdown is not reported as a failure.
  const onDatabaseFailure = (message: string) => {
    setTimeout(() => {
      if (shuttingDown) return;
      log.fatal(message);
      console.error(`Oracy stops because its database keeps stopping: ${message}`);
      process.exit(1);
    }, 500);
  };

  let running: RunningServer;
  try {
    running = await startServer({ env, logger: log, onDatabaseFailure });
  } catch (err) {
    console.error(`Oracy could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
    }
    shuttingDown = true;
    log.info(`${signal} received: shutting down`);
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (isMainModule()) void main();
