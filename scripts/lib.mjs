// Small helpers shared by the root scripts (plain Node, no dependencies:
// they run before the workspace is installed).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The pnpm version the workspace is pinned to (package.json "packageManager"). */
export const PNPM = 'pnpm@10.34.8';

/** Path of a workspace package's binary, e.g. `bin('api', 'tsx')`. */
export const bin = (pkg, name) => join(ROOT, pkg, 'node_modules', '.bin', name);

/**
 * Runs a command to completion with inherited output.
 * @returns {number} the exit code (1 when it could not start or was killed)
 */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (r.error) console.error(`Could not run ${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}

/** Runs a command and exits this process with its code when it fails. */
export function runOrExit(cmd, args, opts = {}) {
  const code = run(cmd, args, opts);
  if (code !== 0) process.exit(code);
}

/** Runs pnpm through npx at the pinned version (nothing needs to be installed globally). */
export function pnpm(args, opts = {}) {
  return run('npx', ['--yes', PNPM, ...args], opts);
}

/**
 * Starts a long-running child with inherited output, forwards SIGINT/SIGTERM
 * to it, and resolves with its exit code.
 */
export function runForeground(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolvePromise) => {
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 0 : 1)));
    child.on('error', (err) => {
      console.error(`Could not run ${cmd}: ${err.message}`);
      resolvePromise(1);
    });
  });
}
