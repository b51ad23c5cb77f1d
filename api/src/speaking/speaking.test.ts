import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Feedback, Recording, SpeakingTask } from './model.js';
import { getEnv } from '../platform/env.js';
import { recordingsDir } from '../platform/uploads.js';
import { audioFixture, silentWav, type AudioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-speaking-'));
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir } });
const storedFiles = () => (existsSync(recordingsDir(dataDir)) ? readdirSync(recordingsDir(dataDir)) : []);

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

/** A teacher with a course, a task in it, and an enrolled student. */
async function classroom(task: { maxSeconds?: number; focusStrands?: string[] } = {}) {
  const teacher = await signedIn(2);
  const student = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id, title: `Voice ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(student.user._id, [course._id]);
  const created = await app.request(
    '/api/teacher/speaking-tasks',
    jsonRequest('POST', { courseId: course.id, title: 'Explain a process', prompt: 'Explain how lunch works here.', focusStrands: ['linguistic', 'physical'], ...task }, teacher.cookie),
  );
  expect(created.status).toBe(201);
  return { teacher, student, course, task: await readJson(created) };
}

/** Sends a recording as multipart, with an optional Idempotency-Key. */
function upload(taskId: string, cookie: string, bytes: Uint8Array, opts: { key?: string; durationMs?: number; type?: string } = {}) {
  const form = new FormData();
  form.append('audio', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: opts.type ?? 'audio/webm' }), 'answer.webm');
  if (opts.durationMs !== undefined) form.append('durationMs', String(opts.durationMs));
  return app.request(`/api/student/speaking-tasks/${taskId}/recordings`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: TEST_ORIGIN, ...(opts.key ? { 'Idempotency-Key': opts.key } : {}) },
    body: form,
  });
}

const get = async (path: string, cookie: string, headers: Record<string, string> = {}) => app.request(path, { headers: { Cookie: cookie, ...headers } });

describe('speaking tasks (docs/product.md#speaking-tasks)', () => {
  it('are set for the teacher’s own course, with 120 s by default, and listed with their counts', async () => {
    const { teacher, task, course } = await classroom();
    expect(task).toMatchObject({ courseId: course.id, title: 'Explain a process', focusStrands: ['linguistic', 'physical'], maxSeconds: 120, dueAt: null });
    const list = await readJson(await get(`/api/teacher/speaking-tasks/${teacher.user.id}`, teacher.cookie));
    expect(list).toEqual([expect.objectContaining({ id: task.id, submitted: 0, reviewed: 0, students: 1, courseTitle: course.title })]);

    const stranger = await signedIn(2);
    const refused = await app.request('/api/teacher/speaking-tasks', jsonRequest('POST', { courseId: course.id, title: 'x', prompt: 'y', focusStrands: ['cognitive'] }, stranger.cookie));
    expect(refused.status).toBe(403);
  });

  it.each([
    ['an empty title', { title: '  ' }, 'title'],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, 'title'],
    ['no strands', { focusStrands: [] }, 'focusStrands'],
    ['a strand twice', { focusStrands: ['physical', 'physical'] }, 'focusStrands'],
    ['an unknown strand', { focusStrands: ['charisma'] }, 'focusStrands.0'],
    ['14 seconds', { maxSeconds: 14 }, 'maxSeconds'],
    ['301 seconds', { maxSeconds: 301 }, 'maxSeconds'],
    ['a due date in the past', { dueAt: '2020-01-01T09:00:00.000Z' }, 'dueAt'],
    ['a due date without a zone', { dueAt: '2030-01-01 09:00' }, 'dueAt'],
  ])('answers 400 naming the field for %s', async (_what, fields, field) => {
    const teacher = await signedIn(2);
    const course = await makeCourse({ instructorId: teacher.user._id });
    const res = await app.request(
      '/api/teacher/speaking-tasks',
      jsonRequest('POST', { courseId: course.id, title: 'Tell a story', prompt: 'Tell a story.', focusStrands: ['cognitive'], ...fields }, teacher.cookie),
    );
    expect(res.status).toBe(400);
    expect(Object.keys((await readJson(res)).error.fields)).toContain(field);
  });

  it('are changed by their teacher or an admin, and cannot be deleted once answered', async () => {
    const { teacher, student, task } = await classroom();
    const admin = await signedIn(1);
    const other = await signedIn(2);
    const body = { title: 'Describe a place', prompt: 'Describe your favourite place.', focusStrands: ['cognitive'], maxSeconds: 60, dueAt: '2030-03-01T15:00:00.000Z' };
    expect((await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', body, other.cookie))).status).toBe(403);
    const changed = await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', body, admin.cookie));
    expect(changed.status).toBe(200);
    expect(await readJson(changed)).toMatchObject({ ...body, id: task.id, courseId: task.courseId });

    // an overdue task keeps its date when edited; a new date in the past is refused
    await SpeakingTask.updateOne({ _id: task.id }, { $set: { dueAt: new Date('2026-01-05T15:00:00.000Z') } });
    const overdue = { ...body, dueAt: '2026-01-05T15:00:00.000Z' };
    expect((await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', overdue, teacher.cookie))).status).toBe(200);
    const moved = await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', { ...body, dueAt: '2026-01-06T15:00:00.000Z' }, teacher.cookie));
    expect(moved.status).toBe(400);
    expect((await readJson(moved)).error.fields).toHaveProperty('dueAt');

    expect((await upload(task.id, student.cookie, audioFixture('speech.webm'))).status).toBe(201);
    const refused = await app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('DELETE', undefined, teacher.cookie));
    expect(refused.status).toBe(409);
    const unanswered = await classroom();
    expect((await app.request(`/api/teacher/speaking-tasks/${unanswered.task.id}`, jsonRequest('DELETE', undefined, unanswered.teacher.cookie))).status).toBe(204);
    expect(await SpeakingTask.exists({ _id: unanswered.task.id })).toBeNull();
  });

  it('carry an optional script for reading aloud: trimmed, at most 2,000 characters, empty for none, shown to the student and the teacher', async () => {
    const { teacher, student, task } = await classroom({ script: '  The cat sat on the mat.  ' } as never);
    expect(task.script).toBe('The cat sat on the mat.');
    const mine = await readJson(await get(`/api/student/speaking-tasks/${student.user.id}`, student.cookie));
    expect(mine).toEqual([expect.objectContaining({ id: task.id, script: 'The cat sat on the mat.' })]);
    const theirs = await readJson(await get(`/api/teacher/speaking-tasks/${teacher.user.id}`, teacher.cookie));
    expect(theirs).toEqual([expect.objectContaining({ id: task.id, script: 'The cat sat on the mat.' })]);

    const body = { title: 'Read aloud', prompt: 'Read the text aloud.', focusStrands: ['physical'] };
    const put = (extra: object) => app.request(`/api/teacher/speaking-tasks/${task.id}`, jsonRequest('PUT', { ...body, ...extra }, teacher.cookie));
    expect(await readJson(await put({ script: 'A new text.' }))).toMatchObject({ script: 'A new text.' });
    for (const none of [{ script: '   ' }, { script: null }, {}]) expect(await readJson(await put(none))).toMatchObject({ script: null });
    for (const bad of [{ script: 'x'.repeat(2001) }, { script: 42 }]) {
      const res = await put(bad);
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { script: expect.any(String) } } });
    }
    expect(await readJson(await put({ script: ` ${'x'.repeat(2000)} ` }))).toMatchObject({ script: 'x'.repeat(2000) });
    const untitled = await classroom();
    expect(untitled.task.script).toBeNull();
  });
});

describe('recordings (docs/product.md#recordings)', () => {
  it.each([
    ['speech.webm', 'audio/webm', 2008],
    ['speech.ogg', 'audio/ogg', 2000],
    ['speech.m4a', 'audio/mp4', 2064],
    ['speech.wav', 'audio/wav', 2000],
    ['chromium.webm', 'audio/webm', 1980],
  ] as [AudioFixture, string, number][])('accept %s by its signature, stored as %s with the length of its decoded audio', async (fixture, type, durationMs) => {
    const { student, task } = await classroom();
    const res = await upload(task.id, student.cookie, audioFixture(fixture), { durationMs: 99_999, type: 'application/octet-stream' });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({ taskId: task.id, studentId: student.user.id, type, status: 'pending', audioUrl: `/api/recordings/${body.id}/audio` });
    expect(Math.abs(body.durationMs - durationMs)).toBeLessThan(60);
  });

  it('measure a WebM without a length in its header (written in timed slices) by decoding it, whatever the recorder says', async () => {
    const { student, task } = await classroom();
    const res = await upload(task.id, student.cookie, audioFixture('chromium-timeslice.webm'), { durationMs: 10 });
    expect(res.status).toBe(201);
    expect((await readJson(res)).durationMs).toBe(1980);
    const unknown = await classroom();
    const silent = await upload(unknown.task.id, unknown.student.cookie, audioFixture('chromium-timeslice.webm'));
    expect((await readJson(silent)).durationMs).toBe(1980);
  });

  it('refuse a disguised file with 415, a file of 10 MB + 1 byte with 413, and one longer than maxSeconds + 10 % with 413, storing nothing', async () => {
    const { student, task } = await classroom({ maxSeconds: 15 });
    const before = storedFiles().length;
    const disguised = await upload(task.id, student.cookie, audioFixture('disguised.webm'));
    expect(disguised.status).toBe(415);
    expect((await readJson(disguised)).error.code).toBe('unsupported_media_type');

    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(audioFixture('speech.webm'));
    const tooLarge = await upload(task.id, student.cookie, huge);
    expect(tooLarge.status).toBe(413);
    expect((await readJson(tooLarge)).error.code).toBe('payload_too_large');

    expect((await upload(task.id, student.cookie, silentWav(16.4))).status).toBe(201);
    const tooLong = await upload(task.id, student.cookie, silentWav(16.6));
    expect(tooLong.status).toBe(413);
    expect((await readJson(tooLong)).error).toEqual({ code: 'payload_too_large', message: 'The recording is longer than this task allows (15 seconds).' });
    expect(storedFiles().length).toBe(before + 1);
  });

  it('are for students enrolled in the task’s course only', async () => {
    const { task } = await classroom();
    const outsider = await signedIn(3);
    expect((await upload(task.id, outsider.cookie, audioFixture('speech.webm'))).status).toBe(403);
    expect((await upload(new Types.ObjectId().toString(), outsider.cookie, audioFixture('speech.webm'))).status).toBe(404);
  });

  it('replace the pending one (and its file), and cannot be replaced once reviewed', async () => {
    const { teacher, student, task } = await classroom();
    const first = await readJson(await upload(task.id, student.cookie, audioFixture('speech.webm')));
    const firstFile = (await Recording.findById(first.id).lean())!.file.name;
    const second = await readJson(await upload(task.id, student.cookie, audioFixture('speech.ogg')));
    expect(second.id).toBe(first.id);
    expect(second.type).toBe('audio/ogg');
    expect(storedFiles()).not.toContain(firstFile);
    expect(await Recording.countDocuments({ taskId: task.id })).toBe(1);

    const fed = await app.request(`/api/teacher/recordings/${first.id}/feedback`, jsonRequest('POST', { strands: { linguistic: 4, physical: 3 }, comment: '' }, teacher.cookie));
    expect(fed.status).toBe(201);
    const late = await upload(task.id, student.cookie, audioFixture('speech.webm'));
    expect(late.status).toBe(409);
  });

  it('are stored once for one Idempotency-Key: a repeat gets the first answer, ten at once make one recording', async () => {
    const { student, task } = await classroom();
    const bytes = audioFixture('speech.webm');
    const first = await upload(task.id, student.cookie, bytes, { key: 'take-0001-aaaa' });
    const again = await upload(task.id, student.cookie, bytes, { key: 'take-0001-aaaa' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await readJson(again)).id).toBe((await readJson(first)).id);

    const other = await classroom();
    const before = storedFiles().length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(other.task.id, other.student.cookie, bytes, { key: 'take-0002-bbbb' })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(await Promise.all(answers.map(async (r) => (await readJson(r)).id))).size).toBe(1);
    expect(await Recording.countDocuments({ taskId: other.task.id })).toBe(1);
    expect(storedFiles().length).toBe(before + 1);
  });
});

describe('the audio of a recording', () => {
  async function recorded() {
    const room = await classroom();
    const recording = await readJson(await upload(room.task.id, room.student.cookie, audioFixture('speech.wav')));
    return { ...room, recording, size: audioFixture('speech.wav').byteLength };
  }

  it('is served whole with its type, ETag and private caching, and 304 for its ETag', async () => {
    const { student, recording, size } = await recorded();
    const res = await get(recording.audioUrl, student.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/wav');
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect((await res.arrayBuffer()).byteLength).toBe(size);
    const again = await get(recording.audioUrl, student.cookie, { 'If-None-Match': res.headers.get('ETag')! });
    expect(again.status).toBe(304);
  });

  it('answers byte ranges with 206 and Content-Range, and 416 past the end', async () => {
    const { teacher, recording, size } = await recorded();
    const whole = new Uint8Array(await (await get(recording.audioUrl, teacher.cookie)).arrayBuffer());

    const head = await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('Content-Range')).toBe(`bytes 0-99/${size}`);
    expect(head.headers.get('Content-Length')).toBe('100');
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(whole.slice(0, 100));

    const rest = await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=100-' });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('Content-Range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect(new Uint8Array(await rest.arrayBuffer())).toEqual(whole.slice(100));

    const tail = await get(recording.audioUrl, teacher.cookie, { Range: 'bytes=-50' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('Content-Range')).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(size - 50));

    const past = await get(recording.audioUrl, teacher.cookie, { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('Content-Range')).toBe(`bytes */${size}`);
    expect((await readJson(past)).error.code).toBe('range_not_satisfiable');
  });

  it('is for the recording’s student, the task’s teacher and admins only', async () => {
    const { recording } = await recorded();
    const others = [await signedIn(3), await signedIn(2)];
    for (const other of others) expect((await get(recording.audioUrl, other.cookie)).status).toBe(403);
    expect((await app.request(recording.audioUrl)).status).toBe(401);
    expect((await get(recording.audioUrl, (await signedIn(1)).cookie)).status).toBe(200);
  });
});

describe('feedback and the review queue (docs/product.md#feedback)', () => {
  it('lists pending recordings oldest first, takes one feedback (one of two at once wins), and shows it to the student', async () => {
    const { teacher, student, task, course } = await classroom();
    const second = await signedIn(3);
    await enroll(second.user._id, [course._id]);
    const a = await readJson(await upload(task.id, student.cookie, audioFixture('speech.webm')));
    const b = await readJson(await upload(task.id, second.cookie, audioFixture('speech.ogg')));
    const queue = await readJson(await get(`/api/teacher/recordings/${teacher.user.id}?status=pending`, teacher.cookie));
    expect(queue.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(queue[0]).toMatchObject({ studentName: student.user.name, taskTitle: 'Explain a process', focusStrands: ['linguistic', 'physical'], feedback: null });

    const body = { strands: { linguistic: 4, physical: 2 }, comment: 'Slow down at the start.' };
    const both = await Promise.all([0, 1].map(() => app.request(`/api/teacher/recordings/${a.id}/feedback`, jsonRequest('POST', body, teacher.cookie))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await Feedback.countDocuments({ recordingId: a.id })).toBe(1);

    const reviewed = await readJson(await get(`/api/teacher/recordings/${teacher.user.id}?status=reviewed`, teacher.cookie));
    expect(reviewed).toEqual([expect.objectContaining({ id: a.id, status: 'reviewed', feedback: expect.objectContaining({ strands: { linguistic: 4, physical: 2 } }) })]);
    const mine = await readJson(await get(`/api/student/speaking-tasks/${student.user.id}`, student.cookie));
    expect(mine).toEqual([
      expect.objectContaining({
        id: task.id,
        recording: expect.objectContaining({ id: a.id, status: 'reviewed' }),
        feedback: expect.objectContaining({ comment: 'Slow down at the start.' }),
      }),
    ]);
    const counts = await readJson(await get(`/api/teacher/speaking-tasks/${teacher.user.id}`, teacher.cookie));
    expect(counts[0]).toMatchObject({ submitted: 2, reviewed: 1, students: 2 });
  });

  it('scores exactly the focus strands, is edited by its own teacher only, and is the task teacher’s to give', async () => {
    const { teacher, student, task } = await classroom();
    const recording = await readJson(await upload(task.id, student.cookie, audioFixture('speech.webm')));
    const path = `/api/teacher/recordings/${recording.id}/feedback`;
    const missing = await app.request(path, jsonRequest('POST', { strands: { linguistic: 4 } }, teacher.cookie));
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error.fields).toHaveProperty(['strands.physical']);
    const extra = await app.request(path, jsonRequest('POST', { strands: { linguistic: 4, physical: 3, cognitive: 5 } }, teacher.cookie));
    expect((await readJson(extra)).error.fields).toHaveProperty(['strands.cognitive']);
    const outOfRange = await app.request(path, jsonRequest('POST', { strands: { linguistic: 6, physical: 3 } }, teacher.cookie));
    expect(outOfRange.status).toBe(400);

    const stranger = await signedIn(2);
    expect((await app.request(path, jsonRequest('POST', { strands: { linguistic: 4, physical: 3 } }, stranger.cookie))).status).toBe(403);
    expect((await app.request(path, jsonRequest('PUT', { strands: { linguistic: 4, physical: 3 } }, teacher.cookie))).status).toBe(404);
    expect((await app.request(path, jsonRequest('POST', { strands: { linguistic: 4, physical: 3 }, comment: 'Good.' }, teacher.cookie))).status).toBe(201);
    const edited = await app.request(path, jsonRequest('PUT', { strands: { linguistic: 5, physical: 4 }, comment: 'Better.' }, teacher.cookie));
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({ strands: { linguistic: 5, physical: 4 }, comment: 'Better.' });
  });
});

describe('removing people and courses (docs/product.md#speaking-practice-calls)', () => {
  it('takes a student’s recordings, their feedback and their files along, and a course’s tasks too', async () => {
    const admin = await signedIn(1);
    const { teacher, student, task, course } = await classroom();
    const rec = await readJson(await upload(task.id, student.cookie, audioFixture('speech.webm')));
    await app.request(`/api/teacher/recordings/${rec.id}/feedback`, jsonRequest('POST', { strands: { linguistic: 3, physical: 3 } }, teacher.cookie));
    const file = (await Recording.findById(rec.id).lean())!.file.name;
    expect(storedFiles()).toContain(file);
    expect((await app.request(`/api/admin/students/${student.user.id}`, jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(204);
    expect(await Recording.exists({ _id: rec.id })).toBeNull();
    expect(await Feedback.exists({ recordingId: rec.id })).toBeNull();
    expect(storedFiles()).not.toContain(file);

    const other = await signedIn(3);
    await enroll(other.user._id, [course._id]);
    const rec2 = await readJson(await upload(task.id, other.cookie, audioFixture('speech.ogg')));
    const file2 = (await Recording.findById(rec2.id).lean())!.file.name;
    expect((await app.request(`/api/admin/courses/${course.id}`, jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(204);
    expect(await SpeakingTask.exists({ _id: task.id })).toBeNull();
    expect(await Recording.exists({ _id: rec2.id })).toBeNull();
    expect(storedFiles()).not.toContain(file2);
    // nothing of this class is left in the store
    expect(storedFiles().filter((name) => name === file || name === file2)).toEqual([]);
  });
});
