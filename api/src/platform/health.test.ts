import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { getEnv } from './env.js';
import { readJson } from '../test/factories.js';

// the load balancer's liveness and readiness checks, against the real database.
describe('GET /healthz and GET /readyz', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answer 200 while the database answers, uncached and without a session', async () => {
    const app = createApp({ env: getEnv() });
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    expect(await readJson(health)).toEqual({ status: 'ok', database: 'up' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await readJson(ready)).toEqual({ status: 'ready', database: 'up', redis: 'off', draining: false });
  });

  it('turn 503 when the database does not answer', async () => {
    const app = createApp({ env: getEnv() });
    vi.spyOn(mongoose.connection.db!, 'command').mockRejectedValue(new Error('connection refused'));
    const health = await app.request('/healthz');
    expect(health.status).toBe(503);
    expect(await readJson(health)).toEqual({ status: 'unavailable', database: 'down' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await readJson(ready)).toMatchObject({ status: 'not_ready', database: 'down' });
  });

  it('take the process out of rotation while it drains or Redis is down, while staying alive', async () => {
    let draining = false;
    let redisReady = true;
    const app = createApp({ env: getEnv(), health: { draining: () => draining, redisReady: () => redisReady } });
    expect(await readJson(await app.request('/readyz'))).toEqual({ status: 'ready', database: 'up', redis: 'up', draining: false });

    redisReady = false;
    const noRedis = await app.request('/readyz');
    expect(noRedis.status).toBe(503);
    expect(await readJson(noRedis)).toMatchObject({ status: 'not_ready', redis: 'down' });

    redisReady = true;
    draining = true;
    const drainingRes = await app.request('/readyz');
    expect(drainingRes.status).toBe(503);
    expect(await readJson(drainingRes)).toMatchObject({ status: 'not_ready', draining: true });
    expect((await app.request('/healthz')).status).toBe(200);
  });
});
