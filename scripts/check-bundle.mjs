#!/usr/bin/env node
// The bundle-size budget, run by `npm test` after Vitest: prints
// the compressed sizes of the built PWA and exits 1 when the first load of
// `/login` → `/` needs more than 175 KB of gzip-compressed JavaScript.
//   node scripts/check-bundle.mjs [distDir]   (default pwa/dist; or PWA_DIST)
import { join, resolve } from 'node:path';
import { FIRST_LOAD_JS_BUDGET, analyzeBundle, kb } from './bench/bundle.mjs';
import { ROOT } from './lib.mjs';

const distDir = resolve(process.argv[2] ?? process.env.PWA_DIST ?? join(ROOT, 'pwa', 'dist'));

let report;
try {
  report = analyzeBundle(distDir);
} catch (err) {
  console.error(`Bundle check: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const { firstLoad, largestRoute, total } = report;
const lines = [
  `first load /login → / : JS ${kb(firstLoad.js.gzip)} gzip (${kb(firstLoad.js.raw)} raw), CSS ${kb(firstLoad.css.gzip)} gzip — budget JS ${kb(FIRST_LOAD_JS_BUDGET)}`,
  largestRoute ? `largest route chunk    : ${largestRoute.name} JS ${kb(largestRoute.js.gzip)} gzip` : 'largest route chunk    : none',
  `everything             : JS ${kb(total.js.gzip)} gzip, CSS ${kb(total.css.gzip)} gzip`,
];
console.log(`Bundle sizes (${distDir}):\n  ${lines.join('\n  ')}`);

if (firstLoad.js.gzip > FIRST_LOAD_JS_BUDGET) {
  console.error(
    `Bundle check FAILED: the first load needs ${kb(firstLoad.js.gzip)} of compressed JavaScript, ` +
      `${kb(firstLoad.js.gzip - FIRST_LOAD_JS_BUDGET)} over the ${kb(FIRST_LOAD_JS_BUDGET)} budget.`,
  );
  process.exit(1);
}
console.log('Bundle check passed.');
