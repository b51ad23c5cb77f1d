#!/usr/bin/env node
// The bundle-size budget, run by `npm test` after Vitest: prints the compressed sizes of the
// built PWA's first loads — `/login` → each role's home and `/login` → `/`
// (docs/architecture.md#what-the-first-load-holds) — and exits 1 when any needs more
// gzip-compressed JavaScript than FIRST_LOAD_JS_BUDGET (scripts/bench/bundle.mjs).
//   node scripts/check-bundle.mjs [distDir]   (default pwa/dist; or PWA_DIST)
import { join, resolve } from 'node:path';
import { FIRST_LOAD_JS_BUDGET, FIRST_LOAD_JS_TARGET, analyzeBundle, kb } from './bench/bundle.mjs';
import { ROOT } from './lib.mjs';

const distDir = resolve(process.argv[2] ?? process.env.PWA_DIST ?? join(ROOT, 'pwa', 'dist'));

let report;
try {
  report = analyzeBundle(distDir);
} catch (err) {
  console.error(`Bundle check: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const { firstLoads, largestRoute, total } = report;
const width = Math.max(...firstLoads.map((load) => load.path.length));
const lines = [
  ...firstLoads.map(
    (load) => `first load /login → ${load.path.padEnd(width)} : JS ${kb(load.js.gzip)} gzip (${kb(load.js.brotli)} brotli, ${kb(load.js.raw)} raw), CSS ${kb(load.css.gzip)} gzip`,
  ),
  `budget                : JS ${kb(FIRST_LOAD_JS_BUDGET)} gzip for each (target ${kb(FIRST_LOAD_JS_TARGET)})`,
  largestRoute ? `largest route chunk   : ${largestRoute.name} JS ${kb(largestRoute.js.gzip)} gzip` : 'largest route chunk   : none',
  `everything            : JS ${kb(total.js.gzip)} gzip, CSS ${kb(total.css.gzip)} gzip`,
];
console.log(`Bundle sizes (${distDir}):\n  ${lines.join('\n  ')}`);

const over = firstLoads.filter((load) => load.js.gzip > FIRST_LOAD_JS_BUDGET);
for (const load of over) {
  console.error(
    `Bundle check FAILED: the first load of /login → ${load.path} needs ${kb(load.js.gzip)} of compressed JavaScript, ` +
      `${kb(load.js.gzip - FIRST_LOAD_JS_BUDGET)} over the ${kb(FIRST_LOAD_JS_BUDGET)} budget.`,
  );
}
if (over.length) process.exit(1);
console.log('Bundle check passed.');
