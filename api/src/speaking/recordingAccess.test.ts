import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AccessLogEntry } from '../privacy/accessLogModel.js';
import { Feedback } from './model.js';
import { getEnv } from '../platform/env.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { flushAccessLog } from '../privacy/accessLog.js';

/** docs/product.md#who-sees-a-recording: access follows the course's current teacher. */

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-recording-access-'));
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir } });

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });

/** Sends a take of `taskId` as the student with `cookie`. */
async function record(taskId: string, cookie: string): Promise<{ id: string; audioUrl: string }> {
  const form = new FormData();
  form.append('audio', new Blob([audioFixture('speech.webm') as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
  const res = await app.request(`/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(201);
  return readJson(res);
}

/** The admin hands the course over to `instructorId` through the course form (`PUT /api/admin/courses/:id`). */
async function handOver(admin: { cookie: string }, course: { id: string; title: string }, instructorId: string) {
  const res = await app.request(
    `/api/admin/courses/${course.id}`,
    jsonRequest(
      'PUT',
      { title: course.title, description: 'Speak to convince.', instructorId, duration: 10, startDate: '2025-01-01', endDate: '2025-12-31', status: 'active' },
      admin.cookie,
    ),
  );
  expect(res.status).toBe(200);
}

const queue = async (teacher: { user: { id: string }; cookie: string }, status: 'pending' | 'reviewed') =>
  (await readJson(await get(`/api/teacher/recordings/${teacher.user.id}?status=${status}`, teacher.cookie))) as { id: string; feedback: { teacherId: string | null } | null }[];

const score = (recordingId: string, cookie: string, method: 'POST' | 'PUT' = 'POST', comment = 'Clear and steady.') =>
  app.request(`/api/teacher/recordings/${recordingId}/feedback`, jsonRequest(method, { strands: { linguistic: 4 }, comment }, cookie));

/**
 * T1 teaches a course with a task, a student T1 has scored and one whose take waits; the admin
 * hands the course to T2; then a student who was never T1's enrols and records.
 */
async function handedOver() {
  const [t1, t2, admin, earlier, peer] = [await signedIn(2), await signedIn(2), await signedIn(1), await signedIn(3), await signedIn(3)];
  const course = await makeCourse({ instructorId: t1.user._id, title: `Debate ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(earlier.user._id, [course._id]);
  await enroll(peer.user._id, [course._id]);
  const task = await readJson(
    await app.request(
      '/api/teacher/speaking-tasks',
      jsonRequest('POST', { courseId: course.id, title: 'Argue', prompt: 'Argue for longer lunches.', focusStrands: ['linguistic'] }, t1.cookie),
    ),
  );
  const scored = await record(task.id, earlier.cookie);
  expect((await score(scored.id, t1.cookie, 'POST', 'Given before the hand-over.')).status).toBe(201);
  const waiting = await record(task.id, peer.cookie);

  await handOver(admin, { id: course.id, title: course.title }, t2.user.id);
  const newcomer = await signedIn(3);
  await enroll(newcomer.user._id, [course._id]);
  const take = await record(task.id, newcomer.cookie);
  return { t1, t2, admin, earlier, newcomer, course, task, scored, waiting, take };
}

describe('a course handed to another teacher (docs/product.md#who-sees-a-recording)', () => {
  it('refuses the former teacher the audio, the delivery report, the queue and feedback', async () => {
    const { t1, take, waiting, newcomer } = await handedOver();
    for (const recording of [take, waiting]) expect((await get(recording.audioUrl, t1.cookie)).status).toBe(403);
    expect((await get(`/api/recordings/${take.id}/delivery`, t1.cookie)).status).toBe(403);
    expect(await queue(t1, 'pending')).toEqual([]);
    expect((await queue(t1, 'reviewed')).map((r) => r.id)).toEqual([]);
    const refused = await score(take.id, t1.cookie);
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error.code).toBe('forbidden');
    expect((await get(`/api/student/oracy/${newcomer.user.id}`, t1.cookie)).status).toBe(403);
    // a refused read leaves no entry in the access log
    await flushAccessLog();
    expect(await AccessLogEntry.countDocuments({ actorId: t1.user._id })).toBe(0);
  });

  it('moves the pending takes to the new teacher, who hears them and scores them', async () => {
    const { t2, take, waiting, newcomer } = await handedOver();
    expect((await queue(t2, 'pending')).map((r) => r.id)).toEqual([waiting.id, take.id]);
    expect((await score(waiting.id, t2.cookie)).status).toBe(201);
    expect((await get(take.audioUrl, t2.cookie)).status).toBe(200);
    expect((await get(`/api/recordings/${take.id}/delivery`, t2.cookie)).status).toBe(200);
    expect((await get(`/api/student/oracy/${newcomer.user.id}`, t2.cookie)).status).toBe(200);
    const given = await score(take.id, t2.cookie);
    expect(given.status).toBe(201);
    expect(await readJson(given)).toMatchObject({ teacherId: t2.user.id });
    expect((await score(take.id, t2.cookie, 'PUT', 'Even better.')).status).toBe(200);
    expect(await queue(t2, 'pending')).toEqual([]);
  });

  it('keeps earlier feedback signed by whoever gave it; neither teacher changes it afterwards', async () => {
    const { t1, t2, scored, earlier } = await handedOver();
    const reviewed = await queue(t2, 'reviewed');
    expect(reviewed.find((r) => r.id === scored.id)?.feedback).toMatchObject({ teacherId: t1.user.id });
    expect((await Feedback.findOne({ recordingId: scored.id }).lean())?.teacherId?.equals(t1.user._id)).toBe(true);
    const tasks = await readJson(await get(`/api/student/speaking-tasks/${earlier.user.id}`, earlier.cookie));
    expect(tasks[0].feedback).toMatchObject({ teacherId: t1.user.id, comment: 'Given before the hand-over.' });
    // the former teacher no longer scores the course; the new one did not write it
    expect((await score(scored.id, t1.cookie, 'PUT')).status).toBe(403);
    const notTheirs = await score(scored.id, t2.cookie, 'PUT');
    expect(notTheirs.status).toBe(403);
    expect((await readJson(notTheirs)).error.message).toBe('Only the teacher who gave this feedback can change it.');
    expect((await score(scored.id, t2.cookie)).status).toBe(409);
  });

  it('takes the course’s tasks along: the former teacher neither lists nor changes them', async () => {
    const { t1, t2, task } = await handedOver();
    const listed = async (teacher: { user: { id: string }; cookie: string }) => readJson(await get(`/api/teacher/speaking-tasks/${teacher.user.id}`, teacher.cookie));
    expect((await listed(t1)).map((t: { id: string }) => t.id)).not.toContain(task.id);
    expect(await listed(t2)).toEqual(expect.arrayContaining([expect.objectContaining({ id: task.id, submitted: 3, reviewed: 1 })]));
    const edit = { title: 'Argue again', prompt: 'Argue for shorter lunches.', focusStrands: ['linguistic'], maxSeconds: 90 };
    expect((await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', edit, t1.cookie))).status).toBe(403);
    expect((await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', edit, t2.cookie))).status).toBe(200);
  });

  it('lets the student and admins keep every access, and gives admins no score', async () => {
    const { admin, take, newcomer } = await handedOver();
    for (const reader of [admin, newcomer]) {
      expect((await get(take.audioUrl, reader.cookie)).status).toBe(200);
      expect((await get(`/api/recordings/${take.id}/delivery`, reader.cookie)).status).toBe(200);
    }
    expect((await score(take.id, admin.cookie)).status).toBe(403);
    expect((await score(take.id, newcomer.cookie)).status).toBe(403);
  });
});
