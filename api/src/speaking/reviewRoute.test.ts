import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { getEnv } from '../platform/env.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';

const app = createApp({ env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-review-')) } });

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });

/** A teacher's task with one student's recorded answer. */
async function recorded() {
  const teacher = await signedIn(2);
  const student = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id, title: `Review ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(student.user._id, [course._id]);
  const task = await readJson(
    await app.request(
      '/api/teacher/speaking-tasks',
      jsonRequest('POST', { courseId: course.id, title: 'Explain a process', prompt: 'Explain how lunch works here.', focusStrands: ['linguistic', 'physical'] }, teacher.cookie),
    ),
  );
  const form = new FormData();
  form.append('audio', new Blob([audioFixture('speech.wav') as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'answer.wav');
  const sent = await app.request(`/api/student/speaking-tasks/${task.id}/recordings`, { method: 'POST', headers: { Cookie: student.cookie, Origin: TEST_ORIGIN }, body: form });
  expect(sent.status).toBe(201);
  return { teacher, student, course, task, recording: await readJson(sent) };
}

describe('GET /api/recordings/:recordingId (docs/product.md#feedback)', () => {
  it('answers one recording as the review screen shows it, with its feedback once given', async () => {
    const { teacher, student, course, task, recording } = await recorded();
    const res = await get(`/api/recordings/${recording.id}`, teacher.cookie);
    expect(res.status).toBe(200);
    const item = await readJson(res);
    expect(item).toMatchObject({
      id: recording.id,
      taskId: task.id,
      studentId: student.user.id,
      studentName: student.user.name,
      taskTitle: 'Explain a process',
      prompt: 'Explain how lunch works here.',
      focusStrands: ['linguistic', 'physical'],
      courseTitle: course.title,
      audioUrl: `/api/recordings/${recording.id}/audio`,
      status: 'pending',
      feedback: null,
    });
    expect(item.delivery).toEqual(recording.delivery);

    const scored = await app.request(`/api/teacher/recordings/${recording.id}/feedback`, jsonRequest('POST', { strands: { linguistic: 4, physical: 2 }, comment: 'Clear.' }, teacher.cookie));
    expect(scored.status).toBe(201);
    expect(await readJson(await get(`/api/recordings/${recording.id}`, teacher.cookie))).toMatchObject({
      status: 'reviewed',
      feedback: { strands: { linguistic: 4, physical: 2 }, comment: 'Clear.' },
    });
  });

  it('is for whoever may hear the audio: the student, the course’s teacher and admins', async () => {
    const { student, recording } = await recorded();
    const path = `/api/recordings/${recording.id}`;
    expect((await get(path, student.cookie)).status).toBe(200);
    expect((await get(path, (await signedIn(1)).cookie)).status).toBe(200);
    for (const other of [await signedIn(3), await signedIn(2)]) {
      const refused = await get(path, other.cookie);
      expect(refused.status).toBe(403);
      expect((await readJson(refused)).error.code).toBe('forbidden');
    }
    expect((await app.request(path)).status).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const teacher = await signedIn(2);
    const unknown = await get(`/api/recordings/${new Types.ObjectId().toString()}`, teacher.cookie);
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error.code).toBe('not_found');
    const malformed = await get('/api/recordings/not-an-id', teacher.cookie);
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.code).toBe('validation_error');
  });
});
