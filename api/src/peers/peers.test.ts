import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AccessLogEntry } from '../privacy/accessLogModel.js';
import { flushAccessLog, PEER_LISTENER_NAME } from '../privacy/accessLog.js';
import { collectExportData } from '../privacy/exportData.js';
import { getEnv } from '../platform/env.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { PartnerMember, PeerFeedback, PeerListen } from './model.js';
import { PEER_REFUSALS } from './policy.js';
import { pairAtRandom } from './service.js';

/** docs/product.md#talk-partners, against the real app and database. */

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-peers-'));
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir } });

type Who = Awaited<ReturnType<typeof signedIn>>;

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });
const send = (method: string, path: string, body: unknown, who: Who, headers: Record<string, string> = {}) => {
  const init = jsonRequest(method, body, who.cookie);
  return app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
};

/** Sends a take of `taskId` as `who`. */
async function record(taskId: string, who: Who): Promise<{ id: string }> {
  const form = new FormData();
  form.append('audio', new Blob([audioFixture('speech.webm') as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
  const res = await app.request(`/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: who.cookie, Origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(201);
  return readJson(res);
}

/** A teacher's course with `students` enrolled students and a task on two strands; `other` is a teacher and a student of another course. */
async function classroom(students = 3) {
  const teacher = await signedIn(2);
  const otherTeacher = await signedIn(2);
  const admin = await signedIn(1);
  const outsider = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id });
  const otherCourse = await makeCourse({ instructorId: otherTeacher.user._id });
  await enroll(outsider.user._id, [otherCourse._id]);
  const kids: Who[] = [];
  for (let i = 0; i < students; i++) {
    const kid = await signedIn(3);
    await enroll(kid.user._id, [course._id]);
    kids.push(kid);
  }
  const created = await send(
    'POST',
    '/api/teacher/speaking-tasks',
    { courseId: course.id, title: 'Persuade', prompt: 'Persuade us to plant trees.', focusStrands: ['linguistic', 'physical'] },
    teacher,
  );
  expect(created.status).toBe(201);
  const task = (await readJson(created)) as { id: string; peerFeedback: string; showNames: boolean };
  return { teacher, otherTeacher, admin, outsider, course, kids, task };
}

const open = (taskId: string, who: Who, peerFeedback: 'off' | 'class' | 'partners', showNames = false) =>
  send('PUT', `/api/teacher/speaking-tasks/${taskId}/peers`, { peerFeedback, showNames }, who);
const takesOf = (taskId: string, who: Who) => get(`/api/student/speaking-tasks/${taskId}/peer-takes`, who.cookie);
const ownView = async (taskId: string, who: Who) => readJson(await get(`/api/student/speaking-tasks/${taskId}/peers`, who.cookie));
const feedback = (recordingId: string, who: Who, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  send(
    'POST',
    `/api/student/recordings/${recordingId}/peer-feedback`,
    { stem: 'liked', text: 'you paused before the key point.', clarity: { linguistic: 3, physical: 2 }, ...body },
    who,
    headers,
  );
const toCheck = async (who: Who, status = 'pending') => readJson(await get(`/api/teacher/peer-feedback?status=${status}`, who.cookie));
const refusal = async (res: Response) => ({ status: res.status, message: (await readJson(res)).error?.message as string });

describe('a task’s peer settings (docs/product.md#talk-partners)', () => {
  it('are off by default, set by the task’s teacher only, and shown on the task', async () => {
    const { teacher, otherTeacher, kids, task } = await classroom(1);
    expect(task).toMatchObject({ peerFeedback: 'off', showNames: false });
    expect((await open(task.id, otherTeacher, 'class')).status).toBe(403);
    expect((await open(task.id, kids[0]!, 'class')).status).toBe(403);
    expect((await send('PUT', `/api/teacher/speaking-tasks/${task.id}/peers`, { peerFeedback: 'everyone' }, teacher)).status).toBe(400);
    const saved = await open(task.id, teacher, 'partners', true);
    expect(await readJson(saved)).toEqual({ taskId: task.id, peerFeedback: 'partners', showNames: true });
    const tasks = await readJson(await get(`/api/student/speaking-tasks/${kids[0]!.user.id}`, kids[0]!.cookie));
    expect(tasks[0]).toMatchObject({ id: task.id, peerFeedback: 'partners', showNames: true });
  });
});

describe('hearing classmates’ takes (docs/product.md#talk-partners)', () => {
  it('only on an opened task, only in the course, only after one’s own take', async () => {
    const { teacher, outsider, kids, task } = await classroom(2);
    const [a, b] = kids as [Who, Who];
    const takeB = await record(task.id, b);
    expect(await refusal(await takesOf(task.id, a))).toEqual({ status: 403, message: PEER_REFUSALS.notOpen });
    await open(task.id, teacher, 'class');
    expect(await refusal(await takesOf(task.id, a))).toEqual({ status: 403, message: PEER_REFUSALS.ownTakeFirst });
    expect(await refusal(await get(`/api/peer-takes/${takeB.id}/audio`, a.cookie))).toEqual({ status: 403, message: PEER_REFUSALS.ownTakeFirst });
    expect(await refusal(await feedback(takeB.id, a))).toEqual({ status: 403, message: PEER_REFUSALS.ownTakeFirst });
    expect(await refusal(await takesOf(task.id, outsider))).toEqual({ status: 403, message: PEER_REFUSALS.notEnrolled });
    expect(await refusal(await get(`/api/peer-takes/${takeB.id}/audio`, outsider.cookie))).toEqual({ status: 403, message: PEER_REFUSALS.notEnrolled });
    // a teacher or an admin hears takes through the recording's own audio, not as a classmate
    expect((await get(`/api/peer-takes/${takeB.id}/audio`, teacher.cookie)).status).toBe(403);

    const takeA = await record(task.id, a);
    const takes = await readJson(await takesOf(task.id, a));
    expect(takes).toEqual([expect.objectContaining({ recordingId: takeB.id, label: 'Classmate 1', name: null, audioUrl: `/api/peer-takes/${takeB.id}/audio`, myFeedback: null })]);
    expect(await refusal(await get(`/api/peer-takes/${takeA.id}/audio`, a.cookie))).toEqual({ status: 403, message: PEER_REFUSALS.ownTake });
    await open(task.id, teacher, 'class', true);
    expect((await readJson(await takesOf(task.id, a)))[0].name).toBe(b.user.name);
    // closed again: nothing more
    await open(task.id, teacher, 'off');
    expect(await refusal(await get(`/api/peer-takes/${takeB.id}/audio`, a.cookie))).toEqual({ status: 403, message: PEER_REFUSALS.notOpen });
  });

  it('counts each classmate’s listen once, and logs it as a peer listen without naming the classmate to the author', async () => {
    const { teacher, kids, task } = await classroom(3);
    const [a, b, c] = kids as [Who, Who, Who];
    await open(task.id, teacher, 'class');
    const takeA = await record(task.id, a);
    await record(task.id, b);
    await record(task.id, c);
    for (const listener of [b, b, c]) {
      const res = await get(`/api/peer-takes/${takeA.id}/audio`, listener.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/webm/);
    }
    expect(await PeerListen.countDocuments({ recordingId: new Types.ObjectId(takeA.id) })).toBe(2);
    expect((await ownView(task.id, a)).listens).toBe(2);
    expect((await ownView(task.id, b)).listens).toBe(0);
    await flushAccessLog();
    const entries = await AccessLogEntry.find({ subjectId: a.user._id }).lean();
    expect(entries.map((e) => ({ actor: String(e.actorId), role: e.actorRole, what: e.what, resourceId: e.resourceId })).sort((x, y) => x.actor.localeCompare(y.actor))).toEqual(
      [
        { actor: b.user.id, role: 'student', what: 'peer_listen', resourceId: takeA.id },
        { actor: c.user.id, role: 'student', what: 'peer_listen', resourceId: takeA.id },
      ].sort((x, y) => x.actor.localeCompare(y.actor)),
    );
    const own = await readJson(await get('/api/privacy/access-log', a.cookie));
    expect(own).toHaveLength(2);
    for (const entry of own) expect(entry).toMatchObject({ actor: { name: PEER_LISTENER_NAME, role: 'student' }, what: 'peer_listen' });
  });
});

describe('talk-partner groups (docs/product.md#talk-partners)', () => {
  it('are validated: groups of 2 or 3 enrolled students, each once', async () => {
    const { teacher, otherTeacher, outsider, kids, task } = await classroom(5);
    const ids = kids.map((k) => k.user.id);
    const put = (groups: string[][], who: Who = teacher) => send('PUT', `/api/teacher/speaking-tasks/${task.id}/partners`, { groups }, who);
    expect((await put([[ids[0]!]])).status).toBe(400);
    expect((await put([[ids[0]!, ids[1]!, ids[2]!, ids[3]!]])).status).toBe(400);
    expect(
      (
        await put([
          [ids[0]!, ids[1]!],
          [ids[1]!, ids[2]!],
        ])
      ).status,
    ).toBe(400);
    const stranger = await put([[ids[0]!, outsider.user.id]]);
    expect(stranger.status).toBe(400);
    expect((await readJson(stranger)).error.fields.groups).toContain(outsider.user.id);
    expect((await put([[ids[0]!, ids[1]!]], otherTeacher)).status).toBe(403);
    const saved = await readJson(
      await put([
        [ids[0]!, ids[1]!],
        [ids[2]!, ids[3]!, ids[4]!],
      ]),
    );
    expect(saved.groups.map((g: { id: string }[]) => g.map((p) => p.id))).toEqual([
      [ids[0], ids[1]],
      [ids[2], ids[3], ids[4]],
    ]);
    expect(saved.ungrouped).toEqual([]);
    // set again: replaced as a whole; the one left out is in no group
    const again = await readJson(await put([[ids[0]!, ids[2]!]]));
    expect(again.groups).toHaveLength(1);
    expect(again.ungrouped.map((p: { id: string }) => p.id).sort()).toEqual([ids[1], ids[3], ids[4]].sort());
    expect(await readJson(await get(`/api/teacher/speaking-tasks/${task.id}/partners`, teacher.cookie))).toEqual(again);
  });

  it('limit what a student hears to their group; one in no group hears nobody', async () => {
    const { teacher, kids, task } = await classroom(4);
    const [a, b, c, d] = kids as [Who, Who, Who, Who];
    await open(task.id, teacher, 'partners');
    const takes = await Promise.all([a, b, c, d].map((k) => record(task.id, k)));
    await send('PUT', `/api/teacher/speaking-tasks/${task.id}/partners`, { groups: [[a.user.id, b.user.id]] }, teacher);
    expect((await readJson(await takesOf(task.id, a))).map((t: { recordingId: string }) => t.recordingId)).toEqual([takes[1]!.id]);
    expect(await refusal(await get(`/api/peer-takes/${takes[2]!.id}/audio`, a.cookie))).toEqual({ status: 403, message: PEER_REFUSALS.notYourCircle });
    expect(await refusal(await feedback(takes[2]!.id, a))).toEqual({ status: 403, message: PEER_REFUSALS.notYourCircle });
    expect(await readJson(await takesOf(task.id, c))).toEqual([]);
    expect((await get(`/api/peer-takes/${takes[1]!.id}/audio`, a.cookie)).status).toBe(200);
  });

  it('are shuffled into pairs of the students enrolled now, a three when their number is odd', async () => {
    const { teacher, kids, task } = await classroom(5);
    const shuffled = await readJson(await send('POST', `/api/teacher/speaking-tasks/${task.id}/partners/shuffle`, undefined, teacher));
    expect(shuffled.groups.map((g: unknown[]) => g.length).sort()).toEqual([2, 3]);
    expect(
      shuffled.groups
        .flat()
        .map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(kids.map((k) => k.user.id).sort());
    expect(await PartnerMember.countDocuments({ taskId: new Types.ObjectId(task.id) })).toBe(5);
  });

  it('pairs at random with the random numbers it is given', () => {
    /** A seeded generator (mulberry32). */
    const seeded = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(pairAtRandom(ids, seeded(1))).toEqual(pairAtRandom(ids, seeded(1)));
    expect(pairAtRandom(ids, seeded(1))).not.toEqual(pairAtRandom(ids, seeded(2)));
    expect(pairAtRandom(ids, () => 0.999)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f', 'g'],
    ]);
    expect(pairAtRandom(['a'], Math.random)).toEqual([]);
    expect(pairAtRandom([], Math.random)).toEqual([]);
  });
});

describe('peer feedback and its moderation (docs/product.md#talk-partners)', () => {
  it('reaches the author only once the teacher approved it; the writer sees its status', async () => {
    const { teacher, otherTeacher, admin, kids, task } = await classroom(3);
    const [a, b, c] = kids as [Who, Who, Who];
    await open(task.id, teacher, 'class');
    const takeA = await record(task.id, a);
    await record(task.id, b);
    await record(task.id, c);

    expect((await feedback(takeA.id, b, { clarity: { linguistic: 3 } })).status).toBe(400);
    expect((await feedback(takeA.id, b, { clarity: { linguistic: 4, physical: 1 } })).status).toBe(400);
    expect((await feedback(takeA.id, b, { text: 'x'.repeat(281) })).status).toBe(400);
    expect((await feedback(takeA.id, b, { stem: 'loved' })).status).toBe(400);

    const key = { 'Idempotency-Key': `peer-${new Types.ObjectId().toHexString()}` };
    const first = await feedback(takeA.id, b, {}, key);
    expect(first.status).toBe(201);
    const written = await readJson(first);
    expect(written).toMatchObject({ recordingId: takeA.id, stem: 'liked', status: 'pending', clarity: { linguistic: 3, physical: 2 } });
    // the outbox's replay gets the first answer, and no second item
    const replay = await feedback(takeA.id, b, {}, key);
    expect(replay.status).toBe(201);
    expect((await readJson(replay)).id).toBe(written.id);
    // sent again while pending: changed
    const changed = await feedback(takeA.id, b, { stem: 'next', text: 'look up at the end.' });
    expect(changed.status).toBe(200);
    expect(await readJson(changed)).toMatchObject({ id: written.id, stem: 'next', text: 'look up at the end.' });
    const hidden = await readJson(await feedback(takeA.id, c, { stem: 'unsure', text: 'you said the second reason.' }));
    expect(await PeerFeedback.countDocuments({ recordingId: new Types.ObjectId(takeA.id) })).toBe(2);

    // moderation before the author sees anything
    expect((await ownView(task.id, a)).received).toEqual([]);
    const pending = await toCheck(teacher);
    expect(pending.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([written.id, hidden.id]));
    expect(pending.find((i: { id: string }) => i.id === written.id)).toMatchObject({
      authorName: b.user.name,
      recipientName: a.user.name,
      taskTitle: 'Persuade',
      text: 'look up at the end.',
    });
    expect(await toCheck(otherTeacher)).toEqual([]);
    expect(await refusal(await send('POST', `/api/teacher/peer-feedback/${written.id}/approve`, undefined, otherTeacher))).toEqual({ status: 403, message: PEER_REFUSALS.notModerator });
    expect((await send('POST', `/api/teacher/peer-feedback/${written.id}/approve`, undefined, b)).status).toBe(403);

    expect((await send('POST', `/api/teacher/peer-feedback/${written.id}/approve`, undefined, teacher)).status).toBe(200);
    expect((await send('POST', `/api/teacher/peer-feedback/${hidden.id}/hide`, undefined, admin)).status).toBe(200);
    const view = await ownView(task.id, a);
    expect(view.received).toEqual([{ id: written.id, stem: 'next', text: 'look up at the end.', clarity: { linguistic: 3, physical: 2 }, authorName: null, createdAt: expect.any(String) }]);
    expect((await ownView(task.id, b)).written).toEqual([expect.objectContaining({ id: written.id, status: 'approved' })]);
    expect((await ownView(task.id, c)).written).toEqual([expect.objectContaining({ id: hidden.id, status: 'hidden' })]);
    expect((await readJson(await takesOf(task.id, b))).find((t: { recordingId: string }) => t.recordingId === takeA.id).myFeedback).toMatchObject({ id: written.id, status: 'approved' });
    // checked: it cannot be changed any more
    expect((await feedback(takeA.id, b, { text: 'changed my mind.' })).status).toBe(409);
    // names only when the task shows them
    await open(task.id, teacher, 'class', true);
    expect((await ownView(task.id, a)).received[0].authorName).toBe(b.user.name);
  });

  it('can be reported by its recipient: hidden from them and back on the teacher’s list', async () => {
    const { teacher, kids, task } = await classroom(2);
    const [a, b] = kids as [Who, Who];
    await open(task.id, teacher, 'class');
    const takeA = await record(task.id, a);
    await record(task.id, b);
    const item = await readJson(await feedback(takeA.id, b));
    await send('POST', `/api/teacher/peer-feedback/${item.id}/approve`, undefined, teacher);
    expect((await ownView(task.id, a)).received).toHaveLength(1);
    expect(await refusal(await send('POST', `/api/student/peer-feedback/${item.id}/report`, undefined, b))).toEqual({ status: 403, message: PEER_REFUSALS.notRecipient });
    const reported = await send('POST', `/api/student/peer-feedback/${item.id}/report`, undefined, a);
    expect(reported.status).toBe(200);
    expect((await readJson(reported)).status).toBe('reported');
    expect((await ownView(task.id, a)).received).toEqual([]);
    expect((await toCheck(teacher, 'reported')).map((i: { id: string }) => i.id)).toContain(item.id);
    expect((await send('POST', `/api/student/peer-feedback/${new Types.ObjectId().toHexString()}/report`, undefined, a)).status).toBe(404);
  });
});

describe('talk partners in a person’s export (docs/product.md#download-my-data)', () => {
  it('holds what the student wrote and the approved feedback they received, naming nobody', async () => {
    const { teacher, kids, task } = await classroom(3);
    const [a, b, c] = kids as [Who, Who, Who];
    await open(task.id, teacher, 'class', true);
    const takeA = await record(task.id, a);
    const takeB = await record(task.id, b);
    await record(task.id, c);
    const approved = await readJson(await feedback(takeA.id, b, { text: 'you used a question to open.' }));
    await feedback(takeA.id, c, { text: 'still waiting for the teacher.' });
    const mine = await readJson(await feedback(takeB.id, a, { text: 'you varied your pace.' }));
    await send('POST', `/api/teacher/peer-feedback/${approved.id}/approve`, undefined, teacher);
    expect((await get(`/api/peer-takes/${takeA.id}/audio`, b.cookie)).status).toBe(200);

    const data = await collectExportData(a.user.id);
    const items = data!.json.collections.peerfeedbacks!;
    expect(items.map((i) => i.text).sort()).toEqual(['you used a question to open.', 'you varied your pace.']);
    expect(items.find((i) => i.id === mine.id)).toMatchObject({ status: 'pending', taskTitle: 'Persuade' });
    for (const item of items) {
      expect(item).not.toHaveProperty('authorId');
      expect(item).not.toHaveProperty('recipientId');
      expect(item).not.toHaveProperty('authorName');
      expect(item).not.toHaveProperty('recipientName');
    }
    const listens = data!.json.collections.accesslogentries!.filter((e) => e.what === 'peer_listen');
    expect(listens).toHaveLength(1);
    expect(listens[0]).not.toHaveProperty('actorName');
    expect(JSON.stringify(data!.json)).not.toContain(b.user.name);
  });
});

describe('talk partners when a course goes (docs/product.md#talk-partners)', () => {
  it('leave nothing behind: groups, listens and peer feedback go with the course', async () => {
    const { teacher, admin, kids, task, course } = await classroom(2);
    const [a, b] = kids as [Who, Who];
    await open(task.id, teacher, 'partners');
    await send('PUT', `/api/teacher/speaking-tasks/${task.id}/partners`, { groups: [[a.user.id, b.user.id]] }, teacher);
    const takeA = await record(task.id, a);
    await record(task.id, b);
    expect((await get(`/api/peer-takes/${takeA.id}/audio`, b.cookie)).status).toBe(200);
    expect((await feedback(takeA.id, b)).status).toBe(201);
    const deleted = await app.request(`/api/admin/courses/${course.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(deleted.status).toBeLessThan(300);
    expect(await PartnerMember.countDocuments({ courseId: course._id })).toBe(0);
    expect(await PeerListen.countDocuments({ courseId: course._id })).toBe(0);
    expect(await PeerFeedback.countDocuments({ courseId: course._id })).toBe(0);
  });
});
