import mongoose from 'mongoose';
import { markDatabaseDown, markDatabaseUp } from './availability.js';
import { superviseEmbeddedMongo, type SupervisedMongo, type SupervisedMongoOptions } from './supervisor.js';

/** What `connectDatabase` opened; `close()` disconnects and stops the embedded server if any. */
export interface DatabaseHandle {
  /** The URI Mongoose is connected to (with the database name); the embedded one's may change after a restart. */
  readonly uri: string;
  /** True when the embedded FerretDB server is in use (docs/architecture.md#running-it). */
  embedded: boolean;
  close(): Promise<void>;
}

/** What the embedded database's supervisor reports (docs/architecture.md#when-the-database-stops); all optional. */
export interface DatabaseEvents {
  /** The embedded database stopped; a new one is started at `restartAt` (ms since the epoch). */
  onDown?: SupervisedMongoOptions['onDown'];
  /** The restarted database serves again after `downForMs`. */
  onUp?: SupervisedMongoOptions['onUp'];
  /** It stopped 5 times within a minute and is not restarted again; default: the message on stderr. */
  onGiveUp?: (message: string) => void;
  /** The supervisor's limits (tests); default 0.5 s doubling to 30 s, 5 exits within a minute. */
  supervision?: Pick<SupervisedMongoOptions, 'firstDelayMs' | 'maxDelayMs' | 'crashLimit' | 'crashWindowMs'>;
}

/** The database of the embedded server. */
const EMBEDDED_DB_NAME = 'oracy';
/** Longest wait for Mongoose to use a restarted embedded database, in ms. */
export const RECONNECT_TIMEOUT_MS = 10_000;
/** How often the reconnection checks Mongoose's state, in ms. */
const RECONNECT_POLL_MS = 25;

// on a replica set or Atlas, writes are retried once across a primary change and every read
// goes to the primary (no stale reads after a write through another process). No transactions are used.
const CONNECT_OPTIONS = { serverSelectionTimeoutMS: 15000, autoIndex: true, retryWrites: true, readPreference: 'primary' } as const;

/** `work`, or a rejection with `message` after `ms`. */
async function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Gives Mongoose's default connection a new driver client for `uri`, connected first, and lets the
 * old one go without waiting for it: closing a client that still believes in its dead server
 * first sends that server `endSessions`, which waits for as long as whatever now holds the old
 * port keeps the connection open.
 */
async function swapClient(uri: string): Promise<void> {
  const { autoIndex: _mongooseOnly, ...driverOptions } = CONNECT_OPTIONS;
  const fresh = new mongoose.mongo.MongoClient(uri, driverOptions);
  await fresh.connect();
  const old = mongoose.connection.getClient();
  // Mongoose follows the old client's topology events; they must not move the connection's state any more.
  old.removeAllListeners();
  // `setClient` takes a client only on a disconnected connection; closing it would wait for the old client.
  (mongoose.connection as { readyState: number }).readyState = mongoose.ConnectionStates.disconnected;
  mongoose.connection.setClient(fresh);
  void old.close().catch(() => undefined);
}

/**
 * Makes Mongoose, whose driver client is connected to `clientUri`, use the restarted embedded
 * database at `uri` (docs/architecture.md#when-the-database-stops). On the same address the
 * driver's pool reconnects by itself; a ping (a server selection) makes its monitor look at once
 * instead of at its next heartbeat, 10 s later. On another port (the old one was taken meanwhile)
 * Mongoose gets a new driver client for it (`swapClient`). Resolves once Mongoose is connected.
 * @throws Error when that takes longer than `RECONNECT_TIMEOUT_MS`.
 */
async function useRestarted(uri: string, clientUri: string): Promise<void> {
  const deadline = Date.now() + RECONNECT_TIMEOUT_MS;
  if (uri === clientUri) {
    const ping = mongoose.connection.getClient().db(EMBEDDED_DB_NAME).command({ ping: 1 });
    await within(ping, RECONNECT_TIMEOUT_MS, `The restarted embedded database did not answer within ${RECONNECT_TIMEOUT_MS} ms.`);
  } else {
    await within(swapClient(`${uri}${EMBEDDED_DB_NAME}`), RECONNECT_TIMEOUT_MS, `Mongoose did not connect to ${uri} within ${RECONNECT_TIMEOUT_MS} ms.`);
  }
  while (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) {
    if (Date.now() > deadline) throw new Error(`Mongoose did not reconnect to the embedded database within ${RECONNECT_TIMEOUT_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_POLL_MS));
  }
}

/**
 * Connects Mongoose to `mongodbUri`, or, when it is undefined, starts the
 * embedded FerretDB server with its data under `dataDir/db`, supervised (`supervisor.ts`: restarted
 * with backoff when it stops, docs/architecture.md#when-the-database-stops), and connects to
 * the `oracy` database there (docs/architecture.md#running-it). While the embedded database is
 * down, `databaseAvailable()` (`availability.ts`) is false. `pushdown: false` runs the embedded
 * database without its pushdown to SQLite (`DEVDB_PUSHDOWN`, docs/architecture.md#the-embedded-database).
 * @throws DevdbBuildError / Error when the embedded server cannot start or the database does not answer.
 */
export async function connectDatabase(opts: { mongodbUri: string | undefined; dataDir: string; pushdown?: boolean } & DatabaseEvents): Promise<DatabaseHandle> {
  let embedded: SupervisedMongo | undefined;
  let uri = opts.mongodbUri;
  /** The embedded server's address that Mongoose's driver client is connected to. */
  let clientUri = '';
  if (!uri) {
    embedded = await superviseEmbeddedMongo({
      dataDir: `${opts.dataDir}/db`,
      ...(opts.pushdown === false ? { pushdown: false } : {}),
      ...opts.supervision,
      onDown: (event) => {
        markDatabaseDown({ retryAt: event.restartAt });
        opts.onDown?.(event);
      },
      onRestarted: async (restartedUri) => {
        await useRestarted(restartedUri, clientUri);
        clientUri = restartedUri;
      },
      onUp: (event) => {
        markDatabaseUp();
        opts.onUp?.(event);
      },
      onGiveUp: (message) => {
        markDatabaseDown();
        if (opts.onGiveUp) opts.onGiveUp(message);
        else console.error(message);
      },
    });
    clientUri = embedded.uri;
    uri = `${embedded.uri}${EMBEDDED_DB_NAME}`;
  }
  mongoose.set('strictQuery', true);
  try {
    await mongoose.connect(uri, CONNECT_OPTIONS);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  markDatabaseUp();
  const fixedUri = uri;
  return {
    get uri() {
      return embedded ? `${clientUri}${EMBEDDED_DB_NAME}` : fixedUri;
    },
    embedded: Boolean(embedded),
    async close() {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}
