#!/usr/bin/env node
// `npm run test:cluster` (issue 10): Redis (REDIS_URL, or Debian's redis-server
// on a free loopback port), one database (MONGODB_URI, or the embedded one)
// and two API processes, checked with real HTTP and Socket.IO clients by
// api/src/cluster/*.cluster-test.ts. Ends with "N passed, N failed" and a
// non-zero exit code on any failure.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin, run } from './lib.mjs';

const reports = join(ROOT, '.cache', 'test-reports');
mkdirSync(reports, { recursive: true });
const report = join(reports, 'cluster.json');

console.log('\n== Two API processes, one database, one Redis (issue 10) ==');
const code = run(bin('api', 'vitest'), ['run', '--config', 'vitest.cluster.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  cwd: join(ROOT, 'api'),
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
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code || (failed > 0 ? 1 : 0));
