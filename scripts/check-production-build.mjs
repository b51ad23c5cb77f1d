#!/usr/bin/env node
// Run by `npm test` after the bundle budget: builds the PWA the way
// `npm start` does (scripts/build.mjs `buildPwa`) but with NODE_ENV=development
// in the environment, into a temporary folder, and fails unless the result is
// the production bundle of pwa/dist: the same first-load size of /login → /
// and a service worker (docs/architecture.md#production-build).
//   node scripts/check-production-build.mjs [distDir]   (default pwa/dist)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyzeBundle, kb } from './bench/bundle.mjs';
import { buildPwa } from './build.mjs';
import { ROOT } from './lib.mjs';

const reference = resolve(process.argv[2] ?? join(ROOT, 'pwa', 'dist'));
const out = mkdtempSync(join(tmpdir(), 'oracy-pwa-devenv-'));
process.env.NODE_ENV = 'development';

let failure = null;
try {
  if (buildPwa(out) !== 0) failure = 'the build with NODE_ENV=development failed';
  else {
    const expected = analyzeBundle(reference).firstLoad.js.gzip;
    const actual = analyzeBundle(out).firstLoad.js.gzip;
    console.log(`first load /login → / : ${kb(actual)} gzip with NODE_ENV=development in the shell, ${kb(expected)} in ${reference}`);
    if (actual !== expected) failure = `the first load is ${kb(actual)} instead of ${kb(expected)}: not the production bundle`;
    else if (!existsSync(join(out, 'sw.js'))) failure = 'the build has no service worker (sw.js)';
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

if (failure) {
  console.error(`Production build check FAILED: ${failure}.`);
  process.exit(1);
}
console.log('Production build check passed: NODE_ENV=development in the shell still builds the production bundle.');
