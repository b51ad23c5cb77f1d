import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AUTH_RATE_LIMITS } from '../auth/rateLimits.js';
import { attachChat, CHAT_TEXTS } from '../chat/socket.js';
import { collect, connected, nextEvent, openSocket, signedInUser } from '../test/testServer.js';
import { ROLES } from '../db/models/index.js';
import { getEnv } from '../env.js';
import { createUser, jsonRequest, readJson } from '../test/factories.js';
import { createMemoryRateLimitStore, type RateLimit, type RateLimitStore } from './rateLimit.js';

/**
 * Rate limits (ASVS 5.0 V6.3.1): sign-in per IP and per email — 429
 * with Retry-After after 10 failures in 15 minutes — registration per IP,
 * chat messages per user, all behind the `RateLimitStore` interface.
 */

const FIFTEEN_MINUTES = 15 * 60;

/** An app behind a trusted proxy, so each request can say which address it comes from. */
function proxiedApp(rateLimits?: RateLimitStore) {
  return createApp({ env: { ...getEnv(), TRUST_PROXY: true }, logger: pino({ level: 'silent' }), rateLimits });
}

function from(ip: string, init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', `198.51.100.200, ${ip}`);
  return { ...init, headers };
}

const attempt = (app: ReturnType<typeof createApp>, ip: string, email: string, password: string) =>
  app.request('/auth/login', from(ip, jsonRequest('POST', { email, password })));

describe('sign-in limits', () => {
  it('are 10 failures in 15 minutes, per IP and per email', () => {
    expect(AUTH_RATE_LIMITS.loginFailuresPerIp).toEqual({ points: 10, durationSeconds: FIFTEEN_MINUTES });
    expect(AUTH_RATE_LIMITS.loginFailuresPerEmail).toEqual({ points: 10, durationSeconds: FIFTEEN_MINUTES });
  });

  it('per email: the 11th attempt after 10 failures gets 429 with Retry-After, even with the right password and from another address', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    for (let i = 0; i < 10; i++) expect((await attempt(app, `203.0.113.${i}`, user.email, 'wrong-password-1')).status).toBe(401);
    const blocked = await attempt(app, '203.0.113.99', user.email, password);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(FIFTEEN_MINUTES - 60);
    expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    expect(await readJson(blocked)).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' } });
  });

  it('per IP: 10 failures across accounts block that address, not another; successes do not count', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    for (let i = 0; i < 20; i++) expect((await attempt(app, '192.0.2.1', user.email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(app, '192.0.2.1', `guess-${i}@example.test`, 'wrong-password-1')).status).toBe(401);
    const blocked = await attempt(app, '192.0.2.1', user.email, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await attempt(app, '192.0.2.2', user.email, password)).status).toBe(200);
  });

  it('takes the address from the last X-Forwarded-For entry, which a client cannot forge past the proxy', async () => {
    const app = proxiedApp();
    const { user } = await createUser();
    for (let i = 0; i < 10; i++) {
      // The client invents a new first entry every time; the proxy's own last entry stays the same.
      const res = await app.request('/auth/login', { ...jsonRequest('POST', { email: `x${i}@example.test`, password: 'wrong-password-1' }), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.9.${i}, 192.0.2.77` } });
      expect(res.status).toBe(401);
    }
    const blocked = await app.request('/auth/login', { ...jsonRequest('POST', { email: user.email, password: 'x-x-x-x-x-x' }), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.0.0.1, 192.0.2.77' } });
    expect(blocked.status).toBe(429);
  });
});

describe('registration limit', () => {
  it('allows 30 attempts an hour from one address, then 429 with Retry-After', async () => {
    const app = proxiedApp();
    const { points } = AUTH_RATE_LIMITS.registrationsPerIp;
    // Invalid bodies still count: the limit is on attempts, checked before anything else.
    for (let i = 0; i < points; i++) expect((await app.request('/auth/register', from('192.0.2.10', jsonRequest('POST', {})))).status).toBe(400);
    const blocked = await app.request('/auth/register', from('192.0.2.10', jsonRequest('POST', {})));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await app.request('/auth/register', from('192.0.2.11', jsonRequest('POST', {})))).status).toBe(400);
  });
});

describe('the RateLimitStore interface', () => {
  it('counts, reports and forgets per key in memory', async () => {
    const limiter = createMemoryRateLimitStore().limiter('test', { points: 2, durationSeconds: 60 });
    expect(await limiter.peek('k')).toBeNull();
    expect((await limiter.hit('k')).exceeded).toBe(false);
    expect((await limiter.hit('k')).remaining).toBe(0);
    const third = await limiter.hit('k');
    expect(third.exceeded).toBe(true);
    expect(third.msBeforeReset).toBeGreaterThan(59_000);
    expect((await limiter.peek('other'))).toBeNull();
    await limiter.reset('k');
    expect(await limiter.peek('k')).toBeNull();
  });

  it('is where the app and the chat count (a shared store can replace the memory one)', async () => {
    const asked: { name: string; limit: RateLimit }[] = [];
    const memory = createMemoryRateLimitStore();
    const spy: RateLimitStore = {
      limiter(name, limit) {
        asked.push({ name, limit });
        return memory.limiter(name, name === 'chat-messages-user' ? { points: 1, durationSeconds: 60 } : limit);
      },
    };
    const app = proxiedApp(spy);
    expect(asked.map((a) => a.name).sort()).toEqual(['login-failures-email', 'login-failures-ip', 'registrations-ip']);

    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
    });
    const chat = attachChat(server, { dataDir: getEnv().DATA_DIR, log: pino({ level: 'silent' }), rateLimits: spy });
    try {
      expect(asked.map((a) => a.name)).toContain('chat-messages-user');
      const admin = await signedInUser(app, ROLES.admin);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const socket = openSocket(url, { headers: { Cookie: admin.cookie }, auth: admin.auth });
      const errors = collect<string>(socket, 'messageError');
      await connected(socket);
      socket.emit('message', { content: 'one', file: null, tempId: 'rate-1' });
      await nextEvent(socket, 'messageAck');
      socket.emit('message', { content: 'two', file: null, tempId: 'rate-2' });
      await nextEvent(socket, 'messageError');
      expect(errors).toEqual([CHAT_TEXTS.tooFast]);
      socket.close();
    } finally {
      await chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
