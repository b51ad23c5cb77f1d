import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { ONE_TIME_PASSWORD_PATTERN, verifyPassword } from '../auth/password.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { User } from '../people/userModel.js';
import { IdempotencyKey } from '../platform/http/idempotencyKeyModel.js';
import { getEnv } from '../platform/env.js';
import { TEST_ORIGIN, createUser, jsonRequest, readJson, signIn, type LooseJson } from '../test/factories.js';
import { enroll, makeCourse } from '../test/testData.js';
import { IMPORT_REASONS } from './plan.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './schema.js';

const sockets: SocketRevocation = { endSessionSockets: vi.fn(), endUserSockets: vi.fn() };
// Registration closed, as in production: the school makes the accounts.
const app = createApp({ env: { ...getEnv(), REGISTRATION: { mode: 'closed' } }, sockets });

let admin: { id: string; email: string; cookie: string };
let run = 0;

beforeAll(async () => {
  const { user, password } = await createUser({ role: 1, firstName: 'Ada', lastName: 'Admin' });
  admin = { id: String(user._id), email: user.email, cookie: await signIn(app, user.email, password) };
  await makeCourse({ title: 'Debating' });
  await makeCourse({ title: 'Storytelling' });
  await makeCourse({ title: 'Twin' });
  await makeCourse({ title: 'twin' });
});

/** A unique email domain per test, so that tests do not see each other's people. */
const domain = () => `run${++run}.example`;

/** `POST /api/admin/import` with the file as the form field `file`. */
function importFile(content: string | Uint8Array, opts: { name?: string; dryRun?: boolean; key?: string; cookie?: string } = {}): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([content as Uint8Array<ArrayBuffer> | string]), opts.name ?? 'class.csv');
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, Cookie: opts.cookie ?? admin.cookie };
  if (opts.key) headers['Idempotency-Key'] = opts.key;
  return Promise.resolve(app.request(`/api/admin/import${opts.dryRun ? '?dryRun=1' : ''}`, { method: 'POST', headers, body: form }));
}

async function importJson(content: string | Uint8Array, opts: Parameters<typeof importFile>[1] = {}): Promise<LooseJson> {
  const res = await importFile(content, opts);
  expect(res.status, await res.clone().text()).toBe(200);
  return readJson(res);
}

const csv = (...lines: string[]) => `${lines.join('\n')}\n`;
const HEADER = 'firstName,lastName,email,role,courses';

/** What the database holds that an import could change. */
async function snapshot() {
  const [users, enrollments] = await Promise.all([User.find({}, { passwordHash: 0 }).sort({ _id: 1 }).lean(), Enrollment.find().sort({ _id: 1 }).lean()]);
  return JSON.stringify({ users, enrollments });
}

describe('POST /api/admin/import (docs/product.md#import)', () => {
  it('previews every status with its reasons and writes nothing', async () => {
    const d = domain();
    await createUser({ role: 3, firstName: 'Sam', lastName: 'Same', email: `sam@${d}` });
    await createUser({ role: 2, firstName: 'Tia', lastName: 'Teacher', email: `tia@${d}` });
    const { user: enrolled } = await createUser({ role: 3, firstName: 'Eli', lastName: 'Enrolled', email: `eli@${d}` });
    await enroll(enrolled._id, [(await Course.findOne({ title: 'Debating' }).lean())!._id]);
    await createUser({ role: 1, firstName: 'Other', lastName: 'Admin', email: `boss@${d}` });

    const file = csv(
      HEADER,
      `Nia,New,NIA@${d.toUpperCase()},student,Debating; storytelling`,
      `Sam,Same,sam@${d},Student,`,
      `Tia,Teacher,tia@${d},student,Debating`,
      `Eli,Enrolled,eli@${d},student,Debating;Storytelling`,
      `Not,Email,not-an-email,student,`,
      `Rolf,Role,rolf@${d},headteacher,`,
      `Cora,Course,cora@${d},student,Knitting`,
      `Nia,Again,nia@${d},student,`,
      `,Nameless,nameless@${d},student,`,
      `Other,Admin,boss@${d},teacher,`,
      `Tom,Teach,tom@${d},teacher,Debating`,
      `Tess,Twin,tess@${d},student,Twin`,
      `New,Admin,newboss@${d},admin,`,
    );
    const before = await snapshot();
    const body = await importJson(file, { dryRun: true });
    expect(await snapshot()).toBe(before);

    expect(body).toMatchObject({ dryRun: true, format: 'csv', counts: { create: 1, update: 2, skip: 1, error: 9 } });
    expect(body.passwords).toBeUndefined();
    const byRow = Object.fromEntries(body.rows.map((row: LooseJson) => [row.row, row]));
    expect(byRow[2]).toEqual({ row: 2, email: `nia@${d}`, firstName: 'Nia', lastName: 'New', role: 'student', courses: ['Debating', 'storytelling'], status: 'create', reasons: [] });
    expect(byRow[3]).toMatchObject({ status: 'skip', reasons: [] });
    expect(byRow[4]).toMatchObject({ status: 'update', reasons: [IMPORT_REASONS.role(2, 3), 'Enrols in: Debating'] });
    expect(byRow[5]).toMatchObject({ status: 'update', reasons: ['Enrols in: Storytelling'] });
    expect(byRow[6]).toMatchObject({ status: 'error', email: 'not-an-email', reasons: ['Email "not-an-email" is not a valid address.'] });
    expect(byRow[7]).toMatchObject({ status: 'error', role: 'headteacher', reasons: ['Unknown role "headteacher": use student or teacher.'] });
    expect(byRow[8]).toMatchObject({ status: 'error', reasons: ['Unknown course "Knitting".'] });
    expect(byRow[9]).toMatchObject({ status: 'error', reasons: ['Duplicate email in the file (row 2).'] });
    expect(byRow[10]).toMatchObject({ status: 'error', reasons: ['First name is missing.'] });
    expect(byRow[11]).toMatchObject({ status: 'error', reasons: ['An admin account cannot be changed by import.'] });
    expect(byRow[12]).toMatchObject({ status: 'error', reasons: [IMPORT_REASONS.coursesNotForRole] });
    expect(byRow[13]).toMatchObject({ status: 'error', reasons: ['Course "Twin" names 2 courses: give them different titles first.'] });
    expect(byRow[14]).toMatchObject({ status: 'error', reasons: [IMPORT_REASONS.adminMade] });
  });

  it('applies the file: accounts with one-time passwords shown once, names, roles and enrollments added, errors left alone', async () => {
    const d = domain();
    const { user: renamed } = await createUser({ role: 3, firstName: 'Rae', lastName: 'Old', email: `rae@${d}` });
    const { user: promoted } = await createUser({ role: 3, firstName: 'Pat', lastName: 'Pupil', email: `pat@${d}` });
    const debating = (await Course.findOne({ title: 'Debating' }).lean())!._id;
    const storytelling = (await Course.findOne({ title: 'Storytelling' }).lean())!._id;
    await enroll(renamed._id, [storytelling]);
    vi.mocked(sockets.endUserSockets).mockClear();

    const body = await importJson(
      csv(HEADER, `Nia,New,nia@${d},student,Debating`, `Ola,Other,ola@${d},teacher,`, `Rae,New,rae@${d},student,Debating`, `Pat,Pupil,pat@${d},teacher,`, `Bad,Row,bad@${d},pirate,`),
    );
    expect(body).toMatchObject({ dryRun: false, counts: { create: 2, update: 2, skip: 0, error: 1 } });
    expect(body.rows.map((row: LooseJson) => row.status)).toEqual(['create', 'create', 'update', 'update', 'error']);
    expect(body.passwords.map((p: LooseJson) => p.email)).toEqual([`nia@${d}`, `ola@${d}`]);
    for (const { password } of body.passwords) expect(password).toMatch(ONE_TIME_PASSWORD_PATTERN);

    const nia = await User.findOne({ email: `nia@${d}` }).lean();
    expect(nia).toMatchObject({ firstName: 'Nia', lastName: 'New', name: 'Nia New', role: 3, mustChangePassword: true });
    expect(await verifyPassword(nia!.passwordHash, body.passwords[0].password)).toBe(true);
    expect(JSON.stringify(nia)).not.toContain(body.passwords[0].password);
    expect((await Enrollment.find({ studentId: nia!._id }).lean()).map((e) => String(e.courseId))).toEqual([String(debating)]);
    expect(await User.findOne({ email: `ola@${d}` }).lean()).toMatchObject({ role: 2, mustChangePassword: true });

    // Enrollments are only added: the one not listed stays.
    const rae = await User.findById(renamed._id).lean();
    expect(rae).toMatchObject({ firstName: 'Rae', lastName: 'New', name: 'Rae New' });
    expect((await Enrollment.find({ studentId: renamed._id }).lean()).map((e) => String(e.courseId)).sort()).toEqual([String(debating), String(storytelling)].sort());
    // A role change goes the way of the users table: the role, and their discussion sockets end.
    expect((await User.findById(promoted._id).lean())?.role).toBe(2);
    expect(sockets.endUserSockets).toHaveBeenCalledWith(String(promoted._id));
    expect(await User.exists({ email: `bad@${d}` })).toBeNull();
  });

  it('makes an account that must choose its own password at the first sign-in', async () => {
    const d = domain();
    const body = await importJson(csv(HEADER, `Una,Used,una@${d},student,`));
    const [{ email, password }] = body.passwords;
    const cookie = await signIn(app, email, password);
    const refused = await app.request('/api/admin/notice', jsonRequest('GET', undefined, cookie));
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error.code).toBe('password_change_required');
    const changed = await app.request('/auth/change-password', jsonRequest('POST', { password: 'una-chose-this-1', confirmPassword: 'una-chose-this-1' }, cookie));
    expect(changed.status).toBe(200);
    const fresh = await signIn(app, email, 'una-chose-this-1');
    expect((await app.request('/api/admin/notice', jsonRequest('GET', undefined, fresh))).status).toBe(200);
  });

  it('imports the same file twice: the second time every row is skip and nothing is made', async () => {
    const d = domain();
    const file = csv(HEADER, `Ann,One,ann@${d},student,Debating`, `Ben,Two,ben@${d},teacher,`);
    expect((await importJson(file)).counts).toEqual({ create: 2, update: 0, skip: 0, error: 0 });
    const before = await snapshot();
    const again = await importJson(file);
    expect(again.counts).toEqual({ create: 0, update: 0, skip: 2, error: 0 });
    expect(again.passwords).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('answers a repeat of the same Idempotency-Key with the first answer, without the passwords, and applies nothing twice', async () => {
    const d = domain();
    const file = csv(HEADER, `Kai,Key,kai@${d},student,`);
    const key = `import-${d}`;
    const first = await importFile(file, { key });
    expect(first.status).toBe(200);
    const firstBody = await readJson(first);
    expect(firstBody.passwords).toHaveLength(1);
    const password = firstBody.passwords[0].password as string;

    const repeat = await importFile(file, { key });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    const repeatBody = await readJson(repeat);
    const { passwords: _passwords, ...rest } = firstBody;
    expect(repeatBody).toEqual({ ...rest, passwordsWithheld: 1 });
    expect(JSON.stringify(repeatBody)).not.toContain(password);
    expect(await User.countDocuments({ email: `kai@${d}` })).toBe(1);
    // The stored answer never held the password.
    const stored = await IdempotencyKey.findOne({ key }).lean();
    expect(stored?.body).not.toContain(password);

    // The same key with another file is a conflict; a preview passes by the key.
    expect((await importFile(csv(HEADER, `Kim,Other,kim@${d},student,`), { key })).status).toBe(409);
    expect((await importFile(file, { key, dryRun: true })).status).toBe(200);
  });

  it('reads a CSV with a byte-order mark, header names in any case, semicolons, quotes and blank lines, with each row its line', async () => {
    const d = domain();
    const file = `\uFEFFFIRST NAME;Last_Name;E-mail;ROLE;Courses\r\n\r\n  Zoë ;"O'Brien-Nguyễn";zoe@${d};STUDENT;"Debating;Storytelling"\r\n;;;;\r\n"Line";Two;two@${d};teacher;\r\n`;
    const body = await importJson(file, { dryRun: true });
    expect(body.rows).toEqual([
      { row: 3, email: `zoe@${d}`, firstName: 'Zoë', lastName: "O'Brien-Nguyễn", role: 'student', courses: ['Debating', 'Storytelling'], status: 'create', reasons: [] },
      { row: 5, email: `two@${d}`, firstName: 'Line', lastName: 'Two', role: 'teacher', courses: [], status: 'create', reasons: [] },
    ]);
  });

  it('refuses a file of more than 5,000 people or over 2 MB with 413, and takes 5,000', async () => {
    const d = domain();
    const rows = (n: number) => csv(HEADER, ...Array.from({ length: n }, (_, i) => `P${i},Person,p${i}@${d},student,`));
    const tooMany = await importFile(rows(MAX_IMPORT_ROWS + 1), { dryRun: true });
    expect(tooMany.status).toBe(413);
    expect((await readJson(tooMany)).error).toEqual({ code: 'too_many_rows', message: expect.stringContaining('5,001 people; at most 5,000') });

    const full = await importJson(rows(MAX_IMPORT_ROWS), { dryRun: true });
    expect(full.counts.create).toBe(MAX_IMPORT_ROWS);

    const large = await importFile(`${HEADER}\n${'x'.repeat(MAX_IMPORT_BYTES)}`, { dryRun: true });
    expect(large.status).toBe(413);
    expect((await readJson(large)).error.code).toBe('file_too_large');
  });

  it.each([
    ['a picture', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'photo.png', 'A .png file cannot be imported.'],
    ['bytes that are not UTF-8', new Uint8Array([0x66, 0x6f, 0xff, 0xfe, 0x0a]), 'class.csv', 'The file is not UTF-8 text.'],
    ['an empty file', '', 'class.csv', 'The file is empty.'],
    ['a quote never closed', csv(HEADER, '"Ann,One,ann@x.example,student,'), 'class.csv', 'The CSV file could not be read (line 2): a quote is opened and never closed.'],
    ['no email column', csv('firstName,lastName,role', 'Ann,One,student'), 'class.csv', 'The file has no "email" column.'],
    ['only a header', csv(HEADER), 'class.csv', 'The file holds no people'],
    ['JSON that is not valid', '[{"email": ', 'user_data.json', 'The JSON file could not be read: it is not valid JSON.'],
    ['JSON that is not a list', '{"email": "a@b.example"}', 'user_data.json', 'The JSON file must be a list of people'],
  ])('answers 400 for %s with the reason in words, and writes nothing', async (_label, content, name, message) => {
    const before = await snapshot();
    const res = await importFile(content, { name });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toContain(message);
    expect(await snapshot()).toBe(before);
  });

  it('answers 415 for a body that is not multipart, 400 without the file field or with a bad dryRun', async () => {
    expect((await app.request('/api/admin/import', jsonRequest('POST', { file: 'x' }, admin.cookie))).status).toBe(415);
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await app.request('/api/admin/import', { method: 'POST', headers: { Origin: TEST_ORIGIN, Cookie: admin.cookie }, body: form });
    expect(noFile.status).toBe(400);
    expect((await readJson(noFile)).error.fields).toEqual({ file: 'Attach the file as the form field "file".' });
    expect((await app.request('/api/admin/import?dryRun=maybe', { method: 'POST', headers: { Origin: TEST_ORIGIN, Cookie: admin.cookie }, body: form })).status).toBe(400);
  });

  it('is for admins only: 401 without a session, 403 for a teacher or a student, who change nothing', async () => {
    const d = domain();
    const file = csv(HEADER, `Sly,Student,sly@${d},student,`);
    expect((await importFile(file, { cookie: '' })).status).toBe(401);
    for (const role of [2, 3] as const) {
      const { user, password } = await createUser({ role });
      const res = await importFile(file, { cookie: await signIn(app, user.email, password) });
      expect(res.status).toBe(403);
    }
    expect(await User.exists({ email: `sly@${d}` })).toBeNull();
  });

  it('imports the JSON of Export Now back into the same school as all skip', async () => {
    const exported = await app.request('/api/admin/export?fileType=json', jsonRequest('GET', undefined, admin.cookie));
    const text = await exported.text();
    const body = await importJson(text, { name: 'user_data.json', dryRun: true });
    expect(body.format).toBe('json');
    expect(body.counts).toEqual({ create: 0, update: 0, skip: (JSON.parse(text) as unknown[]).length, error: 0 });
    // Each row is the line its object starts on (the export writes one per line after "[").
    expect(body.rows.slice(0, 3).map((row: LooseJson) => row.row)).toEqual([2, 3, 4]);
  });

  it('imports the CSV of Export Now back into the same school as all skip, formula guards and course cells included', async () => {
    const d = domain();
    const { user } = await createUser({ role: 3, firstName: '=Sly', lastName: 'Student', email: `sly@${d}` });
    await enroll(user._id, [(await Course.findOne({ title: 'Debating' }).lean())!._id, (await Course.findOne({ title: 'Storytelling' }).lean())!._id]);
    const exported = await (await app.request('/api/admin/export?fileType=csv', jsonRequest('GET', undefined, admin.cookie))).text();
    expect(exported).toContain(`,'=Sly,Student,Debating; Storytelling\n`);
    const body = await importJson(exported, { name: 'user_data.csv', dryRun: true });
    expect(body.counts).toEqual({ create: 0, update: 0, skip: exported.trim().split('\n').length - 1, error: 0 });
    expect(body.rows.find((row: LooseJson) => row.email === `sly@${d}`)).toMatchObject({ firstName: '=Sly', courses: ['Debating', 'Storytelling'], status: 'skip' });
  });

  it('reads an older export that has only `name`: split at the last space', async () => {
    const d = domain();
    const old = JSON.stringify([{ id: 'x', name: 'Mary Ann Smith', email: `mary@${d}`, role: 3, createdAt: '2025-01-01T00:00:00.000Z' }]);
    const body = await importJson(old, { name: 'user_data.json', dryRun: true });
    expect(body.rows[0]).toMatchObject({ firstName: 'Mary Ann', lastName: 'Smith', role: 'student', status: 'create' });
  });
});
