import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { Complaint } from '../../complaints/model.js';
import { Course } from '../../courses/courseModel.js';
import { Notice } from '../../notices/model.js';
import { SpeakingTask } from '../../speaking/model.js';
import { User } from '../../people/userModel.js';
import { getEnv } from '../env.js';
import { EMPTY_NAME, EMPTY_TITLE, cleanStoredText } from '../../storedText.js';
import { createUser, jsonRequest, readJson, signIn } from '../../test/factories.js';
import { freshCourse, generousRateLimits } from '../../test/testWorld.js';
import { NAME_CHARACTERS_MESSAGE, NAME_LETTER_MESSAGE, TITLE_CHARACTERS_MESSAGE } from '../http/validation.js';

// Names and titles that cannot impersonate (docs/product.md#names-and-titles), from the outside.

const app = createApp({ env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-names-')) }, rateLimits: generousRateLimits() });

/** Each forbidden character, named for the test title. */
const FORBIDDEN: ReadonlyArray<[string, string]> = [
  ['NUL', '\u0000'],
  ['right-to-left override U+202E', '\u202E'],
  ['zero-width space U+200B', '\u200B'],
  ['byte-order mark U+FEFF', '\uFEFF'],
  ['line feed', '\n'],
  ['tab', '\t'],
  ['soft hyphen U+00AD', '\u00AD'],
  ['left-to-right isolate U+2066', '\u2066'],
  ['Hangul filler U+3164', '\u3164'],
  ['Hangul choseong filler U+115F', '\u115F'],
  ['Hangul jungseong filler U+1160', '\u1160'],
  ['halfwidth Hangul filler U+FFA0', '\uFFA0'],
  ['blank braille pattern U+2800', '\u2800'],
  ['combining grapheme joiner U+034F', '\u034F'],
  ['line separator U+2028', '\u2028'],
  ['paragraph separator U+2029', '\u2029'],
];
/** Names of several scripts that must pass unchanged. */
const GOOD_NAMES: ReadonlyArray<[string, string]> = [
  ['Zoë', "O'Brien-Nguyễn"],
  ['Siân', 'D’Arcy'],
  ['فاطمة', 'الزهراء'],
  ['伟', '王'],
  ['अनन्या', 'शर्मा'],
];

let counter = 0;
const uniqueEmail = () => `names-${Date.now()}-${(counter += 1)}@example.test`;
const person = (overrides: Record<string, string> = {}) => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: 'a-long-enough-password', ...overrides });

describe('registration names (docs/product.md#names-and-titles)', () => {
  for (const field of ['firstName', 'lastName'] as const) {
    it.each(FORBIDDEN)(`refuses a ${field} holding a %s`, async (_what, char) => {
      for (const value of [`Ad${char}a`, `Ada${char}`]) {
        const res = await app.request('/auth/register', jsonRequest('POST', person({ [field]: value })));
        expect(res.status).toBe(400);
        const body = await readJson(res);
        expect(body.error.code).toBe('validation_error');
        expect(body.error.fields).toEqual({ [field]: NAME_CHARACTERS_MESSAGE });
      }
    });
  }

  it('refuses a name made only of blank fillers, whatever the field', async () => {
    for (const value of ['\u3164\u3164', '\u115F\u1160', '\uFFA0', '\u2800\u2800', '\u034F']) {
      const res = await app.request('/auth/register', jsonRequest('POST', person({ firstName: value })));
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.fields).toEqual({ firstName: NAME_CHARACTERS_MESSAGE });
    }
  });

  it.each([
    ['digits', '123'],
    ['punctuation', "-'."],
    ['an emoji', '🎤'],
    ['digits and spaces', '4 2'],
  ])('refuses a name without a letter: %s', async (_what, value) => {
    for (const field of ['firstName', 'lastName'] as const) {
      const res = await app.request('/auth/register', jsonRequest('POST', person({ [field]: value })));
      expect(res.status).toBe(400);
      const body = await readJson(res);
      expect(body.error.code).toBe('validation_error');
      expect(body.error.fields).toEqual({ [field]: NAME_LETTER_MESSAGE });
    }
  });

  it('refuses a blank or letterless name on the admin-made account and in an import preview too', async () => {
    const admin = await createUser({ role: 1 });
    const cookie = await signIn(app, admin.user.email, admin.password);
    const blank = await app.request('/api/admin/users', jsonRequest('POST', { firstName: '\u3164', lastName: 'Kim', email: uniqueEmail(), role: 3 }, cookie));
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).error.fields).toEqual({ firstName: NAME_CHARACTERS_MESSAGE });
    const digits = await app.request('/api/admin/users', jsonRequest('POST', { firstName: 'Min', lastName: '007', email: uniqueEmail(), role: 3 }, cookie));
    expect(digits.status).toBe(400);
    expect((await readJson(digits)).error.fields).toEqual({ lastName: NAME_LETTER_MESSAGE });

    const csv = `firstName,lastName,email,role,courses\n\u3164\u3164,Kim,${uniqueEmail()},student,\nMin,123,${uniqueEmail()},student,\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const preview = await app.request('/api/admin/import?dryRun=1', { method: 'POST', body: form, headers: { Cookie: cookie, Origin: 'http://localhost' } });
    expect(preview.status).toBe(200);
    const rows = (await readJson(preview)).rows as Array<{ status: string; reasons: string[] }>;
    expect(rows.map((row) => row.status)).toEqual(['error', 'error']);
    expect(rows[0]!.reasons).toContain(`First name: ${NAME_CHARACTERS_MESSAGE}`);
    expect(rows[1]!.reasons).toContain(`Last name: ${NAME_LETTER_MESSAGE}`);
  });

  it('shows the message beside the field on the server-rendered form, and creates nobody', async () => {
    const email = uniqueEmail();
    const res = await app.request('/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
      body: new URLSearchParams(person({ lastName: 'Smith\u202Etxt.exe', email })).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(NAME_CHARACTERS_MESSAGE);
    expect(await User.exists({ email })).toBeNull();
  });

  it.each(GOOD_NAMES)('accepts and stores %s %s as sent', async (firstName, lastName) => {
    const res = await app.request('/auth/register', jsonRequest('POST', person({ firstName, lastName })));
    expect(res.status).toBe(201);
    expect(await readJson(res)).toMatchObject({ firstName, lastName, name: `${firstName} ${lastName}` });
  });

  it('stores a decomposed name in NFC', async () => {
    const res = await app.request('/auth/register', jsonRequest('POST', person({ firstName: 'Zoe\u0308', lastName: 'Nguye\u0302\u0303n' })));
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.firstName).toBe('Zoë');
    const stored = await User.findById(body.id).lean();
    expect(stored).toMatchObject({ firstName: 'Zo\u00EB', lastName: 'Nguy\u1EC5n', name: 'Zo\u00EB Nguy\u1EC5n' });
  });
});

describe('titles (docs/product.md#names-and-titles)', () => {
  let adminCookie: string;
  let teacherCookie: string;
  let studentCookie: string;
  let teacherId: string;
  let courseId: string;

  beforeAll(async () => {
    const [admin, teacher, student] = await Promise.all([createUser({ role: 1 }), createUser({ role: 2 }), createUser({ role: 3 })]);
    adminCookie = await signIn(app, admin.user.email, admin.password);
    teacherCookie = await signIn(app, teacher.user.email, teacher.password);
    studentCookie = await signIn(app, student.user.email, student.password);
    teacherId = teacher.user.id as string;
    courseId = (await freshCourse(teacher.user._id)).id as string;
  });

  const course = (title: string) => ({ title, description: 'Speak up.', instructorId: teacherId, duration: 10, startDate: '2025-09-01', endDate: '2025-12-19', status: 'active' });
  const task = (title: string) => ({ courseId, title, prompt: 'Tell a story.', focusStrands: ['cognitive'] });

  /** Each title write: its path and method, who sends it, and the body for a title. */
  const writes = (): Array<[string, string, string, (title: string) => unknown]> => [
    ['POST', '/api/admin/courses', adminCookie, course],
    ['POST', '/api/admin/notice', adminCookie, (title) => ({ title, description: 'Assembly on Friday.' })],
    ['POST', '/api/teacher/speaking-tasks', teacherCookie, task],
    ['POST', '/api/student/complaints', studentCookie, (title) => ({ title, description: 'Too loud.' })],
    ['POST', '/api/teacher/complaints', teacherCookie, (title) => ({ title, description: 'Too loud.' })],
  ];

  it.each(FORBIDDEN)('refuses a title holding a %s on every create', async (_what, char) => {
    for (const [method, path, cookie, body] of writes()) {
      const res = await app.request(path, jsonRequest(method, body(`Open${char} day`), cookie));
      expect(res.status, path).toBe(400);
      expect((await readJson(res)).error.fields, path).toEqual({ title: TITLE_CHARACTERS_MESSAGE });
    }
  });

  it('refuses it on every edit too: course, notice and speaking task', async () => {
    const created = {
      course: await readJson(await app.request('/api/admin/courses', jsonRequest('POST', course('Debate'), adminCookie))),
      notice: await readJson(await app.request('/api/admin/notice', jsonRequest('POST', { title: 'Assembly', description: 'Friday.' }, adminCookie))),
      task: await readJson(await app.request('/api/teacher/speaking-tasks', jsonRequest('POST', task('My hero'), teacherCookie))),
    };
    const edits: Array<[string, string, unknown]> = [
      [`/api/admin/courses/${created.course.id}`, adminCookie, course('Debate\u202Eetabed')],
      [`/api/admin/notice/${created.notice.id}`, adminCookie, { title: 'Assembly\u200B', description: 'Friday.' }],
      [`/api/teacher/speaking-tasks/${created.task.id}`, teacherCookie, { title: 'My\u2066 hero', prompt: 'Tell a story.', focusStrands: ['cognitive'] }],
    ];
    for (const [path, cookie, body] of edits) {
      const res = await app.request(path, jsonRequest('PUT', body, cookie));
      expect(res.status, path).toBe(400);
      expect((await readJson(res)).error.fields, path).toEqual({ title: TITLE_CHARACTERS_MESSAGE });
    }
  });

  it('accepts titles of every script and stores them in NFC', async () => {
    for (const [method, path, cookie, body] of writes()) {
      const res = await app.request(path, jsonRequest(method, body('Cafe\u0301 – مقهى – 咖啡 – कैफ़े'), cookie));
      expect(res.status, path).toBe(201);
    }
    expect(await Course.exists({ title: 'Café – مقهى – 咖啡 – कैफ़े'.normalize('NFC') })).not.toBeNull();
    expect(await Notice.exists({ title: 'Caf\u00E9 – مقهى – 咖啡 – कैफ़े'.normalize('NFC') })).not.toBeNull();
    expect(await SpeakingTask.countDocuments({ title: 'Caf\u00E9 – مقهى – 咖啡 – कैफ़े'.normalize('NFC') })).toBe(1);
    expect(await Complaint.countDocuments({ title: 'Caf\u00E9 – مقهى – 咖啡 – कैफ़े'.normalize('NFC') })).toBe(2);
  });
});

describe('the start-up clean-up of stored names and titles (docs/product.md#names-and-titles)', () => {
  it('cleans names and titles stored before the rule, logs the counts, and finds nothing the second time', async () => {
    const now = new Date();
    const base = { passwordHash: 'x', role: 3, createdAt: now, updatedAt: now };
    // Straight into the collections: no schema, no hook stands in the way.
    const { insertedIds } = await User.collection.insertMany([
      { ...base, firstName: 'Ad\u202Emin', lastName: 'Smith\u0000', name: 'x', email: uniqueEmail() },
      { ...base, firstName: '\u200B\u200D', lastName: 'Zoe\u0308\t', name: 'x', email: uniqueEmail() },
      { ...base, firstName: 'Zoë', lastName: "O'Brien-Nguyễn", name: "Zoë O'Brien-Nguyễn", email: uniqueEmail() },
    ]);
    const notice = await Notice.collection.insertOne({ title: '\u2066Holiday\u2069\n', description: 'Line one.\nLine two.', createdAt: now, updatedAt: now });
    const course = await Course.collection.insertOne({ title: '\u200B\u00AD', description: 'x', createdAt: now, updatedAt: now });
    const blank = await User.collection.insertOne({ ...base, firstName: '\u3164\u3164', lastName: 'Kim\u2028', name: 'x', email: uniqueEmail() });

    const lines: string[] = [];
    const counts = await cleanStoredText({ info: (line: string) => lines.push(line) } as never);

    expect(await User.findById(insertedIds[0]).lean()).toMatchObject({ firstName: 'Admin', lastName: 'Smith', name: 'Admin Smith' });
    expect(await User.findById(insertedIds[1]).lean()).toMatchObject({ firstName: EMPTY_NAME, lastName: 'Zoë', name: `${EMPTY_NAME} Zoë` });
    expect(await User.findById(insertedIds[2]).lean()).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Nguyễn" });
    // only the title: a description is not a name and keeps its line breaks.
    expect(await Notice.findById(notice.insertedId).lean()).toMatchObject({ title: 'Holiday', description: 'Line one.\nLine two.' });
    expect(await Course.findById(course.insertedId).lean()).toMatchObject({ title: EMPTY_TITLE });
    expect(await User.findById(blank.insertedId).lean()).toMatchObject({ firstName: EMPTY_NAME, lastName: 'Kim', name: `${EMPTY_NAME} Kim` });
    expect(counts).toEqual({ names: 3, titles: 2 });
    expect(lines).toContain('Cleaned 3 stored names with control or invisible characters');
    expect(lines).toContain('Cleaned 2 stored titles with control or invisible characters');

    const again: string[] = [];
    expect(await cleanStoredText({ info: (line: string) => again.push(line) } as never)).toEqual({ names: 0, titles: 0 });
    expect(again).toEqual([]);
  });
});
