import { Types } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { ASSESSMENT_CATEGORIES, Assessment } from '../oracy/assessmentModel.js';
import { Feedback, Recording } from '../speaking/model.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';
import { BADGE_IDS, badgesFrom, type Badge } from './badges.js';

/** docs/product.md#badges: each rule, on records made at known moments (a fake clock), read through the profile call. */

const app = createApp();

/** All 16 statements scored `score`, but the linguistic ones scored `linguistic`. */
function scores(score: number, linguistic = score): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [category, keys] of Object.entries(ASSESSMENT_CATEGORIES)) for (const key of keys) out[key] = category.startsWith('Linguistic') ? linguistic : score;
  return out;
}

/** Runs `make` with the clock at `iso` (only `Date` is faked: the database driver's timers run). */
async function at<T>(iso: string, make: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await make();
  } finally {
    vi.useRealTimers();
  }
}

async function recording(studentId: Types.ObjectId, iso: string) {
  return at(iso, () =>
    Recording.create({
      taskId: new Types.ObjectId(),
      studentId,
      courseId: new Types.ObjectId(),
      file: { name: `recording-${new Types.ObjectId().toHexString()}.webm`, type: 'audio/webm', size: 1000 },
      durationMs: 2000,
      submittedAt: new Date(),
    }),
  );
}

const assessment = (userId: Types.ObjectId, iso: string, values: Record<string, number>) => at(iso, () => Assessment.create({ userId, scores: values, mean: 3, level: 'Developing' }));

/** The student's badges as their own profile call answers them, by id. */
async function badgesOf(email: string, password: string, id: string): Promise<Record<string, Badge>> {
  const cookie = await signIn(app, email, password);
  const res = await app.request(`/api/user/profile/${id}`, jsonRequest('GET', undefined, cookie));
  expect(res.status).toBe(200);
  const body = await readJson(res);
  return Object.fromEntries((body.student.badges as Badge[]).map((badge) => [badge.id, badge]));
}

afterEach(() => vi.useRealTimers());

describe('badges (docs/product.md#badges)', () => {
  it('a new student has every badge still to earn, in a fixed order', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    const body = await readJson(await app.request(`/api/user/profile/${user.id}`, jsonRequest('GET', undefined, cookie)));
    expect((body.student.badges as Badge[]).map((b) => [b.id, b.earned, b.earnedAt])).toEqual(BADGE_IDS.map((id) => [id, false, null]));
    expect(body.student.badges[0]).toMatchObject({ title: 'First take', description: expect.any(String) });
  });

  it('"First take" at the earliest recording and "Five takes" at the fifth', async () => {
    const { user, password } = await createUser({ role: 3 });
    for (const day of ['05', '01', '03', '02']) await recording(user._id, `2026-03-${day}T10:00:00Z`);
    let badges = await badgesOf(user.email, password, user.id as string);
    expect(badges['first-take']).toMatchObject({ earned: true, earnedAt: '2026-03-01T10:00:00.000Z' });
    expect(badges['five-takes']).toMatchObject({ earned: false, earnedAt: null });

    await recording(user._id, '2026-03-09T08:30:00Z');
    badges = await badgesOf(user.email, password, user.id as string);
    expect(badges['five-takes']).toMatchObject({ earned: true, earnedAt: '2026-03-09T08:30:00.000Z' });
  });

  it('"Reviewed" at the first feedback from a teacher', async () => {
    const { user, password } = await createUser({ role: 3 });
    const { user: teacher } = await createUser({ role: 2 });
    const take = await recording(user._id, '2026-04-01T09:00:00Z');
    expect((await badgesOf(user.email, password, user.id as string)).reviewed).toMatchObject({ earned: false });
    await at('2026-04-03T15:00:00Z', () => Feedback.create({ recordingId: take._id, teacherId: teacher._id, studentId: user._id, strands: { linguistic: 4 }, comment: 'Clear.' }));
    expect((await badgesOf(user.email, password, user.id as string)).reviewed).toMatchObject({ earned: true, earnedAt: '2026-04-03T15:00:00.000Z' });
  });

  it('"Self-assessed twice" at the second self-assessment; "Level up" only when a strand rises by a whole point', async () => {
    const { user, password } = await createUser({ role: 3 });
    await assessment(user._id, '2026-01-10T10:00:00Z', scores(3, 2));
    let badges = await badgesOf(user.email, password, user.id as string);
    expect(badges['assessed-twice']).toMatchObject({ earned: false, earnedAt: null });

    // linguistic 2 → 2.75: not yet a level.
    await assessment(user._id, '2026-02-10T10:00:00Z', { ...scores(3, 2), professionalVocab: 5 });
    badges = await badgesOf(user.email, password, user.id as string);
    expect(badges['assessed-twice']).toMatchObject({ earned: true, earnedAt: '2026-02-10T10:00:00.000Z' });
    expect(badges['level-up']).toMatchObject({ earned: false, earnedAt: null });

    // linguistic 2.75 → 3.75: a whole point over the one before.
    await assessment(user._id, '2026-03-10T10:00:00Z', { ...scores(3, 3), professionalVocab: 5, audienceLanguage: 5, explainClearly: 4 });
    badges = await badgesOf(user.email, password, user.id as string);
    expect(badges['level-up']).toMatchObject({ earned: true, earnedAt: '2026-03-10T10:00:00.000Z' });
  });

  it('"Level up" compares each submission with the one just before, not with any older one', () => {
    const at = (iso: string, values: Record<string, number>) => ({ at: new Date(iso), scores: values });
    // 2 → 2.5 → 3: a whole point over three submissions, never over one step.
    const badges = badgesFrom({
      recordings: [],
      feedback: [],
      assessments: [at('2026-01-01T00:00:00Z', scores(2)), at('2026-02-01T00:00:00Z', { ...scores(2), professionalVocab: 4, audienceLanguage: 2 }), at('2026-03-01T00:00:00Z', scores(2, 3))],
    });
    expect(badges.find((b) => b.id === 'level-up')).toMatchObject({ earned: false });
  });
});
