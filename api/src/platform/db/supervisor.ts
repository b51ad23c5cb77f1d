import { EmbeddedPortInUseError, startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';

/** First wait before restarting a stopped database, in ms; it doubles per failure in a row. */
export const RESTART_FIRST_DELAY_MS = 500;
/** Longest wait before a restart, in ms. */
export const RESTART_MAX_DELAY_MS = 30_000;
/** Unexpected exits within {@link CRASH_WINDOW_MS} after which the supervisor gives up. */
export const CRASH_LIMIT = 5;
/** The window of {@link CRASH_LIMIT}, in ms; a child that runs this long also resets the backoff. */
export const CRASH_WINDOW_MS = 60_000;

/** Where a supervised database is: serving, waiting for or in a restart, stopped by `stop()`, or given up. */
export type SupervisorState = 'up' | 'restarting' | 'stopped' | 'failed';

export interface SupervisedMongoOptions {
  /** Folder for the SQLite files (the same for every child). */
  dataDir: string;
  /** The first restart wait, in ms; default {@link RESTART_FIRST_DELAY_MS}. */
  firstDelayMs?: number;
  /** The longest restart wait, in ms; default {@link RESTART_MAX_DELAY_MS}. */
  maxDelayMs?: number;
  /** Unexpected exits within `crashWindowMs` that make it give up; default {@link CRASH_LIMIT}. */
  crashLimit?: number;
  /** In ms; default {@link CRASH_WINDOW_MS}. */
  crashWindowMs?: number;
  /** Longest wait for a child to report its address, in ms (`startEmbeddedMongo`'s default when omitted). */
  startTimeoutMs?: number;
  /** False turns the pushdown to SQLite off in every child (`startEmbeddedMongo`); default true. */
  pushdown?: boolean;
  /**
   * The child has exited unexpectedly (or a restart failed): `message` says how; the next child is
   * started after `delayMs`, at `restartAt` (ms since the epoch). The database is down until `onUp`.
   */
  onDown?: (event: { message: string; delayMs: number; restartAt: number }) => void;
  /**
   * A new child listens at `uri` (`previousUri`: the one before it); resolves once the clients use
   * it again (`connection.ts` pings it, or gives Mongoose a new client when the port changed). A
   * rejection counts as a failed restart: that child is stopped and another one is started after
   * the backoff.
   */
  onRestarted?: (uri: string, previousUri: string) => Promise<void>;
  /** The restarted database serves again. */
  onUp?: (event: { uri: string; downForMs: number }) => void;
  /** `crashLimit` unexpected exits happened within `crashWindowMs`: no more restarts. */
  onGiveUp: (message: string) => void;
}

/** An embedded database kept running by {@link superviseEmbeddedMongo}. */
export interface SupervisedMongo {
  /** The current child's `mongodb://127.0.0.1:PORT/` (changes only when its port was taken meanwhile). */
  readonly uri: string;
  /** The current child's process id; undefined while none runs. */
  readonly pid: number | undefined;
  readonly state: SupervisorState;
  /** Unexpected exits so far, failed restarts included. */
  readonly crashes: number;
  /**
   * Stops the child (SIGTERM, SIGKILL after `graceMs`, default 5000 ms) and cancels a restart
   * that is waiting; a child being started meanwhile is stopped as soon as it is up. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the embedded FerretDB (`embedded.ts`) and keeps it running (docs/architecture.md#when-the-database-stops):
 * when the child exits without `stop()`, a new one is started on the same data folder and the same
 * loopback port — the Mongo driver's pool then reconnects by itself — after 0.5 s, doubling per
 * failure in a row up to 30 s (a child that runs a minute resets it). A port taken meanwhile gets a
 * free one instead (`onRestarted` sees the new URI). The 5th unexpected exit within a minute
 * (failed restarts count) calls `onGiveUp` and restarts nothing more.
 * @throws as `startEmbeddedMongo` when the first child does not start (nothing is retried then).
 */
export async function superviseEmbeddedMongo(options: SupervisedMongoOptions): Promise<SupervisedMongo> {
  const firstDelayMs = options.firstDelayMs ?? RESTART_FIRST_DELAY_MS;
  const maxDelayMs = options.maxDelayMs ?? RESTART_MAX_DELAY_MS;
  const crashLimit = options.crashLimit ?? CRASH_LIMIT;
  const crashWindowMs = options.crashWindowMs ?? CRASH_WINDOW_MS;

  let state: SupervisorState = 'up';
  let child: EmbeddedMongo | undefined;
  /** The serving child's address; kept while it is down, for the restart to ask for the same port. */
  let current = { uri: '', port: 0 };
  /** Counts children, so that only the current one's exit is reported. */
  let generation = 0;
  const recentCrashes: number[] = [];
  let crashes = 0;
  let failuresInRow = 0;
  let downSince = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let stableTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  /** Starts one child on `port` (0: any) and reports its exit to `crashed` while it is the current one. */
  async function startChild(port: number): Promise<EmbeddedMongo> {
    const mine = ++generation;
    return startEmbeddedMongo({
      dataDir: options.dataDir,
      port,
      ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
      ...(options.pushdown === false ? { pushdown: false } : {}),
      onCrash: (message) => {
        if (mine === generation) crashed(message);
      },
    });
  }

  function crashed(message: string): void {
    if (state === 'stopped' || state === 'failed') return;
    child = undefined;
    clearTimeout(stableTimer);
    crashes += 1;
    const now = Date.now();
    while (recentCrashes.length > 0 && now - recentCrashes[0]! >= crashWindowMs) recentCrashes.shift();
    recentCrashes.push(now);
    if (state === 'up') downSince = now;
    if (recentCrashes.length >= crashLimit) {
      state = 'failed';
      clearTimeout(restartTimer);
      options.onGiveUp(
        `The embedded database (FerretDB) stopped unexpectedly ${recentCrashes.length} times within ${Math.round(crashWindowMs / 1000)} s; ` +
          `it is not restarted again. The last time: ${message}`,
      );
      return;
    }
    failuresInRow += 1;
    const delay = Math.min(firstDelayMs * 2 ** (failuresInRow - 1), maxDelayMs);
    state = 'restarting';
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      const run = restart();
      restarting = run;
      void run.finally(() => {
        if (restarting === run) restarting = undefined;
      });
    }, delay);
    options.onDown?.({ message, delayMs: delay, restartAt: now + delay });
  }

  async function restart(): Promise<void> {
    if (state !== 'restarting') return;
    const previousUri = current.uri;
    let next: EmbeddedMongo | undefined;
    try {
      try {
        next = await startChild(current.port);
      } catch (err) {
        if (!(err instanceof EmbeddedPortInUseError) || state !== 'restarting') throw err;
        next = await startChild(0);
      }
      if (state !== 'restarting') {
        await next.stop();
        return;
      }
      child = next;
      // a later restart asks for this child's port.
      current = { uri: next.uri, port: next.port };
      await options.onRestarted?.(next.uri, previousUri);
      // the child may have exited during `onRestarted`: that exit was reported and is handled.
      if (child !== next || state !== 'restarting') return;
      state = 'up';
      stableTimer = setTimeout(() => (failuresInRow = 0), crashWindowMs);
      stableTimer.unref();
      options.onUp?.({ uri: next.uri, downForMs: Date.now() - downSince });
    } catch (err) {
      if (state !== 'restarting' || (next && child !== next)) return;
      if (next) {
        child = undefined;
        await next.stop().catch(() => undefined);
      }
      crashed(`The embedded database could not be restarted: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  child = await startChild(0);
  current = { uri: child.uri, port: child.port };

  return {
    get uri() {
      return current.uri;
    },
    get pid() {
      return child?.pid;
    },
    get state() {
      return state;
    },
    get crashes() {
      return crashes;
    },
    stop(graceMs?: number) {
      stopping ??= (async () => {
        state = 'stopped';
        clearTimeout(restartTimer);
        clearTimeout(stableTimer);
        // a restart under way stops the child it started itself, once started.
        await restarting;
        await child?.stop(graceMs);
        child = undefined;
      })();
      return stopping;
    },
  };
}
