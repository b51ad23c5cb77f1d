// The PWA bundle's sizes, read from a Vite build's manifest
// (`dist/.vite/manifest.json`, written because `build.manifest` is on in
// pwa/vite.config.ts). Shared by `scripts/check-bundle.mjs` (the budget in
// `npm test`) and `scripts/bench/` (the table of `npm run bench`). Plain
// Node, no dependencies.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * What the dashboard layout fetches as it first paints, besides the screen: the shared layout
 * (top bar), Ionic's tabs with their tab bar, the side menu (pwa/src/shell/App.tsx), and the elements
 * Ionic defines when they first render (the tab bar, its buttons and `ion-icon`,
 * pwa/vite/ionicPerUse.ts). A key ending with one of these names counts.
 */
export const LAYOUT_MODULES = [
  'src/shell/DashboardLayout.tsx',
  'src/shell/LayoutTabs.tsx',
  'src/shell/Menu.tsx',
  '/components/ion-icon.js',
  '/components/ion-tab-bar.js',
  '/components/ion-tab-button.js',
];

/**
 * The first loads the budget holds (docs/architecture.md#what-the-first-load-holds): sign-in
 * (`/login`, server-rendered without scripts) to each role's home (`homePathFor` in
 * pwa/src/auth/roles.ts) and to `/`, the self-assessment. `modules` are the manifest keys (or
 * key endings) fetched before the screen is usable besides the entry: the screen's lazy chunk, the
 * layout's, and what the screen fetches as it opens. What a screen fetches later (a chart once it
 * scrolls into view, the recorder, the emoji picker) is not part of it.
 */
export const FIRST_LOADS = [
  { path: '/', modules: ['src/oracy/assessment/AssessmentPage.tsx', 'src/platform/ui/RadioGroupField.tsx'] },
  { path: '/student/dashboard', modules: ['src/dashboards/StudentDashboardPage.tsx', ...LAYOUT_MODULES] },
  { path: '/teacher/dashboard', modules: ['src/dashboards/TeacherDashboardPage.tsx', ...LAYOUT_MODULES] },
  { path: '/admin/dashboard', modules: ['src/dashboards/AdminDashboardPage.tsx', ...LAYOUT_MODULES] },
];

/**
 * The message catalogues, one chunk per language (pwa/src/platform/i18n): the first load fetches the
 * active language's, so the largest of them is counted in it.
 */
export const CATALOGUES = ['src/platform/i18n/messages/en.json', 'src/platform/i18n/messages/es.json', 'src/platform/i18n/messages/fr.json'];

/**
 * Budget of each first load's compressed (gzip) JavaScript, in bytes: 130 KB is the target of
 * README.md, "Benchmarks"; the budget is what the largest of {@link FIRST_LOADS} measures, rounded
 * up to 5 KB, until every one is under the target.
 */
export const FIRST_LOAD_JS_BUDGET = 245 * 1024;

/** The target every first load is brought under, in bytes (130 KB gzip). */
export const FIRST_LOAD_JS_TARGET = 130 * 1024;

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

/** The manifest keys `wanted` names: a key itself, or (for a name starting with `/`) every key ending with it. */
function keysFor(manifest, wanted) {
  const keys = Object.keys(manifest);
  return wanted.flatMap((name) => (manifest[name] ? [name] : name.startsWith('/') ? keys.filter((key) => key.endsWith(name)) : []));
}

/**
 * The sizes of a built PWA ("Front end"), every figure
 * `{raw, gzip, brotli}` in bytes:
 * - `firstLoads`: for each of {@link FIRST_LOADS}, `{path, js, css, files}`: the entry's static
 *   imports plus the path's `modules` and theirs, plus the largest of the {@link CATALOGUES};
 * - `firstLoad`: the largest of them (by gzip JavaScript);
 * - `largestRoute`: the lazily loaded screen whose own JS (what it adds to
 *   the entry) is largest, with its source name;
 * - `routes`: that figure for every dynamic entry, largest first;
 * - `total`: every JS and CSS file under `assets/`.
 * @throws Error when the build or its manifest is missing, or a screen of {@link FIRST_LOADS} is not in it
 */
export function analyzeBundle(distDir) {
  const manifest = readManifest(distDir);
  const cache = new Map();
  const sizeOf = (file) => {
    if (!cache.has(file)) cache.set(file, sizesOf(join(distDir, file)));
    return cache.get(file);
  };
  const size = (files) => files.reduce((sum, file) => add(sum, sizeOf(file)), ZERO);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const entryKeys = staticClosure(manifest, entries);
  const catalogue = CATALOGUES.filter((key) => manifest[key])
    .map((key) => manifest[key].file)
    .sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)[0];

  const firstLoads = FIRST_LOADS.map(({ path, modules }) => {
    if (!manifest[modules[0]] && !entryKeys.has(modules[0]) && !isBundledInEntry(distDir, manifest, entries, modules[0])) {
      throw new Error(`${modules[0]} (the screen of ${path}) is not in the build's manifest.`);
    }
    const keys = staticClosure(manifest, [...entries, ...keysFor(manifest, modules)]);
    const files = filesOf(manifest, keys);
    if (catalogue) files.js.push(catalogue);
    return { path, js: size(files.js), css: size(files.css), files: [...files.js, ...files.css] };
  });
  const firstLoad = [...firstLoads].sort((a, b) => b.js.gzip - a.js.gzip)[0];

  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .map((key) => {
      const own = [...staticClosure(manifest, [key])].filter((k) => !entryKeys.has(k));
      const files = filesOf(manifest, own);
      return { name: key, js: size(files.js), css: size(files.css) };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);

  const assets = readdirSync(join(distDir, 'assets'));
  return {
    firstLoads,
    firstLoad,
    largestRoute: routes[0] ?? null,
    routes,
    total: {
      js: size(assets.filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)),
      css: size(assets.filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`)),
    },
  };
}

/** `true` when a source module has no chunk of its own because the entry's chunk holds it (its source map names it). */
function isBundledInEntry(distDir, manifest, entries, source) {
  return entries.some((key) => {
    const mapPath = join(distDir, `${manifest[key].file}.map`);
    return existsSync(mapPath) && JSON.parse(readFileSync(mapPath, 'utf8')).sources.some((s) => s.endsWith(source.replace(/^src\//, '/src/')));
  });
}

/** `bytes` as kilobytes (1024) with one decimal, e.g. "152.3 KB". */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
