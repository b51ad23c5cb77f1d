import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, createSession, hashSessionToken, sweepExpiredSessions } from '../../auth/sessions.js';
import { Session } from '../../auth/sessionModel.js';
import { getEnv, type Env } from '../env.js';
import { createUser, jsonRequest, sessionCookieFrom, signIn } from '../../test/factories.js';

/**
 * The session cookie and its lifetime (ASVS 5.0 V7): HttpOnly,
 * SameSite=Lax, Secure and `__Host-` over HTTPS; a new id at every sign-in;
 * an idle and an absolute limit, both configurable.
 */

const appWith = (env: Partial<Env> = {}) => createApp({ env: { ...getEnv(), ...env }, logger: pino({ level: 'silent' }) });
const app = appWith();
const MINUTE = 60 * 1000;

function setCookieOf(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
}

function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

async function login(target: ReturnType<typeof createApp>, url: string, headers: Record<string, string> = {}) {
  const { user, password } = await createUser();
  const res = await target.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ email: user.email, password }) });
  expect(res.status).toBe(200);
  return { res, user, password };
}

describe('the session cookie', () => {
  it('over http: oracy_session, HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    const { res } = await login(app, '/auth/login');
    const cookie = setCookieOf(res, SESSION_COOKIE)!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(cookie).not.toMatch(/; Domain=/i);
  });

  it('over https: __Host-oracy_session, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { res } = await login(app, 'https://oracy.example/auth/login', { Origin: 'https://oracy.example' });
    expect(setCookieOf(res, SESSION_COOKIE)).toBeUndefined();
    const cookie = setCookieOf(res, SECURE_SESSION_COOKIE)!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Domain=/i);

    const pair = cookie.split(';')[0]!;
    expect((await app.request('https://oracy.example/auth/current_user', { headers: { Cookie: pair } })).status).toBe(200);
    // The unprefixed name is never trusted over https (a sibling host could have set it).
    const unprefixed = `${SESSION_COOKIE}=${tokenOf(pair)}`;
    expect((await app.request('https://oracy.example/auth/current_user', { headers: { Cookie: unprefixed } })).status).toBe(401);
  });

  it('behind a trusted proxy that says https, the same; X-Forwarded-Proto is ignored without TRUST_PROXY', async () => {
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'oracy.example', Origin: 'https://oracy.example' };
    const proxied = appWith({ TRUST_PROXY: true });
    const trusted = await login(proxied, 'http://10.0.0.5:3000/auth/login', headers);
    expect(setCookieOf(trusted.res, SECURE_SESSION_COOKIE)).toMatch(/; Secure/i);
    const untrusted = await login(app, 'http://10.0.0.5:3000/auth/login', { 'X-Forwarded-Proto': 'https' });
    expect(setCookieOf(untrusted.res, SESSION_COOKIE)).not.toMatch(/; Secure/i);
  });

  it('gets a new id at each sign-in; the id the browser brought (a planted one) stops working', async () => {
    const { user, password } = await createUser();
    const planted = await signIn(app, user.email, password);
    const res = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password }, planted));
    const fresh = sessionCookieFrom(res)!;
    expect(fresh).not.toBe(planted);
    expect(await Session.exists({ tokenHash: hashSessionToken(tokenOf(planted)) })).toBeNull();
    expect((await app.request('/auth/current_user', { headers: { Cookie: planted } })).status).toBe(401);
    expect((await app.request('/auth/current_user', { headers: { Cookie: fresh } })).status).toBe(200);
  });

  it('lasts SESSION_TTL_DAYS in the browser too (Max-Age)', async () => {
    const { res } = await login(appWith({ SESSION_TTL_DAYS: 2 }), '/auth/login');
    expect(setCookieOf(res, SESSION_COOKIE)).toMatch(/; Max-Age=172800/);
  });
});

describe('session limits', () => {
  async function sessionAged(idleMinutes: number, opts: { expiresInMinutes?: number } = {}) {
    const { user } = await createUser();
    const { token } = await createSession(user._id, { ttlDays: 7 });
    const update: Record<string, Date> = { lastSeenAt: new Date(Date.now() - idleMinutes * MINUTE) };
    if (opts.expiresInMinutes !== undefined) update.expiresAt = new Date(Date.now() + opts.expiresInMinutes * MINUTE);
    await Session.updateOne({ tokenHash: hashSessionToken(token) }, { $set: update });
    return { token, cookie: `${SESSION_COOKIE}=${token}` };
  }

  it('ends a session idle longer than SESSION_IDLE_MINUTES: 401, the record deleted, the cookie cleared', async () => {
    const short = appWith({ SESSION_IDLE_MINUTES: 30 });
    const idle = await sessionAged(31);
    const res = await short.request('/auth/current_user', { headers: { Cookie: idle.cookie } });
    expect(res.status).toBe(401);
    expect(setCookieOf(res, SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect(await Session.exists({ tokenHash: hashSessionToken(idle.token) })).toBeNull();
  });

  it('keeps an active session and records its use, so activity pushes the idle limit back', async () => {
    const short = appWith({ SESSION_IDLE_MINUTES: 30 });
    const active = await sessionAged(29);
    expect((await short.request('/auth/current_user', { headers: { Cookie: active.cookie } })).status).toBe(200);
    const session = await Session.findOne({ tokenHash: hashSessionToken(active.token) }).lean();
    expect(Date.now() - session!.lastSeenAt.getTime()).toBeLessThan(MINUTE);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const expired = await sessionAged(0, { expiresInMinutes: -1 });
    expect((await app.request('/auth/current_user', { headers: { Cookie: expired.cookie } })).status).toBe(401);
    expect(await Session.exists({ tokenHash: hashSessionToken(expired.token) })).toBeNull();
  });

  it('uses the 24-hour idle default', async () => {
    expect(getEnv().SESSION_IDLE_MINUTES).toBe(24 * 60);
    const day = await sessionAged(24 * 60 + 1);
    expect((await app.request('/auth/current_user', { headers: { Cookie: day.cookie } })).status).toBe(401);
    const hours = await sessionAged(23 * 60);
    expect((await app.request('/auth/current_user', { headers: { Cookie: hours.cookie } })).status).toBe(200);
  });

  it('sweeps idle sessions as well as expired ones', async () => {
    const idle = await sessionAged(90);
    const live = await sessionAged(5);
    await sweepExpiredSessions(new Date(), 60);
    expect(await Session.exists({ tokenHash: hashSessionToken(idle.token) })).toBeNull();
    expect(await Session.exists({ tokenHash: hashSessionToken(live.token) })).not.toBeNull();
  });

  it('rejects bad limits in the environment with a readable message', async () => {
    const { parseEnv } = await import('../env.js');
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES: must be a whole number of minutes/);
    expect(() => parseEnv({ ALLOWED_ORIGINS: 'http://ok.example, javascript:alert(1)' })).toThrow(/ALLOWED_ORIGINS/);
    expect(parseEnv({ ALLOWED_ORIGINS: 'http://localhost:5173, https://Oracy.Example' }).ALLOWED_ORIGINS).toEqual(['http://localhost:5173', 'https://oracy.example']);
  });
});
