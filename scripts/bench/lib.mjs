// Helpers of `npm run bench`: free ports, processes pinned to a
// core, the embedded database, and small statistics. Plain Node.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

/**
 * Which cores the server side (Oracy, its database, the baselines) and the
 * load side (autocannon, the socket clients, Lighthouse's Chromium) run on.
 * `null` when pinning is impossible (no `taskset`, or a single core): both
 * sides then share every core, and the table says so.
 */
export const PINNING = (() => {
  if (process.env.BENCH_NO_PIN === '1' || process.platform !== 'linux' || availableParallelism() < 2) return null;
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  if (probe.status !== 0) return null;
  const cores = availableParallelism();
  // Half and half; on 2 cores: server side on core 0, load side on core 1.
  const split = Math.max(1, Math.floor(cores / 2));
  const range = (from, to) => (from === to ? `${from}` : `${from}-${to}`);
  return { server: range(0, split - 1), load: range(split, cores - 1) };
})();

/** `[cmd, args]` prefixed with `taskset -c <cores>` for `side` when pinning is possible. */
export function pinned(side, cmd, args) {
  if (!PINNING) return [cmd, args];
  return ['taskset', ['-c', PINNING[side], cmd, ...args]];
}

/** A free TCP port on the loopback interface. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a long-running child on `side` ('server' | 'load'), its output
 * appended to `logStream` when given. `stop()` sends SIGTERM and waits (SIGKILL
 * after 5 s); the child also goes when this process exits.
 */
export function startChild(side, cmd, args, opts = {}) {
  const [command, argv] = pinned(side, cmd, args);
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'], ...opts });
  if (opts.logStream) {
    child.stdout.pipe(opts.logStream, { end: false });
    child.stderr.pipe(opts.logStream, { end: false });
  }
  const exited = once(child, 'exit');
  children.add(child);
  exited.then(() => children.delete(child));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** The first line of a child's stdout that `match` accepts (or rejects after `timeoutMs`). */
export function waitForLine(child, match, timeoutMs = 120000, what = 'the child') {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      lines.close();
      reject(new Error(`${what} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before it was ready`));
    };
    child.once('exit', onExit);
    lines.on('line', (line) => {
      const found = match(line);
      if (found === undefined || found === null || found === false) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      lines.close();
      resolve(found);
    });
  });
}

/** Runs a child to completion on `side` and parses the last line of its stdout as JSON. */
export async function runJson(side, cmd, args, opts = {}) {
  const [command, argv] = pinned(side, cmd, args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'], ...opts });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const [code] = await once(child, 'exit');
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${code}): ${last}`);
  return JSON.parse(last);
}

/** The `p`-th percentile (0–100) of `values` (nearest rank), or NaN when empty. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The median of `values`. */
export const median = (values) => percentile(values, 50);

/** Integer from an environment variable, or `fallback`. */
export function envInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}
