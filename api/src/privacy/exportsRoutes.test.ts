import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessLogEntry } from './accessLogModel.js';
import { Job } from '../platform/jobs/jobModel.js';
import { PrivacyExport } from './exportModel.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { exportsDir } from './exportStore.js';
import { EXPORT_JOB, EXPORT_SWEEP_JOB, queueExportSweep } from './exports.js';
import { recordingsDir } from '../platform/uploads.js';
import { DEFAULT_TEST_PASSWORD, TEST_ORIGIN, createUser, readJson, signIn } from '../test/factories.js';
import { scoresOf, submitAt } from '../test/testData.js';
import { createWorld, freshComplaint, freshRecording, headersOf, type Caller, type World } from '../test/testWorld.js';

/** docs/product.md#download-my-data */

let world: World;
let recordingFile: string;
const runner = createJobRunner({ names: [EXPORT_JOB, EXPORT_SWEEP_JOB] });

beforeAll(async () => {
  world = await createWorld();
  const recording = await freshRecording(world, { reviewed: true });
  recordingFile = recording.file.name;
  const complaint = await freshComplaint(world.s1, 3);
  await complaint.updateOne({ status: 'disapproved', decidedBy: world.admin._id, decidedAt: new Date('2026-10-02T09:00:00Z'), moderationNote: 'Ask your teacher first.' });
  await freshComplaint(world.s2, 3);
  await submitAt(world.s1._id, scoresOf(3), new Date('2026-10-01T09:00:00Z'));
  await AccessLogEntry.create({
    at: new Date('2026-10-03T09:00:00Z'),
    actorId: world.t1._id,
    actorRole: 'teacher',
    subjectId: world.s1._id,
    what: 'recording_audio',
    resourceId: String(recording._id),
    ip: '203.0.113.77',
  });
});
afterAll(() => world.cleanup());
afterEach(() => vi.useRealTimers());

async function call(caller: Caller, method: string, path: string): Promise<Response> {
  return world.app.request(path, { method, headers: await headersOf(world, caller) });
}

/** Asks for an export as `caller`, runs the job, and answers the unzipped archive. */
async function exportOf(caller: Caller, path = '/api/privacy/exports') {
  const started = await call(caller, 'POST', path);
  expect(started.status).toBe(202);
  const { id, status } = await readJson(started);
  expect(status).toBe('pending');
  await runner.runUntilIdle();
  const download = await call(caller, 'GET', `/api/privacy/exports/${id}/download`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/zip');
  expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="oracy-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
  const data = JSON.parse(strFromU8(files['data.json']!)) as { subject: { name: string; role: string }; collections: Record<string, Record<string, unknown>[]> };
  return { id: id as string, files, data, html: strFromU8(files['index.html']!), text: strFromU8(files['data.json']!) };
}

/** Nothing of the archive's text may hold these. */
function expectNone(text: string, ...values: string[]) {
  for (const value of values) expect(text).not.toContain(value);
}

describe('POST /api/privacy/exports: the archive (docs/product.md#download-my-data)', () => {
  it("holds a student's records, their recording's bytes and feedback, and nothing of anyone else but names", async () => {
    const { data, files, html, text } = await exportOf('ownerStudent');
    expect(data.subject).toEqual({ id: String(world.s1._id), name: world.s1.name, role: 'student' });
    expect(Object.keys(data.collections)).toEqual(expect.arrayContaining(['users', 'sessions', 'assessments', 'enrollments', 'complaints', 'recordings', 'feedbacks', 'privacyexports']));
    expect(data.collections.users).toHaveLength(1);
    expect(data.collections.users![0]).toMatchObject({ email: world.s1.email, name: world.s1.name });
    expect(data.collections.enrollments![0]).toMatchObject({ courseTitle: 'Debating basics' });
    expect(data.collections.assessments![0]).toMatchObject({ createdAt: '2026-10-01T09:00:00.000Z', level: expect.any(String) });
    expect(data.collections.complaints).toHaveLength(1);
    // the admin's note and when they decided, but not who decided
    expect(data.collections.complaints![0]).toMatchObject({ status: 'disapproved', decidedAt: '2026-10-02T09:00:00.000Z', moderationNote: 'Ask your teacher first.' });
    expect(data.collections.complaints![0]).not.toHaveProperty('decidedBy');
    expect(html).toContain('Note from the admin: “Ask your teacher first.”');
    const feedback = data.collections.feedbacks![0]!;
    expect(feedback).toMatchObject({ teacherName: world.t1.name, comment: 'Clear.' });
    expect(feedback).not.toHaveProperty('teacherId');
    // the recording, byte for byte
    const recording = data.collections.recordings![0]!;
    const inArchive = files[recording.fileInArchive as string]!;
    expect(Buffer.from(inArchive).equals(readFileSync(join(recordingsDir(world.dataDir), recordingFile)))).toBe(true);
    // who opened their data: name, role, what and when, never the address it was opened from
    expect(data.collections.accesslogentries).toEqual([expect.objectContaining({ at: '2026-10-03T09:00:00.000Z', actorName: world.t1.name, actorRole: 'teacher', what: 'recording_audio' })]);
    expect(data.collections.accesslogentries![0]).not.toHaveProperty('ip');
    expectNone(text, '203.0.113.77');
    expect(html).toContain(`${world.t1.name} (Teacher) opened a recording`);
    expectNone(html, '203.0.113.77');
    // secrets and other people's data
    expectNone(text, 'passwordHash', 'tokenHash', world.s2.email, world.t1.email, world.admin.email, String(world.t1._id), String(world.s2._id), String(world.admin._id));
    expect(html).toContain('Debating basics');
    expect(html).toContain(world.s1.name);
    expect(html).toContain('Explain a process');
    expect(html).toContain('Clear.');
    expect(html).not.toContain('<script');
  });

  it("holds a teacher's courses and the feedback they wrote, with the student named but no student's email", async () => {
    const { data, html, text } = await exportOf('ownerTeacher');
    expect(data.subject.role).toBe('teacher');
    expect(data.collections.courses!.map((c) => c.title)).toEqual(['Debating basics']);
    expect(data.collections.feedbacks![0]).toMatchObject({ studentName: world.s1.name, comment: 'Clear.' });
    expect(data.collections.speakingtasks!.length).toBeGreaterThan(0);
    expectNone(text, 'passwordHash', 'tokenHash', world.s1.email, world.s2.email, String(world.s1._id));
    expect(html).toContain('Debating basics');
  });

  it("holds an admin's discussion messages and their attachment", async () => {
    const { data, files, text } = await exportOf('admin');
    const message = data.collections.chatmessages![0]!;
    expect(message).toMatchObject({ content: 'The agenda' });
    expect(files[message.fileInArchive as string]?.byteLength).toBeGreaterThan(0);
    expectNone(text, 'passwordHash', 'tokenHash', world.s1.email, world.t1.email);
  });

  it('escapes what people wrote in index.html', async () => {
    const { escapeHtml } = await import('./exportHtml.js');
    expect(escapeHtml('<img src=x onerror="a()">&\'')).toBe('&lt;img src=x onerror=&quot;a()&quot;&gt;&amp;&#39;');
  });
});

describe('the limits of exports', () => {
  it('refuses a second export of the same person within a day with 429 and Retry-After, from them or an admin', async () => {
    const again = await call('ownerStudent', 'POST', '/api/privacy/exports');
    expect(again.status).toBe(429);
    expect((await readJson(again)).error.code).toBe('rate_limited');
    const seconds = Number(again.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(23 * 3600);
    expect(seconds).toBeLessThanOrEqual(24 * 3600);
    expect((await call('admin', 'POST', `/api/admin/privacy/exports/${String(world.s1._id)}`)).status).toBe(429);
  });

  it("answers 404 for another person's export, and lets an admin download any", async () => {
    const [mine] = await readJson(await call('ownerStudent', 'GET', '/api/privacy/exports'));
    expect(mine).toMatchObject({ status: 'ready', size: expect.any(Number) });
    expect((await call('otherStudent', 'GET', `/api/privacy/exports/${mine.id}/download`)).status).toBe(404);
    expect((await call('ownerTeacher', 'GET', `/api/privacy/exports/${mine.id}/download`)).status).toBe(404);
    expect((await call('admin', 'GET', `/api/privacy/exports/${mine.id}/download`)).status).toBe(200);
    expect((await call('otherStudent', 'GET', '/api/privacy/exports')).status).toBe(200);
    expect(await readJson(await call('otherStudent', 'GET', '/api/privacy/exports'))).toEqual([]);
    const listed = await readJson(await call('admin', 'GET', `/api/admin/privacy/exports?userId=${String(world.s1._id)}`));
    expect(listed.map((e: { id: string }) => e.id)).toEqual([mine.id]);
  });

  it('lets an admin export anyone, and answers 404 for an unknown user', async () => {
    const res = await call('admin', 'POST', `/api/admin/privacy/exports/${String(world.s2._id)}`);
    expect(res.status).toBe(202);
    expect((await call('admin', 'POST', '/api/admin/privacy/exports/0123456789abcdef01234567')).status).toBe(404);
    expect((await call('ownerStudent', 'POST', `/api/admin/privacy/exports/${String(world.s2._id)}`)).status).toBe(403);
    await runner.runUntilIdle();
    const [theirs] = await readJson(await call('otherStudent', 'GET', '/api/privacy/exports'));
    expect(theirs.status).toBe('ready');
  });

  it('deletes exports 7 days old with their archives (a fake clock), and archives without a record', async () => {
    const before = await PrivacyExport.find({}).lean();
    expect(before.length).toBeGreaterThan(0);
    for (const doc of before) expect(existsSync(join(exportsDir(world.dataDir), doc.file!))).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 6 * 24 * 3600 * 1000));
    await queueExportSweep();
    await runner.runUntilIdle();
    expect(await PrivacyExport.countDocuments({})).toBe(before.length);
    vi.setSystemTime(new Date(Date.now() + 24 * 3600 * 1000 + 60_000));
    // the sweep each ready export queued for its expiry is due now
    await runner.runUntilIdle();
    expect(await PrivacyExport.countDocuments({})).toBe(0);
    for (const doc of before) expect(existsSync(join(exportsDir(world.dataDir), doc.file!))).toBe(false);
    expect(await readJson(await call('ownerStudent', 'GET', '/api/privacy/exports'))).toEqual([]);
    expect((await call('ownerStudent', 'GET', `/api/privacy/exports/${String(before[0]!._id)}/download`)).status).toBe(404);
    // a day later again: a new export may be asked for
    const fresh = await call('ownerStudent', 'POST', '/api/privacy/exports');
    expect(fresh.status).toBe(202);
    await runner.runUntilIdle();
    // an archive whose record went (its person erased) goes with the next sweep
    const { id } = await readJson(fresh);
    await PrivacyExport.deleteOne({ _id: id });
    vi.setSystemTime(new Date(Date.now() + 3600 * 1000));
    await queueExportSweep();
    await runner.runUntilIdle();
    expect(existsSync(join(exportsDir(world.dataDir), `export-${id}.zip`))).toBe(false);
  });

  it("removes an erased person's archive with their records", async () => {
    const started = await call('admin', 'POST', `/api/admin/privacy/exports/${String(world.t2._id)}`);
    expect(started.status).toBe(202);
    const { id } = await readJson(started);
    await runner.runUntilIdle();
    const file = join(exportsDir(world.dataDir), `export-${id}.zip`);
    expect(existsSync(file)).toBe(true);
    expect((await call('admin', 'DELETE', `/api/admin/users/${String(world.t2._id)}`)).status).toBe(204);
    await runner.runUntilIdle();
    expect(await PrivacyExport.exists({ _id: id })).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('marks an export failed after its last try and gives its day back', async () => {
    const { user } = await createUser({ role: 3 });
    const res = await world.app.request('/api/privacy/exports', { method: 'POST', headers: { Origin: TEST_ORIGIN, Cookie: await signIn(world.app, user.email, DEFAULT_TEST_PASSWORD) } });
    const { id } = await readJson(res);
    // the archive cannot be written: a file stands where the exports folder should be
    await rm(exportsDir(world.dataDir), { recursive: true, force: true });
    await writeFile(exportsDir(world.dataDir), 'not a folder');
    try {
      await runner.runUntilIdle();
      await Job.updateMany({ name: EXPORT_JOB, status: 'queued' }, { $set: { runAt: new Date() } });
      await runner.runUntilIdle();
    } finally {
      await rm(exportsDir(world.dataDir), { force: true });
    }
    expect(await PrivacyExport.findById(id).lean()).toMatchObject({ status: 'failed', day: `failed:${id}` });
  });

  it('answers 400 for a malformed id', async () => {
    expect((await call('ownerStudent', 'GET', '/api/privacy/exports/nope/download')).status).toBe(400);
    expect((await call('admin', 'GET', '/api/admin/privacy/exports?userId=nope')).status).toBe(400);
  });
});
