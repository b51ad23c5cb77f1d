import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Types } from 'mongoose';
import { Job, JobClaim, type JobStatus } from './jobModel.js';
import { isDuplicateKeyError } from '../http/errors.js';
import type { Logger } from '../logger.js';
import { DAY_MS } from '../time.js';

/**
 * The one home for background jobs (docs/architecture.md#background-jobs,
 * docs/decisions/0017-one-home-for-background-jobs.md): a job is a record in the database; any API
 * process may run it. A process claims one try of a job by inserting a `JobClaim` against the unique
 * index `{jobId, attempt}` — the only write the embedded database makes exclusive between processes —
 * and then holds a lease on the job that it renews while the handler runs. A job gets
 * `maxAttempts` tries with exponential backoff; a job still `running` when its lease has expired
 * (its process died) is claimed again, and that counts as a try. A handler may therefore run more
 * than once for one job: handlers are written to be repeatable.
 */

/**
 * Job name → the type of its payload. Each module that defines a job adds its entry here by
 * declaration merging, next to its handler:
 * `declare module './index.js' { interface JobPayloads { 'delivery.measure': MeasurePayload } }`.
 * `defineJob` and `enqueueJob` then refuse, at compile time, a name nobody declared or a payload of
 * another job's shape.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

/** The name of a declared job. */
export type JobName = Extract<keyof JobPayloads, string>;

/** What a handler is told about its try. */
export interface JobContext {
  /** the job's id, 24 hex digits */
  jobId: string;
  /** this try: 1, 2 … `maxAttempts` */
  attempt: number;
  maxAttempts: number;
  /** aborted when the try's time is up or the lease was lost to another process */
  signal: AbortSignal;
}

/** Does a job's work. Throwing (or rejecting) fails the try; it is retried while tries are left. */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/** How a job is run. */
export interface JobOptions<P> {
  /** tries in all, default 3 */
  maxAttempts?: number;
  /** wait before the second try, ms, default 5,000; each further try waits twice as long as the one before */
  backoffMs?: number;
  /** how long a claimed try holds the job, ms, default 60,000; renewed every third of it while the handler runs */
  leaseMs?: number;
  /** the longest a try may run, ms, default 300,000; then it fails and its signal aborts */
  timeoutMs?: number;
  /** Told once when the last try has failed (or its process died), with the last error's message. */
  onFailed?: (payload: P, error: string) => Promise<void>;
}

interface Definition {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffMs: number;
  leaseMs: number;
  timeoutMs: number;
  onFailed?: (payload: unknown, error: string) => Promise<void>;
}

/** Job name → how it runs. The same in every process: definitions are code, not state. */
const definitions = new Map<string, Definition>();
/** The runners started in this process, kicked when a job is queued here. */
const runners = new Set<JobRunner>();

const DEFAULTS = { maxAttempts: 3, backoffMs: 5_000, leaseMs: 60_000, timeoutMs: 300_000 } as const;

/**
 * Declares the job `name` and its handler; declaring a name again replaces it. Every process that
 * runs a `JobRunner` must declare the same jobs (the server does at start-up).
 */
export function defineJob<N extends JobName>(name: N, handler: JobHandler<JobPayloads[N]>, opts: JobOptions<JobPayloads[N]> = {}): void {
  definitions.set(name, {
    handler: handler as JobHandler<unknown>,
    maxAttempts: opts.maxAttempts ?? DEFAULTS.maxAttempts,
    backoffMs: opts.backoffMs ?? DEFAULTS.backoffMs,
    leaseMs: opts.leaseMs ?? DEFAULTS.leaseMs,
    timeoutMs: opts.timeoutMs ?? DEFAULTS.timeoutMs,
    ...(opts.onFailed ? { onFailed: opts.onFailed as Definition['onFailed'] } : {}),
  });
}

/** The result of `enqueueJob`. */
export interface Enqueued {
  /** the job's id: the new job's, or the unfinished one with the same key */
  id: string;
  /** true when an unfinished job with the same key was found and no job was added */
  deduped: boolean;
}

/**
 * Queues a job. With a `key`, a job of the same name and key that is still queued or running is
 * the answer instead of a new one, in every process (a unique index), so a key names one piece of
 * work (e.g. "measure this recording's audio"). Kicks this process's runners when it is due now.
 * @param opts.key de-duplication key, e.g. a record's id
 * @param opts.runAt not before this time (default now)
 * @throws Error when `name` was never declared with `defineJob`
 */
export async function enqueueJob<N extends JobName>(name: N, payload: JobPayloads[N], opts: { key?: string; runAt?: Date } = {}): Promise<Enqueued> {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`No job called ${name} is defined.`);
  const runAt = opts.runAt ?? new Date();
  const dedupeKey = opts.key === undefined ? undefined : `${name}:${opts.key}`;
  // The unfinished job may finish between a refused insert and the read: then try again.
  for (let tries = 0; tries < 5; tries++) {
    const _id = new Types.ObjectId();
    try {
      await Job.create({ _id, name, payload, key: opts.key ?? null, dedupeKey: dedupeKey ?? String(_id), maxAttempts: definition.maxAttempts, runAt });
      if (runAt.getTime() <= Date.now()) for (const runner of runners) runner.kick();
      return { id: String(_id), deduped: false };
    } catch (err) {
      if (!dedupeKey || !isDuplicateKeyError(err)) throw err;
      const existing = await Job.findOne({ dedupeKey }).select('_id').lean();
      if (existing) return { id: String(existing._id), deduped: true };
    }
  }
  throw new Error(`Could not queue ${name} with key ${opts.key}.`);
}

/** A job as the runner reads it. */
interface JobDoc {
  _id: Types.ObjectId;
  name: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  leaseUntil: Date | null;
}

/** Runs the jobs of the database, one at a time. */
export interface JobRunner {
  /** Starts polling (and answering kicks). Idempotent. */
  start(): void;
  /**
   * Stops: no new job is claimed; the job in hand may finish within `stopGraceMs`, otherwise its
   * lease is given up so that another process takes it at once. Idempotent.
   */
  stop(): Promise<void>;
  /** Claims and runs one due job, if any. @returns whether it ran one */
  runOnce(): Promise<boolean>;
  /** Runs due jobs until none is left. @returns how many ran */
  runUntilIdle(): Promise<number>;
  /** Looks for due jobs now instead of at the next poll. */
  kick(): void;
  /** this runner's name in `Job.owner` and `JobClaim.owner` */
  readonly owner: string;
}

/** How a runner polls and cleans up. */
export interface JobRunnerOptions {
  /** time between looks at the database when idle, ms, default 5,000 (a job queued in this process starts at once) */
  pollMs?: number;
  /** the longest `stop()` waits for the job in hand, ms, default 10,000 */
  stopGraceMs?: number;
  /** only these job names (default every defined one, as of each look) */
  names?: readonly string[];
  /** finished jobs are removed this long after they finished, ms, default 7 days */
  keepFinishedMs?: number;
  /** how often finished jobs are swept, ms, default 1 hour */
  sweepEveryMs?: number;
  log?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Jobs looked at per poll; the first one claimed runs. */
const CANDIDATES = 10;

/** A name for this process: host, pid and a random word, so two runners in one process differ too. */
function ownerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 2_000);

type RunnerLog = JobRunnerOptions['log'];

/** The try in hand: its job, its end, and how to let it go (stop renewing, abort, write nothing more). */
interface TryInHand {
  jobId: Types.ObjectId;
  attempt: number;
  done: Promise<void>;
  release?: () => void;
}

/** True while no later try of this job has been claimed: the job is still ours. */
const stillOurs = async (jobId: Types.ObjectId, attempt: number) => (await JobClaim.exists({ jobId, attempt: attempt + 1 })) === null;

/**
 * Claims the next try of `job` for `owner` (docs/architecture.md#background-jobs).
 * @returns the try's number, or null when another process has it
 */
async function claimTry(job: JobDoc, now: Date, leaseMs: number, owner: string): Promise<number | null> {
  let attempt = job.attempts + 1;
  for (;;) {
    try {
      await JobClaim.create({ jobId: job._id, attempt, owner });
      break;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // A claim older than a lease on a job still queued: its process died between claiming and
      // starting. That try counts; claim the next one.
      if (job.status !== 'queued' || attempt > job.attempts + 1) return null;
      const taken = await JobClaim.findOne({ jobId: job._id, attempt }).select('createdAt').lean();
      if (!taken || taken.createdAt.getTime() > now.getTime() - leaseMs) return null;
      attempt += 1;
    }
  }
  // The read that chose the job may be stale: go on only if the job is as it was read.
  const fresh = await Job.findById(job._id).select('status attempts runAt').lean<Pick<JobDoc, 'status' | 'attempts' | 'runAt'>>();
  if (!fresh || fresh.attempts !== job.attempts) return null;
  if (fresh.status === 'queued' && fresh.runAt.getTime() <= now.getTime()) return attempt;
  // A later claim supersedes a running try: its process died, or it stalls past its lease.
  if (fresh.status === 'running') return attempt;
  return null;
}

/** Writes a try's end, unless a later try has been claimed meanwhile. */
async function finishTry(job: JobDoc, attempt: number, fields: { status: 'done' | 'failed'; lastError: string | null }): Promise<void> {
  if (!(await stillOurs(job._id, attempt))) return;
  await Job.updateOne({ _id: job._id }, { $set: { ...fields, dedupeKey: String(job._id), leaseUntil: null, owner: null, finishedAt: new Date() } });
}

/** Logs a job out of tries and tells its `onFailed`. */
async function giveUp(job: JobDoc, definition: Definition, error: string, log: RunnerLog): Promise<void> {
  log?.warn({ job: job.name, jobId: String(job._id), error }, 'job failed after its last try');
  await definition.onFailed?.(job.payload, error).catch((err: unknown) => log?.error({ err, job: job.name }, 'job onFailed threw'));
}

/** Renews the lease every third of it; aborts the try (via `onLost`) once a later try is claimed. */
function renewLease(job: JobDoc, definition: Definition, attempt: number, onLost: () => void, log: RunnerLog): NodeJS.Timeout {
  return setInterval(
    () => {
      void (async () => {
        if (!(await stillOurs(job._id, attempt))) {
          onLost();
          return;
        }
        await Job.updateOne({ _id: job._id, attempts: attempt }, { $set: { leaseUntil: new Date(Date.now() + definition.leaseMs) } });
      })().catch((err: unknown) => log?.warn({ err, job: job.name }, 'could not renew a job lease'));
    },
    Math.max(10, Math.floor(definition.leaseMs / 3)),
  );
}

/** A promise that rejects (and aborts `abort`) after `ms`; `clear` cancels it. */
function timeLimit(ms: number, abort: AbortController): { expired: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`The job took longer than ${ms} ms.`);
      abort.abort(err);
      reject(err);
    }, ms);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/** Ends a try the runner still holds: done, failed after its last try, or queued again after a backoff. */
async function settleTry(job: JobDoc, definition: Definition, attempt: number, error: string | null, log: RunnerLog): Promise<void> {
  if (error === null) {
    await finishTry(job, attempt, { status: 'done', lastError: null });
    return;
  }
  if (attempt >= definition.maxAttempts) {
    await finishTry(job, attempt, { status: 'failed', lastError: error });
    await giveUp(job, definition, error, log);
    return;
  }
  log?.warn({ job: job.name, jobId: String(job._id), attempt, error }, 'job try failed; it will be tried again');
  if (!(await stillOurs(job._id, attempt))) return;
  const backoff = definition.backoffMs * 2 ** (attempt - 1);
  await Job.updateOne({ _id: job._id }, { $set: { status: 'queued', runAt: new Date(Date.now() + backoff), leaseUntil: null, owner: null, lastError: error } });
}

/** Runs one claimed try to its end; `inHand.release` lets `stop()` abandon it. */
async function runTry(job: JobDoc, definition: Definition, inHand: TryInHand, owner: string, log: RunnerLog): Promise<void> {
  const { attempt } = inHand;
  if (attempt > definition.maxAttempts) {
    // Its last try's process died: that try counted.
    const error = job.status === 'running' ? 'The process running the last try stopped before it finished.' : 'No tries left.';
    await finishTry(job, attempt, { status: 'failed', lastError: error });
    await giveUp(job, definition, error, log);
    return;
  }
  const abort = new AbortController();
  await Job.updateOne({ _id: job._id }, { $set: { status: 'running', attempts: attempt, leaseUntil: new Date(Date.now() + definition.leaseMs), owner } });

  let lost = false;
  const renew = renewLease(
    job,
    definition,
    attempt,
    () => {
      lost = true;
      abort.abort(new Error('The job was taken by another process.'));
    },
    log,
  );
  inHand.release = () => {
    lost = true;
    clearInterval(renew);
    abort.abort(new Error('The process is stopping.'));
  };
  const limit = timeLimit(definition.timeoutMs, abort);

  const ctx: JobContext = { jobId: String(job._id), attempt, maxAttempts: definition.maxAttempts, signal: abort.signal };
  let error: string | null = null;
  try {
    await Promise.race([definition.handler(job.payload, ctx), limit.expired]);
  } catch (err) {
    error = messageOf(err);
  } finally {
    clearInterval(renew);
    limit.clear();
  }
  if (lost) return;
  await settleTry(job, definition, attempt, error, log);
}

/** Removes up to 1,000 jobs finished before `before`, with their claims. */
async function sweepFinished(before: Date): Promise<void> {
  const old = await Job.find({ status: { $in: ['done', 'failed'] }, finishedAt: { $lt: before } })
    .select('_id')
    .limit(1_000)
    .lean();
  if (old.length === 0) return;
  const ids = old.map((j) => j._id);
  await Job.deleteMany({ _id: { $in: ids } });
  await JobClaim.deleteMany({ jobId: { $in: ids } });
}

/** A sweep of finished jobs that does its work at most once per `everyMs` (the time is passed in, ms). */
function sweeper(keepFinishedMs: number, everyMs: number): (now: number) => Promise<void> {
  let lastSweep = 0;
  return async (now) => {
    if (now - lastSweep < everyMs) return;
    lastSweep = now;
    await sweepFinished(new Date(now - keepFinishedMs));
  };
}

/** The first `CANDIDATES` jobs of these names that are due now or whose lease has expired. */
function findDueJobs(names: string[], now: Date): Promise<JobDoc[]> {
  return Job.find({
    name: { $in: names },
    $or: [
      { status: 'queued', runAt: { $lte: now } },
      { status: 'running', leaseUntil: { $lt: now } },
    ],
  })
    .sort({ runAt: 1, _id: 1 })
    .limit(CANDIDATES)
    .lean<JobDoc[]>()
    .exec();
}

/** Waits up to `ms` for the try in hand. @returns 'late' when the grace ran out first */
async function awaitWithGrace(inHand: TryInHand, ms: number): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([
    inHand.done.then(
      () => 'done' as const,
      () => 'done' as const,
    ),
    graceOver,
  ]);
  clearTimeout(timer);
  return outcome;
}

/**
 * The runner's loop: `step` (look for and run a job) again at once while it ran one or was kicked,
 * else after `pollMs`; an error is logged and the loop goes on. Ends once `isStopping()`.
 */
function pollLoop(step: () => Promise<boolean>, pollMs: number, isStopping: () => boolean, log: RunnerLog) {
  let wake: (() => void) | undefined;
  let kicked = false;

  async function idle(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
    kicked = false;
  }

  async function run(): Promise<void> {
    while (!isStopping()) {
      try {
        if (await step()) continue;
      } catch (err) {
        log?.warn({ err }, 'the job runner could not read or run jobs; it tries again');
      }
      if (isStopping()) break;
      if (kicked) {
        kicked = false;
        continue;
      }
      await idle();
    }
  }

  return {
    run,
    /** Looks again now (or right after the current step). */
    kick: () => {
      kicked = true;
      wake?.();
    },
    /** Ends the current sleep. */
    wake: () => wake?.(),
  };
}

/**
 * A job runner for this process (`api/src/server.ts` starts one; tests drive `runOnce`). Safe to
 * run in several processes on one database: each try of a job is claimed by exactly one.
 */
export function createJobRunner(opts: JobRunnerOptions = {}): JobRunner {
  const owner = ownerName();
  const pollMs = opts.pollMs ?? 5_000;
  const stopGraceMs = opts.stopGraceMs ?? 10_000;
  const log = opts.log;

  let started = false;
  let stopping = false;
  let looping: Promise<void> | undefined;
  let current: TryInHand | undefined;
  const sweep = sweeper(opts.keepFinishedMs ?? 7 * DAY_MS, opts.sweepEveryMs ?? 60 * 60 * 1000);

  async function runOnce(): Promise<boolean> {
    const wanted = (opts.names ?? [...definitions.keys()]).filter((name) => definitions.has(name));
    if (wanted.length === 0) return false;
    const now = new Date();
    for (const job of await findDueJobs(wanted, now)) {
      if (stopping) return false;
      const definition = definitions.get(job.name);
      if (!definition) continue;
      const attempt = await claimTry(job, now, definition.leaseMs, owner);
      if (attempt === null) continue;
      const inHand: TryInHand = { jobId: job._id, attempt, done: Promise.resolve() };
      current = inHand;
      inHand.done = runTry(job, definition, inHand, owner, log);
      try {
        await inHand.done;
      } finally {
        current = undefined;
      }
      return true;
    }
    return false;
  }

  const loop = pollLoop(
    async () => {
      await sweep(Date.now());
      return runOnce();
    },
    pollMs,
    () => stopping,
    log,
  );

  const runner: JobRunner = {
    owner,
    start() {
      if (started) return;
      started = true;
      runners.add(runner);
      looping = loop.run();
    },
    async stop() {
      if (stopping) return looping;
      stopping = true;
      runners.delete(runner);
      loop.wake();
      const inHand = current;
      if (inHand && (await awaitWithGrace(inHand, stopGraceMs)) === 'late') {
        // Let another process take it at once rather than after the lease.
        inHand.release?.();
        await Job.updateOne({ _id: inHand.jobId, attempts: inHand.attempt, owner }, { $set: { leaseUntil: new Date() } }).catch(() => undefined);
        log?.warn({ jobId: String(inHand.jobId) }, 'stopped with a job in hand: its lease was given up');
        return;
      }
      await looping?.catch(() => undefined);
    },
    async runUntilIdle() {
      let ran = 0;
      while (!stopping && (await runOnce())) ran++;
      return ran;
    },
    runOnce,
    kick: loop.kick,
  };
  return runner;
}
