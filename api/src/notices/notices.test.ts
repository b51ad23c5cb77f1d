import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Notice } from './model.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();
const PATH = '/api/admin/notice';

let adminCookie: string;
let teacherCookie: string;
let studentCookie: string;

beforeAll(async () => {
  const [admin, teacher, student] = await Promise.all([createUser({ role: 1 }), createUser({ role: 2 }), createUser({ role: 3 })]);
  adminCookie = await signIn(app, admin.user.email, admin.password);
  teacherCookie = await signIn(app, teacher.user.email, teacher.password);
  studentCookie = await signIn(app, student.user.email, student.password);
});

async function createNotice(body: unknown = { title: 'Exam week', description: 'Rooms are on the board.' }) {
  const res = await app.request(PATH, jsonRequest('POST', body, adminCookie));
  expect(res.status).toBe(201);
  return readJson(res);
}

describe('GET /api/admin/notice (every signed-in user)', () => {
  it('answers 401 without a session', async () => {
    const res = await app.request(PATH);
    expect(res.status).toBe(401);
    expect((await readJson(res)).error.code).toBe('unauthorized');
  });

  it('lists the notices newest first for admins, teachers and students alike', async () => {
    const older = await Notice.create({ title: 'Older', description: 'first', createdAt: new Date('2025-01-01T10:00:00Z') });
    const newer = await Notice.create({ title: 'Newer', description: 'second', createdAt: new Date('2025-03-01T10:00:00Z') });
    for (const cookie of [adminCookie, teacherCookie, studentCookie]) {
      const res = await app.request(PATH, jsonRequest('GET', undefined, cookie));
      expect(res.status).toBe(200);
      const list = await readJson(res);
      const ids = list.map((n: { id: string }) => n.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(list.find((n: { id: string }) => n.id === older.id)).toEqual({
        id: older.id,
        title: 'Older',
        description: 'first',
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: expect.any(String),
      });
    }
  });
});

describe('notice writes (admins only)', () => {
  it('creates, updates and deletes a notice, trimming the fields', async () => {
    const created = await createNotice({ title: '  Holiday  ', description: '\n School is closed on Friday. ' });
    expect(created).toMatchObject({ id: expect.stringMatching(/^[a-f0-9]{24}$/), title: 'Holiday', description: 'School is closed on Friday.' });

    const put = await app.request(`${PATH}/${created.id}`, jsonRequest('PUT', { id: created.id, title: 'Holiday moved', description: 'Closed on Monday.' }, adminCookie));
    expect(put.status).toBe(200);
    const saved = await readJson(put);
    expect(saved).toMatchObject({ id: created.id, title: 'Holiday moved', description: 'Closed on Monday.', createdAt: created.createdAt });
    expect((await Notice.findById(created.id))?.title).toBe('Holiday moved');

    const del = await app.request(`${PATH}/${created.id}`, jsonRequest('DELETE', undefined, adminCookie));
    expect(del.status).toBe(204);
    expect(await Notice.findById(created.id)).toBeNull();
    const again = await app.request(`${PATH}/${created.id}`, jsonRequest('DELETE', undefined, adminCookie));
    expect(again.status).toBe(404);
  });

  it('answers 401 without a session and 403 for teachers and students, changing nothing', async () => {
    const existing = await createNotice();
    const writes: [string, string, unknown][] = [
      ['POST', PATH, { title: 'x', description: 'y' }],
      ['PUT', `${PATH}/${existing.id}`, { title: 'x', description: 'y' }],
      ['DELETE', `${PATH}/${existing.id}`, undefined],
    ];
    const count = await Notice.countDocuments();
    for (const [method, path, body] of writes) {
      expect((await app.request(path, jsonRequest(method, body))).status, `${method} anonymous`).toBe(401);
      for (const cookie of [teacherCookie, studentCookie]) {
        const res = await app.request(path, jsonRequest(method, body, cookie));
        expect(res.status, method).toBe(403);
        expect((await readJson(res)).error.code).toBe('forbidden');
      }
    }
    expect(await Notice.countDocuments()).toBe(count);
    expect((await Notice.findById(existing.id))?.title).toBe('Exam week');
  });

  const invalid: [string, unknown, string][] = [
    ['no title', { description: 'd' }, 'title'],
    ['a blank title', { title: '  ', description: 'd' }, 'title'],
    ['a title of 201 characters', { title: 'x'.repeat(201), description: 'd' }, 'title'],
    ['no description', { title: 't' }, 'description'],
    ['a blank description', { title: 't', description: '\n\t ' }, 'description'],
    ['a description of 5001 characters', { title: 't', description: 'x'.repeat(5001) }, 'description'],
    ['a number title', { title: 5, description: 'd' }, 'title'],
    ['an array body', [{ title: 't', description: 'd' }], 'body'],
  ];
  it.each(invalid)('answers 400 naming the field for %s on create and update', async (_what, body, field) => {
    const existing = await createNotice();
    const count = await Notice.countDocuments();
    for (const [method, path] of [
      ['POST', PATH],
      ['PUT', `${PATH}/${existing.id}`],
    ] as const) {
      const res = await app.request(path, jsonRequest(method, body, adminCookie));
      expect(res.status, method).toBe(400);
      expect(Object.keys((await readJson(res)).error.fields), method).toContain(field);
    }
    expect(await Notice.countDocuments()).toBe(count);
    expect((await Notice.findById(existing.id))?.title).toBe('Exam week');
  });

  it('answers 400 for a malformed id and 404 for an absent notice', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const bad = await app.request(`${PATH}/nope`, jsonRequest(method, method === 'PUT' ? { title: 't', description: 'd' } : undefined, adminCookie));
      expect(bad.status, method).toBe(400);
      expect((await readJson(bad)).error.fields).toHaveProperty('id');
      const absent = await app.request(`${PATH}/0123456789abcdef01234567`, jsonRequest(method, method === 'PUT' ? { title: 't', description: 'd' } : undefined, adminCookie));
      expect(absent.status, method).toBe(404);
    }
  });

  it('answers 415 for a body that is not JSON and 413 for a huge one', async () => {
    const form = await app.request(PATH, { method: 'POST', headers: { Cookie: adminCookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'title=a&description=b' });
    expect(form.status).toBe(415);
    const huge = await app.request(PATH, jsonRequest('POST', { title: 't', description: 'x'.repeat(100_000) }, adminCookie));
    expect(huge.status).toBe(413);
  });
});
