// Builds the embedded development database (docs/architecture.md#running-it) once into a cache
// folder outside git and returns the binary's path. Plain Node, no
// dependencies: used by scripts/setup.mjs and by the API at start.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Changes to FerretDB's source made at build time, in a copy of the module
 * that the build uses instead through a `replace` in a temporary go.mod (the
 * module cache and the repository's go.mod stay as they are). Each replaces
 * one exact text of one file of the module; a build whose module lacks that
 * text fails, so a FerretDB upgrade cannot silently drop a patch.
 *
 * - `id-index`: FerretDB 1.24 on SQLite pushes an `{_id: …}` filter
 *   down to SQL as `_ferretdb_sjson->'$._id' = ?`, but builds the `_id_`
 *   index on `_ferretdb_sjson->"_id"`. SQLite uses an expression index only
 *   for the same expression, so without the patch every lookup, update and
 *   delete by `_id` scans the whole table. Both expressions mean the same
 *   JSON value; the patch makes the filter use the index's
 *   (docs/decisions/0001-embedded-ferretdb-on-sqlite.md).
 */
const FERRETDB_PATCHES = [
  {
    name: 'id-index',
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
];

/** The FerretDB module's folder in the Go module cache, downloading it when needed. */
function ferretdbModuleDir() {
  const r = spawnSync('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: 'local' },
  });
  const info = r.status === 0 ? JSON.parse(r.stdout) : null;
  if (!info?.Dir) throw new DevdbBuildError(`Downloading FerretDB failed:\n${(r.stderr || String(r.error ?? '')).trim()}\n\n${HELP}`);
  return info.Dir;
}

/** Makes every file and folder under `path` writable by its owner (the module cache's are read-only). */
function makeWritable(path) {
  chmodSync(path, 0o755);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) makeWritable(child);
    else chmodSync(child, 0o644);
  }
}

/**
 * Copies the FerretDB module into `dir/ferretdb`, applies `FERRETDB_PATCHES`
 * there, and writes `dir/go.mod` (with `go.sum`): the devdb's own module file
 * plus a `replace` to that copy. Returns the go.mod's path, for `-modfile`.
 * @throws {DevdbBuildError} when the module cannot be had or a patch's text is not in its file
 */
function preparePatchedModule(dir) {
  const copy = join(dir, 'ferretdb');
  cpSync(ferretdbModuleDir(), copy, { recursive: true });
  makeWritable(copy);
  for (const patch of FERRETDB_PATCHES) {
    const file = join(copy, patch.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(patch.from)) {
      throw new DevdbBuildError(`FerretDB patch "${patch.name}" no longer applies: ${patch.file} lacks ${patch.from}`);
    }
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
  const modfile = join(dir, 'go.mod');
  writeFileSync(modfile, `${readFileSync(join(here, 'go.mod'), 'utf8')}\nreplace github.com/FerretDB/FerretDB => ${copy}\n`);
  writeFileSync(join(dir, 'go.sum'), readFileSync(join(here, 'go.sum')));
  return modfile;
}

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
  hash.update(JSON.stringify(FERRETDB_PATCHES));
  const dir = devdbCacheDir();
  const bin = join(dir, `devdb-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(bin)) return bin;

  mkdirSync(dir, { recursive: true });
  log('Building the embedded database (FerretDB on SQLite) once; this takes a minute or two...');
  const tmp = `${bin}.${process.pid}.tmp`;
  const work = `${tmp}.src`;
  mkdirSync(work, { recursive: true });
  let r;
  try {
    const modfile = preparePatchedModule(work);
    r = spawnSync('go', ['build', '-trimpath', '-buildvcs=false', '-modfile', modfile, '-o', tmp, '.'], {
      cwd: here,
      encoding: 'utf8',
      env: { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0' },
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (r.error || r.status !== 0) {
    rmSync(tmp, { force: true });
    const detail = (r.stderr || String(r.error ?? '')).trim().split('\n').slice(-15).join('\n');
    throw new DevdbBuildError(`Building the embedded database failed:\n${detail}\n\n${HELP}`);
  }
  renameSync(tmp, bin);
  log(`Embedded database built: ${bin}`);
  return bin;
}
