#!/usr/bin/env node
// `npm test`: the type check of api and pwa, the lint stage (scripts/lint.mjs: ESLint,
// dependency-cruiser, knip, Prettier's check), the Vitest projects (api against
// the real embedded database, pwa in jsdom, docs), the cluster tests when a
// Redis can be had (two API processes, scripts/cluster.mjs; about 20 s), the
// bundle-size budget
// (scripts/check-bundle.mjs), the production-build check (scripts/check-production-build.mjs),
// then the Playwright journeys in Debian's
// Chromium against the real stack. Ends with one line "N passed, N failed"
// over all of them (the budget, each type check and each lint check count as one).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { redisAvailable, runClusterTests } from './cluster.mjs';
import { ROOT, bin, run } from './lib.mjs';
import { LINT_CHECKS, runLint } from './lint.mjs';

const reports = join(ROOT, '.cache', 'test-reports');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

console.log("\n== Type check (api, and the pwa against the api's types) ==");
// The PWA's types come from the API's (its typed client, the socket's event
// maps), and the OpenAPI response schemas are held to the answers by
// `api/src/openapi/schemas.typecheck.ts`: a server answer that changes shape
// fails here.
const typecheckCodes = ['api', 'pwa'].map((pkg) => run(bin('', 'tsc'), ['-p', join(ROOT, pkg, 'tsconfig.json')]));

console.log("\n== Lint (ESLint, dependency-cruiser, knip, Prettier's check: `npm run lint`) ==");
const lintFailed = runLint();

console.log('\n== Unit and API tests (Vitest) ==');
const vitestCode = run(bin('', 'vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('\n== Two API processes, one database, one Redis ==');
const cluster = redisAvailable() ? runClusterTests() : null;
if (!cluster) console.log('Skipped: no Redis here (no redis-server, no REDIS_URL). `npm run test:cluster` installs one.');

console.log("\n== Bundle size (first load of /login → each role's home and → /, each within FIRST_LOAD_JS_BUDGET of compressed JavaScript) ==");
const bundleCode = run(process.execPath, [join(ROOT, 'scripts', 'check-bundle.mjs')]);

console.log('\n== Production build (NODE_ENV=development in the shell still builds the production PWA) ==');
const productionBuildCode = run(process.execPath, [join(ROOT, 'scripts', 'check-production-build.mjs')]);

console.log('\n== End-to-end tests (Playwright, Chromium) ==');
const playwrightCode = run(bin('e2e', 'playwright'), ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});

let passed = 0;
let failed = 0;
/** What failed, by name with the first line of its error: printed last, where a CI log's tail shows it. */
const failures = [];
/** A terminal colour code (ESC [ … m), stripped from a runner's message. */
// eslint-disable-next-line no-control-regex -- ESC is the character to match
const COLOUR_CODE = /\x1b\[[0-9;]*m/g;
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR_CODE, '')
    .trim()
    .split('\n')[0]
    .slice(0, 240);
const vitestFailures = (report, label) => {
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${ROOT}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${label} ${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${label} ${name}: ${firstLine(file.message)}`);
  }
};
const playwrightFailures = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
      const error = t.results?.find((r) => r.error)?.error?.message;
      failures.push(`Playwright [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child);
};
const v = existsSync(vitestJson) ? readJson(vitestJson) : null;
vitestFailures(v, 'Vitest');
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
}
const p = existsSync(playwrightJson) ? readJson(playwrightJson) : null;
for (const suite of p?.suites ?? []) playwrightFailures(suite);
if (p?.stats) {
  passed += p.stats.expected ?? 0;
  failed += (p.stats.unexpected ?? 0) + (p.stats.flaky ?? 0);
}
if (cluster) {
  vitestFailures(readJson(join(reports, 'cluster.json')), 'Cluster');
  passed += cluster.passed;
  failed += cluster.failed;
}
const checks = [
  ['the bundle-size budget', bundleCode],
  ['the production-build check', productionBuildCode],
  ['the type check of api', typecheckCodes[0]],
  ['the type check of pwa', typecheckCodes[1]],
  ...LINT_CHECKS.map(([name]) => [`the lint check ${name}`, lintFailed.find((f) => f.name === name)?.code ?? 0]),
];
for (const [name, code] of checks) {
  if (code === 0) passed += 1;
  else {
    failed += 1;
    failures.push(`${name} (exit code ${code}; its output is above)`);
  }
}
if (vitestCode !== 0 || playwrightCode !== 0 || (cluster?.code ?? 0) !== 0) failed = Math.max(failed, 1);

if (vitestCode !== 0 && !failures.some((f) => f.startsWith('Vitest'))) failures.push(`Vitest (exit code ${vitestCode}, no failed test in its report; its output is above)`);
if (playwrightCode !== 0 && !failures.some((f) => f.startsWith('Playwright'))) failures.push(`Playwright (exit code ${playwrightCode}, no failed test in its report; its output is above)`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(typecheckCodes.find((code) => code !== 0) || lintFailed[0]?.code || vitestCode || (cluster?.code ?? 0) || bundleCode || productionBuildCode || playwrightCode);
