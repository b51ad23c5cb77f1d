import mongoose from 'mongoose';
import type { Socket as ClientSocket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../auth/rateLimits.js';
import { collect, connected, nextEvent, openSocket } from '../../test/testServer.js';
import { ChatMessage } from '../../chat/messageModel.js';
import { Complaint } from '../../complaints/model.js';
import { Course } from '../../courses/courseModel.js';
import { StoredDeliveryReport } from '../../delivery/model.js';
import { Enrollment } from '../../courses/enrollmentModel.js';
import { Job, JobClaim } from '../jobs/jobModel.js';
import { ROLES, type Role } from '../../auth/roles.js';
import { SpeakingTask } from '../../speaking/model.js';
import { audioFixture } from '../../test/audio.js';
import { REDIS_RATE_LIMIT_PREFIX } from '../security/rateLimit.js';
import { createUser, sessionCookieFrom, type LooseJson } from '../../test/factories.js';

/**
 * Several API processes behind one load balancer (docs/architecture.md#running-it), run by
 * `npm run test:cluster`: two API processes (A and B) started by
 * `clusterSetup.ts` on one database and one Redis, driven with real HTTP
 * and Socket.IO clients. The data is made directly in the shared database.
 */
const [A, B] = inject('clusterUrls');
/** A 1×1 PNG: a real image by its signature. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const sockets: ClientSocket[] = [];

beforeAll(async () => {
  await mongoose.connect(inject('clusterMongoUri'), { serverSelectionTimeoutMS: 15000 });
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await mongoose.disconnect();
});

/** `POST /auth/login` on `base`: the status and the `Cookie` header to send later. */
async function login(base: string, email: string, password: string): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  });
  await res.body?.cancel();
  return { status: res.status, cookie: sessionCookieFrom(res) ?? '' };
}

/** A new user of `role`, signed in through `base`. */
async function signedIn(base: string, role: Role, firstName = 'Cluster') {
  const { user, password } = await createUser({ role, firstName });
  const { status, cookie } = await login(base, user.email, password);
  expect(status).toBe(200);
  return { id: user.id as string, email: user.email, password, cookie, auth: { userId: user.id as string, userRole: String(role) } };
}

/** A JSON request to `base` with the session cookie and the page's own `Origin`. */
async function call(base: string, method: string, path: string, cookie: string, json?: unknown): Promise<{ status: number; body: LooseJson }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: base, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as LooseJson) : null };
}

/** An admin's discussion socket on `base`, connected. */
async function adminSocket(base: string, admin: { cookie: string; auth: Record<string, string> }): Promise<ClientSocket> {
  const socket = openSocket(base, { headers: { Cookie: admin.cookie, Origin: base }, auth: admin.auth });
  sockets.push(socket);
  const initial = nextEvent(socket, 'initialMessages');
  await connected(socket);
  await initial;
  return socket;
}

const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two API processes on one database and one Redis', () => {
  it('both report the database and Redis up on /healthz and /readyz', async () => {
    for (const base of [A, B]) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up', draining: false });
    }
  });

  it('a session created through A is valid on B, and a logout on B ends it on A at once', async () => {
    const student = await signedIn(A, ROLES.student);
    const onB = await call(B, 'GET', '/auth/current_user', student.cookie);
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ id: student.id, role: ROLES.student });
    // A has just answered for this session, so it is in A's session cache.
    expect((await call(A, 'GET', '/auth/current_user', student.cookie)).status).toBe(200);

    expect((await call(B, 'GET', '/auth/logout', student.cookie)).status).toBe(200);
    expect((await call(A, 'GET', '/auth/current_user', student.cookie)).status).toBe(401);
    expect((await call(B, 'GET', '/auth/current_user', student.cookie)).status).toBe(401);
  });

  it('a role change made through B applies to the cached session on A at once', async () => {
    const admin = await signedIn(B, ROLES.admin, 'Admin');
    const person = await signedIn(A, ROLES.student);
    expect((await call(A, 'GET', '/auth/current_user', person.cookie)).body).toMatchObject({ role: ROLES.student });

    expect((await call(B, 'PUT', `/api/admin/users/${person.id}/role`, admin.cookie, { role: ROLES.teacher })).status).toBe(200);
    expect((await call(A, 'GET', '/auth/current_user', person.cookie)).body).toMatchObject({ role: ROLES.teacher });
    expect((await call(A, 'GET', `/api/student/stats/${person.id}`, person.cookie)).status).toBe(403);
  });

  it("a demotion made through A closes the admin's discussion socket on B within 1 s (the adapter carries the disconnect)", async () => {
    const actor = await signedIn(A, ROLES.admin, 'Demoting');
    const demoted = await signedIn(B, ROLES.admin, 'Demoted');
    const socket = await adminSocket(B, demoted);
    const bystander = await adminSocket(B, actor);
    const closed = nextEvent<string>(socket, 'disconnect', 1000);
    expect((await call(A, 'PUT', `/api/admin/users/${demoted.id}/role`, actor.cookie, { role: ROLES.teacher })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it('a notice posted through A appears at once in the list B had just read', async () => {
    const admin = await signedIn(A, ROLES.admin, 'Notices');
    const before = await call(B, 'GET', '/api/admin/notice', admin.cookie);
    expect(before.status).toBe(200);
    const title = `Cluster notice ${Date.now()}`;
    expect((await call(A, 'POST', '/api/admin/notice', admin.cookie, { title, description: 'Seen by every process.' })).status).toBe(201);
    const after = await call(B, 'GET', '/api/admin/notice', admin.cookie);
    expect(JSON.stringify(after.body)).toContain(title);
  });

  it('a chat message sent to A reaches an admin connected to B exactly once, and a retry through B is not stored twice', async () => {
    const sender = await signedIn(A, ROLES.admin, 'Sender');
    const reader = await signedIn(B, ROLES.admin, 'Reader');
    const onA = await adminSocket(A, sender);
    const onB = await adminSocket(B, reader);
    const seenOnA = collect<LooseJson>(onA, 'message');
    const seenOnB = collect<LooseJson>(onB, 'message');
    const tempId = `cluster-${Date.now()}`;

    const ack = nextEvent<{ id: string }>(onA, 'messageAck');
    onA.emit('message', { content: 'Across processes', file: null, tempId });
    expect(await ack).toEqual({ id: tempId });
    await settle();
    expect(seenOnB.filter((m) => m.tempId === tempId)).toHaveLength(1);
    expect(seenOnB[0]).toMatchObject({ content: 'Across processes', user_id: sender.id, tempId });
    expect(seenOnA.filter((m) => m.tempId === tempId)).toHaveLength(1);

    // The sender's connection dropped and came back on B: the retry is acknowledged there, once, without a new copy.
    const retrySocket = await adminSocket(B, { ...sender, cookie: (await login(B, sender.email, sender.password)).cookie });
    const retryAck = nextEvent<{ id: string }>(retrySocket, 'messageAck');
    const echo = nextEvent<LooseJson>(retrySocket, 'message');
    retrySocket.emit('message', { content: 'Across processes', file: null, tempId });
    expect(await retryAck).toEqual({ id: tempId });
    expect((await echo).id).toBe(seenOnB[0].id);
    await settle();
    expect(seenOnB.filter((m) => m.tempId === tempId)).toHaveLength(1);
    expect(seenOnA.filter((m) => m.tempId === tempId)).toHaveLength(1);
    expect(await ChatMessage.countDocuments({ userId: sender.id, tempId })).toBe(1);
  });

  it('an image uploaded through A is served by B, and so is a chat attachment', async () => {
    const admin = await signedIn(A, ROLES.admin, 'Uploader');
    const teacher = await createUser({ role: ROLES.teacher });
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'Shared storage',
      description: 'Served by any process.',
      instructorId: teacher.user.id as string,
      duration: '3',
      startDate: '2026-09-01',
      endDate: '2026-12-18',
      status: 'active',
    })) {
      form.append(key, value);
    }
    form.append('image', new File([PNG], 'dot.png', { type: 'image/png' }));
    const created = await fetch(`${A}/api/admin/courses`, { method: 'POST', headers: { Cookie: admin.cookie, Origin: A }, body: form });
    expect(created.status).toBe(201);
    const course = (await created.json()) as LooseJson;
    const served = await fetch(`${B}${course.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const socket = await adminSocket(A, admin);
    const echo = nextEvent<LooseJson>(socket, 'message');
    socket.emit('message', { content: '', file: { data: `data:image/png;base64,${PNG.toString('base64')}`, name: 'dot.png', type: 'image/png' }, tempId: `file-${Date.now()}` });
    const message = await echo;
    const reader = await signedIn(B, ROLES.admin, 'Reader');
    const attachment = await fetch(`${B}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(attachment.status).toBe(200);
    expect(Buffer.from(await attachment.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('two admins deciding one complaint through A and B at once: exactly one decision wins', async () => {
    const first = await signedIn(A, ROLES.admin, 'First');
    const second = await signedIn(B, ROLES.admin, 'Second');
    const filer = await createUser({ role: ROLES.student });
    for (let round = 0; round < 5; round++) {
      const complaint = await Complaint.create({ title: `Race ${round}`, description: 'Two admins at once.', userId: filer.user._id, role: ROLES.student, status: null });
      const [approve, disapprove] = await Promise.all([
        call(A, 'POST', `/api/admin/complaints/${complaint.id}/approve`, first.cookie),
        call(B, 'POST', `/api/admin/complaints/${complaint.id}/disapprove`, second.cookie),
      ]);
      expect([approve.status, disapprove.status].sort()).toEqual([200, 409]);
      const winner = approve.status === 200 ? 'approved' : 'disapproved';
      expect((await Complaint.findById(complaint._id).lean())?.status).toBe(winner);
    }
  });

  it('recordings sent through both processes are each measured once, by one of them (docs/architecture.md#background-jobs)', async () => {
    const teacher = await createUser({ role: ROLES.teacher });
    const student = await signedIn(A, ROLES.student);
    const course = await Course.create({
      title: 'Cluster voices',
      description: 'Two processes.',
      instructorId: teacher.user._id,
      duration: 5,
      startDate: new Date('2026-01-01'),
      endDate: new Date('2026-12-31'),
      status: 'active',
    });
    await Enrollment.create({ studentId: student.id, courseId: course._id });
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      const task = await SpeakingTask.create({ courseId: course._id, teacherId: teacher.user._id, title: `Take ${i}`, prompt: 'Say it.', focusStrands: ['physical'], maxSeconds: 60 });
      const base = i % 2 === 0 ? A : B;
      const form = new FormData();
      form.append('audio', new Blob([audioFixture('speech.wav') as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'take.wav');
      const res = await fetch(`${base}/api/student/speaking-tasks/${task.id}/recordings`, { method: 'POST', headers: { Cookie: student.cookie, Origin: base }, body: form });
      expect(res.status).toBe(201);
      sent.push(((await res.json()) as LooseJson).id);
    }
    const deadline = Date.now() + 30_000;
    // A report is written before its job is marked done: wait for both.
    const finished = async () =>
      (await StoredDeliveryReport.countDocuments({ recordingId: { $in: sent }, status: 'ready', source: 'server' })) === sent.length &&
      (await Job.countDocuments({ name: 'delivery.measure', 'payload.recordingId': { $in: sent }, status: { $in: ['done', 'failed'] } })) === sent.length;
    while (!(await finished())) {
      if (Date.now() > deadline) throw new Error('the recordings were not measured within 30 s');
      await settle(200);
    }
    const jobs = await Job.find({ name: 'delivery.measure', 'payload.recordingId': { $in: sent } }).lean();
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(Array(sent.length).fill(['done', 1]));
    expect(await JobClaim.countDocuments({ jobId: { $in: jobs.map((j) => j._id) } })).toBe(sent.length);
    const read = await call(B, 'GET', `/api/recordings/${sent[0]}/delivery`, student.cookie);
    expect(read.body).toMatchObject({ status: 'ready', source: 'server', reason: null });
  });

  // Its failures are forgotten afterwards (REDIS_URL may be kept between runs).
  it('failed sign-ins for one (email, address) made on both processes add up to one limit, and a device cookie made by A is trusted by B', async () => {
    const { user, password } = await createUser({ role: ROLES.student });
    onTestFinished(async () => {
      const redis = new Redis(inject('clusterRedisUrl'));
      const keys = await redis.keys(`${REDIS_RATE_LIMIT_PREFIX}:login-failures-*`);
      const ours = keys.filter((key) => key.includes('127.0.0.1') || key.endsWith(user.email) || key.includes(user.id as string));
      if (ours.length > 0) await redis.del(...ours);
      await redis.quit();
    });
    const signIn = (base: string, pass: string, cookie?: string) =>
      fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ email: user.email, password: pass }),
      });

    // The owner signed in through A once: this browser keeps A's device cookie.
    const first = await signIn(A, password);
    expect(first.status).toBe(200);
    const deviceCookie = first.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith('oracy_device_'));
    expect(deviceCookie).toBeDefined();

    // Both processes see this machine's address: the failures of one (email, address) pair, half on each.
    const limit = AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp.points;
    for (let attempt = 0; attempt < limit; attempt++) {
      const res = await signIn(attempt % 2 === 0 ? A : B, 'not the password');
      await res.body?.cancel();
      expect(res.status).toBe(401);
    }
    // The count is shared, so both refuse now, even the right password from a browser without a device cookie.
    for (const base of [A, B]) {
      const res = await signIn(base, password);
      await res.body?.cancel();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    // The device cookie's key lives in the shared database: B trusts the cookie A made.
    const trusted = await signIn(B, password, deviceCookie);
    await trusted.body?.cancel();
    expect(trusted.status).toBe(200);
  });
});
