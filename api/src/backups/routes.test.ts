import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { extract, list } from 'tar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { backupsDir } from './backup.js';
import { BACKUP_JOB, nextBackupAt } from './runs.js';
import { BackupRun } from './runModel.js';
import { Job, JobClaim } from '../platform/jobs/jobModel.js';
import { SchoolSettings } from '../settings/model.js';
import { getEnv, type Env } from '../platform/env.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { createBackupSource, type BackupSource } from '../test/backupSource.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

/**
 * `GET /api/admin/backups`, `POST /api/admin/backups` and `GET /api/admin/backups/:name`
 * (docs/product.md#backups-on-the-settings-screen) over a data folder of its own with a running embedded database, so
 * that "Back up now" writes a real archive that the download answers.
 */

let source: BackupSource;
let env: Env;
let app: ReturnType<typeof createApp>;
let admin: { cookie: string; id: string; name: string };
let teacherCookie: string;
let studentCookie: string;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  source = await createBackupSource();
  env = { ...getEnv(), DATA_DIR: source.dataDir, BACKUP_SCHEDULE: true };
  app = createApp({ env, logger: silent });
  const made = await createUser({ role: 1, firstName: 'Ada' });
  admin = { cookie: await signIn(app, made.user.email, made.password), id: String(made.user._id), name: made.user.name };
  const teacher = await createUser({ role: 2 });
  teacherCookie = await signIn(app, teacher.user.email, teacher.password);
  const student = await createUser({ role: 3 });
  studentCookie = await signIn(app, student.user.email, student.password);
});

afterAll(async () => {
  await source?.cleanup();
});

beforeEach(async () => {
  await Promise.all([BackupRun.deleteMany({}), Job.deleteMany({}), JobClaim.deleteMany({}), SchoolSettings.deleteMany({})]);
  rmSync(backupsDir(source.dataDir), { recursive: true, force: true });
});

const get = (path: string, cookie = admin.cookie) => app.request(path, jsonRequest('GET', undefined, cookie));
const post = (path: string, cookie = admin.cookie) => app.request(path, jsonRequest('POST', undefined, cookie));
/** The saved settings as a PUT takes them: every field but `updatedAt` and `updatedBy`. */
async function settingsOf(cookie: string): Promise<Record<string, unknown>> {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...fields } = (await readJson(await get('/api/admin/settings', cookie))) as Record<string, unknown>;
  return fields;
}

describe('the backups of the "Data & Backup" card (docs/product.md#backups-on-the-settings-screen)', () => {
  it('lists none, backs up now, answers 409 while it runs, then lists the archive and downloads it as a gzip tar with manifest.json first', async () => {
    const before = Date.now();
    const empty = await get('/api/admin/backups');
    expect(empty.status).toBe(200);
    const status = (await readJson(empty)) as { nextRunAt: string };
    expect(status).toEqual({ mode: 'embedded', frequency: 'Daily', nextRunAt: expect.any(String), last: null, running: false, archives: [] });
    // the next 03:00, server local time.
    const next = new Date(status.nextRunAt);
    expect(next).toEqual(nextBackupAt('Daily', new Date(before)));
    expect([next.getHours(), next.getMinutes()]).toEqual([3, 0]);

    const started = await post('/api/admin/backups');
    expect(started.status).toBe(202);
    const { id } = (await readJson(started)) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await readJson(await get('/api/admin/backups'))).toMatchObject({ running: true, last: null });
    const again = await post('/api/admin/backups');
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ error: { code: 'backup_running', message: 'A backup is already running. Wait for it to finish.' } });

    expect(await createJobRunner({ names: [BACKUP_JOB] }).runUntilIdle()).toBe(1);
    const done = (await readJson(await get('/api/admin/backups'))) as {
      running: boolean;
      last: { name: string; size: number; startedAt: string; finishedAt: string };
      archives: { name: string; size: number; createdAt: string }[];
    };
    expect(done).toMatchObject({ running: false, last: { ok: true, trigger: 'manual', by: { id: admin.id, name: admin.name } } });
    expect(done.last).not.toHaveProperty('error');
    expect(done.archives).toEqual([{ name: done.last.name, size: done.last.size, createdAt: expect.any(String) }]);
    expect(done.last.name).toMatch(/^oracy-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    expect(Date.parse(done.last.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.last.startedAt));
    expect((await BackupRun.findById(id).lean())?.status).toBe('ok');

    const download = await get(`/api/admin/backups/${done.last.name}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/gzip');
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="${done.last.name}"`);
    expect(download.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(done.last.size);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const unpacked = mkdtempSync(join(tmpdir(), 'oracy-downloaded-'));
    try {
      const file = join(unpacked, 'downloaded.tar.gz');
      writeFileSync(file, bytes);
      const entries: string[] = [];
      await list({ file, strict: true, onReadEntry: (entry) => void entries.push(entry.path) });
      expect(entries[0]).toBe('manifest.json');
      await extract({ file, cwd: unpacked });
      const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as {
        format: string;
        database: { databases: { name: string; collections: Record<string, number> }[] };
        uploads: { files: number };
      };
      expect(manifest.format).toBe('oracy-backup');
      expect(manifest.database.databases.find((db) => db.name === 'oracy')?.collections.notes).toBe(source.notes);
      expect(manifest.uploads.files).toBe(2);
      expect(readdirSync(join(unpacked, 'uploads', 'chat'))).toEqual(['agenda.pdf']);
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('shows a failed backup with its message', async () => {
    await BackupRun.create({
      slot: 'schedule:2026-11-27T03:00',
      trigger: 'schedule',
      frequency: 'Daily',
      status: 'failed',
      startedAt: new Date('2026-11-27T03:00:01Z'),
      finishedAt: new Date('2026-11-27T03:00:02Z'),
      error: 'No space left on device.',
    });
    expect((await readJson(await get('/api/admin/backups'))).last).toEqual({
      startedAt: '2026-11-27T03:00:01.000Z',
      finishedAt: '2026-11-27T03:00:02.000Z',
      ok: false,
      size: null,
      name: null,
      error: 'No space left on device.',
      trigger: 'schedule',
      by: null,
    });
  });

  it.each([
    ['an encoded path out of the folder', '..%2F..%2Fetc%2Fpasswd'],
    ['an encoded parent', '..%2Fx'],
    ['encoded dots', '%2e%2e%2F%2e%2e%2Fetc%2Fpasswd'],
    ['an encoded absolute path', '%2Fetc%2Fpasswd'],
    ['a backslash', '..%5C..%5Cetc%5Cpasswd'],
    ['another extension', 'oracy-backup-2026-11-27T03-00-01Z.zip'],
    ['an extension added', 'oracy-backup-2026-11-27T03-00-01Z.tar.gz.partial-1'],
    ['a NUL', 'oracy-backup-2026-11-27T03-00-01Z.tar.gz%00'],
    ['another file of the data folder', 'oracy.lock'],
  ])('refuses %s with 400 and never reads a file', async (_label, name) => {
    const res = await get(`/api/admin/backups/${name}`);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { name: expect.any(String) } } });
  });

  it.each([
    ['a parent segment', '/api/admin/backups/../x'],
    ['an absolute path', '/api/admin/backups//etc/passwd'],
    ['a path below', '/api/admin/backups/db/oracy.sqlite'],
  ])('answers %s 404 in the error shape', async (_label, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await readJson(res)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers 404 for a well-formed name that is not kept, or is a link out of the folder', async () => {
    expect((await get('/api/admin/backups/oracy-backup-2026-11-27T03-00-01Z.tar.gz')).status).toBe(404);
    mkdirSync(backupsDir(source.dataDir), { recursive: true });
    const link = 'oracy-backup-2026-11-27T03-00-02Z.tar.gz';
    symlinkSync('/etc/passwd', join(backupsDir(source.dataDir), link));
    const res = await get(`/api/admin/backups/${link}`);
    expect(res.status).toBe(404);
    expect(await readJson(res)).toEqual({ error: { code: 'not_found', message: 'No such backup.' } });
    expect((await readJson(await get('/api/admin/backups'))).archives).toEqual([]);
  });

  it('is for admins only: 401 without a session, 403 for teachers and students', async () => {
    mkdirSync(backupsDir(source.dataDir), { recursive: true });
    const name = 'oracy-backup-2026-11-27T03-00-01Z.tar.gz';
    writeFileSync(join(backupsDir(source.dataDir), name), 'archive');
    for (const [method, path] of [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['GET', `/api/admin/backups/${name}`],
    ] as const) {
      expect((await app.request(path, jsonRequest(method))).status, `${method} ${path}`).toBe(401);
      for (const cookie of [teacherCookie, studentCookie]) {
        const res = await app.request(path, jsonRequest(method, undefined, cookie));
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await Job.countDocuments({})).toBe(0);
  });

  it('with MONGODB_URI says backups are the database’s job: no schedule, no archives, and "Back up now" refused', async () => {
    const external = createApp({ env: { ...env, MONGODB_URI: 'mongodb://db.example:27017/oracy' }, logger: silent });
    try {
      expect(await readJson(await external.request('/api/admin/backups', jsonRequest('GET', undefined, admin.cookie)))).toEqual({
        mode: 'external',
        frequency: 'Daily',
        nextRunAt: null,
        last: null,
        running: false,
        archives: [],
      });
      const res = await external.request('/api/admin/backups', jsonRequest('POST', undefined, admin.cookie));
      expect(res.status).toBe(409);
      expect(await readJson(res)).toMatchObject({ error: { code: 'backups_external' } });
      expect(await Job.countDocuments({})).toBe(0);
    } finally {
      // the job is declared per app: give it back this file's data folder.
      createApp({ env, logger: silent });
    }
  });

  it('answers no next run when BACKUP_SCHEDULE=0, and the next Monday or 1st for Weekly and Monthly', async () => {
    const unscheduled = createApp({ env: { ...env, BACKUP_SCHEDULE: false }, logger: silent });
    expect((await readJson(await unscheduled.request('/api/admin/backups', jsonRequest('GET', undefined, admin.cookie)))).nextRunAt).toBeNull();
    await app.request('/api/admin/settings', jsonRequest('PUT', { ...(await settingsOf(admin.cookie)), backupFrequency: 'Weekly' }, admin.cookie));
    const weekly = (await readJson(await get('/api/admin/backups'))) as { frequency: string; nextRunAt: string };
    expect(weekly.frequency).toBe('Weekly');
    expect(new Date(weekly.nextRunAt).getDay()).toBe(1);
    await app.request('/api/admin/settings', jsonRequest('PUT', { ...(await settingsOf(admin.cookie)), backupFrequency: 'Monthly' }, admin.cookie));
    expect(new Date(((await readJson(await get('/api/admin/backups'))) as { nextRunAt: string }).nextRunAt).getDate()).toBe(1);
  });
});
