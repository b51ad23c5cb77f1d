import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { getEnv } from '../env.js';
import { createUser, jsonRequest, readJson, signIn } from '../../test/factories.js';
import { databaseAvailable, databaseRetryAfterSeconds, DEFAULT_RETRY_AFTER_S, markDatabaseDown, markDatabaseUp } from './availability.js';

const UNAVAILABLE = { error: { code: 'unavailable', message: 'Oracy cannot reach its database right now. Please try again in a moment.' } };

afterEach(() => markDatabaseUp());

// docs/architecture.md#when-the-database-stops: while the database is down, no request waits for it.
describe('the database gate', () => {
  it('answers 503 unavailable with Retry-After at once for the API and the sign-in calls while the supervisor has the database down', async () => {
    const app = createApp({ env: getEnv() });
    const student = await createUser({ role: 3 });
    const cookie = await signIn(app, student.user.email, student.password);

    markDatabaseDown({ retryAt: Date.now() + 2500 });
    expect(databaseAvailable()).toBe(false);
    const requests: Array<[string, RequestInit]> = [
      [`/api/student/courses/${student.user.id as string}`, { headers: { Cookie: cookie } }],
      ['/api/student/complaints', jsonRequest('POST', { title: 'Broken', description: 'The heating' }, cookie)],
      ['/auth/current_user', { headers: { Cookie: cookie } }],
      ['/auth/login', jsonRequest('POST', { email: student.user.email, password: student.password })],
      ['/auth/logout', jsonRequest('POST', undefined, cookie)],
      ['/api/no-such-endpoint', {}],
    ];
    for (const [path, init] of requests) {
      const res = await app.request(path, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('Retry-After'), path).toBe('3');
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
      expect(await readJson(res), path).toEqual(UNAVAILABLE);
    }

    // what needs no database still answers; a page is served without the session, whose cookie stays.
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/openapi.json')).status).toBe(200);
    const page = await app.request('/login', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Set-Cookie')).toBeNull();
    expect((await app.request('/healthz')).status).toBe(503);
    expect(await readJson(await app.request('/readyz'))).toMatchObject({ status: 'not_ready', database: 'down' });

    markDatabaseUp();
    expect(databaseAvailable()).toBe(true);
    const back = await app.request('/auth/current_user', { headers: { Cookie: cookie } });
    expect(back.status).toBe(200);
    expect((await readJson(back)).email).toBe(student.user.email);
  });

  it("also answers 503 while Mongoose is not connected (MONGODB_URI: the driver's own reconnects)", async () => {
    const app = createApp({ env: getEnv() });
    const uri = `${mongoose.connection.getClient().options.hosts.map((h) => `mongodb://${h.host}:${h.port}`)[0]}/${mongoose.connection.name}`;
    await mongoose.disconnect();
    try {
      expect(databaseAvailable()).toBe(false);
      const res = await app.request('/auth/login', jsonRequest('POST', { email: 'nobody@example.test', password: 'whatever it is' }));
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe(String(DEFAULT_RETRY_AFTER_S));
      expect(await readJson(res)).toEqual(UNAVAILABLE);
      const health = await app.request('/healthz');
      expect(health.status).toBe(503);
      expect(await readJson(health)).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await mongoose.connect(uri);
    }
    expect(databaseAvailable()).toBe(true);
    expect((await app.request('/auth/login', jsonRequest('POST', { email: 'nobody@example.test', password: 'whatever it is' }))).status).toBe(401);
  });

  it('gates the uploads only when they are stored in the database', async () => {
    markDatabaseDown();
    const onDisk = createApp({ env: { ...getEnv(), UPLOAD_STORE: 'disk' } });
    expect((await onDisk.request('/uploads/missing.png')).status).toBe(404);
    const inDatabase = createApp({ env: { ...getEnv(), UPLOAD_STORE: 'gridfs' } });
    expect((await inDatabase.request('/uploads/missing.png')).status).toBe(503);
  });

  it('gives Retry-After as the seconds until the restart, at least 1, else 5', () => {
    const now = 1_000_000;
    expect(databaseRetryAfterSeconds(now)).toBe(DEFAULT_RETRY_AFTER_S);
    markDatabaseDown({ retryAt: now + 500 });
    expect(databaseRetryAfterSeconds(now)).toBe(1);
    markDatabaseDown({ retryAt: now + 30_000 });
    expect(databaseRetryAfterSeconds(now)).toBe(30);
    expect(databaseRetryAfterSeconds(now + 31_000)).toBe(1);
    markDatabaseDown();
    expect(databaseRetryAfterSeconds(now)).toBe(DEFAULT_RETRY_AFTER_S);
  });
});
