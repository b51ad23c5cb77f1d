#!/usr/bin/env node
// Does every set-up step `npm start` and `npm test` need on a fresh machine
// with only Node and npm, and skips each step when nothing changed:
//   always      install the workspace with pnpm (frozen lockfile)
//   --build     build the PWA and the embedded database program
//   --browser   make sure a Chromium for Playwright exists (Debian's package)
//   --devdb     build only the embedded database program (no PWA build)
//   --redis     make sure Debian's redis-server exists (`npm run test:cluster`), unless REDIS_URL is set
//   --redis-if-possible  the same, but carry on without it (`npm test` then skips the cluster tests)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { redisServerBinary } from './cluster.mjs';
import { ROOT, bin, pnpm, run, runOrExit } from './lib.mjs';

const flags = new Set(process.argv.slice(2));

/** sha256 over the contents of the given files and folders (skipping node_modules and dist). */
function hashOf(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        visit(join(path, name));
      }
      return;
    }
    hash.update(relative(ROOT, path));
    hash.update(readFileSync(path));
  };
  for (const p of paths) visit(join(ROOT, p));
  return hash.digest('hex');
}

/** True when `stampFile` holds `hash`. */
const upToDate = (stampFile, hash) => existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;

function ensureInstall() {
  const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', 'api/package.json', 'pwa/package.json', 'e2e/package.json'];
  const hash = hashOf(manifests) + process.version;
  const stamp = join(ROOT, 'node_modules', '.oracy-install-stamp');
  if (upToDate(stamp, hash)) return;
  console.log('Installing the workspace with pnpm...');
  const code = pnpm(['install', '--frozen-lockfile']);
  if (code !== 0) {
    console.error('pnpm install failed. Node.js >= 20.19 and access to the npm registry are needed.');
    process.exit(code);
  }
  writeFileSync(stamp, hash);
}

function ensurePwaBuild() {
  const hash = hashOf(['pwa', 'pnpm-lock.yaml', 'tsconfig.json']);
  const stamp = join(ROOT, 'pwa', 'dist', '.oracy-build-stamp');
  if (upToDate(stamp, hash)) return;
  console.log('Building the PWA...');
  runOrExit(bin('pwa', 'vite'), ['build', '--logLevel', 'warn'], { cwd: join(ROOT, 'pwa') });
  mkdirSync(join(ROOT, 'pwa', 'dist'), { recursive: true });
  writeFileSync(stamp, hash);
}

async function ensureDevdb() {
  if (process.env.MONGODB_URI) return;
  const { ensureDevdbBinary, DevdbBuildError } = await import('../api/devdb/build.mjs');
  try {
    ensureDevdbBinary({ log: (line) => console.log(line) });
  } catch (err) {
    if (!(err instanceof DevdbBuildError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function ensureBrowser() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return;
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  if (CHROMIUM_CANDIDATES.some((p) => existsSync(p))) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log("Installing Debian's chromium for the end-to-end tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq'], { env }) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0) return;
  }
  console.error(
    'The end-to-end tests need a Chromium and none was found.\n' +
      "Install Debian's package (as root: apt-get update && apt-get install -y chromium),\n" +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

/** @param required exit when no Redis can be had; otherwise only say so (`npm test` then skips the cluster tests). */
function ensureRedis(required) {
  if (process.env.REDIS_URL) return;
  if (redisServerBinary()) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log("Installing Debian's redis-server for the cluster tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { env });
    const found = () => redisServerBinary() !== null;
    if ((install() === 0 && found()) || (run('apt-get', ['update', '-qq'], { env }) === 0 && install() === 0 && found())) return;
  }
  if (!required) {
    console.log('No Redis here (no redis-server, no REDIS_URL): the cluster tests will be skipped.');
    return;
  }
  console.error(
    'The cluster tests need Redis and no redis-server was found.\n' +
      "Install Debian's package (as root: apt-get update && apt-get install -y redis-server),\n" +
      'or set REDIS_URL to a Redis the tests may use.',
  );
  process.exit(1);
}

ensureInstall();
if (flags.has('--build')) {
  ensurePwaBuild();
  await ensureDevdb();
} else if (flags.has('--devdb')) {
  await ensureDevdb();
}
if (flags.has('--browser')) ensureBrowser();
if (flags.has('--redis')) ensureRedis(true);
else if (flags.has('--redis-if-possible')) ensureRedis(false);
