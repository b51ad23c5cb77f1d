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
  const supervisor = new Supervisor(options);
  await supervisor.startFirst();
  return supervisor;
}

/** The supervisor's state and its restart loop (see {@link superviseEmbeddedMongo}). */
class Supervisor implements SupervisedMongo {
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly crashLimit: number;
  private readonly crashWindowMs: number;

  private phase: SupervisorState = 'up';
  private child: EmbeddedMongo | undefined;
  /** The serving child's address; kept while it is down, for the restart to ask for the same port. */
  private current = { uri: '', port: 0 };
  /** Counts children, so that only the current one's exit is reported. */
  private generation = 0;
  private readonly recentCrashes: number[] = [];
  private crashCount = 0;
  private failuresInRow = 0;
  private downSince = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;

  constructor(private readonly options: SupervisedMongoOptions) {
    this.firstDelayMs = options.firstDelayMs ?? RESTART_FIRST_DELAY_MS;
    this.maxDelayMs = options.maxDelayMs ?? RESTART_MAX_DELAY_MS;
    this.crashLimit = options.crashLimit ?? CRASH_LIMIT;
    this.crashWindowMs = options.crashWindowMs ?? CRASH_WINDOW_MS;
  }

  get uri(): string {
    return this.current.uri;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get state(): SupervisorState {
    return this.phase;
  }

  get crashes(): number {
    return this.crashCount;
  }

  /** Starts the first child on any free port. */
  async startFirst(): Promise<void> {
    this.child = await this.startChild(0);
    this.current = { uri: this.child.uri, port: this.child.port };
  }

  stop(graceMs?: number): Promise<void> {
    this.stopping ??= (async () => {
      this.phase = 'stopped';
      clearTimeout(this.restartTimer);
      clearTimeout(this.stableTimer);
      // a restart under way stops the child it started itself, once started.
      await this.restarting;
      await this.child?.stop(graceMs);
      this.child = undefined;
    })();
    return this.stopping;
  }

  /** Starts one child on `port` (0: any) and reports its exit to `crashed` while it is the current one. */
  private startChild(port: number): Promise<EmbeddedMongo> {
    const mine = ++this.generation;
    return startEmbeddedMongo({
      dataDir: this.options.dataDir,
      port,
      ...(this.options.startTimeoutMs ? { startTimeoutMs: this.options.startTimeoutMs } : {}),
      ...(this.options.pushdown === false ? { pushdown: false } : {}),
      onCrash: (message) => {
        if (mine === this.generation) this.crashed(message);
      },
    });
  }

  /** Counts an unexpected exit (or failed restart): gives up at the limit, else schedules a restart after the backoff. */
  private crashed(message: string): void {
    if (this.phase === 'stopped' || this.phase === 'failed') return;
    this.child = undefined;
    clearTimeout(this.stableTimer);
    this.crashCount += 1;
    const now = Date.now();
    while (this.recentCrashes.length > 0 && now - this.recentCrashes[0]! >= this.crashWindowMs) this.recentCrashes.shift();
    this.recentCrashes.push(now);
    if (this.phase === 'up') this.downSince = now;
    if (this.recentCrashes.length >= this.crashLimit) {
      this.phase = 'failed';
      clearTimeout(this.restartTimer);
      this.options.onGiveUp(
        `The embedded database (FerretDB) stopped unexpectedly ${this.recentCrashes.length} times within ${Math.round(this.crashWindowMs / 1000)} s; ` +
          `it is not restarted again. The last time: ${message}`,
      );
      return;
    }
    this.failuresInRow += 1;
    const delay = Math.min(this.firstDelayMs * 2 ** (this.failuresInRow - 1), this.maxDelayMs);
    this.phase = 'restarting';
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      const run = this.restart();
      this.restarting = run;
      void run.finally(() => {
        if (this.restarting === run) this.restarting = undefined;
      });
    }, delay);
    this.options.onDown?.({ message, delayMs: delay, restartAt: now + delay });
  }

  /** Starts the next child on the last port, or on a free one when that was taken meanwhile. */
  private async startNextChild(): Promise<EmbeddedMongo> {
    try {
      return await this.startChild(this.current.port);
    } catch (err) {
      if (!(err instanceof EmbeddedPortInUseError) || this.phase !== 'restarting') throw err;
      return this.startChild(0);
    }
  }

  private async restart(): Promise<void> {
    if (this.phase !== 'restarting') return;
    const previousUri = this.current.uri;
    let next: EmbeddedMongo | undefined;
    try {
      next = await this.startNextChild();
      if (this.phase !== 'restarting') {
        await next.stop();
        return;
      }
      this.child = next;
      // a later restart asks for this child's port.
      this.current = { uri: next.uri, port: next.port };
      await this.options.onRestarted?.(next.uri, previousUri);
      // the child may have exited during `onRestarted`: that exit was reported and is handled.
      if (this.child !== next || this.phase !== 'restarting') return;
      this.phase = 'up';
      this.stableTimer = setTimeout(() => (this.failuresInRow = 0), this.crashWindowMs);
      this.stableTimer.unref();
      this.options.onUp?.({ uri: next.uri, downForMs: Date.now() - this.downSince });
    } catch (err) {
      if (this.phase !== 'restarting' || (next && this.child !== next)) return;
      if (next) {
        this.child = undefined;
        await next.stop().catch(() => undefined);
      }
      this.crashed(`The embedded database could not be restarted: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
