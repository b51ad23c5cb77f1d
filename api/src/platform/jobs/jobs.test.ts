import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose, { Types } from 'mongoose';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Job, JobClaim } from './jobModel.js';
import type { TestJobName } from '../../test/testJobs.js';
import { createJobRunner, defineJob, enqueueJob, type JobRunner } from './index.js';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let names = 0;
/** A job name of its own for each test: definitions are per process. */
const fresh = (what: string): TestJobName => `test.${what}.${++names}`;

const started: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((runner) => runner.stop()));
});

/** A runner that polls quickly, stopped after the test. */
function running(opts: Parameters<typeof createJobRunner>[0] = {}): JobRunner {
  const runner = createJobRunner({ pollMs: 20, ...opts });
  started.push(runner);
  runner.start();
  return runner;
}

/** Resolves once `check` holds, polling the database; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const statusOf = async (id: string) => (await Job.findById(id).lean())?.status;

describe('background jobs (docs/architecture.md#background-jobs)', () => {
  it('run each job once when two runners compete for them', async () => {
    const name = fresh('once');
    const calls = new Map<string, number>();
    defineJob(name, async ({ n }) => {
      calls.set(String(n), (calls.get(String(n)) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    });
    const ids = [];
    for (let n = 0; n < 12; n++) ids.push((await enqueueJob(name, { n })).id);
    const a = createJobRunner({ names: [name] });
    const b = createJobRunner({ names: [name] });
    const [ranA, ranB] = await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);

    expect(ranA + ranB).toBe(12);
    expect([...calls.values()]).toEqual(Array(12).fill(1));
    const jobs = await Job.find({ _id: { $in: ids } }).lean();
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(Array(12).fill(['done', 1]));
    expect(await JobClaim.countDocuments({ jobId: { $in: ids } })).toBe(12);
  });

  it('start a job queued in this process at once, without waiting for the next poll', async () => {
    const name = fresh('kick');
    let ran = false;
    defineJob(name, async () => {
      ran = true;
    });
    running({ names: [name], pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50)); // the runner's first look found nothing
    const { id } = await enqueueJob(name, {});
    await until(async () => (await statusOf(id)) === 'done');
    expect(ran).toBe(true);
  });

  it('retry a failing job with a growing backoff, then mark it failed with the last error', async () => {
    const name = fresh('failing');
    const at: number[] = [];
    const failed: Array<[unknown, string]> = [];
    defineJob(
      name,
      async (_payload, ctx) => {
        at.push(Date.now());
        throw new Error(`try ${ctx.attempt} of ${ctx.maxAttempts} broke`);
      },
      { backoffMs: 100, onFailed: async (payload, error) => void failed.push([payload, error]) },
    );
    const { id } = await enqueueJob(name, { what: 'flaky' });
    running({ names: [name] });
    await until(async () => (await statusOf(id)) === 'failed');

    const job = (await Job.findById(id).lean())!;
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'try 3 of 3 broke', leaseUntil: null });
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(100);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(200);
    expect(failed).toEqual([[{ what: 'flaky' }, 'try 3 of 3 broke']]);
  });

  it('count a try that runs past its time limit as failed, and abort its signal', async () => {
    const name = fresh('slow');
    let aborted = 0;
    defineJob(
      name,
      (_payload, ctx) =>
        new Promise<void>(() => {
          ctx.signal.addEventListener('abort', () => aborted++);
        }),
      { maxAttempts: 1, timeoutMs: 50 },
    );
    const { id } = await enqueueJob(name, {});
    await createJobRunner({ names: [name] }).runOnce();
    expect(await Job.findById(id).lean()).toMatchObject({ status: 'failed', lastError: 'The job took longer than 50 ms.' });
    expect(aborted).toBe(1);
  });

  it('take again a job left running whose lease has expired, as its next try', async () => {
    const name = fresh('orphan');
    const tries: number[] = [];
    defineJob(name, async (_payload, ctx) => void tries.push(ctx.attempt));
    const _id = new Types.ObjectId();
    const past = new Date(Date.now() - 60_000);
    await Job.create({ _id, name, payload: {}, dedupeKey: String(_id), status: 'running', attempts: 1, maxAttempts: 3, runAt: past, leaseUntil: past, owner: 'a dead process' });
    await JobClaim.create({ jobId: _id, attempt: 1, owner: 'a dead process' });
    // a job whose lease still holds is left alone
    const held = new Types.ObjectId();
    await Job.create({
      _id: held,
      name,
      payload: {},
      dedupeKey: String(held),
      status: 'running',
      attempts: 1,
      maxAttempts: 3,
      runAt: past,
      leaseUntil: new Date(Date.now() + 60_000),
      owner: 'a live process',
    });

    expect(await createJobRunner({ names: [name] }).runUntilIdle()).toBe(1);
    expect(tries).toEqual([2]);
    expect(await Job.findById(_id).lean()).toMatchObject({ status: 'done', attempts: 2 });
    expect(await statusOf(String(held))).toBe('running');
  });

  it('take again a job whose process died between claiming a try and starting it', async () => {
    const name = fresh('claimedOnly');
    const tries: number[] = [];
    defineJob(name, async (_payload, ctx) => void tries.push(ctx.attempt), { leaseMs: 1_000 });
    const { id } = await enqueueJob(name, {});
    const claimed = await JobClaim.create({ jobId: id, attempt: 1, owner: 'a live process' });
    // a fresh claim: its process may be starting the job right now
    expect(await createJobRunner({ names: [name] }).runOnce()).toBe(false);
    // older than the lease: its process died (the driver itself, as Mongoose keeps createdAt as it was)
    await JobClaim.collection.updateOne({ _id: claimed._id }, { $set: { createdAt: new Date(Date.now() - 5_000) } });
    expect(await createJobRunner({ names: [name] }).runOnce()).toBe(true);
    expect(tries).toEqual([2]);
    expect(await Job.findById(id).lean()).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fail a job whose last try’s process died, without running it a fourth time', async () => {
    const name = fresh('lastTry');
    let ran = 0;
    const failed: string[] = [];
    defineJob(name, async () => void ran++, { onFailed: async (_p, error) => void failed.push(error) });
    const _id = new Types.ObjectId();
    const past = new Date(Date.now() - 60_000);
    await Job.create({ _id, name, payload: {}, dedupeKey: `${name}:k`, key: 'k', status: 'running', attempts: 3, maxAttempts: 3, runAt: past, leaseUntil: past });
    await createJobRunner({ names: [name] }).runOnce();
    expect(ran).toBe(0);
    expect(await Job.findById(_id).lean()).toMatchObject({ status: 'failed', lastError: 'The process running the last try stopped before it finished.', dedupeKey: String(_id) });
    expect(failed).toEqual(['The process running the last try stopped before it finished.']);
  });

  it('take again the job of a runner process killed with SIGKILL once its lease expires', { timeout: 60_000 }, async () => {
    const name = fresh('killed');
    const { id } = await (async () => {
      defineJob(name, async () => undefined); // declared here too, so that it can be queued
      return enqueueJob(name, {});
    })();
    const uri = `${inject('mongoServerUri')}${mongoose.connection.name}`;
    // node itself with tsx's loader: the tsx command would run the script in a grandchild that SIGKILL misses.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/jobChild.ts', uri, name], { cwd: API_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(async () => (await statusOf(id)) === 'running', 30_000).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${output}`);
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const left = (await Job.findById(id).lean())!;
    expect(left).toMatchObject({ status: 'running', attempts: 1 });

    const tries: number[] = [];
    defineJob(name, async (_payload, ctx) => void tries.push(ctx.attempt));
    running({ names: [name] });
    await until(async () => (await statusOf(id)) === 'done');
    expect(tries).toEqual([2]);
  });

  it('answer an unfinished job with the same key instead of queuing another, and queue again once it has finished', async () => {
    const name = fresh('keyed');
    const seen: unknown[] = [];
    defineJob(name, async (payload) => void seen.push(payload.v));
    const first = await enqueueJob(name, { v: 1 }, { key: 'recording-1' });
    const again = await enqueueJob(name, { v: 2 }, { key: 'recording-1' });
    const other = await enqueueJob(name, { v: 3 }, { key: 'recording-2' });
    const racing = await Promise.all(Array.from({ length: 6 }, () => enqueueJob(name, { v: 4 }, { key: 'recording-3' })));
    expect(again).toEqual({ id: first.id, deduped: true });
    expect(other.deduped).toBe(false);
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    expect(racing.filter((r) => !r.deduped)).toHaveLength(1);

    await createJobRunner({ names: [name] }).runUntilIdle();
    expect(seen.sort()).toEqual([1, 3, 4]);
    const after = await enqueueJob(name, { v: 5 }, { key: 'recording-1' });
    expect(after.deduped).toBe(false);
    expect(after.id).not.toBe(first.id);
  });

  it('refuse to queue a job nobody defined', async () => {
    await expect(enqueueJob('test.nobody', {})).rejects.toThrow('No job called test.nobody is defined.');
    // Checked by the type checker, never run: a name no module declared, and another job's payload.
    const unrun = () => {
      // @ts-expect-error no module declares this job
      void enqueueJob('delivery.nobody', {});
      // @ts-expect-error a backup's payload is not a measurement's
      void enqueueJob('delivery.measure', { runId: 'x', trigger: 'manual' });
    };
    expect(typeof unrun).toBe('function');
  });

  it('stop without waiting for a job in hand longer than the grace, giving its lease up', async () => {
    const name = fresh('stuck');
    defineJob(name, () => new Promise<void>(() => undefined), { leaseMs: 60_000 });
    const { id } = await enqueueJob(name, {});
    const runner = createJobRunner({ names: [name], pollMs: 20, stopGraceMs: 50 });
    runner.start();
    await until(async () => (await statusOf(id)) === 'running');
    await runner.stop();
    const job = (await Job.findById(id).lean())!;
    expect(job.status).toBe('running');
    expect(job.leaseUntil!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sweep jobs finished longer ago than it keeps them', async () => {
    const name = fresh('sweep');
    defineJob(name, async () => undefined);
    const old = new Types.ObjectId();
    await Job.create({ _id: old, name, dedupeKey: String(old), status: 'done', attempts: 1, maxAttempts: 3, runAt: new Date(0), finishedAt: new Date(Date.now() - 10_000) });
    await JobClaim.create({ jobId: old, attempt: 1, owner: 'x' });
    const recent = (await enqueueJob(name, {})).id;
    running({ names: [name], keepFinishedMs: 5_000 });
    await until(async () => (await statusOf(recent)) === 'done');
    expect(await Job.exists({ _id: old })).toBeNull();
    expect(await JobClaim.exists({ jobId: old })).toBeNull();
    expect(await statusOf(recent)).toBe('done');
  });
});
