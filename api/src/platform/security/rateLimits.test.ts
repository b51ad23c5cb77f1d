import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { AUTH_RATE_LIMITS, authRateLimitsOf } from '../../auth/rateLimits.js';
import { deviceCookieName } from '../../auth/deviceCookies.js';
import { attachChat, CHAT_TEXTS } from '../../chat/socket.js';
import { collect, connected, nextEvent, openSocket, signedInUser } from '../../test/testServer.js';
import { ROLES } from '../../auth/roles.js';
import { getEnv, parseEnv, type Env } from '../env.js';
import type { Logger } from '../logger.js';
import { createUser, jsonRequest, readJson } from '../../test/factories.js';
import { TestDevice, signInFrom } from '../../test/signInDevice.js';
import { emailPseudonym } from './events.js';
import { createMemoryRateLimitStore, type RateLimit, type RateLimitStore } from './rateLimit.js';

/**
 * Rate limits (ASVS 5.0 V6.3.1): failed sign-ins per (email, address),
 * per email and per address, with trusted devices passing them
 * (docs/architecture.md#sign-in-throttling); registration per address; chat
 * messages per user — all behind the `RateLimitStore` interface.
 */

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/** An app behind a trusted proxy, so each request can say which address it comes from. */
function proxiedApp(rateLimits?: RateLimitStore, opts: { env?: Partial<Env>; logger?: Logger } = {}) {
  return createApp({ env: { ...getEnv(), TRUST_PROXY: true, ...opts.env }, logger: opts.logger ?? pino({ level: 'silent' }), rateLimits });
}

function from(ip: string, init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', `198.51.100.200, ${ip}`);
  return { ...init, headers };
}

/** A logger whose security events can be read back. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), events: (event: string) => lines.filter((l) => l.security === true && l.event === event) };
}

describe('sign-in limits', () => {
  it('are 10 failures per (email, address) in 15 minutes, 50 per email in an hour, 300 per address in 15 minutes, and the configuration can change each', () => {
    expect(AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp).toEqual({ points: 10, durationSeconds: FIFTEEN_MINUTES });
    expect(AUTH_RATE_LIMITS.loginFailuresPerEmail).toEqual({ points: 50, durationSeconds: ONE_HOUR });
    expect(AUTH_RATE_LIMITS.loginFailuresPerIp).toEqual({ points: 300, durationSeconds: FIFTEEN_MINUTES });
    expect(authRateLimitsOf(parseEnv({}))).toEqual(AUTH_RATE_LIMITS);
    const configured = authRateLimitsOf(
      parseEnv({
        LOGIN_FAILURES_PER_EMAIL_IP: '5',
        LOGIN_FAILURES_PER_EMAIL_IP_MINUTES: '30',
        LOGIN_FAILURES_PER_EMAIL: '20',
        LOGIN_FAILURES_PER_EMAIL_MINUTES: '120',
        LOGIN_FAILURES_PER_IP: '1000',
        LOGIN_FAILURES_PER_IP_MINUTES: '5',
        REGISTRATIONS_PER_IP_HOUR: '500',
      }),
    );
    expect(configured).toEqual({
      loginFailuresPerEmailAndIp: { points: 5, durationSeconds: 30 * 60 },
      loginFailuresPerEmail: { points: 20, durationSeconds: 120 * 60 },
      loginFailuresPerIp: { points: 1000, durationSeconds: 5 * 60 },
      registrationsPerIp: { points: 500, durationSeconds: ONE_HOUR },
    });
  });

  it('a school behind one address: 50 failures spread over 25 accounts do not stop another account signing in from it', async () => {
    const app = proxiedApp();
    const school = '192.0.2.1';
    const pupils = await Promise.all(Array.from({ length: 25 }, () => createUser()));
    for (const { user } of pupils) {
      for (let i = 0; i < 2; i++) expect((await signInFrom(app, school, user.email, 'mistyped-password')).status).toBe(401);
    }
    const teacher = await createUser({ role: ROLES.teacher });
    expect((await signInFrom(app, school, teacher.user.email, teacher.password)).status).toBe(200);
    // and the pupils themselves, once they type it right
    expect((await signInFrom(app, school, pupils[0]!.user.email, pupils[0]!.password)).status).toBe(200);
  });

  it('per (email, address): the 11th attempt after 10 failures gets 429 with Retry-After for that pair only; an unknown email gets the same answers', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    const answers = async (email: string, right: string) => {
      for (let i = 0; i < 10; i++) expect((await signInFrom(app, '203.0.113.1', email, 'wrong-password-1')).status).toBe(401);
      return signInFrom(app, '203.0.113.1', email, right);
    };
    const blocked = await answers(user.email, password);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(FIFTEEN_MINUTES - 60);
    expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    const body = await readJson(blocked);
    expect(body).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' } });

    // The same account from another address, and another account from this one, still sign in.
    expect((await signInFrom(app, '203.0.113.2', user.email, password)).status).toBe(200);
    const other = await createUser();
    expect((await signInFrom(app, '203.0.113.1', other.user.email, other.password)).status).toBe(200);

    const unknown = await answers('nobody-here@example.test', 'any-password-1');
    expect(unknown.status).toBe(429);
    expect(await readJson(unknown)).toEqual(body);
  });

  it("per email: after 50 failures from five addresses the owner's trusted device still signs in, a new device gets 429, and the lock is logged once", async () => {
    const { logger, events } = recordingLogger();
    const app = proxiedApp(undefined, { logger });
    const { user, password } = await createUser({ role: ROLES.teacher });
    // The teacher signed in from the staff-room laptop last week: it holds a device cookie.
    const laptop = new TestDevice(app, '198.51.100.7');
    expect((await laptop.signIn(user.email, password)).status).toBe(200);
    expect(laptop.deviceCookieNames()).toEqual([deviceCookieName(user.id as string, false)]);

    // Someone who knows the email tries 60 passwords from five addresses.
    const attackers = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await signInFrom(app, attackers[i % 5]!, user.email, `guess-${i}-password`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));

    const newDevice = await signInFrom(app, '198.51.100.99', user.email, password);
    expect(newDevice.status).toBe(429);
    expect(Number(newDevice.headers.get('Retry-After'))).toBeGreaterThan(ONE_HOUR - 60);
    expect((await laptop.signIn(user.email, password)).status).toBe(200);
    // From one of the attacked addresses too (its (email, address) pair is used up).
    expect((await laptop.signIn(user.email, password, attackers[0])).status).toBe(200);

    const locked = events('sign_in_locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ userId: user.id, account: emailPseudonym(user.email), knownAccount: true });
    expect(Number(locked[0]!.retryAfter)).toBeGreaterThan(ONE_HOUR - 60);
  });

  it("a trusted device's wrong passwords count against it: after 10, it signs in only as a new device would", async () => {
    const app = proxiedApp(undefined, { env: { LOGIN_FAILURES_PER_EMAIL: 24 } });
    const { user, password } = await createUser();
    const phone = new TestDevice(app, '198.51.100.20');
    const tablet = new TestDevice(app, '198.51.100.20');
    expect((await phone.signIn(user.email, password)).status).toBe(200);
    expect((await tablet.signIn(user.email, password)).status).toBe(200);
    // A success forgets the device's failures (not the email's: 9 of 24).
    for (let i = 0; i < 9; i++) expect((await phone.signIn(user.email, 'fat-fingered-1')).status).toBe(401);
    expect((await phone.signIn(user.email, password)).status).toBe(200);
    // Ten failures from the device (19 of 24 for the email), then the email's last five from elsewhere.
    for (let i = 0; i < 10; i++) expect((await phone.signIn(user.email, 'fat-fingered-2')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signInFrom(app, `203.0.113.${30 + i}`, user.email, 'guess-password')).status).toBe(401);
    // The phone's failures are used up: it is judged as a new device, and the email is locked; the tablet still gets in.
    expect((await phone.signIn(user.email, password)).status).toBe(429);
    expect((await tablet.signIn(user.email, password)).status).toBe(200);
  });

  it('per address: with LOGIN_FAILURES_PER_IP=5, five failures across accounts refuse every untrusted device at that address, not another address nor a trusted device', async () => {
    const app = proxiedApp(undefined, { env: { LOGIN_FAILURES_PER_IP: 5 } });
    const { user, password } = await createUser();
    const desktop = new TestDevice(app, '192.0.2.50');
    expect((await desktop.signIn(user.email, password)).status).toBe(200);
    // Successes do not count.
    for (let i = 0; i < 5; i++) expect((await signInFrom(app, '192.0.2.50', user.email, password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signInFrom(app, '192.0.2.50', `stuffed-${i}@example.test`, 'leaked-password-1')).status).toBe(401);
    const blocked = await signInFrom(app, '192.0.2.50', user.email, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await signInFrom(app, '192.0.2.51', user.email, password)).status).toBe(200);
    expect((await desktop.signIn(user.email, password)).status).toBe(200);
  });

  it('takes the address from the last X-Forwarded-For entry, which a client cannot forge past the proxy', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    for (let i = 0; i < 10; i++) {
      // The client invents a new first entry every time; the proxy's own last entry stays the same.
      const res = await app.request('/auth/login', {
        ...jsonRequest('POST', { email: user.email, password: 'wrong-password-1' }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.9.${i}, 192.0.2.77` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await app.request('/auth/login', {
      ...jsonRequest('POST', { email: user.email, password }),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.0.0.1, 192.0.2.77' },
    });
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
    expect(await limiter.peek('other')).toBeNull();
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
    expect(asked.map((a) => a.name).sort()).toEqual(['login-failures-device', 'login-failures-email', 'login-failures-email-ip', 'login-failures-ip', 'registrations-ip']);

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
