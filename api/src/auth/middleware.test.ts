import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from '../platform/http/errors.js';
import { createLogger } from '../platform/logger.js';
import { getEnv } from '../platform/env.js';
import { createApp } from '../app.js';
import { createUser, readJson, signIn } from '../test/factories.js';
import type { AppEnv } from './context.js';
import { loadSession, requireAuth, requireRole, requireSelfOrAdmin } from './middleware.js';

/** A tiny app with the real session loading and error handler, and one route per guard. */
function guardedApp() {
  const app = new Hono<AppEnv>()
    .use(loadSession({ trustProxy: false }))
    .get('/signed-in', requireAuth, (c) => c.json({ id: c.var.user.id }))
    .get('/admin-only', requireRole(1), (c) => c.json({ ok: true }))
    .get('/staff', requireRole(1, 2), (c) => c.json({ ok: true }))
    .get('/students/:studentId', requireSelfOrAdmin('studentId'), (c) => c.json({ id: c.req.param('studentId') }))
    .get('/stats', requireSelfOrAdmin('sId'), (c) => c.json({ id: c.req.query('sId') }));
  app.onError(createErrorHandler(createLogger(getEnv())));
  return app;
}

const app = guardedApp();
// Sign-in goes through the real routes; the cookie works on any app sharing the database.
const site = createApp();

async function as(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(site, user.email, password) };
}

async function status(path: string, cookie?: string) {
  const res = await app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, body: (await readJson(res)) as { error?: { code: string; fields?: Record<string, string> } } };
}

describe('requireAuth', () => {
  it('answers 401 without a session and passes the user on with one', async () => {
    expect((await status('/signed-in')).status).toBe(401);
    const student = await as(3);
    const res = await app.request('/signed-in', { headers: { Cookie: student.cookie } });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ id: student.user.id });
  });
});

describe('requireRole', () => {
  it('answers 401 without a session, 403 for other roles, 200 for the listed ones', async () => {
    const [admin, teacher, student] = [await as(1), await as(2), await as(3)];
    expect(await status('/admin-only')).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: 'You need to sign in.' } } });
    expect((await status('/admin-only', student.cookie)).status).toBe(403);
    expect((await status('/admin-only', student.cookie)).body.error?.code).toBe('forbidden');
    expect((await status('/admin-only', teacher.cookie)).status).toBe(403);
    expect((await status('/admin-only', admin.cookie)).status).toBe(200);
    expect((await status('/staff', teacher.cookie)).status).toBe(200);
    expect((await status('/staff', admin.cookie)).status).toBe(200);
    expect((await status('/staff', student.cookie)).status).toBe(403);
  });
});

describe('requireSelfOrAdmin', () => {
  it('lets the user themself and admins through, and no one else (path parameter)', async () => {
    const [admin, student, other] = [await as(1), await as(3), await as(3)];
    const path = `/students/${student.user.id}`;
    expect((await status(path)).status).toBe(401);
    expect((await status(path, student.cookie)).status).toBe(200);
    expect((await status(path, admin.cookie)).status).toBe(200);
    expect((await status(path, other.cookie)).status).toBe(403);
  });

  it('reads a query parameter when the path has none', async () => {
    const [admin, student, other] = [await as(1), await as(3), await as(2)];
    expect((await status(`/stats?sId=${student.user.id}`, student.cookie)).status).toBe(200);
    expect((await status(`/stats?sId=${student.user.id}`, admin.cookie)).status).toBe(200);
    expect((await status(`/stats?sId=${student.user.id}`, other.cookie)).status).toBe(403);
  });

  it('answers 400 naming the parameter when it is malformed or missing', async () => {
    const student = await as(3);
    const malformed = await status('/students/not-an-id', student.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.fields).toEqual({ studentId: 'Must be a valid id.' });
    const admin = await as(1);
    expect((await status('/students/123', admin.cookie)).status).toBe(400);
    const missing = await status('/stats', student.cookie);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ sId: 'Required.' });
  });
});
