// Builds the embedded development database (decisions §10) once into a cache
// folder outside git and returns the binary's path. Plain Node, no
// dependencies: used by scripts/setup.mjs and by the API at start.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Folder the binary is cached in: `DEVDB_CACHE_DIR` or `<repo>/.cache/devdb`. */
export const devdbCacheDir = () => resolve(process.env.DEVDB_CACHE_DIR ?? join(here, '..', '..', '.cache', 'devdb'));

const HELP =
  'The embedded development database is built from FerretDB\'s Go package and needs the Go toolchain (go 1.22 or newer) ' +
  'and the Go module proxy. Either provide them, or point the API at an existing MongoDB instead, e.g.\n' +
  '  MONGODB_URI=mongodb://127.0.0.1:27017/oracy npm start';

/** Thrown when the binary cannot be built; `message` says why and what to do instead. */
export class DevdbBuildError extends Error {}

function goVersion() {
  const r = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}

/**
 * Returns the path of the devdb binary, building it first when the cache has
 * no binary for the current sources and Go version.
 * @param {{log?: (line: string) => void}} [options]
 * @returns {string} absolute path of the executable
 * @throws {DevdbBuildError} when Go is missing or the build fails
 */
export function ensureDevdbBinary({ log = (line) => console.error(line) } = {}) {
  const go = goVersion();
  if (!go) throw new DevdbBuildError(`Go was not found on PATH.\n${HELP}`);

  const hash = createHash('sha256');
  for (const file of ['main.go', 'go.mod', 'go.sum']) hash.update(readFileSync(join(here, file)));
  hash.update(go);
  const dir = devdbCacheDir();
  const bin = join(dir, `devdb-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(bin)) return bin;

  mkdirSync(dir, { recursive: true });
  log('Building the embedded database (FerretDB on SQLite) once; this takes a minute or two...');
  const tmp = `${bin}.${process.pid}.tmp`;
  const r = spawnSync('go', ['build', '-trimpath', '-buildvcs=false', '-o', tmp, '.'], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0' },
  });
  if (r.error || r.status !== 0) {
    rmSync(tmp, { force: true });
    const detail = (r.stderr || String(r.error ?? '')).trim().split('\n').slice(-15).join('\n');
    throw new DevdbBuildError(`Building the embedded database failed:\n${detail}\n\n${HELP}`);
  }
  renameSync(tmp, bin);
  log(`Embedded database built: ${bin}`);
  return bin;
}
