// The PWA bundle's sizes, read from a Vite build's manifest
// (`dist/.vite/manifest.json`, written because `build.manifest` is on in
// pwa/vite.config.ts). Shared by `scripts/check-bundle.mjs` (the budget in
// `npm test`) and `scripts/bench/` (the table of `npm run bench`). Plain
// Node, no dependencies.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The dynamic entries the first load of `/login` → `/` fetches besides the
 * entry: `/login` is server-rendered without scripts, and `/` is the
 * self-assessment screen (docs/product.md#route-table). That screen is part of
 * the entry chunk (`pwa/src/routes.ts`), so the manifest has no such key and
 * the list only matters should the screen become a chunk of its own again.
 */
export const FIRST_LOAD_ROUTES = ['src/pages/AssessmentPage.tsx'];

/**
 * The message catalogues, one chunk per language (pwa/src/i18n): the first load fetches the
 * active language's, so the largest of them is counted in it.
 */
export const CATALOGUES = ['src/i18n/messages/en.json', 'src/i18n/messages/es.json', 'src/i18n/messages/fr.json'];

/** Budget of the first load's compressed (gzip) JavaScript, in bytes (175 KB; README.md, "Benchmarks"). */
export const FIRST_LOAD_JS_BUDGET = 175 * 1024;

/**
 * Compressed sizes of one file, in bytes: gzip at the default level (what
 * the server's `compress()` sends) and brotli (what a CDN could send).
 */
function sizesOf(path) {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const ZERO = { raw: 0, gzip: 0, brotli: 0 };
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

/** Reads `dist/.vite/manifest.json`, or throws with what to do. */
export function readManifest(distDir) {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build the PWA first (npm run build) with build.manifest on in pwa/vite.config.ts.`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every manifest key reachable from `keys` through static imports. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/** The JS and CSS files of a set of manifest keys, as paths relative to dist. */
function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/**
 * The sizes of a built PWA ("Front end"), every figure
 * `{raw, gzip, brotli}` in bytes:
 * - `firstLoad`: the JS and CSS of the first load of `/login` → `/` (the
 *   entry's static imports plus {@link FIRST_LOAD_ROUTES} and theirs, plus the largest
 *   of the {@link CATALOGUES});
 * - `largestRoute`: the lazily loaded screen whose own JS (what it adds to
 *   the first load) is largest, with its source name;
 * - `routes`: that figure for every dynamic entry, largest first;
 * - `total`: every JS and CSS file under `assets/`.
 * @throws Error when the build or its manifest is missing
 */
export function analyzeBundle(distDir) {
  const manifest = readManifest(distDir);
  const size = (files) => files.reduce((sum, file) => add(sum, sizesOf(join(distDir, file))), ZERO);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const firstKeys = staticClosure(manifest, [...entries, ...FIRST_LOAD_ROUTES.filter((key) => manifest[key])]);
  const catalogue = CATALOGUES.filter((key) => manifest[key])
    .map((key) => manifest[key].file)
    .sort((a, b) => sizesOf(join(distDir, b)).gzip - sizesOf(join(distDir, a)).gzip)[0];
  const first = filesOf(manifest, firstKeys);
  if (catalogue) first.js.push(catalogue);

  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .map((key) => {
      const own = [...staticClosure(manifest, [key])].filter((k) => !firstKeys.has(k));
      const files = filesOf(manifest, own);
      return { name: key, js: size(files.js), css: size(files.css) };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);

  const assets = readdirSync(join(distDir, 'assets'));
  return {
    firstLoad: { js: size(first.js), css: size(first.css), files: [...first.js, ...first.css] },
    largestRoute: routes[0] ?? null,
    routes,
    total: {
      js: size(assets.filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)),
      css: size(assets.filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`)),
    },
  };
}

/** `bytes` as kilobytes (1024) with one decimal, e.g. "152.3 KB". */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
