import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { Complaint } from '../../complaints/model.js';
import { IdempotencyKey } from './idempotencyKeyModel.js';
import { createUser, readJson, signIn } from '../../test/factories.js';
import { IDEMPOTENCY_HEADER, requestFingerprint } from './idempotency.js';

/**
 * The outbox's server side (docs/contributing.md#the-outbox): POST
 * /api/{student,teacher}/complaints with an Idempotency-Key, against the real
 * (embedded) database. Bodies carry `clientId` as older app versions sent it: accepted, ignored.
 */
const app = createApp();

type Filer = { id: string; cookie: string; path: string; ownerField: 'sId' | 'tId' };

async function filer(role: 2 | 3): Promise<Filer> {
  const { user, password } = await createUser({ role });
  const path = role === 3 ? '/api/student/complaints' : '/api/teacher/complaints';
  return { id: String(user.id), cookie: await signIn(app, user.email, password), path, ownerField: role === 3 ? 'sId' : 'tId' };
}

function post(who: Filer, body: Record<string, unknown>, key?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: who.cookie };
  if (key !== undefined) headers[IDEMPOTENCY_HEADER] = key;
  return Promise.resolve(app.request(who.path, { method: 'POST', headers, body: JSON.stringify(body) }));
}

const countOf = (who: Filer) => Complaint.countDocuments({ userId: new Types.ObjectId(who.id) });

describe.each([
  ['student', 3],
  ['teacher', 2],
] as const)('Idempotency-Key on the %s complaint endpoint', (_name, role) => {
  let who: Filer;
  beforeAll(async () => {
    who = await filer(role);
  });

  it('the same key sent twice gives one complaint and the first answer again', async () => {
    const key = randomUUID();
    const body = { title: 'Projector broken', description: 'Room 4 projector flickers.', [who.ownerField]: who.id, userId: who.id, clientId: key };
    const before = await countOf(who);

    const first = await post(who, body, key);
    expect(first.status).toBe(201);
    const created = await readJson(first);
    expect(created).toMatchObject({ title: 'Projector broken', status: null });

    const again = await post(who, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await readJson(again)).toEqual(created);
    expect(await countOf(who)).toBe(before + 1);
  });

  it('20 concurrent requests with one key give one complaint and 20 identical answers', async () => {
    const key = randomUUID();
    const body = { title: 'Concurrent', description: 'Sent from a flaky train connection.', userId: who.id, clientId: key };
    const before = await countOf(who);

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(who, body, key)));
    const results = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.text() })));

    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await countOf(who)).toBe(before + 1);
  });

  it('a used key with a different body is 409 and creates nothing', async () => {
    const key = randomUUID();
    const first = await post(who, { title: 'Original', description: 'First body.', clientId: key }, key);
    expect(first.status).toBe(201);
    const before = await countOf(who);

    const changed = await post(who, { title: 'Changed', description: 'Another body.', clientId: key }, key);
    expect(changed.status).toBe(409);
    expect((await readJson(changed)).error.code).toBe('conflict');
    expect(await countOf(who)).toBe(before);
  });

  it('the same body in another key order is the same request', async () => {
    const key = randomUUID();
    const first = await post(who, { title: 'Order', description: 'Keys in one order.', clientId: key }, key);
    const again = await post(who, { clientId: key, description: 'Keys in one order.', title: 'Order' }, key);
    expect(again.status).toBe(first.status);
    expect(await readJson(again)).toEqual(await readJson(first));
  });

  it('a body clientId without the header is no key: the header is the one de-duplication mechanism', async () => {
    const body = { title: 'Body key', description: 'Only the body carries a key.', clientId: randomUUID() };
    const before = await countOf(who);
    const first = await post(who, body);
    const again = await post(who, body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countOf(who)).toBe(before + 2);
  });
});

describe('Idempotency-Key edge cases', () => {
  it('keys are per user: another user with the same key files their own complaint', async () => {
    const [a, b] = await Promise.all([filer(3), filer(3)]);
    const key = randomUUID();
    const body = { title: 'Same key', description: 'Two different students.' };
    const first = await readJson(await post(a, body, key));
    const second = await post(b, body, key);
    expect(second.status).toBe(201);
    expect((await readJson(second)).id).not.toBe(first.id);
  });

  it('a refused request (400) frees its key: the corrected retry with a new body is created', async () => {
    const who = await filer(3);
    const key = randomUUID();
    const bad = await post(who, { title: '   ', description: 'No title.' }, key);
    expect(bad.status).toBe(400);
    expect(await IdempotencyKey.countDocuments({ key })).toBe(0);
    const good = await post(who, { title: 'Fixed', description: 'Now with a title.' }, key);
    expect(good.status).toBe(201);
  });

  it('a malformed header is 400 naming Idempotency-Key; no session is still 401', async () => {
    const who = await filer(3);
    const bad = await post(who, { title: 'x', description: 'y' }, 'short');
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toHaveProperty(IDEMPOTENCY_HEADER);

    const anonymous = await app.request('/api/student/complaints', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: randomUUID() },
      body: JSON.stringify({ title: 'x', description: 'y' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('stores the key with its time, for the 7-day retention', async () => {
    const who = await filer(2);
    const key = randomUUID();
    await post(who, { title: 'Kept', description: 'Key retention.' }, key);
    const stored = await IdempotencyKey.findOne({ key }).lean();
    expect(stored).toMatchObject({ state: 'done', status: 201 });
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it('fingerprints ignore key order but not values or the path', () => {
    const a = requestFingerprint('POST', '/p', '{"a":1,"b":[1,{"c":2,"d":3}]}');
    expect(requestFingerprint('post', '/p', '{"b":[1,{"d":3,"c":2}],"a":1}')).toBe(a);
    expect(requestFingerprint('POST', '/p', '{"a":2,"b":[1,{"c":2,"d":3}]}')).not.toBe(a);
    expect(requestFingerprint('POST', '/q', '{"a":1,"b":[1,{"c":2,"d":3}]}')).not.toBe(a);
  });
});
