import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { createApp } from '../app.js';
import { Feedback } from '../speaking/model.js';
import { User } from '../people/userModel.js';
import { ATTENTION_THRESHOLDS, changeBetween, needsAttention, round2, strandAverages, strandScores, teacherStrandScores, weakestStrand, type Strands } from './profile.js';
import { backfillOracySummaries } from './summary.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';
import { complete, countQueries, enroll, makeAssignments, makeCourse, scoresOf, submitAt } from '../test/testData.js';

const app = createApp();
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function signedIn(role: 1 | 2 | 3, names: { firstName?: string; lastName?: string } = {}) {
  const { user, password } = await createUser({ role, ...names });
  return { user, cookie: await signIn(app, user.email, password) };
}
const get = async (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const strands = (linguistic: number, cognitive: number, socialEmotional: number, physical: number): Strands => ({ linguistic, cognitive, socialEmotional, physical });

describe('the strand and change arithmetic (docs/product.md#oracy-profile)', () => {
  it('averages each strand over its four statements', () => {
    // Linguistic 5,4,4,4 → 4.25; Cognitive 1,2,2,2 → 1.75; Social 3 → 3; Physical 5,5,5,4 → 4.75
    const scores = scoresOf(3, {
      professionalVocab: 5,
      audienceLanguage: 4,
      explainClearly: 4,
      supportWithExamples: 4,
      structuredThought: 1,
      handleQuestions: 2,
      avoidRambling: 2,
      summariseIdeas: 2,
      voiceAdjustment: 5,
      postureGestures: 5,
      eyeContact: 5,
      toneVariation: 4,
    });
    expect(strandScores(scores)).toEqual(strands(4.25, 1.75, 3, 4.75));
    expect(strandScores(new Map(Object.entries(scores)))).toEqual(strands(4.25, 1.75, 3, 4.75));
  });

  it.each([
    [2.375, 2.38],
    [2.4375, 2.44],
    [2.3125, 2.31],
    [-0.125, -0.13],
    [-0.0625, -0.06],
    [0.1 + 0.2, 0.3],
    [-0.001, 0],
  ])('rounds %s to %s (two decimals, halves away from zero)', (value, rounded) => {
    expect(round2(value)).toBe(rounded);
    expect(Object.is(round2(value), -0)).toBe(false);
  });

  it('takes the change between the means as shown, and none without a previous submission', () => {
    expect(changeBetween({ mean: 2.375 }, { mean: 2.5 })).toBe(-0.12); // 2.38 − 2.50
    expect(changeBetween({ mean: 3.8125 }, { mean: 3.0625 })).toBe(0.75); // 3.81 − 3.06
    expect(changeBetween({ mean: 3 }, { mean: 3 })).toBe(0);
    expect(changeBetween({ mean: 3 }, null)).toBeNull();
    expect(changeBetween(null, null)).toBeNull();
  });

  it('averages strands over students and names the weakest strand, the earlier one on a tie', () => {
    expect(strandAverages([])).toBeNull();
    expect(strandAverages([strands(4, 2, 3, 1), strands(3, 3, 3, 2.25)])).toEqual(strands(3.5, 2.5, 3, 1.63));
    expect(weakestStrand(strands(3, 2, 2, 4))).toBe('cognitive');
    expect(weakestStrand(strands(1, 1, 1, 1))).toBe('linguistic');
  });
});

describe('needs attention, at each threshold and one step either side (docs/product.md#needs-attention)', () => {
  const fine = strands(3, 3, 3, 3);
  const latest = (ageMs: number, s: Strands = fine) => ({ submittedAt: new Date(NOW - ageMs), strands: s });
  const stale = ATTENTION_THRESHOLDS.staleAfterDays * DAY;

  it('says not-assessed, and only that, without a submission', () => {
    expect(needsAttention(null, null, NOW)).toEqual(['not-assessed']);
  });

  it.each([
    [stale - 60_000, []],
    [stale, []],
    [stale + 60_000, ['stale']],
  ])('a latest submission %s ms old gives %j', (age, reasons) => {
    expect(needsAttention(latest(age), null, NOW)).toEqual(reasons);
  });

  it.each([
    [-0.49, []],
    [-0.5, ['declining']],
    [-0.51, ['declining']],
    [null, []],
  ])('a change of %s gives %j', (change, reasons) => {
    expect(needsAttention(latest(DAY), change, NOW)).toEqual(reasons);
  });

  it.each([
    [2.25, []],
    [2, ['low-strand']],
    [1.75, ['low-strand']],
  ])('a weakest strand of %s gives %j', (low, reasons) => {
    expect(needsAttention(latest(DAY, strands(4, 4, low, 4)), 0.5, NOW)).toEqual(reasons);
  });

  it('lists every reason that applies, in order', () => {
    expect(needsAttention(latest(stale + DAY, strands(1, 4, 4, 4)), -1, NOW)).toEqual(['stale', 'declining', 'low-strand']);
  });
});

describe('POST /api/updateOracyAssessment answers the snapshot and the change', () => {
  it('gives the strand scores, a null change the first time, and the change after', async () => {
    const { user, cookie } = await signedIn(3);
    const first = await app.request('/api/updateOracyAssessment', jsonRequest('POST', { oracy_scores: scoresOf(4, { professionalVocab: 5 }) }, cookie));
    expect(first.status).toBe(201);
    const a = await readJson(first);
    expect(a).toMatchObject({ oracyLevel: 'Proficient', mean: 4.0625, change: null });
    expect(a.snapshot).toEqual({
      id: a.id,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      mean: 4.06,
      level: 'Proficient',
      strands: strands(4.25, 4, 4, 4),
      scores: scoresOf(4, { professionalVocab: 5 }),
    });

    const second = await readJson(await app.request('/api/updateOracyAssessment', jsonRequest('POST', { oracy_scores: scoresOf(3) }, cookie)));
    expect(second).toMatchObject({ oracyLevel: 'Developing', mean: 3, change: -1.06, snapshot: { mean: 3, strands: strands(3, 3, 3, 3) } });

    const stored = await User.findById(user._id).lean();
    expect(stored?.oracy?.latest).toMatchObject({ mean: 3, level: 'Developing', strands: strands(3, 3, 3, 3) });
    expect(String(stored?.oracy?.latest?.assessmentId)).toBe(second.id);
    expect(String(stored?.oracy?.previous?.assessmentId)).toBe(a.id);
  });
});

describe('GET /api/student/oracy/:studentId', () => {
  it('answers an empty profile before any submission', async () => {
    const { user, cookie } = await signedIn(3);
    const res = await get(`/api/student/oracy/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      studentId: user.id,
      latest: null,
      previous: null,
      history: [],
      change: null,
      needsAttention: ['not-assessed'],
      teacherStrands: null,
      delivery: [],
    });
  });

  it('answers the latest, the previous, the change and the history newest first', async () => {
    const { user, cookie } = await signedIn(3);
    await submitAt(user._id, scoresOf(4), daysAgo(40));
    await submitAt(user._id, scoresOf(2, { eyeContact: 1 }), daysAgo(2));
    const body = await readJson(await get(`/api/student/oracy/${user.id}`, cookie));
    expect(body.latest).toMatchObject({ mean: 1.94, level: 'Beginner', strands: strands(2, 2, 2, 1.75) });
    expect(body.previous).toMatchObject({ mean: 4, level: 'Proficient' });
    expect(body.change).toBe(-2.06);
    expect(body.history.map((s: { mean: number }) => s.mean)).toEqual([1.94, 4]);
    expect(body.needsAttention).toEqual(['declining', 'low-strand']);
  });

  it('pages the history 50 at a time with ?before=', async () => {
    const { user, cookie } = await signedIn(3);
    for (let i = 0; i < 52; i++) await submitAt(user._id, scoresOf(1 + (i % 5)), daysAgo(60 - i));
    const first = await readJson(await get(`/api/student/oracy/${user.id}`, cookie));
    expect(first.history).toHaveLength(50);
    const last = first.history.at(-1).submittedAt;
    const res = await get(`/api/student/oracy/${user.id}?before=${encodeURIComponent(last)}`, cookie);
    expect(res.status).toBe(200);
    const second = await readJson(res);
    expect(second.history).toHaveLength(2);
    expect(new Date(second.history[0].submittedAt).getTime()).toBeLessThan(new Date(last).getTime());
    // the latest and the previous stay the newest two, whatever page is asked for
    expect(second.latest).toEqual(first.latest);
    expect(second.previous).toEqual(first.previous);
  });

  it('answers 400 naming before when it is not an ISO time, 400 for a malformed id, 404 for an unknown student', async () => {
    const { user, cookie } = await signedIn(3);
    const bad = await get(`/api/student/oracy/${user.id}?before=yesterday`, cookie);
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toHaveProperty('before');
    const admin = await signedIn(1);
    expect((await get('/api/student/oracy/not-an-id', admin.cookie)).status).toBe(400);
    const unknown = await get(`/api/student/oracy/${new Types.ObjectId().toString()}`, admin.cookie);
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error.code).toBe('not_found');
  });

  it('is for the student, a teacher of one of their courses and an admin only', async () => {
    const student = await signedIn(3);
    const other = await signedIn(3);
    const teacher = await signedIn(2);
    const unrelated = await signedIn(2);
    const admin = await signedIn(1);
    await enroll(student.user._id, [(await makeCourse({ instructorId: teacher.user._id }))._id]);
    await enroll(other.user._id, [(await makeCourse({ instructorId: unrelated.user._id }))._id]);
    const path = `/api/student/oracy/${student.user.id}`;
    expect((await get(path)).status).toBe(401);
    expect((await get(path, student.cookie)).status).toBe(200);
    expect((await get(path, other.cookie)).status).toBe(403);
    expect((await get(path, teacher.cookie)).status).toBe(200);
    const refused = await get(path, unrelated.cookie);
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error.code).toBe('forbidden');
    expect((await get(path, admin.cookie)).status).toBe(200);
  });
});

describe('teachers’ speaking-practice scores in the profile (docs/product.md#oracy-profile)', () => {
  it('averages each strand scored in the last 90 days, two decimals', () => {
    expect(teacherStrandScores([])).toBeNull();
    expect(teacherStrandScores([{ linguistic: 4, physical: 3 }, new Map([['linguistic', 3]]), { linguistic: 3 }])).toEqual({ linguistic: 3.33, physical: 3 });
  });

  it('shows feedback of the last 90 days only', async () => {
    const { user, cookie } = await signedIn(3);
    const teacher = await createUser({ role: 2 });
    const feedbackAt = async (days: number, strands: Record<string, number>) => {
      const at = daysAgo(days);
      await Feedback.collection.insertOne({ recordingId: new Types.ObjectId(), teacherId: teacher.user._id, studentId: user._id, strands, comment: '', createdAt: at, updatedAt: at });
    };
    await feedbackAt(10, { linguistic: 4, physical: 2 });
    await feedbackAt(30, { linguistic: 5 });
    await feedbackAt(91, { linguistic: 1, cognitive: 1 });
    const body = await readJson(await get(`/api/student/oracy/${user.id}`, cookie));
    expect(body.teacherStrands).toEqual({ linguistic: 4.5, physical: 2 });
  });
});

describe('GET /api/teacher/oracy/:teacherId', () => {
  it('lists the students needing attention first, then by name, with averages and level counts', async () => {
    const teacher = await signedIn(2);
    const voice = await makeCourse({ instructorId: teacher.user._id, title: 'Voice' });
    const debate = await makeCourse({ instructorId: teacher.user._id, title: 'Debate' });
    const { user: amy } = await createUser({ firstName: 'Amy', lastName: 'Ash' });
    const { user: ben } = await createUser({ firstName: 'Ben', lastName: 'Bell' });
    const { user: cal } = await createUser({ firstName: 'Cal', lastName: 'Cole' });
    const { user: dee } = await createUser({ firstName: 'Dee', lastName: 'Dunn' });
    await enroll(amy._id, [voice._id]);
    await enroll(ben._id, [voice._id, debate._id]);
    await enroll(cal._id, [debate._id]);
    await enroll(dee._id, [debate._id]);
    await submitAt(amy._id, scoresOf(4), daysAgo(3)); // fine
    await submitAt(ben._id, scoresOf(4), daysAgo(20));
    await submitAt(ben._id, scoresOf(3), daysAgo(1)); // declining
    await submitAt(cal._id, scoresOf(5), daysAgo(45)); // stale
    // dee: never assessed

    const res = await get(`/api/teacher/oracy/${teacher.user.id}`, teacher.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.courseId).toBeNull();
    expect(body.students.map((s: { name: string; needsAttention: string[] }) => [s.name, s.needsAttention])).toEqual([
      ['Ben Bell', ['declining']],
      ['Cal Cole', ['stale']],
      ['Dee Dunn', ['not-assessed']],
      ['Amy Ash', []],
    ]);
    expect(body.students[0]).toEqual({
      id: ben.id,
      name: 'Ben Bell',
      profilePicture: null,
      level: 'Developing',
      mean: 3,
      strands: strands(3, 3, 3, 3),
      lastAssessedAt: expect.stringMatching(/Z$/),
      change: -1,
      needsAttention: ['declining'],
    });
    expect(body.students[2]).toMatchObject({ level: null, mean: null, strands: null, lastAssessedAt: null, change: null });
    expect(body.levelCounts).toEqual({ Beginner: 0, Developing: 1, Proficient: 1, Advanced: 1, notAssessed: 1 });
    expect(body.strandAverages).toEqual(strands(4, 4, 4, 4));

    const filtered = await readJson(await get(`/api/teacher/oracy/${teacher.user.id}?courseId=${voice.id}`, teacher.cookie));
    expect(filtered.courseId).toBe(voice.id);
    expect(filtered.students.map((s: { name: string }) => s.name)).toEqual(['Ben Bell', 'Amy Ash']);
    expect(filtered.levelCounts).toEqual({ Beginner: 0, Developing: 1, Proficient: 1, Advanced: 0, notAssessed: 0 });
    expect(filtered.strandAverages).toEqual(strands(3.5, 3.5, 3.5, 3.5));
  });

  it('answers empty figures for a teacher without students', async () => {
    const teacher = await signedIn(2);
    expect(await readJson(await get(`/api/teacher/oracy/${teacher.user.id}`, teacher.cookie))).toEqual({
      courseId: null,
      students: [],
      strandAverages: null,
      levelCounts: { Beginner: 0, Developing: 0, Proficient: 0, Advanced: 0, notAssessed: 0 },
    });
  });

  it("answers 403 for a course that is not the teacher's, 400 for a malformed one", async () => {
    const teacher = await signedIn(2);
    const other = await signedIn(2);
    const theirs = await makeCourse({ instructorId: other.user._id });
    const res = await get(`/api/teacher/oracy/${teacher.user.id}?courseId=${theirs.id}`, teacher.cookie);
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.code).toBe('forbidden');
    expect((await get(`/api/teacher/oracy/${teacher.user.id}?courseId=${new Types.ObjectId().toString()}`, teacher.cookie)).status).toBe(403);
    const malformed = await get(`/api/teacher/oracy/${teacher.user.id}?courseId=abc`, teacher.cookie);
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.fields).toHaveProperty('courseId');
    expect((await get(`/api/teacher/oracy/${other.user.id}`, teacher.cookie)).status).toBe(403);
  });

  it('runs the same number of queries for 5 students as for 50', async () => {
    const overview = async (students: number) => {
      const teacher = await signedIn(2);
      const course = await makeCourse({ instructorId: teacher.user._id });
      const people = await User.insertMany(
        Array.from({ length: students }, (_, i) => ({
          firstName: 'S',
          lastName: `${students}-${i}`,
          email: `s${students}-${i}-${new Types.ObjectId().toString()}@example.test`,
          passwordHash: 'x',
          role: 3,
        })),
      );
      await enroll(people[0]!._id, [course._id]);
      for (const p of people.slice(1)) await enroll(p._id, [course._id]);
      for (const p of people.slice(0, 3)) await submitAt(p._id, scoresOf(3), daysAgo(5));
      return countQueries(() => get(`/api/teacher/oracy/${teacher.user.id}`, teacher.cookie));
    };
    const small = await overview(5);
    const large = await overview(50);
    expect((await readJson(large.result)).students).toHaveLength(50);
    expect(small.queries).toBeGreaterThan(2);
    expect(large.queries).toBe(small.queries);
  });
});

describe('GET /api/teacher/students/:teacherId/:studentId/assignments', () => {
  it("answers the student's assignments in the teacher's courses only, with completion", async () => {
    const teacher = await signedIn(2);
    const { user: elsewhere } = await createUser({ role: 2 });
    const mine = await makeCourse({ instructorId: teacher.user._id, title: 'Voice' });
    const theirs = await makeCourse({ instructorId: elsewhere._id, title: 'Debate' });
    const { user: student } = await createUser();
    await enroll(student._id, [mine._id, theirs._id]);
    const [first] = await makeAssignments(mine._id, 2);
    await makeAssignments(theirs._id, 2);
    await complete(student._id, [first!._id]);
    const res = await get(`/api/teacher/students/${teacher.user.id}/${student.id}/assignments`, teacher.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.map((a: { courseTitle: string; done: boolean }) => [a.courseTitle, a.done])).toEqual([
      ['Voice', true],
      ['Voice', false],
    ]);

    const { user: stranger } = await createUser();
    expect((await get(`/api/teacher/students/${teacher.user.id}/${stranger.id}/assignments`, teacher.cookie)).status).toBe(403);
    expect((await get(`/api/teacher/students/${teacher.user.id}/nope/assignments`, teacher.cookie)).status).toBe(400);
    expect((await get(`/api/teacher/students/${teacher.user.id}/${new Types.ObjectId().toString()}/assignments`, teacher.cookie)).status).toBe(404);
  });
});

describe('GET /api/admin/oracy', () => {
  it('counts levels and averages strands over every student', async () => {
    const admin = await signedIn(1);
    const before = await readJson(await get('/api/admin/oracy', admin.cookie));
    const { user: a } = await createUser();
    const { user: b } = await createUser();
    await createUser();
    await submitAt(a._id, scoresOf(5), daysAgo(1));
    await submitAt(b._id, scoresOf(1), daysAgo(1));
    const after = await readJson(await get('/api/admin/oracy', admin.cookie));
    expect(after.studentCount - before.studentCount).toBe(3);
    expect(after.assessedCount - before.assessedCount).toBe(2);
    expect(after.levelCounts.Advanced - before.levelCounts.Advanced).toBe(1);
    expect(after.levelCounts.Beginner - before.levelCounts.Beginner).toBe(1);
    expect(after.levelCounts.notAssessed - before.levelCounts.notAssessed).toBe(1);
    expect(after.strandAverages).not.toBeNull();
  });
});

describe('the start-up backfill of summaries', () => {
  it('summarises users stored before summaries existed, once', async () => {
    const { user } = await createUser();
    await submitAt(user._id, scoresOf(2), daysAgo(10));
    await submitAt(user._id, scoresOf(4), daysAgo(1));
    await User.collection.updateOne({ _id: user._id }, { $unset: { oracy: '' } });
    expect(await backfillOracySummaries()).toBeGreaterThanOrEqual(1);
    const stored = await User.findById(user._id).lean();
    expect(stored?.oracy?.latest).toMatchObject({ mean: 4, level: 'Proficient' });
    expect(stored?.oracy?.previous).toMatchObject({ mean: 2, level: 'Beginner' });
    expect(await backfillOracySummaries()).toBe(0);
  });
});
