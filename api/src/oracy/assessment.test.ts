import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ASSESSMENT_KEYS, Assessment } from './assessmentModel.js';
import { User } from '../people/userModel.js';
import { meanScore, oracyLevelForMean } from './level.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();
const PATH = '/api/updateOracyAssessment';

/** All 16 keys with `value`, then `overrides`. */
function scores(value: unknown = 3, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(ASSESSMENT_KEYS.map((k) => [k, value])), ...overrides };
}

/** 16 integer scores whose sum is `total` (16–80). */
function scoresSumming(total: number): Record<string, number> {
  const base = Math.floor(total / 16);
  let extra = total - base * 16;
  return Object.fromEntries(ASSESSMENT_KEYS.map((k) => [k, base + (extra-- > 0 ? 1 : 0)]));
}

async function signedInStudent() {
  const { user, password } = await createUser({ role: 3 });
  return { user, cookie: await signIn(app, user.email, password) };
}

describe('the Oracy level rule (docs/product.md#derived-and-stored-data)', () => {
  it.each([
    [1, 'Beginner'],
    [2.49, 'Beginner'],
    [2.5, 'Developing'],
    [3.49, 'Developing'],
    [3.5, 'Proficient'],
    [4.49, 'Proficient'],
    [4.5, 'Advanced'],
    [5, 'Advanced'],
  ])('mean %s is %s', (mean, level) => {
    expect(oracyLevelForMean(mean)).toBe(level);
  });

  it('averages scores', () => {
    expect(meanScore([1, 2, 3, 4])).toBe(2.5);
    expect(() => meanScore([])).toThrow(RangeError);
  });
});

describe('POST /api/updateOracyAssessment', () => {
  it('answers 401 without a session', async () => {
    const res = await app.request(PATH, jsonRequest('POST', { oracy_scores: scores() }));
    expect(res.status).toBe(401);
    expect((await readJson(res)).error.code).toBe('unauthorized');
  });

  it('stores every submission against the caller and updates their oracyLevel', async () => {
    const { user, cookie } = await signedInStudent();
    const other = await createUser();
    const first = await app.request(PATH, jsonRequest('POST', { oracy_scores: scores(4), userId: other.user.id }, cookie));
    expect(first.status).toBe(201);
    const body = await readJson(first);
    expect(body).toMatchObject({ id: expect.stringMatching(/^[a-f0-9]{24}$/), oracyLevel: 'Proficient', mean: 4, change: null, snapshot: { id: body.id, mean: 4 } });
    expect((await User.findById(user._id))?.oracyLevel).toBe('Proficient');

    const second = await app.request(PATH, jsonRequest('POST', { oracy_scores: scores(1, { eyeContact: 5 }) }, cookie));
    expect(second.status).toBe(201);
    expect(await readJson(second)).toMatchObject({ oracyLevel: 'Beginner', mean: 1.25 });
    expect((await User.findById(user._id))?.oracyLevel).toBe('Beginner');

    const stored = await Assessment.find({ userId: user._id }).sort({ createdAt: 1 });
    expect(stored).toHaveLength(2);
    expect(stored[0]!.id).toBe(body.id);
    expect(stored[0]!.scores.get('professionalVocab')).toBe(4);
    expect(stored[1]!.scores.get('eyeContact')).toBe(5);
    expect(stored[1]!.level).toBe('Beginner');
    // The userId in the body was ignored.
    expect(await Assessment.countDocuments({ userId: other.user._id })).toBe(0);
    expect((await User.findById(other.user._id))?.oracyLevel).toBe('Beginner');
  });

  it.each([
    [40, 2.5, 'Developing'],
    [39, 2.4375, 'Beginner'],
    [56, 3.5, 'Proficient'],
    [72, 4.5, 'Advanced'],
    [71, 4.4375, 'Proficient'],
  ])('a total of %s (mean %s) gives %s', async (total, mean, level) => {
    const { user, cookie } = await signedInStudent();
    const res = await app.request(PATH, jsonRequest('POST', { oracy_scores: scoresSumming(total) }, cookie));
    expect(res.status).toBe(201);
    expect(await readJson(res)).toMatchObject({ mean, oracyLevel: level });
    expect((await User.findById(user._id))?.oracyLevel).toBe(level);
  });

  const invalid: [string, unknown, string][] = [
    ['a missing key', { oracy_scores: Object.fromEntries(ASSESSMENT_KEYS.slice(1).map((k) => [k, 3])) }, `oracy_scores.${ASSESSMENT_KEYS[0]}`],
    ['an extra key', { oracy_scores: scores(3, { charisma: 3 }) }, 'oracy_scores.charisma'],
    ['a 0', { oracy_scores: scores(3, { eyeContact: 0 }) }, 'oracy_scores.eyeContact'],
    ['a 6', { oracy_scores: scores(3, { toneVariation: 6 }) }, 'oracy_scores.toneVariation'],
    ['a 2.5', { oracy_scores: scores(3, { activeListening: 2.5 }) }, 'oracy_scores.activeListening'],
    ['a string', { oracy_scores: scores(3, { avoidRambling: '3' }) }, 'oracy_scores.avoidRambling'],
    ['a null', { oracy_scores: scores(3, { summariseIdeas: null }) }, 'oracy_scores.summariseIdeas'],
    ['no oracy_scores', { scores: scores() }, 'oracy_scores'],
    ['oracy_scores as an array', { oracy_scores: [3, 3, 3] }, 'oracy_scores'],
    ['oracy_scores as null', { oracy_scores: null }, 'oracy_scores'],
    ['a body that is an array', [scores()], 'body'],
    ['a body that is a string', 'hello', 'body'],
    ['a body that is null', null, 'body'],
  ];
  it.each(invalid)('answers 400 naming the field for %s, and stores nothing', async (_what, body, field) => {
    const { user, cookie } = await signedInStudent();
    const res = await app.request(PATH, jsonRequest('POST', body, cookie));
    expect(res.status).toBe(400);
    const json = await readJson(res);
    expect(json.error.code).toBe('validation_error');
    expect(Object.keys(json.error.fields)).toContain(field);
    expect(await Assessment.countDocuments({ userId: user._id })).toBe(0);
  });

  it('answers 400 with the error shape on malformed JSON, and 415 when not JSON', async () => {
    const { cookie } = await signedInStudent();
    const malformed = await app.request(PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{"oracy_scores": {' });
    expect(malformed.status).toBe(400);
    expect(await readJson(malformed)).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON in request body' } });
    const form = await app.request(PATH, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie }, body: 'a=1' });
    expect(form.status).toBe(415);
  });
});
