import { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import type { UserDoc } from '../auth/context.js';
import { Assessment } from '../oracy/assessmentModel.js';
import { AssignmentCompletion } from '../assignments/model.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { User } from '../people/userModel.js';
import { createUser, readJson, signIn } from '../test/factories.js';
import { complete, countQueries, enroll, makeAssignments, makeCourse, scoresOf, submitAt } from '../test/testData.js';

const app = createApp();

async function signedIn(role: 1 | 2 | 3, fields: { firstName?: string; lastName?: string } = {}): Promise<{ user: UserDoc; cookie: string }> {
  const { user, password } = await createUser({ role, ...fields });
  return { user, cookie: await signIn(app, user.email, password) };
}

const get = async (path: string, cookie?: string): Promise<Response> => app.request(path, cookie ? { headers: { Cookie: cookie } } : {});

const ABSENT_ID = new Types.ObjectId().toHexString();

afterEach(() => {
  vi.useRealTimers();
});

describe('who may read the student area (docs/product.md#authorization-matrix)', () => {
  type Caller = Awaited<ReturnType<typeof signedIn>>;
  let student: Caller, other: Caller, teacher: Caller, admin: Caller, id: string;
  beforeAll(async () => {
    [student, other, teacher, admin] = await Promise.all([signedIn(3), signedIn(3), signedIn(2), signedIn(1)]);
    id = student.user.id as string;
  });
  const reads = [
    ['stats', (sid: string) => `/api/student/stats/${sid}`],
    ['courses', (sid: string) => `/api/student/courses/${sid}`],
    ['teachers', (sid: string) => `/api/student/teacher/${sid}`],
    ['assignments', (sid: string) => `/api/student/assignments/${sid}`],
  ] as const;

  it.each(reads)('%s: 200 for the student and an admin, 403 for another student or a teacher, 401 without a session', async (_name, path) => {
    expect((await get(path(id), student.cookie)).status).toBe(200);
    expect((await get(path(id), admin.cookie)).status).toBe(200);
    const forbidden = await get(path(id), other.cookie);
    expect(forbidden.status).toBe(403);
    expect((await readJson(forbidden)).error.code).toBe('forbidden');
    expect((await get(path(id), teacher.cookie)).status).toBe(403);
    // A teacher naming their own id in the student area is still refused.
    expect((await get(path(teacher.user.id as string), teacher.cookie)).status).toBe(403);
    const anonymous = await get(path(id));
    expect(anonymous.status).toBe(401);
    expect((await readJson(anonymous)).error.code).toBe('unauthorized');
  });

  it.each(reads)('%s: 400 for a malformed id, 404 for an admin naming no student', async (_name, path) => {
    const malformed = await get(path('not-an-id'), student.cookie);
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.code).toBe('validation_error');
    expect((await get(path(ABSENT_ID), admin.cookie)).status).toBe(404);
    // A teacher's id is not a student's.
    expect((await get(path(teacher.user.id as string), admin.cookie)).status).toBe(404);
  });
});

describe('GET /api/student/stats/:studentId (docs/product.md#derived-and-stored-data)', () => {
  it('counts enrollments, completed courses and the assignments of the enrolled courses', async () => {
    const { user, cookie } = await signedIn(3);
    const [a, b, c, notMine] = await Promise.all([makeCourse(), makeCourse(), makeCourse(), makeCourse()]);
    await enroll(user._id, [a._id, b._id, c._id], [b._id]);
    await makeAssignments(a._id, 2);
    await makeAssignments(b._id, 1);
    await makeAssignments(notMine._id, 5);
    // Another student's enrollment in the same course changes nothing here.
    const { user: classmate } = await createUser({ role: 3 });
    await enroll(classmate._id, [a._id, notMine._id], [a._id]);

    const res = await get(`/api/student/stats/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ totalCourses: 3, completedCourses: 1, totalAssignments: 3, oracyLevel: 'Beginner' });
  });

  it('answers zeros and "Beginner" for a student with nothing', async () => {
    const { user, cookie } = await signedIn(3);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const body = await readJson(await get(`/api/student/stats/${user.id}`, cookie));
    expect(body).toEqual({
      totalCourses: 0,
      completedCourses: 0,
      totalAssignments: 0,
      oracyLevel: 'Beginner',
      selfAssessed: false,
      activity: expect.any(Array),
    });
    // Six months of zeros, the current UTC month last.
    expect(body.activity).toHaveLength(6);
    expect(body.activity.at(-1)).toEqual({ month: thisMonth, completedCourses: 0, completedAssignments: 0 });
    expect(body.activity.every((m: { completedCourses: number; completedAssignments: number }) => m.completedCourses === 0 && m.completedAssignments === 0)).toBe(true);
  });

  it('takes the Oracy level from the latest self-assessment, else the stored level', async () => {
    const { user, cookie } = await signedIn(3);
    await User.updateOne({ _id: user._id }, { $set: { oracyLevel: 'Developing' } });
    expect((await readJson(await get(`/api/student/stats/${user.id}`, cookie))).oracyLevel).toBe('Developing');

    await Assessment.create({ userId: user._id, scores: { eyeContact: 5 }, mean: 4.6, level: 'Advanced', createdAt: new Date('2025-01-01') });
    await Assessment.create({ userId: user._id, scores: { eyeContact: 4 }, mean: 4, level: 'Proficient', createdAt: new Date('2025-02-01') });
    expect((await readJson(await get(`/api/student/stats/${user.id}`, cookie))).oracyLevel).toBe('Proficient');
  });

  it('counts completed courses and assignments per UTC month for the last six months, 0 for an empty one (docs/product.md#student-dashboard)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-15T12:00:00Z'));
    const { user, cookie } = await signedIn(3);
    const before = await makeCourse();
    const first = await makeCourse();
    const january1 = await makeCourse();
    const january2 = await makeCourse();
    const open = await makeCourse();
    const notMine = await makeCourse();
    const completions: [typeof open, string | null][] = [
      [before, '2023-09-30T23:59:59Z'], // the month before the window
      [first, '2023-10-01T00:00:00Z'],
      [january1, '2024-01-10T08:00:00Z'],
      [january2, '2024-01-31T23:59:59Z'],
      [open, null],
    ];
    await Enrollment.insertMany(completions.map(([course, at]) => ({ studentId: user._id, courseId: course._id, completedAt: at ? new Date(at) : null })));
    const mine = await makeAssignments(open._id, 3);
    const [other] = await makeAssignments(notMine._id, 1);
    await AssignmentCompletion.insertMany([
      { assignmentId: mine[0]!._id, studentId: user._id, completedAt: new Date('2024-02-05T10:00:00Z') },
      { assignmentId: mine[1]!._id, studentId: user._id, completedAt: new Date('2024-03-01T00:00:00Z') },
      { assignmentId: mine[2]!._id, studentId: user._id, completedAt: new Date('2023-08-20T10:00:00Z') },
      // An assignment of a course the student is not enrolled in is not theirs to count.
      { assignmentId: other!._id, studentId: user._id, completedAt: new Date('2024-02-06T10:00:00Z') },
    ]);

    const body = await readJson(await get(`/api/student/stats/${user.id}`, cookie));
    expect(body.activity).toEqual([
      { month: '2023-10', completedCourses: 1, completedAssignments: 0 },
      { month: '2023-11', completedCourses: 0, completedAssignments: 0 },
      { month: '2023-12', completedCourses: 0, completedAssignments: 0 },
      { month: '2024-01', completedCourses: 2, completedAssignments: 0 },
      { month: '2024-02', completedCourses: 0, completedAssignments: 1 },
      { month: '2024-03', completedCourses: 0, completedAssignments: 1 },
    ]);
    expect(body).toMatchObject({ totalCourses: 5, completedCourses: 4, totalAssignments: 3 });

    // A completion written now shows at once (the read cache is emptied by the write).
    await AssignmentCompletion.updateOne({ assignmentId: mine[2]!._id, studentId: user._id }, { $set: { completedAt: new Date('2024-03-14T10:00:00Z') } });
    const after = await readJson(await get(`/api/student/stats/${user.id}`, cookie));
    expect(after.activity.at(-1)).toEqual({ month: '2024-03', completedCourses: 0, completedAssignments: 2 });
  });

  it('says whether the student has ever submitted the self-assessment', async () => {
    const { user, cookie } = await signedIn(3);
    expect((await readJson(await get(`/api/student/stats/${user.id}`, cookie))).selfAssessed).toBe(false);
    await submitAt(user._id, scoresOf(3), new Date('2025-01-01'));
    expect((await readJson(await get(`/api/student/stats/${user.id}`, cookie))).selfAssessed).toBe(true);
  });

  it('runs the same number of queries for 1 course as for 12', async () => {
    const small = await signedIn(3);
    const large = await signedIn(3);
    const one = await makeCourse();
    await enroll(small.user._id, [one._id]);
    await makeAssignments(one._id, 1);
    const many = await Promise.all(Array.from({ length: 12 }, () => makeCourse()));
    await enroll(
      large.user._id,
      many.map((c) => c._id),
    );
    for (const course of many) await makeAssignments(course._id, 2);

    const a = await countQueries(() => get(`/api/student/stats/${small.user.id}`, small.cookie));
    const b = await countQueries(() => get(`/api/student/stats/${large.user.id}`, large.cookie));
    expect((await readJson(b.result)).totalAssignments).toBe(24);
    expect(a.queries).toBeGreaterThan(2);
    expect(b.queries).toBe(a.queries);
  });
});

describe('GET /api/student/courses/:studentId', () => {
  it('lists the enrolled courses as full course objects with imageUrl, by start date', async () => {
    const { user, cookie } = await signedIn(3);
    const later = await makeCourse({ title: 'Debating', startDate: '2025-05-01', image: 'course-abc.png', status: 'ongoing' });
    const earlier = await makeCourse({ title: 'Storytelling', startDate: '2025-02-01' });
    await makeCourse({ title: 'Not mine' });
    await enroll(user._id, [later._id, earlier._id]);

    const res = await get(`/api/student/courses/${user.id}`, cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.map((c: { title: string }) => c.title)).toEqual(['Storytelling', 'Debating']);
    expect(body[1]).toEqual({
      id: later.id,
      title: 'Debating',
      description: later.description,
      instructorId: null,
      instructorName: null,
      duration: 10,
      startDate: '2025-05-01',
      endDate: '2025-12-31',
      status: 'ongoing',
      image: 'course-abc.png',
      imageUrl: '/uploads/course-abc.png',
    });
    expect(body[0].imageUrl).toBeNull();
  });

  it("names each course's teacher, and none when the instructor is no longer a teacher (docs/product.md#your-enrolled-courses)", async () => {
    const { user, cookie } = await signedIn(3);
    const { user: ana } = await createUser({ role: 2, firstName: 'Ana', lastName: 'Alvarez' });
    const { user: demoted } = await createUser({ role: 3, firstName: 'Once', lastName: 'Teacher' });
    const taught = await makeCourse({ title: 'Debating', startDate: '2025-02-01', instructorId: ana._id });
    const orphaned = await makeCourse({ title: 'Storytelling', startDate: '2025-03-01', instructorId: demoted._id });
    await enroll(user._id, [taught._id, orphaned._id]);

    const body = await readJson(await get(`/api/student/courses/${user.id}`, cookie));
    expect(body.map((c: { title: string; instructorId: string | null; instructorName: string | null }) => [c.title, c.instructorId, c.instructorName])).toEqual([
      ['Debating', ana.id, 'Ana Alvarez'],
      ['Storytelling', demoted.id, null],
    ]);
  });

  it('answers [] for a student with no courses', async () => {
    const { user, cookie } = await signedIn(3);
    expect(await readJson(await get(`/api/student/courses/${user.id}`, cookie))).toEqual([]);
  });
});

describe("GET /api/student/teacher/:studentId (docs/product.md#derived-and-stored-data: the instructors of the student's courses)", () => {
  it("groups the student's courses by teacher and leaves out courses without a teacher", async () => {
    const { user, cookie } = await signedIn(3);
    const { user: ana } = await createUser({ role: 2, firstName: 'Ana', lastName: 'Alvarez' });
    const { user: bo } = await createUser({ role: 2, firstName: 'Bo', lastName: 'Brown' });
    await User.updateOne({ _id: bo._id }, { $set: { profilePicture: '/uploads/bo.png' } });
    const { user: demoted } = await createUser({ role: 3, firstName: 'Once', lastName: 'Teacher' });
    const courses = await Promise.all([
      makeCourse({ title: 'Voice', instructorId: bo._id }),
      makeCourse({ title: 'Argument', instructorId: bo._id }),
      makeCourse({ title: 'Listening', instructorId: ana._id }),
      makeCourse({ title: 'Nobody teaches this' }),
      makeCourse({ title: 'Taught by a former teacher', instructorId: demoted._id }),
    ]);
    await makeCourse({ title: 'Ana, not mine', instructorId: ana._id });
    await enroll(
      user._id,
      courses.map((c) => c._id),
    );

    const res = await get(`/api/student/teacher/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual([
      { id: ana.id, teacherName: 'Ana Alvarez', profilePicture: null, teacherEmail: ana.email, courses: [{ courseName: 'Listening' }] },
      { id: bo.id, teacherName: 'Bo Brown', profilePicture: '/uploads/bo.png', teacherEmail: bo.email, courses: [{ courseName: 'Argument' }, { courseName: 'Voice' }] },
    ]);
  });

  it('runs the same number of queries for 1 teacher as for 10', async () => {
    const small = await signedIn(3);
    const large = await signedIn(3);
    const { user: t } = await createUser({ role: 2 });
    const one = await makeCourse({ instructorId: t._id });
    await enroll(small.user._id, [one._id]);
    const teachers = await Promise.all(Array.from({ length: 10 }, () => createUser({ role: 2 })));
    const many = await Promise.all(teachers.map(({ user: teacher }) => makeCourse({ instructorId: teacher._id })));
    await enroll(
      large.user._id,
      many.map((c) => c._id),
    );

    const a = await countQueries(() => get(`/api/student/teacher/${small.user.id}`, small.cookie));
    const b = await countQueries(() => get(`/api/student/teacher/${large.user.id}`, large.cookie));
    expect(await readJson(b.result)).toHaveLength(10);
    expect(a.queries).toBeGreaterThan(2);
    expect(b.queries).toBe(a.queries);
  });
});

describe('GET /api/student/assignments/:studentId (docs/product.md#links-and-redirects)', () => {
  it("lists the assignments of the student's courses with course title, due date and whether done", async () => {
    const { user, cookie } = await signedIn(3);
    const voice = await makeCourse({ title: 'Voice' });
    const other = await makeCourse({ title: 'Other' });
    await enroll(user._id, [voice._id]);
    const [first, second] = await makeAssignments(voice._id, 2, '2025-03-10');
    await makeAssignments(other._id, 3);
    await complete(user._id, [second!._id]);

    const res = await get(`/api/student/assignments/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual([
      { id: first!.id, title: first!.title, courseId: voice.id, courseTitle: 'Voice', dueDate: '2025-03-10', done: false, completedAt: null },
      { id: second!.id, title: second!.title, courseId: voice.id, courseTitle: 'Voice', dueDate: '2025-03-11', done: true, completedAt: '2025-04-01' },
    ]);
  });
});
