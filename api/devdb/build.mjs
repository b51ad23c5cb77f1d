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
  "The embedded development database is built from FerretDB's Go package and needs the Go toolchain (go 1.22 or newer) " +
  'and the Go module proxy. Either provide them, or point the API at an existing MongoDB instead, e.g.\n' +
  '  MONGODB_URI=mongodb://127.0.0.1:27017/oracy npm start';

/** Thrown when the binary cannot be built; `message` says why and what to do instead. */
export class DevdbBuildError extends Error {}

/** Folder of the patch set applied to FerretDB's source (docs/architecture.md#the-embedded-database). */
const patchesDir = join(here, 'patches');

/**
 * The patch set: every `*.patch` file of `api/devdb/patches/`, applied in the
 * order of their names, each a unified diff against the FerretDB module
 * (paths `a/<path in the module>`, `b/…`; `--- /dev/null` for a new file).
 * Lines starting with `#` outside hunks are comments saying what each hunk
 * changes and why. Their content is part of the binary's cache key.
 * @returns {{name: string, text: string}[]} name without the number and `.patch`, and the file's text
 */
function readPatches() {
  return readdirSync(patchesDir)
    .filter((file) => file.endsWith('.patch'))
    .sort()
    .map((file) => ({ name: file.replace(/^\d+-/, '').replace(/\.patch$/, ''), text: readFileSync(join(patchesDir, file), 'utf8') }));
}

/**
 * Parses one patch into its files' hunks.
 * @returns {{path: string, created: boolean, hunks: {line: number, from: string[], to: string[]}[]}[]}
 * @throws {DevdbBuildError} when the text is not a unified diff
 */
function parsePatch(patch) {
  const lines = patch.text.split('\n');
  const files = [];
  const bad = (n, why) => new DevdbBuildError(`FerretDB patch "${patch.name}" cannot be read: line ${n + 1}: ${why}`);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('--- ')) {
      const target = lines[++i] ?? '';
      if (!target.startsWith('+++ b/')) throw bad(i, 'expected "+++ b/<path>"');
      files.push({ path: target.slice('+++ b/'.length), created: line === '--- /dev/null', hunks: [] });
      continue;
    }
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    if (!header) {
      if (line.startsWith('#') || line.trim() === '') continue;
      throw bad(i, 'expected a comment (#), a file header or a hunk');
    }
    const file = files.at(-1);
    if (!file) throw bad(i, 'hunk before a file header');
    let fromCount = header[2] === undefined ? 1 : Number(header[2]);
    let toCount = header[3] === undefined ? 1 : Number(header[3]);
    const hunk = { line: Number(header[1]), from: [], to: [] };
    while (fromCount > 0 || toCount > 0) {
      const body = lines[++i];
      if (body === undefined) throw bad(i, 'the hunk ends early');
      const text = body.slice(1);
      if (body.startsWith(' ') || body === '') {
        hunk.from.push(text);
        hunk.to.push(text);
        fromCount--;
        toCount--;
      } else if (body.startsWith('-')) {
        hunk.from.push(text);
        fromCount--;
      } else if (body.startsWith('+')) {
        hunk.to.push(text);
        toCount--;
      } else if (!body.startsWith('\\')) {
        throw bad(i, 'unexpected line inside a hunk');
      }
    }
    file.hunks.push(hunk);
  }
  return files;
}

/**
 * Applies one patch to the module copy at `root`. Each hunk's old lines must be
 * in the file exactly (the occurrence nearest its line number is replaced), so
 * a FerretDB upgrade that changed the code fails here instead of building
 * without the change.
 * @throws {DevdbBuildError} naming the patch, the file and the hunk that no longer applies
 */
function applyPatch(root, patch) {
  for (const file of parsePatch(patch)) {
    const path = join(root, file.path);
    if (file.created) {
      if (existsSync(path)) throw new DevdbBuildError(`FerretDB patch "${patch.name}" no longer applies: ${file.path} already exists in the module`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.hunks.flatMap((h) => h.to).join('\n') + '\n');
      continue;
    }
    if (!existsSync(path)) throw new DevdbBuildError(`FerretDB patch "${patch.name}" no longer applies: the module has no ${file.path}`);
    const lines = readFileSync(path, 'utf8').split('\n');
    let shift = 0;
    file.hunks.forEach((hunk, n) => {
      const expected = hunk.line - 1 + shift;
      let found = -1;
      for (let at = 0; at + hunk.from.length <= lines.length; at++) {
        if (hunk.from.every((text, k) => lines[at + k] === text) && (found < 0 || Math.abs(at - expected) < Math.abs(found - expected))) found = at;
      }
      if (found < 0) {
        throw new DevdbBuildError(`FerretDB patch "${patch.name}" no longer applies: ${file.path} lacks the code of hunk ${n + 1} (near line ${hunk.line}):\n${hunk.from.join('\n')}`);
      }
      lines.splice(found, hunk.from.length, ...hunk.to);
      shift += hunk.to.length - hunk.from.length;
    });
    writeFileSync(path, lines.join('\n'));
  }
}

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
 * Copies the FerretDB module into `dir/ferretdb`, applies the patch set
 * (`api/devdb/patches/`) there, and writes `dir/go.mod` (with `go.sum`): the devdb's own module file
 * plus a `replace` to that copy. Returns the go.mod's path, for `-modfile`.
 * @throws {DevdbBuildError} when the module cannot be had or a patch no longer applies
 */
function preparePatchedModule(dir) {
  const copy = join(dir, 'ferretdb');
  cpSync(ferretdbModuleDir(), copy, { recursive: true });
  makeWritable(copy);
  for (const patch of readPatches()) applyPatch(copy, patch);
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
  for (const patch of readPatches()) hash.update(`${patch.name}\n${patch.text}`);
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
