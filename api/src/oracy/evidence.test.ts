import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { createApp } from '../app.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import { Transcript } from '../transcripts/model.js';
import { AccessLogEntry } from '../privacy/accessLogModel.js';
import { flushAccessLog } from '../privacy/accessLog.js';
import { farFromEvidence, gapOf, measuredEvidence, trendOf, vocabularyRange, type MeasuredTake } from './evidence.js';
import { createUser, readJson, signIn } from '../test/factories.js';
import type { StrandKey } from './profile.js';
import { enroll, makeCourse, scoresOf, submitAt } from '../test/testData.js';

const app = createApp();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const get = async (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

async function signedIn(role: 1 | 2 | 3, names: { firstName?: string; lastName?: string } = {}) {
  const { user, password } = await createUser({ role, ...names });
  return { user, cookie: await signIn(app, user.email, password) };
}

describe('the gap rule (docs/product.md#evidence-beside-belief)', () => {
  it('reads higher when the self-score is a point or more above the teacher on each of the last two scored takes', () => {
    expect(gapOf(5, [3, 3])).toEqual({ direction: 'higher', takes: 2 });
    expect(gapOf(4, [3, 3, 5])).toEqual({ direction: 'higher', takes: 2 }); // only the last two count
    expect(gapOf(4.25, [3, 2])).toEqual({ direction: 'higher', takes: 2 });
    expect(gapOf(3.75, [3, 3])).toBeNull(); // 0.75 above: not a point
    expect(gapOf(5, [3, 4.5])).toBeNull(); // not on both
  });

  it('reads lower when the self-score is two points or more below on each', () => {
    expect(gapOf(2, [4, 5])).toEqual({ direction: 'lower', takes: 2 });
    expect(gapOf(2.5, [4, 5])).toBeNull(); // 1.5 below
  });

  it('says nothing with fewer than two scored takes or without a self-score', () => {
    expect(gapOf(5, [1])).toBeNull();
    expect(gapOf(null, [1, 1])).toBeNull();
  });

  it('fires the needs-attention reason when some strand has a gap', () => {
    const self = { linguistic: 3, cognitive: 3, socialEmotional: 3, physical: 5 };
    const at = new Date();
    expect(
      farFromEvidence(self, [
        { createdAt: at, strands: { physical: 3 } },
        { createdAt: at, strands: new Map([['physical', 4]]) },
      ]),
    ).toBe(true);
    expect(
      farFromEvidence(self, [
        { createdAt: at, strands: { physical: 3, linguistic: 3 } },
        { createdAt: at, strands: { linguistic: 3 } },
      ]),
    ).toBe(false);
    expect(farFromEvidence(null, [])).toBe(false);
  });
});

describe('the measured evidence', () => {
  it('reads a trend as the latest take against the mean of the earlier ones', () => {
    expect(trendOf([3, 4], 1)).toBe('up');
    expect(trendOf([4, 4, null, 3.5], 1)).toBe('steady');
    expect(trendOf([6, 4, 2], 2)).toBe('down');
    expect(trendOf([null, 3], 1)).toBeNull();
  });

  it('measures vocabulary range as distinct words over words', () => {
    expect(vocabularyRange([{ text: 'The' }, { text: 'cat,' }, { text: 'the' }, { text: 'dog' }, { text: '—' }])).toBe(0.75);
    expect(vocabularyRange([])).toBeNull();
  });

  it('gives physical and linguistic items, and notes for the strands nothing measures yet', () => {
    const take = (over: Partial<MeasuredTake>): MeasuredTake => ({
      pace: 'comfortable',
      syllablesPerSecond: 4,
      pausesPerMinute: 6,
      variationSemitones: 1.5,
      quiet: false,
      clipped: false,
      wordsPerMinute: null,
      fillersPerMinute: null,
      vocabularyRange: null,
      ...over,
    });
    const evidence = measuredEvidence([
      take({ syllablesPerSecond: 3.2, wordsPerMinute: 120, fillersPerMinute: 4 }),
      take({ quiet: true, variationSemitones: 0.5, wordsPerMinute: 140, fillersPerMinute: 2.1, vocabularyRange: 0.6 }),
    ]);
    expect(evidence.physical.measured).toEqual([
      { kind: 'pace', band: 'comfortable', value: 4, trend: 'up', takes: 2 },
      { kind: 'pauses', band: null, value: 6, trend: 'steady', takes: 2 },
      { kind: 'expression', band: 'flat', value: 0.5, trend: 'down', takes: 2 },
      { kind: 'volume', band: 'quiet', value: null, trend: null, takes: 2 },
    ]);
    expect(evidence.linguistic.measured).toEqual([
      { kind: 'wordsPerMinute', band: null, value: 140, trend: 'up', takes: 2 },
      { kind: 'fillersPerMinute', band: null, value: 2.1, trend: 'down', takes: 2 },
      { kind: 'vocabularyRange', band: null, value: 0.6, trend: null, takes: 1 },
    ]);
    expect(evidence.cognitive).toEqual({ measured: [], measuredNote: 'none-yet' });
    expect(evidence.socialEmotional).toEqual({ measured: [], measuredNote: 'no-peer-ratings' });
    expect(measuredEvidence([]).physical.measured).toEqual([]);
  });
});

/** A student enrolled in a teacher's course, with a self-assessment, two scored takes, delivery reports and a transcript. */
async function world() {
  const teacher = await signedIn(2);
  const student = await signedIn(3, { firstName: 'Ada', lastName: 'Evidence' });
  const course = await makeCourse({ instructorId: teacher.user._id });
  await enroll(student.user._id, [course._id]);
  // physical 5 (voice statements all 5), linguistic 3, others 3
  await submitAt(student.user._id, scoresOf(3, { voiceAdjustment: 5, postureGestures: 5, eyeContact: 5, toneVariation: 5 }), daysAgo(3));
  const task = (title: string, focusStrands: StrandKey[], dueAt: Date | null) =>
    SpeakingTask.create({ courseId: course._id, teacherId: teacher.user._id, title, prompt: 'Speak.', focusStrands, maxSeconds: 60, dueAt });
  const takes: Array<{ _id: Types.ObjectId }> = [];
  for (const [i, scores] of [
    { physical: 3, linguistic: 3 },
    { physical: 3, linguistic: 4 },
  ].entries()) {
    const t = await task(`Take ${i + 1}`, ['physical', 'linguistic'], daysAgo(20 - i));
    const submittedAt = daysAgo(10 - i);
    const recording = await Recording.create({
      taskId: t._id,
      studentId: student.user._id,
      courseId: course._id,
      file: { name: `r${i}`, type: 'audio/webm', size: 1 },
      durationMs: 60_000,
      submittedAt,
      status: 'reviewed',
    });
    await Feedback.collection.insertOne({
      recordingId: recording._id,
      teacherId: teacher.user._id,
      studentId: student.user._id,
      strands: scores,
      comment: '',
      createdAt: daysAgo(9 - i),
      updatedAt: daysAgo(9 - i),
    });
    await StoredDeliveryReport.create({
      recordingId: recording._id,
      studentId: student.user._id,
      taskId: t._id,
      audio: `r${i}`,
      submittedAt,
      status: 'ready',
      source: 'server',
      figures: {
        pace: i === 0 ? 'slow' : 'comfortable',
        pausesCount: 5,
        expression: 'some',
        quiet: false,
        clipped: false,
        syllablesPerSecond: i === 0 ? 2.5 : 4,
        pausesPerMinute: 5,
        variationSemitones: 1.5,
      },
    });
    takes.push(recording);
  }
  const words = ['so', 'I', 'think', 'I', 'think', 'so'].map((text, n) => ({ text, startMs: n * 500, endMs: n * 500 + 400, confidence: 0.9 }));
  await Transcript.create({
    recordingId: takes[1]!._id,
    studentId: student.user._id,
    audio: 'r1',
    status: 'ready',
    version: 1,
    words,
    fillers: [{ text: 'so', startMs: 0, endMs: 400 }],
    wordsPerMinute: 120,
  });
  const open = await task('Persuade us', ['physical', 'cognitive'], null);
  const soon = await task('Tell a story', ['physical'], new Date(Date.now() + 2 * DAY));
  await task('Past due', ['socialEmotional'], daysAgo(1));
  return { teacher, student, course, open, soon };
}

describe('GET /api/student/oracy/:studentId/evidence (docs/product.md#evidence-beside-belief)', () => {
  it('puts the self-score, the teacher’s latest score, the measured items, the gap and the next task side by side', async () => {
    const { student, open, soon } = await world();
    const res = await get(`/api/student/oracy/${student.user.id}/evidence`, student.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.studentId).toBe(student.user.id);
    expect(body.strands.map((s: { strand: string }) => s.strand)).toEqual(['linguistic', 'cognitive', 'socialEmotional', 'physical']);
    const [linguistic, cognitive, social, physical] = body.strands;
    expect(physical).toMatchObject({ selfScore: 5, teacherScore: 3, gap: { direction: 'higher', takes: 2 }, next: { taskId: soon.id, title: 'Tell a story' } });
    expect(physical.measured).toEqual([
      { kind: 'pace', band: 'comfortable', value: 4, trend: 'up', takes: 2 },
      { kind: 'pauses', band: null, value: 5, trend: 'steady', takes: 2 },
      { kind: 'expression', band: 'some', value: 1.5, trend: 'steady', takes: 2 },
      { kind: 'volume', band: 'good', value: null, trend: null, takes: 2 },
    ]);
    expect(typeof physical.selfAt).toBe('string');
    expect(typeof physical.teacherAt).toBe('string');
    expect(linguistic).toMatchObject({ selfScore: 3, teacherScore: 4, gap: null, next: null, measuredNote: null });
    expect(linguistic.measured).toEqual([
      { kind: 'wordsPerMinute', band: null, value: 120, trend: null, takes: 1 },
      { kind: 'fillersPerMinute', band: null, value: 20, trend: null, takes: 1 },
      { kind: 'vocabularyRange', band: null, value: 0.5, trend: null, takes: 1 },
    ]);
    expect(cognitive).toMatchObject({ selfScore: 3, teacherScore: null, teacherAt: null, measured: [], measuredNote: 'none-yet', gap: null, next: { taskId: open.id, dueAt: null } });
    expect(social).toMatchObject({ measured: [], measuredNote: 'no-peer-ratings', next: null }); // the past-due task is not open
  });

  it('answers an empty reading for a student with nothing yet', async () => {
    const student = await signedIn(3);
    const body = await readJson(await get(`/api/student/oracy/${student.user.id}/evidence`, student.cookie));
    expect(body.strands[3]).toEqual({ strand: 'physical', selfScore: null, selfAt: null, teacherScore: null, teacherAt: null, measured: [], measuredNote: null, gap: null, next: null });
  });

  it('is for the student, their teacher (logged) and admins; 403 for others, 400 for a bad id, 401 without a session', async () => {
    const { student, teacher } = await world();
    const path = `/api/student/oracy/${student.user.id}/evidence`;
    const other = await signedIn(3);
    const stranger = await signedIn(2);
    const admin = await signedIn(1);
    expect((await get(path)).status).toBe(401);
    expect((await get(path, other.cookie)).status).toBe(403);
    expect((await get(path, stranger.cookie)).status).toBe(403);
    expect((await get(`/api/student/oracy/nope/evidence`, admin.cookie)).status).toBe(400);
    expect((await get(`/api/student/oracy/${new Types.ObjectId().toHexString()}/evidence`, admin.cookie)).status).toBe(404);
    expect((await get(path, admin.cookie)).status).toBe(200);
    expect((await get(path, teacher.cookie)).status).toBe(200);
    await flushAccessLog();
    const log = await AccessLogEntry.find({ subjectId: student.user._id, actorId: teacher.user._id }).lean();
    expect(log.map((e) => e.what)).toContain('oracy_profile');
  });
});

describe('needs attention: self-assessment far from evidence (docs/product.md#needs-attention)', () => {
  it('lists the reason in the teacher overview and the profile when the gap rule fires', async () => {
    const { teacher, student } = await world();
    const overview = await readJson(await get(`/api/teacher/oracy/${teacher.user.id}`, teacher.cookie));
    const row = overview.students.find((s: { id: string }) => s.id === student.user.id);
    expect(row.needsAttention).toEqual(['self-far-from-evidence']);
    const profile = await readJson(await get(`/api/student/oracy/${student.user.id}`, student.cookie));
    expect(profile.needsAttention).toEqual(['self-far-from-evidence']);
  });

  it('does not list it when the self-assessment matches the teacher’s scores', async () => {
    const { teacher, student } = await world();
    await submitAt(student.user._id, scoresOf(3, { voiceAdjustment: 4, postureGestures: 4, eyeContact: 4 }), daysAgo(1)); // physical 3.75 against 3 and 3
    const overview = await readJson(await get(`/api/teacher/oracy/${teacher.user.id}`, teacher.cookie));
    expect(overview.students.find((s: { id: string }) => s.id === student.user.id).needsAttention).toEqual([]);
  });
});
