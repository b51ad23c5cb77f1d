import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.js';
import { Notice } from '../../notices/model.js';
import { ROLES } from '../../auth/roles.js';
import { TEST_ORIGIN, jsonRequest, readJson } from '../../test/factories.js';
import { emailPseudonym } from './events.js';
import { CROSS_SITE_MESSAGE } from './origin.js';
import { WORLD_PASSWORD, cookieOf, createWorld, freshNotice, quickUser, type World } from '../../test/testWorld.js';

/**
 * Logging and errors (ASVS 5.0 V16): no stack traces or internals
 * in answers; security events — failed sign-ins, 403s, rate-limit hits, role
 * changes, deletions — as structured lines with the user id and the IP.
 */

type Line = Record<string, unknown> & { msg?: string; event?: string; security?: boolean };

const lines: Line[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
    done();
  },
});

let world: World;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  world = await createWorld();
  app = createApp({ env: { ...world.env, TRUST_PROXY: true }, logger: pino({ level: 'info' }, sink) });
});
afterAll(() => world?.cleanup());
afterEach(() => {
  lines.length = 0;
  vi.restoreAllMocks();
});

const events = (event: string) => lines.filter((line) => line.security === true && line.event === event);
const FROM = { 'X-Forwarded-For': '203.0.113.7' };

describe('security events', () => {
  it('logs a failed sign-in with the account, the user id when it exists, and the IP — never the email or password', async () => {
    await app.request('/auth/login', { ...jsonRequest('POST', { email: world.s1.email, password: 'guess-number-one' }), headers: { 'Content-Type': 'application/json', ...FROM } });
    await app.request('/auth/login', { ...jsonRequest('POST', { email: 'nobody@example.test', password: 'guess-number-two' }), headers: { 'Content-Type': 'application/json', ...FROM } });
    const [known, unknown] = events('sign_in_failed');
    expect(known).toMatchObject({ userId: world.s1.id, ip: '203.0.113.7', knownAccount: true, account: emailPseudonym(world.s1.email) });
    expect(unknown).toMatchObject({ ip: '203.0.113.7', knownAccount: false, account: emailPseudonym('nobody@example.test') });
    expect(unknown).not.toHaveProperty('userId');
    const text = JSON.stringify(lines);
    expect(text).not.toContain(world.s1.email);
    expect(text).not.toContain('guess-number');
  });

  it('logs a successful sign-in and a sign-out with the user id', async () => {
    const res = await app.request('/auth/login', { ...jsonRequest('POST', { email: world.t1.email, password: WORLD_PASSWORD }), headers: { 'Content-Type': 'application/json', ...FROM } });
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    await app.request('/auth/logout', { headers: { Cookie: cookie, ...FROM } });
    expect(events('sign_in')[0]).toMatchObject({ userId: world.t1.id, ip: '203.0.113.7' });
    expect(events('signed_out')[0]).toMatchObject({ userId: world.t1.id, ip: '203.0.113.7' });
  });

  it('logs every 403 with the user, the IP, the path and the reason — a CSRF refusal included', async () => {
    const student = await cookieOf(world.s2);
    await app.request('/api/admin/stats', { headers: { Cookie: student, ...FROM } });
    await app.request('/api/admin/notice', { method: 'POST', headers: { Cookie: student, 'Content-Type': 'application/json', Origin: 'https://evil.example', ...FROM }, body: '{}' });
    const [role, csrf] = events('forbidden');
    expect(role).toMatchObject({ userId: world.s2.id, ip: '203.0.113.7', method: 'GET', path: '/api/admin/stats', status: 403 });
    expect(csrf).toMatchObject({ userId: world.s2.id, path: '/api/admin/notice', reason: CROSS_SITE_MESSAGE });
  });

  it('logs a rate-limit hit', async () => {
    for (let i = 0; i < 11; i++) {
      await app.request('/auth/login', {
        ...jsonRequest('POST', { email: 'limit@example.test', password: 'wrong-password-1' }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.50' },
      });
    }
    expect(events('rate_limited')[0]).toMatchObject({ ip: '203.0.113.50', path: '/auth/login', status: 429 });
  });

  it('logs role changes and deletions with the acting admin and the target', async () => {
    const admin = await cookieOf(world.admin);
    const person = await quickUser(ROLES.student);
    const headers = { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json', ...FROM };
    expect((await app.request(`/api/admin/users/${person.id}/role`, { method: 'PUT', headers, body: JSON.stringify({ role: 2 }) })).status).toBe(200);
    const notice = await freshNotice();
    expect((await app.request(`/api/admin/notice/${notice.id}`, { method: 'DELETE', headers })).status).toBe(204);
    expect(events('role_changed')[0]).toMatchObject({ userId: world.admin.id, ip: '203.0.113.7', targetId: person.id, newRole: 2 });
    expect(events('deleted')[0]).toMatchObject({ userId: world.admin.id, targetId: notice.id, path: `/api/admin/notice/${notice.id}` });
  });

  it('logs an account made by an admin, a password reset and the chosen password — never a one-time password', async () => {
    const admin = await cookieOf(world.admin);
    const headers = { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json', ...FROM };
    const made = await readJson(
      await app.request('/api/admin/users', { method: 'POST', headers, body: JSON.stringify({ firstName: 'Log', lastName: 'Made', email: 'log-made@example.test', role: 3 }) }),
    );
    const reset = await readJson(await app.request(`/api/admin/users/${made.user.id}/reset-password`, { method: 'POST', headers }));
    const signedIn = await app.request('/auth/login', {
      ...jsonRequest('POST', { email: 'log-made@example.test', password: reset.oneTimePassword }),
      headers: { 'Content-Type': 'application/json', ...FROM },
    });
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const changed = await app.request('/auth/change-password', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', ...FROM },
      body: JSON.stringify({ password: 'log-made-own-phrase', confirmPassword: 'log-made-own-phrase' }),
    });
    expect(changed.status).toBe(200);
    expect(events('account_created')[0]).toMatchObject({ userId: world.admin.id, ip: '203.0.113.7', targetId: made.user.id });
    expect(events('password_reset')[0]).toMatchObject({ userId: world.admin.id, targetId: made.user.id });
    expect(events('password_changed')[0]).toMatchObject({ userId: made.user.id, ip: '203.0.113.7' });
    const text = JSON.stringify(lines);
    for (const secret of [made.oneTimePassword, reset.oneTimePassword, 'log-made-own-phrase']) expect(text).not.toContain(secret);
  });

  it('logs a new registration', async () => {
    const res = await app.request('/auth/register', {
      ...jsonRequest('POST', { firstName: 'Log', lastName: 'Me', email: 'log-me@example.test', password: 'a-long-enough-phrase' }),
      headers: { 'Content-Type': 'application/json', ...FROM },
    });
    expect(events('registered')[0]).toMatchObject({ userId: (await readJson(res)).id, ip: '203.0.113.7' });
  });
});

describe('errors', () => {
  it('answers an unexpected failure with a generic 500 — no message, stack or path — and logs it for the operators', async () => {
    vi.spyOn(Notice, 'find').mockImplementation(() => {
      throw new Error('secret internal detail at /srv/oracy/db.ts:12:7');
    });
    const res = await app.request('/api/admin/notice', { headers: { Cookie: await cookieOf(world.s1) } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
    expect(text).not.toMatch(/secret|\/srv|\.ts:|at /);
    expect(lines.some((line) => line.msg === 'unhandled error' && JSON.stringify(line).includes('secret internal detail'))).toBe(true);
  });

  it('answers malformed input without parser or database internals', async () => {
    const admin = await cookieOf(world.admin);
    const bad = await app.request('/api/admin/notice', { method: 'POST', headers: { Cookie: admin, 'Content-Type': 'application/json' }, body: '{"title": tru' });
    const body = await readJson(bad);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(/^Malformed JSON in request body\.?$/);
    const id = await app.request('/api/admin/courses/not-an-id', { headers: { Cookie: admin } });
    expect(id.status).toBe(400);
    expect(await id.text()).not.toMatch(/Cast to|ObjectId|BSON/);
  });
});
