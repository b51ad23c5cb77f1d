import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AccessLogEntry, AccessLogWindow, FILE_READ_WINDOW_MS } from './accessLogModel.js';
import { getEnv } from '../platform/env.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { EXPORT_JOB } from './exports.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { flushAccessLog, sweepReadWindows } from './accessLog.js';
import { runRetention } from './retention.js';
import { createUploadStores } from '../platform/uploads.js';

/**
 * docs/product.md#access-log: a staff read of a student's file writes one entry whatever its
 * `Range`, `If-Range` or unit, and at most one per person, file and 10 minutes.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-access-log-'));
const env = { ...getEnv(), DATA_DIR: dataDir };
const app = createApp({ env });
const exportJobs = createJobRunner({ names: [EXPORT_JOB] });

async function signedIn(role: 1 | 2 | 3, firstName?: string) {
  const { user, password } = await createUser({ role, ...(firstName ? { firstName } : {}) });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = (path: string, cookie: string, headers: Record<string, string> = {}) => app.request(path, { headers: { Cookie: cookie, ...headers } });

/** A teacher, an admin and a student of the teacher's course who has sent a WAV take (`size` bytes). */
async function classroom(teacherName?: string) {
  const teacher = await signedIn(2, teacherName);
  const student = await signedIn(3);
  const admin = await signedIn(1);
  const course = await makeCourse({ instructorId: teacher.user._id, title: `Voice ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(student.user._id, [course._id]);
  const task = await readJson(
    await app.request('/api/teacher/speaking-tasks', jsonRequest('POST', { courseId: course.id, title: 'Explain', prompt: 'Explain lunch.', focusStrands: ['linguistic'] }, teacher.cookie)),
  );
  const bytes = audioFixture('speech.wav');
  const form = new FormData();
  form.append('audio', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'answer.wav');
  const sent = await app.request(`/api/student/speaking-tasks/${task.id}/recordings`, { method: 'POST', headers: { Cookie: student.cookie, Origin: TEST_ORIGIN }, body: form });
  expect(sent.status).toBe(201);
  const recording = (await readJson(sent)) as { id: string; audioUrl: string };
  return { teacher, student, admin, recording, size: bytes.byteLength };
}

/** The stored entries by `actorId`, once this process's journal is flushed. */
async function entriesBy(actorId: Types.ObjectId) {
  await flushAccessLog();
  return AccessLogEntry.find({ actorId }).sort({ at: 1, _id: 1 }).lean();
}

describe('a staff read of a recording’s audio (docs/product.md#access-log)', () => {
  it.each([
    ['no Range', {}, 200, null],
    ['bytes=0-', { Range: 'bytes=0-' }, 206, (size: number) => `bytes 0-${size - 1}/${size}`],
    ['a suffix as long as the file, bytes=-<size>', { Range: 'SIZE_SUFFIX' }, 206, (size: number) => `bytes 0-${size - 1}/${size}`],
    ['a suffix longer than the file, bytes=-100000000 (the whole file)', { Range: 'bytes=-100000000' }, 206, (size: number) => `bytes 0-${size - 1}/${size}`],
    ['two ranges that meet, bytes=1-,0-0 (answered as one)', { Range: 'bytes=1-,0-0' }, 206, (size: number) => `bytes 0-${size - 1}/${size}`],
    ['an unknown unit, items=0- (ignored: the whole file)', { Range: 'items=0-' }, 200, null],
    ['bytes=1- with an If-Range that fails (the whole file)', { Range: 'bytes=1-', 'If-Range': '"not-the-etag"' }, 200, null],
    ['two ranges apart, bytes=0-9,20-29 (the whole file)', { Range: 'bytes=0-9,20-29' }, 200, null],
    ['a range that starts inside, bytes=100-', { Range: 'bytes=100-' }, 206, (size: number) => `bytes 100-${size - 1}/${size}`],
    ['a malformed Range, bytes=x (the whole file)', { Range: 'bytes=x' }, 200, null],
  ])('writes exactly one entry for %s', async (_label, headers: Record<string, string>, status, contentRange) => {
    const { teacher, student, recording, size } = await classroom();
    const sent = headers.Range === 'SIZE_SUFFIX' ? { ...headers, Range: `bytes=-${size}` } : headers;
    const res = await get(recording.audioUrl, teacher.cookie, sent);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Range')).toBe(contentRange ? contentRange(size) : null);
    expect((await res.arrayBuffer()).byteLength).toBe(status === 200 ? size : Number(res.headers.get('Content-Length')));
    expect(await entriesBy(teacher.user._id)).toEqual([expect.objectContaining({ actorRole: 'teacher', subjectId: student.user._id, what: 'recording_audio', resourceId: recording.id })]);
  });

  it('writes one entry for a player scrubbing within 10 minutes, requests at once included, and one per person', async () => {
    const { teacher, admin, recording, size } = await classroom();
    for (const range of ['bytes=0-', `bytes=${size - 100}-`, 'bytes=500-', 'bytes=-10']) expect((await get(recording.audioUrl, teacher.cookie, { Range: range })).status).toBe(206);
    const etag = (await get(recording.audioUrl, teacher.cookie)).headers.get('ETag')!;
    expect((await get(recording.audioUrl, teacher.cookie, { 'If-None-Match': etag })).status).toBe(304);
    expect((await get(recording.audioUrl, teacher.cookie, { Range: `bytes=${size}-` })).status).toBe(416);
    const atOnce = await Promise.all(Array.from({ length: 6 }, (_, i) => get(recording.audioUrl, admin.cookie, { Range: `bytes=${i * 10}-` })));
    expect(atOnce.map((r) => r.status)).toEqual(Array(6).fill(206));
    expect(await entriesBy(teacher.user._id)).toHaveLength(1);
    expect(await entriesBy(admin.user._id)).toHaveLength(1);
  });

  it('writes a second entry once the 10 minutes have passed, and the retention job sweeps ended windows', async () => {
    const { teacher, recording } = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=1-' });
    expect(await entriesBy(teacher.user._id)).toHaveLength(1);
    const window = await AccessLogWindow.findOne({ actorId: teacher.user._id }).lean();
    expect(window?.until.getTime()).toBeGreaterThan(Date.now() + FILE_READ_WINDOW_MS - 60_000);
    // as if the window had ended
    await AccessLogWindow.updateOne({ actorId: teacher.user._id }, { $set: { until: new Date(Date.now() - 1) } });
    await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=1-' });
    expect(await entriesBy(teacher.user._id)).toHaveLength(2);

    const later = new Date(Date.now() + FILE_READ_WINDOW_MS + 1000);
    await runRetention({ stores: createUploadStores(env), dryRun: true, now: later });
    expect(await AccessLogWindow.countDocuments({ actorId: teacher.user._id })).toBe(1);
    await runRetention({ stores: createUploadStores(env), dryRun: false, now: later });
    expect(await AccessLogWindow.countDocuments({ actorId: teacher.user._id })).toBe(0);
    expect(await sweepReadWindows(later)).toBe(0);
  });

  it('writes nothing for the student’s own reads, whatever their Range', async () => {
    const { student, recording } = await classroom();
    for (const range of ['bytes=0-', 'items=0-', 'bytes=1-,0-0']) await get(recording.audioUrl, student.cookie, { Range: range });
    expect(await entriesBy(student.user._id)).toEqual([]);
    expect(await AccessLogWindow.countDocuments({ actorId: student.user._id })).toBe(0);
  });
});

describe('an admin’s download of a student’s data export (docs/product.md#access-log)', () => {
  it.each([
    ['items=0-', { Range: 'items=0-' }],
    ['bytes=1- with a failing If-Range', { Range: 'bytes=1-', 'If-Range': '"other"' }],
    ['a suffix longer than the archive', { Range: 'bytes=-100000000' }],
  ])('writes one privacy_export entry for %s', async (_label, headers: Record<string, string>) => {
    const { student, admin } = await classroom();
    const started = await readJson(await app.request(`/api/admin/privacy/exports/${student.user.id}`, jsonRequest('POST', undefined, admin.cookie)));
    await exportJobs.runUntilIdle();
    const url = `/api/privacy/exports/${started.id}/download`;
    expect([200, 206]).toContain((await get(url, admin.cookie, headers)).status);
    // the further ranges of the same download add nothing
    expect((await get(url, admin.cookie, { Range: 'bytes=10-' })).status).toBe(206);
    expect(await entriesBy(admin.user._id)).toEqual([expect.objectContaining({ subjectId: student.user._id, what: 'privacy_export', resourceId: started.id })]);
  });
});

describe('the access log’s CSV file (docs/product.md#csv-files)', () => {
  it('neutralises names a spreadsheet would run as formulas', async () => {
    const { teacher, admin, student, recording } = await classroom('=HYPERLINK("https://evil.example","open")');
    await get(recording.audioUrl, teacher.cookie);
    const res = await get(`/api/admin/privacy/access-log/csv?subjectId=${student.user.id}`, admin.cookie);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""open"")`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});
