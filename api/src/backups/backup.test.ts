import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../platform/db/dataDirLock.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/seed.js';
import { sessionCookieFrom } from '../test/factories.js';

/**
 * `npm run backup` and `npm run restore` (docs/architecture.md#backups) with real processes: Oracy
 * servers (`tsx src/server.ts`) on the embedded database, each with a `DATA_DIR` of its own, and the
 * command line (`src/backups/cli.ts`, what the npm scripts run once the database program is built).
 */

/** `api/` — the processes run from there. */
const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(API_DIR, 'node_modules', '.bin', 'tsx');
/** Longest wait for a server to answer `GET /readyz` with 200, in ms (the first one loads the demo data). */
const READY_TIMEOUT_MS = 120_000;
/** A 1×1 PNG: a real image by its signature; each course gets it with its own trailer, so every file differs. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The environment of every child: the embedded database and disk uploads, whatever the caller's shell has. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', UPLOAD_STORE: 'disk', SEED_DEMO: '0' };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  return { ...env, ...extra };
}

interface Oracy {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `tsx src/server.ts` on `dataDir` and a free port; resolves once it answers `/readyz` with 200. */
async function startOracy(dataDir: string, seedDemo: boolean): Promise<Oracy> {
  const child = spawn(TSX, ['src/server.ts'], {
    cwd: API_DIR,
    env: childEnv({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: seedDemo ? '1' : '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Oracy exited with code ${child.exitCode}:\n${tail}`);
    const port = /Oracy is running at http:\/\/localhost:(\d+)/.exec(tail)?.[1];
    if (port) {
      const url = `http://127.0.0.1:${port}`;
      if (
        (await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        return { url, child, output: () => tail };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`Oracy was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail}`);
}

/** Stops a server as a process manager would (SIGTERM; SIGKILL after 15 s) and resolves with its exit code. */
function stopOracy(oracy: Oracy | undefined): Promise<number | null> {
  if (!oracy || oracy.child.exitCode !== null || oracy.child.signalCode !== null) return Promise.resolve(oracy?.child.exitCode ?? null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => oracy.child.kill('SIGKILL'), 15_000);
    oracy.child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    oracy.child.kill('SIGTERM');
  });
}

/** Runs the backup command line (`backup …` or `restore …`) on `dataDir` to its end. */
function runCli(args: string[], dataDir: string, extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/backups/cli.ts', ...args], { cwd: API_DIR, env: childEnv({ DATA_DIR: dataDir, ...extra }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Signs in through `POST /auth/login`: the user's id and the `Cookie` header to send. */
async function signIn(url: string, email: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { id, cookie: sessionCookieFrom(res) ?? '' };
}

/** A GET with the session cookie: the status and the parsed JSON. */
async function getJson<T>(url: string, path: string, cookie: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${path}`, { headers: { Cookie: cookie } });
  return { status: res.status, body: (await res.json()) as T };
}

/** Files and folders in `dir`, none when it is missing. */
const contents = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('npm run backup and npm run restore', { timeout: 180_000 }, () => {
  let root: string;
  let source: Oracy | undefined;
  let restored: Oracy | undefined;
  let sourceDir: string;
  let restoredDir: string;
  let archive: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'oracy-backup-'));
    sourceDir = join(root, 'source');
    restoredDir = join(root, 'restored');
    archive = join(root, 'archives', 'under-load.tar.gz');
    source = await startOracy(sourceDir, true);
  });

  afterAll(async () => {
    await stopOracy(source);
    await stopOracy(restored);
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a backup under a write load that restores every write acknowledged before it started, uploads included', async () => {
    const url = source!.url;
    const student = await signIn(url, DEMO_ACCOUNTS.student);
    const admin = await signIn(url, DEMO_ACCOUNTS.admin);
    const teacher = await signIn(url, DEMO_ACCOUNTS.teacher);

    // The writes the server acknowledged, in the order their answers came.
    const complaints: { id: string; title: string }[] = [];
    const courses: { id: string; image: string; bytes: Buffer }[] = [];
    let stop = false;
    let failure: string | undefined;
    const fileComplaints = async (worker: number) => {
      for (let n = 0; !stop; n += 1) {
        const title = `Load ${worker}-${n}`;
        const res = await fetch(`${url}/api/student/complaints`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: student.cookie, Origin: url },
          body: JSON.stringify({ title, description: `Written while a backup may run (${worker}-${n}).` }),
        });
        if (res.status !== 201) failure ??= `complaint ${title}: ${res.status} ${await res.text()}`;
        else complaints.push({ id: ((await res.json()) as { id: string }).id, title });
      }
    };
    const addCourses = async () => {
      for (let n = 0; !stop; n += 1) {
        const bytes = Buffer.concat([PNG, Buffer.from(`course image ${n}`)]);
        const form = new FormData();
        const fields = {
          title: `Backed-up course ${n}`,
          description: 'With an image',
          instructorId: teacher.id,
          duration: '3',
          startDate: '2026-01-05',
          endDate: '2026-03-27',
          status: 'active',
        };
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        form.append('image', new Blob([bytes], { type: 'image/png' }), `course-${n}.png`);
        const res = await fetch(`${url}/api/admin/courses`, { method: 'POST', headers: { Cookie: admin.cookie, Origin: url }, body: form });
        if (res.status !== 201) failure ??= `course ${n}: ${res.status} ${await res.text()}`;
        else {
          const course = (await res.json()) as { id: string; image: string };
          courses.push({ id: course.id, image: course.image, bytes });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all([fileComplaints(1), fileComplaints(2), addCourses()]);

    while ((complaints.length < 30 || courses.length < 3) && !failure) await new Promise((r) => setTimeout(r, 20));
    const acknowledgedComplaints = [...complaints];
    const acknowledgedCourses = [...courses];
    // a file that is no upload Oracy stores (a partial upload, one put there by hand) stays out of the archive.
    writeFileSync(join(sourceDir, 'uploads', 'stray.html'), '<p>not an upload</p>');
    const backup = await runCli(['backup', '--out', archive], sourceDir);
    const duringBackup = complaints.length - acknowledgedComplaints.length;
    stop = true;
    await load;

    expect(failure).toBeUndefined();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${archive} (`);
    expect(backup.stdout).toContain('Left out 1 files that are not uploads Oracy stores: uploads/stray.html');
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // the load went on while the backup ran: a server that stopped writing would prove nothing.
    expect(duringBackup).toBeGreaterThan(0);
    expect(contents(join(sourceDir, 'backups'))).toEqual([]); // no staging folder left behind

    const restore = await runCli(['restore', archive], restoredDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${archive}`);
    expect(contents(restoredDir)).toEqual(['db', 'uploads']);
    expect(existsSync(join(restoredDir, 'uploads', 'stray.html'))).toBe(false);

    restored = await startOracy(restoredDir, false);
    const back = restored.url;
    const studentBack = await signIn(back, DEMO_ACCOUNTS.student);
    const adminBack = await signIn(back, DEMO_ACCOUNTS.admin);
    const listed = await getJson<{ id: string; title: string }[]>(back, `/api/student/complaints?sId=${studentBack.id}`, studentBack.cookie);
    expect(listed.status).toBe(200);
    const titles = new Map(listed.body.map((c) => [c.id, c.title]));
    for (const complaint of acknowledgedComplaints) expect(titles.get(complaint.id)).toBe(complaint.title);

    for (const course of acknowledgedCourses) {
      const found = await getJson<{ image: string; imageUrl: string }>(back, `/api/admin/courses/${course.id}`, adminBack.cookie);
      expect(found.status).toBe(200);
      expect(found.body.image).toBe(course.image);
      const image = await fetch(`${back}${found.body.imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(course.bytes);
    }
  });

  it('refuses to restore while a server holds the data folder, and leaves that server working', async () => {
    const result = await runCli(['restore', archive, '--force'], restoredDir);
    expect(result.code).toBe(1);
    const holder = readFileSync(join(restoredDir, LOCK_FILE), 'utf8').split('\n')[0];
    expect(result.stderr).toContain(`in use by oracy server (pid ${holder}). Stop it first.`);
    expect((await fetch(`${restored!.url}/readyz`)).status).toBe(200);

    // a second server on the same folder is refused as well.
    const second = spawn(TSX, ['src/server.ts'], { cwd: API_DIR, env: childEnv({ DATA_DIR: restoredDir, PORT: '0' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    second.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(said).toMatch(/Oracy could not start: .* is in use by oracy server/);
  });

  it('refuses a folder that holds data unless --force, which replaces its database and uploads', async () => {
    expect(await stopOracy(restored)).toBe(0);
    expect(contents(restoredDir)).not.toContain(LOCK_FILE); // the server let go of the folder when it closed
    const stray = join(restoredDir, 'uploads', 'stray.txt');
    writeFileSync(stray, 'not in the backup');

    const refused = await runCli(['restore', archive], restoredDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty \(it holds db, uploads\).*--force/);
    expect(existsSync(stray)).toBe(true);

    // a lock left by a process that is gone (a server killed with SIGKILL) does not hold the folder.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(restoredDir, LOCK_FILE), `${gone.pid}\noracy server\n`);

    const forced = await runCli(['restore', archive, '--force'], restoredDir);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('replacing its database and uploads');
    expect(existsSync(stray)).toBe(false);
    expect(contents(restoredDir)).toEqual(['db', 'uploads']);
  });

  it('refuses a corrupt, cut-short, foreign or newer archive, and leaves the folder as it was', async () => {
    const made = join(root, 'made');
    mkdirSync(made);
    const unpacked = join(made, 'unpacked');
    mkdirSync(unpacked);
    await extract({ file: archive, cwd: unpacked });
    const pack = async (name: string, change: (dir: string) => void) => {
      const dir = join(made, name);
      mkdirSync(dir);
      await extract({ file: archive, cwd: dir });
      change(dir);
      const file = join(made, `${name}.tar.gz`);
      await create({ file, cwd: dir, gzip: true }, readdirSync(dir));
      return file;
    };

    const random = join(made, 'random.tar.gz');
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    const cut = join(made, 'cut.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreignDir = join(made, 'foreign');
    mkdirSync(foreignDir);
    writeFileSync(join(foreignDir, 'notes.txt'), 'someone else’s archive');
    const foreign = join(made, 'foreign.tar.gz');
    await create({ file: foreign, cwd: foreignDir, gzip: true }, ['notes.txt']);
    const newer = await pack('newer', (dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { formatVersion: number };
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: manifest.formatVersion + 1 }));
    });
    const damaged = await pack('damaged', (dir) => {
      const file = join(dir, 'db', 'oracy.sqlite');
      const bytes = readFileSync(file);
      bytes.fill(0xff, 8192, Math.min(bytes.length, 8192 * 4));
      writeFileSync(file, bytes);
    });
    const miscounted = await pack('miscounted', (dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { database: { databases: { collections: Record<string, number> }[] } };
      manifest.database.databases[0]!.collections.complaints! += 1;
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    });

    const cases: [string, RegExp][] = [
      [random, /random\.tar\.gz is not a usable Oracy backup: it cannot be read/],
      [cut, /cut\.tar\.gz is not a usable Oracy backup: it cannot be read/],
      [foreign, /foreign\.tar\.gz is not a usable Oracy backup: it holds an entry a backup never has, so nothing was restored: notes\.txt/],
      [newer, /newer\.tar\.gz is not a usable Oracy backup: it is of format version 2; this Oracy reads version 1/],
      [damaged, /damaged\.tar\.gz is not a usable Oracy backup: its database does not pass the check/],
      [miscounted, /miscounted\.tar\.gz is not a usable Oracy backup: collection oracy\.complaints has \d+ documents, its manifest says \d+/],
    ];
    for (const [file, message] of cases) {
      const target = join(root, `into-${file.split('/').pop()}`);
      const result = await runCli(['restore', file], target);
      expect(result.code, file).toBe(1);
      expect(result.stderr, file).toMatch(message);
      expect(contents(target), file).toEqual([]);
    }
  });

  it('fails a backup of a damaged database with a clear message and leaves no archive', async () => {
    const broken = join(root, 'broken');
    mkdirSync(join(broken, 'db'), { recursive: true });
    writeFileSync(join(broken, 'db', 'oracy.sqlite'), 'this is not a database');
    const out = join(root, 'broken.tar.gz');
    const result = await runCli(['backup', '--out', out], broken);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Backup failed: copying oracy\.sqlite: file is not a database/);
    expect(existsSync(out)).toBe(false);
    expect(contents(root).filter((name) => name.startsWith('broken.tar.gz'))).toEqual([]);
    expect(contents(join(broken, 'backups'))).toEqual([]);
  });

  it('with MONGODB_URI says that it backs up only the embedded database and points to the README', async () => {
    const result = await runCli(['backup'], join(root, 'unused'), { MONGODB_URI: 'mongodb://127.0.0.1:27017/oracy' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/only the embedded database/);
    expect(result.stderr).toMatch(/mongodump and mongorestore, as README\.md, section "Backups" explains/);
  });
});

describe('scheduled backups in a running server (docs/architecture.md#scheduled-backups)', { timeout: 180_000 }, () => {
  it('with BACKUP_SCHEDULE=1, a server on a folder never backed up takes its first backup at start, and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oracy-scheduled-'));
    let oracy: Oracy | undefined;
    try {
      const child = spawn(TSX, ['src/server.ts'], { cwd: API_DIR, env: childEnv({ DATA_DIR: dataDir, PORT: '0', BACKUP_SCHEDULE: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
      let tail = '';
      const keep = (chunk: Buffer) => void (tail = (tail + chunk.toString('utf8')).slice(-8000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      oracy = { url: '', child, output: () => tail };
      const archives = () => contents(join(dataDir, 'backups')).filter((name) => /^oracy-backup-.*Z\.tar\.gz$/.test(name));
      const deadline = Date.now() + 120_000;
      while (archives().length === 0 && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 250));
      expect(archives(), tail).toHaveLength(1);
      expect(statSync(join(dataDir, 'backups', archives()[0]!)).mode & 0o777).toBe(0o600);
      expect(await stopOracy(oracy)).toBe(0);
      // what the backup staged is gone; only the archive is left.
      expect(contents(join(dataDir, 'backups'))).toEqual(archives());
    } finally {
      await stopOracy(oracy);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
