import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AccessLogEntry, RetentionRun } from './accessLogModel.js';
import { Feedback, Recording } from '../speaking/model.js';
import { Transcript } from '../transcripts/model.js';
import { SchoolSettings } from '../settings/model.js';
import { Session } from '../auth/sessionModel.js';
import { getEnv } from '../platform/env.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { erasePerson } from './erasure.js';
import { EXPORT_JOB } from './exports.js';
import { flushAccessLog } from './accessLog.js';
import { queueScheduledRetention, retentionSlot, runRetentionOnce } from './retentionJob.js';
import { runRetention } from './retention.js';
import { createUploadStores, recordingsDir } from '../platform/uploads.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-privacy-'));
const env = { ...getEnv(), DATA_DIR: dataDir };
const app = createApp({ env });
const stores = createUploadStores(env);
const storedFiles = () => (existsSync(recordingsDir(dataDir)) ? readdirSync(recordingsDir(dataDir)) : []);
const DAY_MS = 24 * 60 * 60 * 1000;
const exportJobs = createJobRunner({ names: [EXPORT_JOB] });

async function signedIn(role: 1 | 2 | 3, firstName?: string) {
  const { user, password } = await createUser({ role, ...(firstName ? { firstName } : {}) });
  return { user, cookie: await signIn(app, user.email, password) };
}

/** A teacher with a course and a task, an enrolled student who has sent a recording, and an admin. */
async function classroom() {
  const teacher = await signedIn(2, 'Tess');
  const student = await signedIn(3, 'Sam');
  const admin = await signedIn(1, 'Ada');
  const course = await makeCourse({ instructorId: teacher.user._id, title: `Voice ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(student.user._id, [course._id]);
  const task = await readJson(
    await app.request('/api/teacher/speaking-tasks', jsonRequest('POST', { courseId: course.id, title: 'Explain', prompt: 'Explain lunch.', focusStrands: ['linguistic'] }, teacher.cookie)),
  );
  const recording = await record(task.id, student.cookie);
  return { teacher, student, admin, course, task, recording };
}

async function record(taskId: string, cookie: string): Promise<{ id: string; audioUrl: string }> {
  const form = new FormData();
  form.append('audio', new Blob([audioFixture('speech.webm') as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
  const res = await app.request(`/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(201);
  return readJson(res);
}

const get = (path: string, cookie: string, headers: Record<string, string> = {}) => app.request(path, { headers: { Cookie: cookie, ...headers } });
/** The stored entries about a student, oldest first, once this process's journal is flushed. */
async function entriesAbout(subjectId: Types.ObjectId) {
  await flushAccessLog();
  return AccessLogEntry.find({ subjectId }).sort({ at: 1, _id: 1 }).lean();
}
const countAbout = async (subjectId: Types.ObjectId) => (await entriesAbout(subjectId)).length;

describe('the access log (docs/product.md#access-log)', () => {
  it('writes one entry when a teacher or an admin opens a student’s recording audio or Oracy profile, none for the student’s own reads', async () => {
    const { teacher, student, admin, recording } = await classroom();
    expect((await get(recording.audioUrl, student.cookie)).status).toBe(200);
    expect((await get(`/api/student/oracy/${student.user.id}`, student.cookie)).status).toBe(200);
    expect(await entriesAbout(student.user._id)).toEqual([]);

    expect((await get(recording.audioUrl, teacher.cookie)).status).toBe(200);
    expect((await get(`/api/student/oracy/${student.user.id}`, admin.cookie)).status).toBe(200);
    const entries = await entriesAbout(student.user._id);
    expect(entries).toEqual([
      expect.objectContaining({ actorId: teacher.user._id, actorRole: 'teacher', subjectId: student.user._id, what: 'recording_audio', resourceId: recording.id }),
      expect.objectContaining({ actorId: admin.user._id, actorRole: 'admin', subjectId: student.user._id, what: 'oracy_profile', resourceId: student.user.id }),
    ]);
    expect(entries[0]!.ip).toEqual(expect.any(String));
  });

  it('counts a playback once: the further byte ranges a player asks for add no entry', async () => {
    const { teacher, student, recording } = await classroom();
    expect((await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=0-' })).status).toBe(206);
    expect((await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=100-' })).status).toBe(206);
    expect(await countAbout(student.user._id)).toBe(1);
  });

  it('writes nothing for a refused read', async () => {
    const { student, recording } = await classroom();
    const stranger = await signedIn(2);
    expect((await get(recording.audioUrl, stranger.cookie)).status).toBe(403);
    expect((await get(`/api/student/oracy/${student.user.id}`, stranger.cookie)).status).toBe(403);
    expect(await countAbout(student.user._id)).toBe(0);
  });

  it('lists the log for admins newest first with names, filtered by student, staff member and dates, and paged', async () => {
    const { teacher, student, admin, recording } = await classroom();
    const other = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    await get(`/api/student/oracy/${student.user.id}`, teacher.cookie);
    await get(`/api/student/oracy/${student.user.id}`, admin.cookie);
    await get(other.recording.audioUrl, other.teacher.cookie);

    const all = await readJson(await get(`/api/admin/privacy/access-log?subjectId=${student.user.id}`, admin.cookie));
    expect(all.total).toBe(3);
    expect(all.entries.map((e: { what: string; actor: { role: string } }) => [e.what, e.actor.role])).toEqual([
      ['oracy_profile', 'admin'],
      ['oracy_profile', 'teacher'],
      ['recording_audio', 'teacher'],
    ]);
    expect(all.entries[2]).toMatchObject({
      actor: { id: teacher.user.id, name: teacher.user.name, role: 'teacher' },
      subject: { id: student.user.id, name: student.user.name },
      what: 'recording_audio',
      resourceId: recording.id,
      ip: expect.any(String),
    });

    const byTeacher = await readJson(await get(`/api/admin/privacy/access-log?subjectId=${student.user.id}&actorId=${teacher.user.id}&page=2&limit=1`, admin.cookie));
    expect(byTeacher.total).toBe(2);
    expect(byTeacher.entries).toHaveLength(1);
    expect(byTeacher.entries[0].what).toBe('recording_audio');

    const future = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const none = await readJson(await get(`/api/admin/privacy/access-log?subjectId=${student.user.id}&from=${future}`, admin.cookie));
    expect(none).toEqual({ entries: [], total: 0 });
    const today = await readJson(await get(`/api/admin/privacy/access-log?actorId=${other.teacher.user.id}&to=${future}`, admin.cookie));
    expect(today.total).toBe(1);
  });

  it.each([
    ['a malformed student id', 'subjectId=nope', 'subjectId'],
    ['a malformed date', 'from=yesterday', 'from'],
    ['from after to', 'from=2026-02-01&to=2026-01-01', 'from'],
    ['a page size over 100', 'limit=101', 'limit'],
  ])('refuses %s with 400 naming the parameter', async (_label, query, field) => {
    const admin = await signedIn(1);
    const res = await get(`/api/admin/privacy/access-log?${query}`, admin.cookie);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { [field]: expect.any(String) } } });
  });

  it('exports the same filter as CSV', async () => {
    const { teacher, student, admin, recording } = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    await get(`/api/student/oracy/${student.user.id}`, admin.cookie);
    const res = await get(`/api/admin/privacy/access-log/csv?subjectId=${student.user.id}&actorId=${teacher.user.id}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=access-log.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('at,actorId,actorName,actorRole,subjectId,subjectName,what,resourceId,ip');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${teacher.user.id},${teacher.user.name},teacher,${student.user.id},${student.user.name},recording_audio,${recording.id},`);
  });

  it('shows a student their own entries of the last 90 days, with who and what', async () => {
    const { teacher, student, recording } = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    await AccessLogEntry.create({ at: new Date(Date.now() - 91 * DAY_MS), actorId: teacher.user._id, actorRole: 'teacher', subjectId: student.user._id, what: 'oracy_profile' });
    const own = await readJson(await get('/api/privacy/access-log', student.cookie));
    expect(own).toEqual([{ at: expect.any(String), actor: { name: teacher.user.name, role: 'teacher' }, what: 'recording_audio' }]);
    expect(await readJson(await get('/api/privacy/access-log', teacher.cookie))).toEqual([]);
    expect((await app.request('/api/privacy/access-log')).status).toBe(401);
  });

  it('goes with a deleted student; a deleted teacher’s entries stay with their role, shown as "Deleted user"', async () => {
    const { teacher, student, admin, recording } = await classroom();
    const other = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    await get(other.recording.audioUrl, other.teacher.cookie);
    await erasePerson(student.user._id, stores);
    expect(await countAbout(student.user._id)).toBe(0);
    await erasePerson(other.teacher.user._id, stores);
    const kept = await readJson(await get(`/api/admin/privacy/access-log?subjectId=${other.student.user.id}`, admin.cookie));
    expect(kept.entries).toEqual([expect.objectContaining({ actor: { id: null, name: 'Deleted user', role: 'teacher' }, what: 'recording_audio' })]);
  });

  it('logs an admin’s download of a student’s data export, once per download, and not the student’s own', async () => {
    const { student, admin } = await classroom();
    const started = await readJson(await app.request(`/api/admin/privacy/exports/${student.user.id}`, jsonRequest('POST', undefined, admin.cookie)));
    await exportJobs.runUntilIdle();
    const url = `/api/privacy/exports/${started.id}/download`;
    expect((await get(url, student.cookie)).status).toBe(200);
    expect(await countAbout(student.user._id)).toBe(0);
    expect((await get(url, admin.cookie)).status).toBe(200);
    expect((await get(url, admin.cookie, { Range: 'bytes=10-' })).status).toBe(206);
    expect(await entriesAbout(student.user._id)).toEqual([expect.objectContaining({ actorId: admin.user._id, actorRole: 'admin', what: 'privacy_export', resourceId: started.id })]);
  });
});

describe('retention (docs/product.md#retention)', () => {
  /** A reviewed recording and one without feedback, both as if sent `daysAgo` days before now. */
  async function oldRecordings(daysAgo: number) {
    const { teacher, student, admin, task, recording } = await classroom();
    const fed = await app.request(`/api/teacher/recordings/${recording.id}/feedback`, jsonRequest('POST', { strands: { linguistic: 4 }, comment: 'Clear.' }, teacher.cookie));
    expect(fed.status).toBe(201);
    const peer = await signedIn(3);
    const course = await Recording.findById(recording.id).select('courseId').lean();
    await enroll(peer.user._id, [course!.courseId]);
    const pending = await record(task.id, peer.cookie);
    const sent = new Date(Date.now() - daysAgo * DAY_MS);
    await Recording.updateMany({ _id: { $in: [recording.id, pending.id] } }, { $set: { submittedAt: sent } });
    return { teacher, student, admin, reviewed: recording, pending, sent };
  }

  it('removes the audio of reviewed recordings older than the retention with their transcripts, keeps the record and feedback, and the dry run says so first', async () => {
    const { teacher, student, admin, reviewed, pending, sent } = await oldRecordings(400);
    const transcribed = { studentId: student.user._id, audio: 'take', status: 'ready', version: 1, language: 'en', text: 'I liked this book.' };
    await Transcript.updateOne({ recordingId: reviewed.id }, { $set: transcribed }, { upsert: true });
    await Transcript.updateOne({ recordingId: pending.id }, { $set: transcribed }, { upsert: true });
    const files = storedFiles().length;
    const dry = await readJson(await app.request('/api/admin/privacy/retention?dryRun=1', jsonRequest('POST', undefined, admin.cookie)));
    const audio = dry.removed.find((r: { kind: string }) => r.kind === 'recording_audio');
    expect(dry).toMatchObject({ dryRun: true, recordingRetentionDays: 365, inactiveAccounts: null });
    expect(audio.count).toBeGreaterThanOrEqual(1);
    expect(Date.parse(audio.oldest)).toBeLessThanOrEqual(sent.getTime());
    expect(storedFiles()).toHaveLength(files);
    expect(await Transcript.countDocuments({ recordingId: reviewed.id })).toBe(1);

    const run = await readJson(await app.request('/api/admin/privacy/retention', jsonRequest('POST', undefined, admin.cookie)));
    expect(run.dryRun).toBe(false);
    expect(run.removed).toEqual(dry.removed.map((r: object) => ({ ...r })));
    expect(storedFiles()).toHaveLength(files - audio.count);

    const after = await Recording.findById(reviewed.id).lean();
    expect(after).toMatchObject({ status: 'reviewed', audioRemovedAfterDays: 365 });
    expect(after?.audioRemovedAt).toBeInstanceOf(Date);
    expect(await Feedback.countDocuments({ recordingId: reviewed.id })).toBe(1);
    expect(await Transcript.countDocuments({ recordingId: reviewed.id })).toBe(0);
    expect((await Recording.findById(pending.id).lean())?.audioRemovedAt ?? null).toBeNull();
    expect(await Transcript.countDocuments({ recordingId: pending.id })).toBe(1);

    const gone = await get(reviewed.audioUrl, teacher.cookie);
    expect(gone.status).toBe(410);
    expect(await readJson(gone)).toEqual({ error: { code: 'audio_removed', message: 'The audio was removed after 365 days under the school’s retention policy.' } });
    expect((await get(pending.audioUrl, teacher.cookie)).status).toBe(200);
    const tasks = await readJson(await get(`/api/student/speaking-tasks/${student.user.id}`, student.cookie));
    expect(tasks[0].recording.audioRemoved).toEqual({ at: expect.any(String), afterDays: 365 });
    expect(tasks[0].feedback).toMatchObject({ comment: 'Clear.' });

    const again = await runRetention({ stores, dryRun: true });
    expect(again.removed.find((r) => r.kind === 'recording_audio')?.count).toBe(0);
  });

  it('keeps a transcript after its audio where the school keeps text longer, and removes it once the recording is that old (docs/product.md#retention)', async () => {
    const { student, admin, reviewed } = await oldRecordings(400);
    const transcribed = { studentId: student.user._id, audio: 'take', status: 'ready', version: 1, language: 'en', text: 'I liked this book.' };
    await Transcript.updateOne({ recordingId: reviewed.id }, { $set: transcribed }, { upsert: true });
    const settings = { language: 'English', backupFrequency: 'Daily', schoolName: '', privacyContact: '', recordingRetentionDays: 365, inactiveAccountMonths: null };
    expect((await app.request('/api/admin/settings', jsonRequest('PUT', { ...settings, transcriptRetentionDays: 500 }, admin.cookie))).status).toBe(200);
    const slot = () => `test:${String(new Types.ObjectId())}`;
    const kinds = (report: { removed: { kind: string; count: number }[] }) => Object.fromEntries(report.removed.map((r) => [r.kind, r.count]));

    const first = await runRetentionOnce({ slot: slot(), stores });
    expect(kinds(first!)).toMatchObject({ recording_transcript: 0 });
    expect((await Recording.findById(reviewed.id).lean())?.audioRemovedAt).toBeInstanceOf(Date);
    expect(await Transcript.findOne({ recordingId: reviewed.id }).lean()).toMatchObject({ text: 'I liked this book.', audioRemovedAt: expect.any(Date) });
    const read = await get(`/api/recordings/${reviewed.id}/transcript`, student.cookie);
    expect(await readJson(read)).toMatchObject({ status: 'ready', text: 'I liked this book.' });

    // 101 days on, the recording is 501 days old: the words go.
    const later = new Date(Date.now() + 101 * DAY_MS);
    const dry = await runRetention({ stores, dryRun: true, now: later });
    expect(kinds(dry).recording_transcript).toBeGreaterThanOrEqual(1);
    expect(await Transcript.countDocuments({ recordingId: reviewed.id })).toBe(1);
    const run = await runRetentionOnce({ slot: slot(), stores, now: later });
    expect(kinds(run!).recording_transcript).toBe(kinds(dry).recording_transcript);
    expect(await Transcript.countDocuments({ recordingId: reviewed.id })).toBe(0);
    // the run with the later clock ended every session: the setting goes back directly.
    await SchoolSettings.updateOne({ _id: 'school' }, { $set: { transcriptRetentionDays: null } });
  });

  it('removes transcripts kept after their audio at the next run once the school stops keeping them', async () => {
    const { student, admin, reviewed } = await oldRecordings(400);
    await Transcript.updateOne(
      { recordingId: reviewed.id },
      { $set: { studentId: student.user._id, audio: 'take', status: 'ready', version: 1, text: 'Kept.', audioRemovedAt: new Date() } },
      { upsert: true },
    );
    await Recording.updateOne({ _id: reviewed.id }, { $set: { audioRemovedAt: new Date(), audioRemovedAfterDays: 365 } });
    const run = await readJson(await app.request('/api/admin/privacy/retention', jsonRequest('POST', undefined, admin.cookie)));
    expect(run.removed.find((r: { kind: string }) => r.kind === 'recording_transcript').count).toBeGreaterThanOrEqual(1);
    expect(await Transcript.countDocuments({ recordingId: reviewed.id })).toBe(0);
  });

  it('previews a shorter retention before it is saved, and keeps recent audio', async () => {
    const { admin, reviewed } = await oldRecordings(100);
    const today = await readJson(await app.request('/api/admin/privacy/retention?dryRun=1', jsonRequest('POST', undefined, admin.cookie)));
    const shorter = await readJson(await app.request('/api/admin/privacy/retention?dryRun=1&recordingRetentionDays=90', jsonRequest('POST', undefined, admin.cookie)));
    const count = (report: { removed: { kind: string; count: number }[] }) => report.removed.find((r) => r.kind === 'recording_audio')!.count;
    expect(count(shorter)).toBe(count(today) + 1);
    expect(shorter.recordingRetentionDays).toBe(90);
    expect((await Recording.findById(reviewed.id).lean())?.audioRemovedAt ?? null).toBeNull();
    const refused = await app.request('/api/admin/privacy/retention?recordingRetentionDays=90', jsonRequest('POST', undefined, admin.cookie));
    expect(refused.status).toBe(400);
  });

  it('removes access-log entries after a year, expired sessions and old offline-send receipts, with a fake clock', async () => {
    const { teacher, student, recording } = await classroom();
    await get(recording.audioUrl, teacher.cookie);
    const later = new Date(Date.now() + 366 * DAY_MS);
    const dry = await runRetention({ stores, dryRun: true, now: later });
    const kinds = Object.fromEntries(dry.removed.map((r) => [r.kind, r.count]));
    expect(kinds.access_log).toBeGreaterThanOrEqual(1);
    expect(kinds.sessions).toBeGreaterThanOrEqual(1);
    const run = await runRetention({ stores, dryRun: false, now: later });
    expect(run.removed).toEqual(dry.removed);
    expect(await countAbout(student.user._id)).toBe(0);
    expect(await Session.countDocuments({ expiresAt: { $lte: later } })).toBe(0);
  });

  it('runs each scheduled slot once, whichever process queues it', async () => {
    const slot = new Date(2026, 10, 27, 3, 30);
    const first = await runRetentionOnce({ slot: retentionSlot(slot), stores });
    expect(first).not.toBeNull();
    expect(await runRetentionOnce({ slot: retentionSlot(slot), stores })).toBeNull();
    expect(await queueScheduledRetention(slot)).toBe(false);
    expect(await RetentionRun.countDocuments({ slot: retentionSlot(slot) })).toBe(1);
    expect(await RetentionRun.findOne({ slot: retentionSlot(slot) }).lean()).toMatchObject({ finishedAt: expect.any(Date), error: null });
  });

  it('reports inactive accounts when the school asks, and removes none', async () => {
    const { admin } = await classroom();
    await app.request(
      '/api/admin/settings',
      jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', schoolName: '', privacyContact: '', recordingRetentionDays: 365, inactiveAccountMonths: 6 }, admin.cookie),
    );
    const later = new Date(Date.now() + 400 * DAY_MS);
    const report = await runRetention({ stores, dryRun: true, now: later });
    expect(report.inactiveAccounts?.months).toBe(6);
    expect(report.inactiveAccounts?.count).toBeGreaterThanOrEqual(1);
    expect(await readJson(await get('/api/admin/settings', admin.cookie))).toMatchObject({ inactiveAccountMonths: 6 });
  });
});
