import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { StoredDeliveryReport } from './model.js';
import { Job } from '../platform/jobs/jobModel.js';
import { Recording } from '../speaking/model.js';
import { DELIVERY_VERSION } from './analysis/report.js';
import { getEnv } from '../platform/env.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { DELIVERY_JOB, DELIVERY_REASONS, defineDeliveryJob, type DeliveryTools } from './service.js';
import { serverDeliveryTools } from './tools.js';
import { DiskUploadStore, recordingsDir } from '../platform/uploads.js';
import { audioFixture, type AudioFixture } from '../test/audio.js';
import { fakeDeliveryTools, sampleReport, type FakeStep } from '../test/delivery.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { countQueries, enroll, makeCourse } from '../test/testData.js';
import { Transcript } from '../transcripts/model.js';

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-delivery-'));
const store = new DiskUploadStore(recordingsDir(dataDir));
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir }, deliveryTools: fakeDeliveryTools().tools });

/** Measures with `tools` from now on, retries coming at once; jobs an earlier test left queued are dropped. */
async function measureWith(tools: DeliveryTools): Promise<void> {
  defineDeliveryJob({ recordings: store, tools, options: { backoffMs: 1 } });
  await Job.deleteMany({ name: DELIVERY_JOB });
}

/** Runs every queued delivery job, retries included, until none is left to run. */
async function drain(): Promise<void> {
  const runner = createJobRunner({ names: [DELIVERY_JOB] });
  for (let i = 0; i < 50; i++) {
    await runner.runUntilIdle();
    if (!(await Job.exists({ name: DELIVERY_JOB, status: { $in: ['queued', 'running'] } }))) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('delivery jobs left unfinished');
}

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

/** A teacher with a course, a task in it, and an enrolled student. */
async function classroom(title = 'Explain a process') {
  const teacher = await signedIn(2);
  const student = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id });
  await enroll(student.user._id, [course._id]);
  const created = await app.request(
    '/api/teacher/speaking-tasks',
    jsonRequest('POST', { courseId: course.id, title, prompt: 'Explain how lunch works here.', focusStrands: ['physical'] }, teacher.cookie),
  );
  return { teacher, student, course, task: await readJson(created) };
}

/** Another task in the same course. */
async function anotherTask(world: Awaited<ReturnType<typeof classroom>>, title: string) {
  const res = await app.request(
    '/api/teacher/speaking-tasks',
    jsonRequest('POST', { courseId: world.course.id, title, prompt: 'Say it.', focusStrands: ['physical'] }, world.teacher.cookie),
  );
  return readJson(res);
}

/** Sends a recording as multipart, with the phone's report when given (an object is sent as JSON, a string as is). */
function upload(taskId: string, cookie: string, opts: { delivery?: unknown; bytes?: Uint8Array; durationMs?: number } = {}) {
  const form = new FormData();
  form.append('audio', new Blob([(opts.bytes ?? audioFixture('speech.webm')) as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
  if (opts.durationMs !== undefined) form.append('durationMs', String(opts.durationMs));
  if (opts.delivery !== undefined) form.append('delivery', typeof opts.delivery === 'string' ? opts.delivery : JSON.stringify(opts.delivery));
  return app.request(`/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN }, body: form });
}

const get = async (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const deliveryOf = async (recordingId: string, cookie: string) => readJson(await get(`/api/recordings/${recordingId}/delivery`, cookie));

const PENDING = { status: 'pending', source: null, version: null, analyzedAt: null, reason: null, report: null };
const PENDING_SUMMARY = { status: 'pending', source: null, pace: null, pausesCount: null, expression: null, quiet: null, clipped: null };

describe('a recording’s delivery report (docs/product.md#measured-by-the-server)', () => {
  it('is pending until the server has measured the stored audio, then the server’s', async () => {
    const { tools, decoded } = fakeDeliveryTools();
    await measureWith(tools);
    const { student, task } = await classroom();
    const res = await upload(task.id, student.cookie);
    expect(res.status).toBe(201);
    const recording = await readJson(res);
    expect(recording.delivery).toEqual(PENDING_SUMMARY);
    expect(await deliveryOf(recording.id, student.cookie)).toEqual(PENDING);

    await drain();
    expect(decoded).toEqual(['audio/webm']);
    const measured = await deliveryOf(recording.id, student.cookie);
    expect(measured).toEqual({ status: 'ready', source: 'server', version: DELIVERY_VERSION, analyzedAt: expect.any(String), reason: null, report: sampleReport() });
    expect(Date.parse(measured.analyzedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('starts as the phone’s report, which the server’s replaces', async () => {
    await measureWith(fakeDeliveryTools({ report: () => sampleReport({ rate: { syllables: 14, syllablesPerSecond: 6.2, pace: 'fast' } }) }).tools);
    const { student, task } = await classroom();
    const device = sampleReport({ loudness: { speechDbfs: -45, quiet: true, clipped: false } });
    const recording = await readJson(await upload(task.id, student.cookie, { delivery: device }));
    expect(recording.delivery).toEqual({ status: 'ready', source: 'device', pace: 'comfortable', pausesCount: 1, expression: 'some', quiet: true, clipped: false });
    const listed = await readJson(await get(`/api/student/speaking-tasks/${student.user.id}`, student.cookie));
    expect(listed[0].recording.delivery.source).toBe('device');
    expect(await deliveryOf(recording.id, student.cookie)).toMatchObject({ status: 'ready', source: 'device', version: DELIVERY_VERSION, reason: null, report: device });

    await drain();
    const measured = await deliveryOf(recording.id, student.cookie);
    expect(measured).toMatchObject({ status: 'ready', source: 'server', reason: null });
    expect(measured.report.rate.pace).toBe('fast');
    const relisted = await readJson(await get(`/api/student/speaking-tasks/${student.user.id}`, student.cookie));
    expect(relisted[0].recording.delivery.source).toBe('server');
  });

  it.each([
    ['text that is not JSON', '{"version": 1,'],
    ['a report without its timeline', JSON.stringify({ ...sampleReport(), timeline: undefined })],
    ['an unknown pace', JSON.stringify(sampleReport({ rate: { syllables: 1, syllablesPerSecond: 1, pace: 'glacial' as never } }))],
    ['a negative duration', JSON.stringify(sampleReport({ durationMs: -1 }))],
  ])('refuses %s from the phone with 400 naming delivery, storing nothing', async (_what, delivery) => {
    const { student, task } = await classroom();
    const before = await Recording.countDocuments();
    const res = await upload(task.id, student.cookie, { delivery });
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.fields)).toEqual(['delivery']);
    expect(await Recording.countDocuments()).toBe(before);
  });

  it('is read by the recording’s student, the task’s teacher and admins only', async () => {
    const { teacher, student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie));
    const path = `/api/recordings/${recording.id}/delivery`;
    const admin = await signedIn(1);
    const otherStudent = await signedIn(3);
    const otherTeacher = await signedIn(2);
    for (const who of [student, teacher, admin]) expect((await get(path, who.cookie)).status).toBe(200);
    for (const who of [otherStudent, otherTeacher]) expect((await get(path, who.cookie)).status).toBe(403);
    expect((await get(path)).status).toBe(401);
    const malformed = await get('/api/recordings/not-an-id/delivery', student.cookie);
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.fields).toHaveProperty('recordingId');
    expect((await get(`/api/recordings/${new Types.ObjectId().toString()}/delivery`, admin.cookie)).status).toBe(404);
  });
});

/**
 * Two students' takes, measured to the end: one sent without a report (`bare`), one with the
 * phone's `sampleReport()` (`withReport`).
 */
async function bareAndWithReport() {
  const { student, task } = await classroom();
  const bare = await readJson(await upload(task.id, student.cookie));
  const other = await classroom();
  const withReport = await readJson(await upload(other.task.id, other.student.cookie, { delivery: sampleReport() }));
  await drain();
  return { student, other, bare, withReport };
}

describe('when the server cannot measure (docs/product.md#measured-by-the-server)', () => {
  it('without ffmpeg: unavailable, or the phone’s report kept, tried once', async () => {
    const { tools, decoded } = fakeDeliveryTools({ steps: ['ffmpeg-missing'] });
    await measureWith(tools);
    const { student, other, bare, withReport } = await bareAndWithReport();
    expect(decoded).toHaveLength(2);
    expect(await deliveryOf(bare.id, student.cookie)).toEqual({ ...PENDING, status: 'unavailable', reason: DELIVERY_REASONS.unavailable });
    expect(await deliveryOf(withReport.id, other.student.cookie)).toMatchObject({ status: 'ready', source: 'device', reason: null, report: sampleReport() });
    expect(
      await Job.find({ name: DELIVERY_JOB, 'payload.recordingId': { $in: [bare.id, withReport.id] } })
        .select('status attempts')
        .lean(),
    ).toEqual([expect.objectContaining({ status: 'done', attempts: 1 }), expect.objectContaining({ status: 'done', attempts: 1 })]);
  });

  it.each([
    ['corrupt', DELIVERY_REASONS.corrupt],
    ['unsupported', DELIVERY_REASONS.unsupported],
    ['too-long', DELIVERY_REASONS['too-long']],
  ] as const)('audio that is %s: failed with the reason, or the phone’s report kept with it, tried once', async (step, reason) => {
    const { tools, decoded } = fakeDeliveryTools({ steps: [step] });
    await measureWith(tools);
    const { student, other, bare, withReport } = await bareAndWithReport();
    expect(decoded).toHaveLength(2);
    expect(await deliveryOf(bare.id, student.cookie)).toEqual({ ...PENDING, status: 'failed', reason });
    expect(await deliveryOf(withReport.id, other.student.cookie)).toMatchObject({ status: 'ready', source: 'device', reason, report: sampleReport() });
  });

  it('tries three times when decoding times out, then says so', async () => {
    const { tools, decoded } = fakeDeliveryTools({ steps: ['timeout'] });
    await measureWith(tools);
    const { student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie));
    await drain();
    expect(decoded).toHaveLength(3);
    expect(await deliveryOf(recording.id, student.cookie)).toEqual({ ...PENDING, status: 'failed', reason: DELIVERY_REASONS.timeout });
    expect(await Job.findOne({ name: DELIVERY_JOB, 'payload.recordingId': recording.id }).lean()).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('measures on a later try after a decoder that failed for a passing reason', async () => {
    const steps: FakeStep[] = ['timeout', new Error('spawn EAGAIN'), 'ok'];
    const { tools, decoded } = fakeDeliveryTools({ steps });
    await measureWith(tools);
    const { student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie));
    await drain();
    expect(decoded).toHaveLength(3);
    expect(await deliveryOf(recording.id, student.cookie)).toMatchObject({ status: 'ready', source: 'server' });
  });

  it('fails, without retrying, when the analysis makes an invalid report or throws', async () => {
    await measureWith(fakeDeliveryTools({ report: () => ({ ...sampleReport(), durationMs: -5 }) }).tools);
    const { student, task } = await classroom();
    const invalid = await readJson(await upload(task.id, student.cookie));
    await drain();
    expect(await deliveryOf(invalid.id, student.cookie)).toMatchObject({ status: 'failed', reason: DELIVERY_REASONS.error });

    await measureWith(
      fakeDeliveryTools({
        report: () => {
          throw new RangeError('bad frame');
        },
      }).tools,
    );
    const other = await classroom();
    const thrown = await readJson(await upload(other.task.id, other.student.cookie));
    await drain();
    expect(await deliveryOf(thrown.id, other.student.cookie)).toMatchObject({ status: 'failed', reason: DELIVERY_REASONS.error });
    expect(await Job.findOne({ name: DELIVERY_JOB, 'payload.recordingId': thrown.id }).lean()).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('replaced, deleted and removed audio (docs/product.md#measured-by-the-server)', () => {
  it('a replaced take gets a fresh pending report, and the old take’s job does nothing', async () => {
    const { tools, decoded } = fakeDeliveryTools();
    await measureWith(tools);
    const { student, task } = await classroom();
    const first = await readJson(await upload(task.id, student.cookie));
    await drain();
    expect((await deliveryOf(first.id, student.cookie)).status).toBe('ready');

    const second = await readJson(await upload(task.id, student.cookie, { bytes: audioFixture('speech.ogg') }));
    expect(second.id).toBe(first.id);
    expect(second.delivery).toEqual(PENDING_SUMMARY);
    expect(await deliveryOf(second.id, student.cookie)).toEqual(PENDING);
    const third = await readJson(await upload(task.id, student.cookie, { bytes: audioFixture('speech.wav') }));
    await drain();
    // the second take's job found its audio replaced and measured nothing.
    expect(decoded).toEqual(['audio/webm', 'audio/wav']);
    expect(await deliveryOf(third.id, student.cookie)).toMatchObject({ status: 'ready', source: 'server' });
    expect(await StoredDeliveryReport.countDocuments({ recordingId: first.id })).toBe(1);
  });

  it('goes with its recording when the student or the course is deleted; a queued job then does nothing', async () => {
    const { tools, decoded } = fakeDeliveryTools();
    await measureWith(tools);
    const admin = await signedIn(1);
    const a = await classroom();
    const byStudent = await readJson(await upload(a.task.id, a.student.cookie));
    const b = await classroom();
    const byCourse = await readJson(await upload(b.task.id, b.student.cookie));
    expect(await StoredDeliveryReport.countDocuments({ recordingId: { $in: [byStudent.id, byCourse.id] } })).toBe(2);

    expect((await app.request(`/api/admin/users/${a.student.user.id}`, jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(204);
    expect((await app.request(`/api/admin/courses/${b.course.id}`, jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(204);
    expect(await StoredDeliveryReport.countDocuments({ recordingId: { $in: [byStudent.id, byCourse.id] } })).toBe(0);
    await drain();
    expect(decoded).toEqual([]);
    expect(await StoredDeliveryReport.countDocuments({ recordingId: { $in: [byStudent.id, byCourse.id] } })).toBe(0);
  });

  it('stays when its audio is removed, and nothing measures audio that is gone', async () => {
    const { tools, decoded } = fakeDeliveryTools();
    await measureWith(tools);
    // only this test's recordings, for the reanalysis below
    await Recording.deleteMany({});
    await StoredDeliveryReport.deleteMany({});
    const admin = await signedIn(1);
    const { student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie));
    await drain();
    const stored = (await Recording.findById(recording.id).lean())!;
    await store.remove(stored.file.name);
    await StoredDeliveryReport.updateOne({ recordingId: recording.id }, { $set: { version: DELIVERY_VERSION - 1 } });

    await app.request('/api/admin/delivery/reanalyse', jsonRequest('POST', undefined, admin.cookie));
    await drain();
    expect(decoded).toEqual(['audio/webm']);
    expect(await deliveryOf(recording.id, student.cookie)).toMatchObject({ status: 'ready', source: 'server', report: sampleReport() });
  });
});

describe('delivery in lists and in the profile (docs/product.md#measured-by-the-server)', () => {
  it('the student’s task list and the teacher’s review queue carry each recording’s summary, in a fixed number of queries', async () => {
    await measureWith(fakeDeliveryTools({ report: () => sampleReport({ pitch: { medianHz: 200, variationSemitones: 2.6, expression: 'lively' } }) }).tools);
    const world = await classroom('First');
    const second = await anotherTask(world, 'Second');
    const measured = await readJson(await upload(world.task.id, world.student.cookie));
    await drain();
    const waiting = await readJson(await upload(second.id, world.student.cookie));

    const tasks = await readJson(await get(`/api/student/speaking-tasks/${world.student.user.id}`, world.student.cookie));
    const summaryOf = (id: string) => tasks.find((t: { recording: { id: string } | null }) => t.recording?.id === id).recording.delivery;
    expect(summaryOf(measured.id)).toEqual({ status: 'ready', source: 'server', pace: 'comfortable', pausesCount: 1, expression: 'lively', quiet: false, clipped: false });
    expect(summaryOf(waiting.id)).toEqual(PENDING_SUMMARY);

    const queue = await readJson(await get(`/api/teacher/recordings/${world.teacher.user.id}?status=pending`, world.teacher.cookie));
    expect(queue.map((item: { id: string; delivery: { status: string } }) => [item.id, item.delivery.status])).toEqual([
      [measured.id, 'ready'],
      [waiting.id, 'pending'],
    ]);

    // more tasks and recordings, the same number of queries
    const before = await countQueries(() => get(`/api/teacher/recordings/${world.teacher.user.id}?status=pending`, world.teacher.cookie));
    const beforeTasks = await countQueries(() => get(`/api/student/speaking-tasks/${world.student.user.id}`, world.student.cookie));
    const third = await anotherTask(world, 'Third');
    await upload(third.id, world.student.cookie);
    const after = await countQueries(() => get(`/api/teacher/recordings/${world.teacher.user.id}?status=pending`, world.teacher.cookie));
    const afterTasks = await countQueries(() => get(`/api/student/speaking-tasks/${world.student.user.id}`, world.student.cookie));
    expect(after.queries).toBe(before.queries);
    expect(afterTasks.queries).toBe(beforeTasks.queries);
  });

  it('the student’s profile shows delivery over time: the latest 10 ready reports, oldest first, with the task’s title', async () => {
    await measureWith(fakeDeliveryTools().tools);
    const world = await classroom('Take 0');
    const ids: string[] = [world.task.id];
    for (let i = 1; i < 12; i++) ids.push((await anotherTask(world, `Take ${i}`)).id);
    const recordings = [];
    for (const [i, taskId] of ids.entries()) {
      // each report a little longer, so the points differ
      const report = sampleReport({ durationMs: 2000 + i * 1000, rate: { syllables: 6, syllablesPerSecond: 3 + i / 10, pace: 'comfortable' } });
      recordings.push(await readJson(await upload(taskId, world.student.cookie, { delivery: report })));
    }
    // one without a ready report: the server failed and the phone sent none
    const failing = await anotherTask(world, 'Broken');
    const broken = await readJson(await upload(failing.id, world.student.cookie));
    await StoredDeliveryReport.updateOne({ recordingId: broken.id }, { $set: { status: 'failed', reason: DELIVERY_REASONS.corrupt } });
    // submitted one minute apart, in order
    for (const [i, r] of [...recordings, broken].entries()) {
      const submittedAt = new Date(Date.UTC(2026, 0, 10, 9, i));
      await Recording.updateOne({ _id: r.id }, { $set: { submittedAt } });
      await StoredDeliveryReport.updateOne({ recordingId: r.id }, { $set: { submittedAt } });
    }

    const profile = await readJson(await get(`/api/student/oracy/${world.student.user.id}`, world.student.cookie));
    expect(profile.delivery).toHaveLength(10);
    expect(profile.delivery.map((p: { taskTitle: string }) => p.taskTitle)).toEqual(Array.from({ length: 10 }, (_, i) => `Take ${i + 2}`));
    expect(profile.delivery[0]).toEqual({
      recordingId: recordings[2].id,
      taskTitle: 'Take 2',
      submittedAt: '2026-01-10T09:02:00.000Z',
      syllablesPerSecond: 3.2,
      // one pause in a 4 s take
      pausesPerMinute: 15,
      variationSemitones: 1.5,
      wordsPerMinute: null,
      fillersPerMinute: null,
    });
    // one pause in 7 s: 8.571… a minute
    expect(profile.delivery[3].pausesPerMinute).toBe(8.57);

    const teacherView = await readJson(await get(`/api/student/oracy/${world.student.user.id}`, world.teacher.cookie));
    expect(teacherView.delivery).toEqual(profile.delivery);

    // a ready transcript adds words and fillers a minute: 6 words at 90 a minute are 4 s of speaking, 2 fillers in 4 s are 30 a minute
    const words = ['so', 'um', 'I', 'think', 'uh', 'yes'].map((text, i) => ({ text, startMs: i * 500, endMs: i * 500 + 400, confidence: 0.9 }));
    const fillers = [words[1], words[4]].map((w) => ({ text: w!.text, startMs: w!.startMs, endMs: w!.endMs }));
    const transcript = { studentId: world.student.user._id, audio: 'take', status: 'ready', version: 1, language: 'en', text: 'so um I think uh yes', words, fillers, wordsPerMinute: 90 };
    await Transcript.updateOne({ recordingId: recordings[2].id }, { $set: transcript }, { upsert: true });
    await Transcript.updateOne({ recordingId: recordings[3].id }, { $set: { ...transcript, status: 'failed' } }, { upsert: true });
    const withWords = await readJson(await get(`/api/student/oracy/${world.student.user.id}`, world.student.cookie));
    expect(withWords.delivery[0]).toMatchObject({ recordingId: recordings[2].id, wordsPerMinute: 90, fillersPerMinute: 30 });
    expect(withWords.delivery[1]).toMatchObject({ wordsPerMinute: null, fillersPerMinute: null });
  });

  it('the profile reads a fixed number of queries whatever the number of reports', async () => {
    await measureWith(fakeDeliveryTools().tools);
    const world = await classroom();
    const read = () => countQueries(() => get(`/api/student/oracy/${world.student.user.id}`, world.student.cookie));
    await upload(world.task.id, world.student.cookie, { delivery: sampleReport() });
    const one = await read();
    for (let i = 0; i < 3; i++) await upload((await anotherTask(world, `More ${i}`)).id, world.student.cookie, { delivery: sampleReport() });
    const four = await read();
    expect(four.queries).toBe(one.queries);
    expect(four.result.status).toBe(200);
  });
});

describe('POST /api/admin/delivery/reanalyse (docs/product.md#delivery-feedback-calls)', () => {
  it('queues the recordings not measured by the server with the current method, admins only', async () => {
    await measureWith(fakeDeliveryTools({ steps: ['ok'] }).tools);
    // only this test's recordings
    await Recording.deleteMany({});
    await StoredDeliveryReport.deleteMany({});
    const admin = await signedIn(1);
    const world = await classroom();
    const { student, teacher } = world;
    const tasks = [world.task.id];
    for (let i = 0; i < 5; i++) tasks.push((await anotherTask(world, `T${i}`)).id);
    const made = [];
    for (const taskId of tasks) made.push(await readJson(await upload(taskId, student.cookie)));
    await drain();
    const [r0, r1, r2, r3, r4, r5] = made.map((r) => r.id as string) as [string, string, string, string, string, string];
    // r0: measured by the server with the current method: left alone
    await StoredDeliveryReport.updateOne({ recordingId: r1 }, { $set: { version: DELIVERY_VERSION - 1 } }); // an older method
    await StoredDeliveryReport.updateOne({ recordingId: r2 }, { $set: { source: 'device' } }); // the phone's only
    await StoredDeliveryReport.updateOne({ recordingId: r3 }, { $set: { status: 'failed', source: null, report: null, reason: DELIVERY_REASONS.corrupt } });
    await StoredDeliveryReport.updateOne({ recordingId: r4 }, { $set: { source: 'device', reason: DELIVERY_REASONS.corrupt } }); // the server failed; the phone's kept
    await StoredDeliveryReport.deleteOne({ recordingId: r5 }); // stored before delivery feedback existed
    await Job.deleteMany({ name: DELIVERY_JOB });

    for (const who of [student, teacher]) expect((await app.request('/api/admin/delivery/reanalyse', jsonRequest('POST', undefined, who.cookie))).status).toBe(403);
    expect((await app.request('/api/admin/delivery/reanalyse', { method: 'POST', headers: { Origin: TEST_ORIGIN } })).status).toBe(401);
    const res = await app.request('/api/admin/delivery/reanalyse', jsonRequest('POST', undefined, admin.cookie));
    expect(res.status).toBe(202);
    expect(await readJson(res)).toEqual({ queued: 3 });
    const queued = await Job.find({ name: DELIVERY_JOB, status: 'queued' }).lean();
    expect(queued.map((j) => (j.payload as { recordingId: string }).recordingId).sort()).toEqual([r1, r2, r5].sort());
    expect(await deliveryOf(r5, student.cookie)).toEqual(PENDING);

    // asked again before they ran: the same jobs
    expect(await readJson(await app.request('/api/admin/delivery/reanalyse', jsonRequest('POST', undefined, admin.cookie)))).toEqual({ queued: 3 });
    expect(await Job.countDocuments({ name: DELIVERY_JOB })).toBe(3);
    await drain();
    for (const id of [r0, r1, r2, r5]) expect(await deliveryOf(id, student.cookie)).toMatchObject({ status: 'ready', source: 'server', version: DELIVERY_VERSION });
    expect((await deliveryOf(r3, student.cookie)).status).toBe('failed');
    expect(await deliveryOf(r4, student.cookie)).toMatchObject({ source: 'device', reason: DELIVERY_REASONS.corrupt });
  });
});

describe('measured with the server’s own decoder and analysis (docs/product.md#measured-by-the-server)', () => {
  const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  const tools = (dir: string) => ({ missing: join(dir, 'no-such-ffmpeg'), slow: join(dir, 'slow-ffmpeg') });

  it('measures a WAV without ffmpeg, and leaves a WebM unavailable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oracy-no-ffmpeg-'));
    await measureWith(serverDeliveryTools({ ffmpegPath: tools(dir).missing }));
    const world = await classroom();
    const wav = await readJson(await upload(world.task.id, world.student.cookie, { bytes: audioFixture('speech.wav') }));
    const other = await anotherTask(world, 'Again');
    const webm = await readJson(await upload(other.id, world.student.cookie));
    await drain();
    const measured = await deliveryOf(wav.id, world.student.cookie);
    expect(measured).toMatchObject({ status: 'ready', source: 'server', version: DELIVERY_VERSION, reason: null });
    expect(Math.abs(measured.report.durationMs - wav.durationMs)).toBeLessThan(100);
    expect(await deliveryOf(webm.id, world.student.cookie)).toEqual({ ...PENDING, status: 'unavailable', reason: DELIVERY_REASONS.unavailable });
  });

  it('tries a decoder that hangs three times, killing it each time, then says measuring took too long', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oracy-slow-ffmpeg-'));
    writeFileSync(tools(dir).slow, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(tools(dir).slow, 0o755);
    await measureWith(serverDeliveryTools({ ffmpegPath: tools(dir).slow, timeoutMs: 200 }));
    const { student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie));
    await drain();
    expect(await deliveryOf(recording.id, student.cookie)).toEqual({ ...PENDING, status: 'failed', reason: DELIVERY_REASONS.timeout });
    expect(await Job.findOne({ name: DELIVERY_JOB, 'payload.recordingId': recording.id }).lean()).toMatchObject({ status: 'failed', attempts: 3 });
  });

  describe.skipIf(!hasFfmpeg)('with ffmpeg', () => {
    it.each(['speech.webm', 'speech.ogg', 'speech.m4a', 'chromium.webm'] as AudioFixture[])('measures %s, replacing the phone’s report', async (fixture) => {
      await measureWith(serverDeliveryTools());
      const { student, task, teacher } = await classroom();
      const recording = await readJson(await upload(task.id, student.cookie, { bytes: audioFixture(fixture), delivery: sampleReport() }));
      await drain();
      const measured = await deliveryOf(recording.id, teacher.cookie);
      expect(measured).toMatchObject({ status: 'ready', source: 'server', version: DELIVERY_VERSION, reason: null });
      expect(Math.abs(measured.report.durationMs - recording.durationMs)).toBeLessThan(150);
      expect(measured.report.speakingMs).toBeGreaterThan(0);
    });

    it('never gets a damaged WebM: the upload refuses it (its length cannot be read), and the next is measured', async () => {
      await measureWith(serverDeliveryTools());
      const world = await classroom();
      const damaged = await upload(world.task.id, world.student.cookie, { bytes: audioFixture('speech.webm').subarray(0, 200), durationMs: 2000 });
      expect(damaged.status).toBe(400);
      expect((await readJson(damaged)).error.fields).toHaveProperty('audio');
      const other = await anotherTask(world, 'Next');
      const fine = await readJson(await upload(other.id, world.student.cookie));
      await drain();
      expect((await deliveryOf(fine.id, world.student.cookie)).status).toBe('ready');
      const tasks = await readJson(await get(`/api/student/speaking-tasks/${world.student.user.id}`, world.student.cookie));
      expect(tasks.map((t: { recording: { delivery: { status: string } } | null }) => t.recording?.delivery.status ?? 'none').sort()).toEqual(['none', 'ready']);
    });
  });
});
