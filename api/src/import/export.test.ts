import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { User } from '../people/userModel.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';
import { enroll, makeCourse, scoresOf, submitAt } from '../test/testData.js';
import { neutralizeFormula } from '../platform/csvCell.js';

const app = createApp();
let cookie: string;

const exportAs = (query: string) => app.request(`/api/admin/export${query}`, jsonRequest('GET', undefined, cookie));

beforeAll(async () => {
  const { user, password } = await createUser({ role: 1, firstName: 'Export', lastName: 'Admin' });
  cookie = await signIn(app, user.email, password);
  await createUser({ role: 2, firstName: 'Ann, "The"', lastName: 'Voice', email: 'ann@example.test' });
  const { user: sly } = await createUser({ role: 3, firstName: '=HYPERLINK("x")', lastName: 'Sly', email: 'sly@example.test' });
  await submitAt(sly._id, scoresOf(3, { professionalVocab: 4 }), new Date('2026-02-03T10:00:00.000Z'));
  // Enrolled in two courses, one after the other: the export lists their titles in that order.
  const debating = await makeCourse({ title: 'Debating' });
  const storytelling = await makeCourse({ title: 'Storytelling' });
  await enroll(sly._id, [debating._id]);
  await enroll(sly._id, [storytelling._id]);
});

const ANN_NAMES = { firstName: 'Ann, "The"', lastName: 'Voice', courses: [] };
const NO_ORACY = { oracyLevel: null, oracyMean: null, linguistic: null, cognitive: null, socialEmotional: null, physical: null, lastAssessedAt: null };

describe('GET /api/admin/export', () => {
  it('streams CSV with a header row, proper quoting and the download name user_data.csv', async () => {
    const res = await exportAs('?fileType=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename=user_data.csv');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.text();
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('id,name,email,role,createdAt,oracyLevel,oracyMean,linguistic,cognitive,socialEmotional,physical,lastAssessedAt,firstName,lastName,courses');
    expect(lines).toHaveLength(1 + (await User.countDocuments()));
    const ann = await User.findOne({ email: 'ann@example.test' }).lean();
    expect(text).toContain(`${String(ann?._id)},"Ann, ""The"" Voice",ann@example.test,2,${ann?.createdAt.toISOString()},,,,,,,,"Ann, ""The""",Voice,\n`);
    // A cell a spreadsheet would run as a formula is neutralised; a student's latest self-assessment follows.
    expect(text).toMatch(/,"'=HYPERLINK\(""x""\) Sly",sly@example.test,3,[^,]+,Developing,3.06,3.25,3,3,3,2026-02-03T10:00:00.000Z,"'=HYPERLINK\(""x""\)",Sly,Debating; Storytelling\n/);
    expect(text).not.toContain('passwordHash');
  });

  it('answers JSON as an array of {id, name, email, role, createdAt, Oracy fields, firstName, lastName, courses} named user_data.json', async () => {
    for (const query of ['?fileType=json', '?fileType=JSON', '']) {
      const res = await exportAs(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe('attachment; filename=user_data.json');
      const body = await readJson(res);
      expect(body).toHaveLength(await User.countDocuments());
      const ann = await User.findOne({ email: 'ann@example.test' }).lean();
      expect(body).toContainEqual({ id: String(ann?._id), name: 'Ann, "The" Voice', email: 'ann@example.test', role: 2, createdAt: ann?.createdAt.toISOString(), ...NO_ORACY, ...ANN_NAMES });
      expect(body).toContainEqual(
        expect.objectContaining({
          email: 'sly@example.test',
          oracyLevel: 'Developing',
          oracyMean: 3.06,
          linguistic: 3.25,
          physical: 3,
          lastAssessedAt: '2026-02-03T10:00:00.000Z',
          courses: ['Debating', 'Storytelling'],
        }),
      );
      for (const row of body) expect(Object.keys(row)).toEqual(['id', 'name', 'email', 'role', 'createdAt', ...Object.keys(NO_ORACY), 'firstName', 'lastName', 'courses']);
    }
  });

  it('answers 400 for another file type', async () => {
    const res = await exportAs('?fileType=xml');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.fields).toHaveProperty('fileType');
  });

  it('streams a large export in many chunks, in both formats', async () => {
    const hash = (await User.findOne().lean())!.passwordHash;
    const batch = Array.from({ length: 1500 }, (_, i) => ({ firstName: 'Bulk', lastName: `N${i}`, name: `Bulk N${i}`, email: `bulk${i}@example.test`, passwordHash: hash, role: 3 }));
    await User.insertMany(batch);
    const total = await User.countDocuments();
    for (const [type, count] of [
      ['csv', (text: string) => text.trimEnd().split('\n').length - 1],
      ['json', (text: string) => (JSON.parse(text) as unknown[]).length],
    ] as const) {
      const res = await exportAs(`?fileType=${type}`);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let chunks = 0;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks += 1;
        text += decoder.decode(value, { stream: true });
      }
      expect(chunks).toBeGreaterThan(1);
      expect(count(text)).toBe(total);
    }
  });
});

describe('neutralizeFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44', "'+44"],
    ['-x', "'-x"],
    ['@SUM', "'@SUM"],
    ['Ann', 'Ann'],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, output) => expect(neutralizeFormula(input)).toBe(output));
});
