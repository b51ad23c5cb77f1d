import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { UserDoc } from '../auth/context.js';
import { User } from '../people/userModel.js';
import { createUser, readJson, signIn } from '../test/factories.js';
import { complete, countQueries, enroll, makeAssignments, makeCourse } from '../test/testData.js';

const app = createApp();

async function signedIn(role: 1 | 2 | 3, fields: { firstName?: string; lastName?: string } = {}): Promise<{ user: UserDoc; cookie: string }> {
  const { user, password } = await createUser({ role, ...fields });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = async (path: string, cookie?: string): Promise<Response> => app.request(path, cookie ? { headers: { Cookie: cookie } } : {});

const ABSENT_ID = new Types.ObjectId().toHexString();

describe('who may read the teacher area (docs/product.md#authorization-matrix)', () => {
  type Caller = Awaited<ReturnType<typeof signedIn>>;
  let teacher: Caller, other: Caller, student: Caller, admin: Caller, id: string;
  beforeAll(async () => {
    [teacher, other, student, admin] = await Promise.all([signedIn(2), signedIn(2), signedIn(3), signedIn(1)]);
    id = teacher.user.id as string;
  });
  const reads = [
    ['stats', (tid: string) => `/api/teacher/stats/${tid}`],
    ['courses', (tid: string) => `/api/teacher/courses/${tid}`],
    ['students', (tid: string) => `/api/teacher/students/${tid}`],
    ['assignments', (tid: string) => `/api/teacher/assignments/${tid}`],
  ] as const;

  it.each(reads)('%s: 200 for the teacher and an admin, 403 for another teacher or a student, 401 without a session', async (_name, path) => {
    expect((await get(path(id), teacher.cookie)).status).toBe(200);
    expect((await get(path(id), admin.cookie)).status).toBe(200);
    expect((await get(path(id), other.cookie)).status).toBe(403);
    expect((await get(path(id), student.cookie)).status).toBe(403);
    expect((await get(path(student.user.id as string), student.cookie)).status).toBe(403);
    expect((await get(path(id))).status).toBe(401);
  });

  it.each(reads)('%s: 400 for a malformed id, 404 for an admin naming no teacher', async (_name, path) => {
    expect((await get(path('12345'), teacher.cookie)).status).toBe(400);
    expect((await get(path(ABSENT_ID), admin.cookie)).status).toBe(404);
    expect((await get(path(student.user.id as string), admin.cookie)).status).toBe(404);
  });
});

describe('GET /api/teacher/stats/:teacherId (docs/product.md#derived-and-stored-data)', () => {
  it('counts courses, assignments handed out per enrolled student, and their completions', async () => {
    const { user: teacher, cookie } = await signedIn(2);
    const [s1, s2, s3] = await Promise.all([createUser({ role: 3 }), createUser({ role: 3 }), createUser({ role: 3 })]).then((r) => r.map((x) => x.user));
    const voice = await makeCourse({ instructorId: teacher._id });
    const debate = await makeCourse({ instructorId: teacher._id });
    await makeCourse({ instructorId: teacher._id }); // a course with no students and no assignments
    const elsewhere = await makeCourse();
    await enroll(s1!._id, [voice._id, debate._id, elsewhere._id]);
    await enroll(s2!._id, [voice._id]);
    const voiceWork = await makeAssignments(voice._id, 2); // 2 assignments × 2 students = 4
    const debateWork = await makeAssignments(debate._id, 3); // 3 assignments × 1 student = 3
    const otherWork = await makeAssignments(elsewhere._id, 4); // not this teacher's
    await complete(s1!._id, [voiceWork[0]!._id, voiceWork[1]!._id, debateWork[0]!._id, otherWork[0]!._id]);
    await complete(s2!._id, [voiceWork[1]!._id]);
    // A completion by a student who is not enrolled in the course does not count.
    await complete(s3!._id, [voiceWork[0]!._id]);

    const res = await get(`/api/teacher/stats/${teacher.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ totalCourses: 3, totalAssignments: 7, completedAssignments: 4 });
  });

  it('answers zeros for a teacher with no courses', async () => {
    const { user, cookie } = await signedIn(2);
    expect(await readJson(await get(`/api/teacher/stats/${user.id}`, cookie))).toEqual({ totalCourses: 0, totalAssignments: 0, completedAssignments: 0 });
  });

  it('runs the same number of queries for 1 course as for 8 with many students', async () => {
    const small = await signedIn(2);
    const large = await signedIn(2);
    const { user: s } = await createUser({ role: 3 });
    const one = await makeCourse({ instructorId: small.user._id });
    await enroll(s._id, [one._id]);
    await makeAssignments(one._id, 1);
    const students = (await Promise.all(Array.from({ length: 5 }, () => createUser({ role: 3 })))).map((r) => r.user);
    const many = await Promise.all(Array.from({ length: 8 }, () => makeCourse({ instructorId: large.user._id })));
    for (const student of students)
      await enroll(
        student._id,
        many.map((c) => c._id),
      );
    for (const course of many) await makeAssignments(course._id, 2);

    const a = await countQueries(() => get(`/api/teacher/stats/${small.user.id}`, small.cookie));
    const b = await countQueries(() => get(`/api/teacher/stats/${large.user.id}`, large.cookie));
    expect(await readJson(b.result)).toEqual({ totalCourses: 8, totalAssignments: 80, completedAssignments: 0 });
    expect(a.queries).toBeGreaterThan(2);
    expect(b.queries).toBe(a.queries);
  });
});

describe('GET /api/teacher/courses/:teacherId', () => {
  it('lists the courses the teacher teaches, with imageUrl and the instructor name', async () => {
    const { user, cookie } = await signedIn(2, { firstName: 'Tess', lastName: 'Ting' });
    const course = await makeCourse({ title: 'Rhetoric', instructorId: user._id, image: 'course-r.webp', status: 'inactive' });
    await makeCourse({ title: "Someone else's" });
    const body = await readJson(await get(`/api/teacher/courses/${user.id}`, cookie));
    expect(body).toEqual([
      expect.objectContaining({ id: course.id, title: 'Rhetoric', instructorId: user.id, instructorName: 'Tess Ting', status: 'inactive', imageUrl: '/uploads/course-r.webp' }),
    ]);
  });
});

describe("GET /api/teacher/students/:teacherId (docs/product.md#derived-and-stored-data: the students of the teacher's courses)", () => {
  it('lists each enrolled student once with the course names they share with the teacher', async () => {
    const { user: teacher, cookie } = await signedIn(2);
    const { user: zoe } = await createUser({ role: 3, firstName: 'Zoe', lastName: 'Zed' });
    const { user: amy } = await createUser({ role: 3, firstName: 'Amy', lastName: 'Ash' });
    const { user: nowTeacher } = await createUser({ role: 2, firstName: 'Was', lastName: 'Student' });
    const { user: stranger } = await createUser({ role: 3 });
    await User.updateOne({ _id: amy._id }, { $set: { profilePicture: '/uploads/amy.png' } });
    const voice = await makeCourse({ title: 'Voice', instructorId: teacher._id });
    const debate = await makeCourse({ title: 'Debate', instructorId: teacher._id });
    const foreign = await makeCourse({ title: 'Foreign' });
    await enroll(zoe._id, [voice._id, debate._id, foreign._id]);
    await enroll(amy._id, [debate._id]);
    await enroll(nowTeacher._id, [voice._id]);
    await enroll(stranger._id, [foreign._id]);

    const res = await get(`/api/teacher/students/${teacher.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual([
      { id: amy.id, studentName: 'Amy Ash', profilePicture: '/uploads/amy.png', studentEmail: amy.email, courses: [{ courseName: 'Debate' }] },
      { id: zoe.id, studentName: 'Zoe Zed', profilePicture: null, studentEmail: zoe.email, courses: [{ courseName: 'Debate' }, { courseName: 'Voice' }] },
    ]);
  });

  it('runs the same number of queries for 1 student as for 12', async () => {
    const small = await signedIn(2);
    const large = await signedIn(2);
    const { user: s } = await createUser({ role: 3 });
    await enroll(s._id, [(await makeCourse({ instructorId: small.user._id }))._id]);
    const courses = await Promise.all(Array.from({ length: 3 }, () => makeCourse({ instructorId: large.user._id })));
    const students = (await Promise.all(Array.from({ length: 12 }, () => createUser({ role: 3 })))).map((r) => r.user);
    for (const student of students)
      await enroll(
        student._id,
        courses.map((c) => c._id),
      );

    const a = await countQueries(() => get(`/api/teacher/students/${small.user.id}`, small.cookie));
    const b = await countQueries(() => get(`/api/teacher/students/${large.user.id}`, large.cookie));
    expect(await readJson(b.result)).toHaveLength(12);
    expect(a.queries).toBeGreaterThan(2);
    expect(b.queries).toBe(a.queries);
  });
});

describe('GET /api/teacher/assignments/:teacherId (docs/product.md#teacher-courses)', () => {
  it("lists the assignments of the teacher's courses by due date, each with how many of its enrolled students have done it", async () => {
    const { user: teacher, cookie } = await signedIn(2);
    const [s1, s2, s3] = await Promise.all([createUser({ role: 3 }), createUser({ role: 3 }), createUser({ role: 3 })]).then((r) => r.map((x) => x.user));
    const voice = await makeCourse({ instructorId: teacher._id, title: 'Voice' });
    const empty = await makeCourse({ instructorId: teacher._id, title: 'Nobody yet' });
    const elsewhere = await makeCourse();
    await enroll(s1!._id, [voice._id, elsewhere._id]);
    await enroll(s2!._id, [voice._id]);
    const [first, second] = await makeAssignments(voice._id, 2, '2026-03-01');
    const [lonely] = await makeAssignments(empty._id, 1, '2026-02-01');
    await makeAssignments(elsewhere._id, 1); // not this teacher's
    await complete(s1!._id, [first!._id, second!._id]);
    await complete(s2!._id, [second!._id]);
    // A completion by a student who is not enrolled in the course does not count.
    await complete(s3!._id, [first!._id]);

    const res = await get(`/api/teacher/assignments/${teacher.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual([
      { id: lonely!.id, title: lonely!.title, courseId: empty.id, courseTitle: 'Nobody yet', dueDate: '2026-02-01', completed: 0, enrolled: 0 },
      { id: first!.id, title: first!.title, courseId: voice.id, courseTitle: 'Voice', dueDate: '2026-03-01', completed: 1, enrolled: 2 },
      { id: second!.id, title: second!.title, courseId: voice.id, courseTitle: 'Voice', dueDate: '2026-03-02', completed: 2, enrolled: 2 },
    ]);
  });

  it('answers an empty list for a teacher with no courses', async () => {
    const { user, cookie } = await signedIn(2);
    expect(await readJson(await get(`/api/teacher/assignments/${user.id}`, cookie))).toEqual([]);
  });
});
