// The production build (docs/architecture.md#production-build), used by scripts/setup.mjs --build:
// - `buildPwa`: the PWA as a production bundle, whatever the shell's NODE_ENV;
// - `precompress`: a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the PWA
//   build, which the API's static handler sends by `Accept-Encoding` (api/src/platform/http/static.ts);
// - `buildApi`: the API's TypeScript compiled to JavaScript in api/dist, one file per source
// file with the same folders, so that
// `npm start` runs plain `node` on it with no TypeScript loader at run time.
// Paths that code takes relative to its own file (the repository root from
// api/src/platform/env.ts, the demo assets, the embedded database's build script, the
// analysis worker) stay right because api/dist sits where api/src does.
// Type checking is tsc's job (`npm test`, `npm run typecheck`); this only strips types.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT, bin, run } from './lib.mjs';

/** The API's sources: api/src. */
export const API_SRC = join(ROOT, 'api', 'src');
/** Where the compiled API goes: api/dist (ignored by git). */
export const API_DIST = join(ROOT, 'api', 'dist');

/** Files that exist only for the tests: never part of the build. */
const TEST_ONLY = [/\.test\.tsx?$/, /\.cluster-test\.ts$/, /\.typecheck\.ts$/, /\.d\.ts$/];
/** Folders that exist only for the tests (relative to api/src). */
const TEST_FOLDERS = new Set(['test']);

/** Every file under api/src that belongs to the running server, relative to api/src. */
function sourceFiles(dir = API_SRC) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (dir === API_SRC && TEST_FOLDERS.has(name)) continue;
      files.push(...sourceFiles(path));
    } else if (!TEST_ONLY.some((pattern) => pattern.test(name))) {
      files.push(relative(API_SRC, path));
    }
  }
  return files;
}

/**
 * Builds api/dist from api/src with esbuild: TypeScript files become ES
 * modules for Node 20 with source maps (run with `--enable-source-maps` so
 * that stack traces name the .ts lines); other files (the analysis worker's
 * .mjs) are copied as they are. Starts from an empty api/dist so that a
 * deleted source leaves no stale module behind.
 * @returns {Promise<{files: number, ms: number}>} how many files were written, and the time taken in ms
 * @throws Error with esbuild's messages when a file does not compile
 */
export async function buildApi() {
  const started = performance.now();
  // esbuild is a dev dependency of the api package, so resolve it from there.
  const esbuild = createRequire(join(ROOT, 'api', 'package.json'))('esbuild');
  const files = sourceFiles();
  const scripts = files.filter((f) => /\.tsx?$/.test(f));
  const others = files.filter((f) => !/\.tsx?$/.test(f));
  rmSync(API_DIST, { recursive: true, force: true });
  mkdirSync(API_DIST, { recursive: true });
  await esbuild.build({
    entryPoints: scripts.map((f) => join(API_SRC, f)),
    outdir: API_DIST,
    outbase: API_SRC,
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const f of others) cpSync(join(API_SRC, f), join(API_DIST, f));
  if (!existsSync(join(API_DIST, 'server.js'))) throw new Error('The API build wrote no api/dist/server.js.');
  return { files: files.length, ms: Math.round(performance.now() - started) };
}

/**
 * Builds the PWA with Vite into `outDir` (default pwa/dist) as a production
 * bundle: NODE_ENV is set to `production` for the build, because with
 * `development` in the shell Vite builds React's development bundle and the
 * PWA registers no service worker. `npm run dev` is the way to a development build.
 * @param {string} [outDir] absolute path of the output folder
 * @returns {number} Vite's exit code
 */
export function buildPwa(outDir) {
  const args = ['build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : [])];
  const code = run(bin('pwa', 'vite'), args, { cwd: join(ROOT, 'pwa'), env: { ...process.env, NODE_ENV: 'production' } });
  if (code === 0) precompress(outDir ?? join(ROOT, 'pwa', 'dist'));
  return code;
}

/** Files worth precompressing: text the browser fetches (not source maps, which only DevTools reads). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Files smaller than this are sent as they are, in bytes (the API's `COMPRESSION_THRESHOLD`). */
const PRECOMPRESS_THRESHOLD = 1024;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of `dir` of at least 1 KB (docs/architecture.md#one-origin), so that the server sends
 * compressed bytes without compressing on each request, and smaller ones than it would at its own
 * level. A copy no smaller than the file is not written.
 * @param {string} dir absolute path of the built PWA
 * @returns {{files: number, bytes: number, brotli: number, gzip: number}} how many files were compressed, their bytes and their compressed bytes
 */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !PRECOMPRESSED.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    if (bytes.length < PRECOMPRESS_THRESHOLD) continue;
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotli += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}
