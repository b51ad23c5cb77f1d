// The cluster tests, shared by `npm run test:cluster` and `npm test`:
// Redis (REDIS_URL, or Debian's redis-server on a free loopback port), one
// database (MONGODB_URI, or the embedded one) and two API processes, checked
// with real HTTP and Socket.IO clients by api/src/platform/cluster/*.cluster-test.ts.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin, run } from './lib.mjs';

/** The redis-server program (Debian's package puts it in /usr/bin), or null when there is none. */
export function redisServerBinary() {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p)) ?? null;
}

/** True when the cluster tests can get a Redis: `REDIS_URL`, or a redis-server binary. */
export function redisAvailable() {
  return Boolean(process.env.REDIS_URL) || redisServerBinary() !== null;
}

/**
 * Runs the cluster tests in the foreground.
 * @returns `{code, passed, failed}` — the Vitest exit code and its counts (failed ≥ 1 whenever code ≠ 0).
 */
export function runClusterTests() {
  const reports = join(ROOT, '.cache', 'test-reports');
  mkdirSync(reports, { recursive: true });
  const report = join(reports, 'cluster.json');
  rmSync(report, { force: true });
  const code = run(bin('api', 'vitest'), ['run', '--config', 'vitest.cluster.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: join(ROOT, 'api'),
    // api/src/platform/cluster/clusterSetup.ts starts this program unless REDIS_URL is set.
    env: { ...process.env, REDIS_SERVER_BIN: redisServerBinary() ?? '' },
  });
  let passed = 0;
  let failed = 0;
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests ?? 0;
    failed = result.numFailedTests ?? 0;
  } catch {
    // no report: the set-up failed before any test ran
  }
  if (code !== 0) failed = Math.max(failed, 1);
  return { code, passed, failed };
}
