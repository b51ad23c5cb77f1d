import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Complaint } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Session } from '../auth/sessionModel.js';
import { User } from './userModel.js';
import { type Role } from '../auth/roles.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();
const ABSENT = '0123456789abcdef01234567';

const get = (path: string, cookie?: string) => app.request(path, jsonRequest('GET', undefined, cookie));
const post = (path: string, body: unknown, cookie?: string) => app.request(path, jsonRequest('POST', body, cookie));
const del = (path: string, cookie?: string) => app.request(path, jsonRequest('DELETE', undefined, cookie));

let adminCookie: string;

function createCourse(title: string, fields: Record<string, unknown> = {}) {
  return Course.create({ title, description: `${title} course`, duration: 12, startDate: new Date('2025-01-01'), endDate: new Date('2025-12-31'), ...fields });
}

beforeAll(async () => {
  const { user, password } = await createUser({ role: 1 });
  adminCookie = await signIn(app, user.email, password);
});

describe('GET /api/admin/students and /api/admin/teachers', () => {
  const tag = `pp${Date.now().toString(36)}`;
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) await createUser({ role: 3, firstName: 'Stu', lastName: `${tag} ${i}` });
    for (let i = 0; i < 3; i++) await createUser({ role: 2, firstName: 'Tea', lastName: `${tag} ${i}` });
    await createUser({ role: 1, firstName: 'Adm', lastName: tag });
  });

  it.each([
    ['students', 7],
    ['teachers', 3],
  ] as const)('lists only %s, as {%s: [{id, name, email}], total}', async (kind, count) => {
    const res = await get(`/api/admin/${kind}?search=${tag}`, adminCookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.total).toBe(count);
    expect(body[kind]).toHaveLength(count);
    expect(Object.keys(body[kind][0]).sort()).toEqual(['email', 'id', 'name']);
    const role: Role = kind === 'students' ? 3 : 2;
    const ids = body[kind].map((p: { id: string }) => p.id);
    expect(await User.countDocuments({ _id: { $in: ids }, role })).toBe(count);
  });

  it.each(['limit', 'rowsPerPage'])('pages students with %s without overlap', async (param) => {
    const first = await readJson(await get(`/api/admin/students?search=${tag}&page=1&${param}=4`, adminCookie));
    const second = await readJson(await get(`/api/admin/students?search=${tag}&page=2&${param}=4`, adminCookie));
    expect(first.students).toHaveLength(4);
    expect(second.students).toHaveLength(3);
    expect(first.total).toBe(7);
    const ids = [...first.students, ...second.students].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(7);
    expect(first.students.map((p: { name: string }) => p.name)).toEqual([0, 1, 2, 3].map((i) => `Stu ${tag} ${i}`));
  });

  it('searches teachers with regex metacharacters literally', async () => {
    const { user } = await createUser({ role: 2, firstName: 'Brack', lastName: '[x](y).*' });
    for (const search of ['[x', '(y)', '.*']) {
      const body = await readJson(await get(`/api/admin/teachers?search=${encodeURIComponent(search)}`, adminCookie));
      expect(body.teachers.map((t: { id: string }) => t.id)).toEqual([user.id]);
    }
  });

  it('answers 400 for a bad page size', async () => {
    expect((await get('/api/admin/teachers?rowsPerPage=0', adminCookie)).status).toBe(400);
    expect((await get('/api/admin/students?limit=x', adminCookie)).status).toBe(400);
  });
});

describe('DELETE /api/admin/students/:id and /api/admin/teachers/:id', () => {
  it('answers 404 when the id is not a student / a teacher, 400 when malformed', async () => {
    const { user: teacher } = await createUser({ role: 2 });
    const { user: student } = await createUser({ role: 3 });
    expect((await del(`/api/admin/students/${teacher.id}`, adminCookie)).status).toBe(404);
    expect((await del(`/api/admin/teachers/${student.id}`, adminCookie)).status).toBe(404);
    expect((await del(`/api/admin/students/${ABSENT}`, adminCookie)).status).toBe(404);
    expect((await del('/api/admin/teachers/not-an-id', adminCookie)).status).toBe(400);
    expect(await User.countDocuments({ _id: { $in: [teacher._id, student._id] } })).toBe(2);
  });

  it('deletes a student with their enrollments, complaints and sessions', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    const course = await createCourse('Listening');
    await Enrollment.create({ studentId: user._id, courseId: course._id });
    await Complaint.create({ title: 't', description: 'd', userId: user._id, role: 3 });
    const res = await del(`/api/admin/students/${user.id}`, adminCookie);
    expect(res.status).toBe(204);
    expect(await User.exists({ _id: user._id })).toBeNull();
    expect(await Enrollment.countDocuments({ studentId: user._id })).toBe(0);
    expect(await Complaint.countDocuments({ userId: user._id })).toBe(0);
    expect(await Session.countDocuments({ userId: user._id })).toBe(0);
    expect((await get('/auth/current_user', cookie)).status).toBe(401);
    expect(await Course.exists({ _id: course._id })).toBeTruthy();
  });

  it('deletes a teacher; their courses stay without an instructor', async () => {
    const { user } = await createUser({ role: 2 });
    const course = await createCourse('Rhetoric', { instructorId: user._id });
    expect((await del(`/api/admin/teachers/${user.id}`, adminCookie)).status).toBe(204);
    expect(await User.exists({ _id: user._id })).toBeNull();
    expect((await Course.findById(course._id).lean())?.instructorId).toBeNull();
    expect((await readJson(await get('/api/admin/instructors', adminCookie))).map((t: { id: string }) => t.id)).not.toContain(user.id);
  });
});

describe('GET /api/admin/instructors', () => {
  it('answers every teacher as [{id, name}] sorted by name', async () => {
    const { user: teacher } = await createUser({ role: 2, firstName: 'Aaron', lastName: 'Instructor' });
    const res = await get('/api/admin/instructors', adminCookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toContainEqual({ id: teacher.id, name: 'Aaron Instructor' });
    expect(body).toHaveLength(await User.countDocuments({ role: 2 }));
    const names = body.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort());
    for (const row of body) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
  });
});

describe('course assignment', () => {
  let student: string;
  let courses: string[];
  beforeAll(async () => {
    student = (await createUser({ role: 3 })).user.id;
    courses = [];
    for (const title of ['A', 'B', 'C']) courses.push((await createCourse(`Course ${title}`)).id as string);
  });
  const assigned = async () => readJson(await get(`/api/admin/students/${student}/courses`, adminCookie));

  it('starts empty', async () => {
    const res = await get(`/api/admin/students/${student}/courses`, adminCookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual([]);
  });

  it('assigns with {courses} and replaces the set with {studentId, courses}', async () => {
    const first = await post(`/api/admin/students/${student}/assign-courses`, { courses: [courses[0], courses[1]] }, adminCookie);
    expect(first.status).toBe(200);
    expect((await readJson(first)).courses.sort()).toEqual([courses[0], courses[1]].sort());
    expect((await assigned()).sort()).toEqual([courses[0], courses[1]].sort());

    const completed = new Date();
    await Enrollment.updateOne({ studentId: student, courseId: courses[1] }, { $set: { completedAt: completed } });
    const second = await post(`/api/admin/students/${student}/assign-courses`, { studentId: student, courses: [courses[1], courses[2], courses[2]] }, adminCookie);
    expect(second.status).toBe(200);
    expect((await assigned()).sort()).toEqual([courses[1], courses[2]].sort());
    // A kept course keeps its enrollment (and its completion).
    expect((await Enrollment.findOne({ studentId: student, courseId: courses[1] }).lean())?.completedAt).toEqual(completed);
  });

  it('unassigns everything with an empty list', async () => {
    const res = await post(`/api/admin/students/${student}/assign-courses`, { courses: [] }, adminCookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ studentId: student, courses: [] });
    expect(await assigned()).toEqual([]);
  });

  it('answers 400 for an unknown course id and changes nothing', async () => {
    await post(`/api/admin/students/${student}/assign-courses`, { courses: [courses[0]] }, adminCookie);
    const res = await post(`/api/admin/students/${student}/assign-courses`, { courses: [courses[1], ABSENT] }, adminCookie);
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.fields.courses).toContain(ABSENT);
    expect(await assigned()).toEqual([courses[0]]);
  });

  it.each([
    [{}, 'courses'],
    [{ courses: 'abc' }, 'courses'],
    [{ courses: ['nope'] }, 'courses.0'],
    [{ courses: [], studentId: 'x' }, 'studentId'],
    [{ courses: [], studentId: ABSENT }, 'studentId'],
  ])('answers 400 for %j', async (body, field) => {
    const res = await post(`/api/admin/students/${student}/assign-courses`, body, adminCookie);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.fields).toHaveProperty(field);
  });

  it('answers 404 when the id is not a student and 400 when malformed', async () => {
    const { user: teacher } = await createUser({ role: 2 });
    expect((await get(`/api/admin/students/${teacher.id}/courses`, adminCookie)).status).toBe(404);
    expect((await post(`/api/admin/students/${ABSENT}/assign-courses`, { courses: [] }, adminCookie)).status).toBe(404);
    expect((await get('/api/admin/students/zzz/courses', adminCookie)).status).toBe(400);
    expect(await Enrollment.countDocuments({ studentId: teacher._id })).toBe(0);
  });
});
