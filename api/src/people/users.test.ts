import { beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { createApp } from '../app.js';
import { Assessment } from '../oracy/assessmentModel.js';
import { AssignmentCompletion, Assignment } from '../assignments/model.js';
import { ChatMessage } from '../chat/messageModel.js';
import { Complaint } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Session } from '../auth/sessionModel.js';
import { User } from './userModel.js';
import { type Role } from '../auth/roles.js';
import { IdempotencyKey } from '../platform/http/idempotencyKeyModel.js';
import { getEnv } from '../platform/env.js';
import { deletePerson } from './service.js';
import { createUploadStores } from '../platform/uploads.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();

async function signedIn(role: Role, fields: Parameters<typeof createUser>[0] = {}) {
  const { user, password } = await createUser({ role, ...fields });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = (path: string, cookie?: string) => app.request(path, jsonRequest('GET', undefined, cookie));

let admin: Awaited<ReturnType<typeof signedIn>>;
let teacherCookie: string;
let studentCookie: string;

beforeAll(async () => {
  admin = await signedIn(1);
  teacherCookie = (await signedIn(2)).cookie;
  studentCookie = (await signedIn(3)).cookie;
});

describe('authorization of the admin people calls (docs/product.md#authorization-matrix)', () => {
  const id = '0123456789abcdef01234567';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['PUT', `/api/admin/users/${id}/role`, { role: 2 }],
    ['DELETE', `/api/admin/users/${id}`],
    ['GET', '/api/admin/students'],
    ['GET', '/api/admin/teachers'],
    ['DELETE', `/api/admin/students/${id}`],
    ['DELETE', `/api/admin/teachers/${id}`],
    ['GET', '/api/admin/instructors'],
    ['GET', `/api/admin/students/${id}/courses`],
    ['POST', `/api/admin/students/${id}/assign-courses`, { courses: [] }],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/export?fileType=csv'],
    ['GET', '/api/admin/export?fileType=json'],
  ];

  it.each(calls)('%s %s: 401 without a session, 403 for a teacher and a student', async (method, path, body) => {
    const anonymous = await app.request(path, jsonRequest(method, body));
    expect(anonymous.status).toBe(401);
    expect((await readJson(anonymous)).error.code).toBe('unauthorized');
    for (const cookie of [teacherCookie, studentCookie]) {
      const res = await app.request(path, jsonRequest(method, body, cookie));
      expect(res.status).toBe(403);
      expect((await readJson(res)).error.code).toBe('forbidden');
    }
  });

  it('leaves GET /api/admin/notice to its own routes (no guard on all of /api/admin/*)', async () => {
    const res = await get('/api/admin/notice', studentCookie);
    expect([401, 403]).not.toContain(res.status);
  });
});

describe('GET /api/admin/users', () => {
  const tag = `pg${Date.now().toString(36)}`;
  beforeAll(async () => {
    // 12 users sharing a tag, two of them with the very same name, to prove the id tie-break.
    for (let i = 0; i < 12; i++) {
      await createUser({ firstName: 'Paged', lastName: i < 2 ? `${tag} Same` : `${tag} ${String(i).padStart(2, '0')}`, role: ((i % 3) + 1) as Role });
    }
  });

  it('answers {users: [{id, name, email, role}], total}, 10 per page by default', async () => {
    const res = await get('/api/admin/users', admin.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.total).toBeGreaterThanOrEqual(15);
    expect(body.users).toHaveLength(10);
    expect(Object.keys(body.users[0]).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it.each(['limit', 'rowsPerPage'])('pages with %s, sorted by name then id, without overlap', async (param) => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/admin/users?search=${tag}&page=${page}&${param}=5`, admin.cookie);
      expect(res.status).toBe(200);
      pages.push(await readJson(res));
    }
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
    expect(pages.map((p) => p.users.length)).toEqual([5, 5, 2]);
    const rows = pages.flatMap((p) => p.users);
    expect(new Set(rows.map((u: { id: string }) => u.id)).size).toBe(12);
    const sorted = [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(rows).toEqual(sorted);
  });

  it('answers an empty page past the end', async () => {
    const body = await readJson(await get(`/api/admin/users?search=${tag}&page=9&limit=5`, admin.cookie));
    expect(body).toEqual({ users: [], total: 12 });
  });

  it('searches name or email case-insensitively', async () => {
    const { user } = await createUser({ firstName: 'Zelda', lastName: 'Quartz', email: `zq-${tag}@Example.test` });
    const byName = await readJson(await get('/api/admin/users?search=zELDA%20qua', admin.cookie));
    expect(byName.users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const byEmail = await readJson(await get(`/api/admin/users?search=ZQ-${tag.toUpperCase()}`, admin.cookie));
    expect(byEmail).toEqual({ users: [{ id: user.id, name: 'Zelda Quartz', email: `zq-${tag}@example.test`, role: 3 }], total: 1 });
  });

  it.each(['(', '.*', '[', 'a+b?', '\\', '$^|'])('takes the search %j literally', async (search) => {
    const { user } = await createUser({ firstName: 'Meta', lastName: `x${search}y` });
    const res = await get(`/api/admin/users?search=${encodeURIComponent(search)}`, admin.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.users.map((u: { id: string }) => u.id)).toContain(user.id);
    for (const row of body.users) expect(`${row.name} ${row.email}`.toLowerCase()).toContain(search.toLowerCase());
  });

  it('finds a name holding a line or paragraph separator, and answers 200 to a search with one', async () => {
    const tag = new Types.ObjectId().toHexString().slice(-8);
    const { insertedId } = await User.collection.insertOne({ name: `Para\u2029${tag}`, email: `sep-${tag}@example.test`, role: 3, password: 'x' });
    const found = await get(`/api/admin/users?search=${encodeURIComponent(`a\u2029${tag}`)}`, admin.cookie);
    expect(found.status).toBe(200);
    expect((await readJson(found)).users.map((u: { id: string }) => u.id)).toEqual([String(insertedId)]);
    const none = await get(`/api/admin/users?search=${encodeURIComponent('x\u2028y')}`, admin.cookie);
    expect(none.status).toBe(200);
    expect(await readJson(none)).toEqual({ users: [], total: 0 });
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['rowsPerPage=500', 'rowsPerPage'],
    [`search=${'x'.repeat(201)}`, 'search'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/admin/users?${query}`, admin.cookie);
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields).toHaveProperty(field);
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('accepts {role}, changes it in place, and the user’s live session has the new role at once', async () => {
    const teacher = await signedIn(2);
    expect((await get('/api/admin/stats', teacher.cookie)).status).toBe(403);
    const res = await app.request(`/api/admin/users/${teacher.user.id}/role`, jsonRequest('PUT', { role: 1 }, admin.cookie));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ id: teacher.user.id, name: teacher.user.name, email: teacher.user.email, role: 1 });
    expect((await User.findById(teacher.user._id))?.role).toBe(1);
    expect((await get('/api/admin/stats', teacher.cookie)).status).toBe(200);
    expect((await readJson(await get('/auth/current_user', teacher.cookie))).role).toBe(1);
  });

  it('accepts {id, newRole}', async () => {
    const { user } = await createUser({ role: 3 });
    const res = await app.request(`/api/admin/users/${user.id}/role`, jsonRequest('PUT', { id: user.id, newRole: 2 }, admin.cookie));
    expect(res.status).toBe(200);
    expect((await readJson(res)).role).toBe(2);
    expect((await User.findById(user._id))?.role).toBe(2);
  });

  it('accepts a numeric string and an unchanged role', async () => {
    const { user } = await createUser({ role: 2 });
    const res = await app.request(`/api/admin/users/${user.id}/role`, jsonRequest('PUT', { role: '2' }, admin.cookie));
    expect(res.status).toBe(200);
    expect((await readJson(res)).role).toBe(2);
  });

  it.each([
    [{ role: 4 }, 'role'],
    [{ role: 0 }, 'role'],
    [{ role: 'admin' }, 'role'],
    [{ role: 1.5 }, 'role'],
    [{ newRole: null }, 'newRole'],
    [{}, 'role'],
    [{ role: 1, newRole: 2 }, 'newRole'],
    [{ id: 'nope', newRole: 2 }, 'id'],
    [{ id: '0123456789abcdef01234567', newRole: 2 }, 'id'],
  ])('answers 400 for %j and changes nothing', async (body, field) => {
    const { user } = await createUser({ role: 3 });
    const res = await app.request(`/api/admin/users/${user.id}/role`, jsonRequest('PUT', body, admin.cookie));
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.fields).toHaveProperty(field);
    expect((await User.findById(user._id))?.role).toBe(3);
  });

  it('answers 400 for a malformed id, 404 for an absent one, 415 for a non-JSON body', async () => {
    expect((await app.request('/api/admin/users/xyz/role', jsonRequest('PUT', { role: 2 }, admin.cookie))).status).toBe(400);
    const absent = await app.request('/api/admin/users/0123456789abcdef01234567/role', jsonRequest('PUT', { role: 2 }, admin.cookie));
    expect(absent.status).toBe(404);
    expect((await readJson(absent)).error.code).toBe('not_found');
    const text = await app.request(`/api/admin/users/${admin.user.id}/role`, {
      method: 'PUT',
      headers: { Cookie: admin.cookie, 'Content-Type': 'text/plain' },
      body: 'role=2',
    });
    expect(text.status).toBe(415);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to delete oneself (409)', async () => {
    const res = await app.request(`/api/admin/users/${admin.user.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toEqual({ code: 'conflict', message: 'You cannot delete your own account.' });
    expect(await User.exists({ _id: admin.user._id })).toBeTruthy();
  });

  it('answers 400 for a malformed id and 404 for an absent one', async () => {
    expect((await app.request('/api/admin/users/123', jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(400);
    expect((await app.request('/api/admin/users/0123456789abcdef01234567', jsonRequest('DELETE', undefined, admin.cookie))).status).toBe(404);
  });

  it('ends the person’s sessions and removes their records; taught courses and chat messages stay', async () => {
    const teacher = await signedIn(2);
    const student = await signedIn(3);
    const course = await Course.create({
      title: 'Debate',
      description: 'Arguing well',
      instructorId: teacher.user._id,
      duration: 10,
      startDate: new Date('2025-01-01'),
      endDate: new Date('2025-06-01'),
    });
    const assignment = await Assignment.create({ courseId: course._id, title: 'Speech', dueDate: new Date('2025-03-01') });
    await Enrollment.create({ studentId: student.user._id, courseId: course._id });
    await AssignmentCompletion.create({ assignmentId: assignment._id, studentId: student.user._id });
    await Assessment.create({ userId: student.user._id, scores: { eyeContact: 3 }, mean: 3, level: 'Developing' });
    await Complaint.create({ title: 'Noise', description: 'Too loud', userId: student.user._id, role: 3 });
    await ChatMessage.create({ userId: student.user._id, senderName: student.user.name, content: 'Hello' });
    await IdempotencyKey.create({ userId: student.user._id, key: 'outbox-key-1', fingerprint: 'f', state: 'done', status: 201, body: '{}' });

    const res = await app.request(`/api/admin/users/${student.user.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(res.status).toBe(204);
    expect(await User.exists({ _id: student.user._id })).toBeNull();
    expect(await Session.countDocuments({ userId: student.user._id })).toBe(0);
    expect((await get('/auth/current_user', student.cookie)).status).toBe(401);
    expect(await Enrollment.countDocuments({ studentId: student.user._id })).toBe(0);
    expect(await AssignmentCompletion.countDocuments({ studentId: student.user._id })).toBe(0);
    expect(await Assessment.countDocuments({ userId: student.user._id })).toBe(0);
    expect(await Complaint.countDocuments({ userId: student.user._id })).toBe(0);
    expect(await IdempotencyKey.countDocuments({ userId: student.user._id })).toBe(0);
    const message = await ChatMessage.findOne({ content: 'Hello' }).lean();
    expect(message).toMatchObject({ userId: null, senderName: 'Deleted user' });

    const gone = await app.request(`/api/admin/users/${teacher.user.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(gone.status).toBe(204);
    expect(await Course.findById(course._id).lean()).toMatchObject({ title: 'Debate', instructorId: null });
    expect(await Assignment.exists({ _id: assignment._id })).toBeTruthy();
    expect((await get('/auth/current_user', teacher.cookie)).status).toBe(401);
  });
});

describe('keeping at least one admin', () => {
  it('refuses to demote or delete the last admin and allows it once another admin exists', async () => {
    // This file's database is its own: make the signed-in admin the only one.
    await User.deleteMany({ role: 1, _id: { $ne: admin.user._id } });
    const demoteSelf = await app.request(`/api/admin/users/${admin.user.id}/role`, jsonRequest('PUT', { role: 3 }, admin.cookie));
    expect(demoteSelf.status).toBe(409);
    expect((await readJson(demoteSelf)).error.message).toMatch(/last admin/i);
    expect((await User.findById(admin.user._id))?.role).toBe(1);

    const second = await signedIn(1);
    // With two admins, demoting one is allowed.
    const demoteOther = await app.request(`/api/admin/users/${second.user.id}/role`, jsonRequest('PUT', { newRole: 2, id: second.user.id }, admin.cookie));
    expect(demoteOther.status).toBe(200);
    // Now `second` is a teacher again and can no longer call admin routes.
    expect((await get('/api/admin/users', second.cookie)).status).toBe(403);

    const third = await signedIn(1);
    const deleted = await app.request(`/api/admin/users/${third.user.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(deleted.status).toBe(204);
    expect(await User.countDocuments({ role: 1 })).toBe(1);
  });

  it('never deletes the last admin, even for a caller that lost the admin role meanwhile', async () => {
    const last = await signedIn(1);
    await User.deleteMany({ role: 1, _id: { $ne: last.user._id } });
    // Over HTTP the only one who could ask is the last admin themself (409 above);
    // a concurrent request whose caller was just demoted reaches the service like this:
    await expect(deletePerson(last.user.id, { actorId: admin.user.id, uploads: createUploadStores(getEnv()) })).rejects.toMatchObject({ status: 409 });
    expect(await User.exists({ _id: last.user._id, role: 1 })).toBeTruthy();
    expect(await Session.countDocuments({ userId: last.user._id })).toBe(1);
    const self = await app.request(`/api/admin/users/${last.user.id}`, jsonRequest('DELETE', undefined, last.cookie));
    expect(self.status).toBe(409);
  });
});
