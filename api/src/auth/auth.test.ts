import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Session } from './sessionModel.js';
import { User } from '../people/userModel.js';
import { TEST_ORIGIN, createUser, jsonRequest, readJson, sessionCookieFrom, signIn } from '../test/factories.js';
import { AUTH_RATE_LIMITS } from './rateLimits.js';
import { deviceCookieName } from './deviceCookies.js';
import { FOREIGN_LOGOUT_MESSAGE } from './routes.js';
import { SESSION_COOKIE, hashSessionToken } from './sessions.js';

const app = createApp();

function formRequest(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

function tokenOf(cookie: string): string {
  return cookie.slice(SESSION_COOKIE.length + 1);
}

describe('GET /login and /register', () => {
  it('renders a labelled sign-in form without inline script', async () => {
    const res = await app.request('/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toMatch(/<meta name="viewport"/);
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toMatch(/<input id="email" name="email" type="email"/);
    expect(page).toMatch(/<label for="password">Password<\/label>/);
    expect(page).toMatch(/<input id="password" name="password" type="password"/);
    expect(page).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page).toMatch(/<form method="post" action="\/auth\/login">/);
    expect(page).toContain('href="/register"');
    expect(page).toContain('Oracy');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('renders the registration form with its four labelled fields', async () => {
    const page = await (await app.request('/register')).text();
    for (const [id, label] of [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email'],
      ['password', 'Password'],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`);
      expect(page).toContain(`<input id="${id}" name="${id}"`);
    }
    expect(page).toMatch(/<button type="submit">Create account<\/button>/);
    expect(page).toContain('href="/login"');
    expect(page).not.toMatch(/<script/i);
  });
});

describe('POST /auth/login', () => {
  it('signs in with JSON: the current user and an HttpOnly, SameSite=Lax, Path=/ cookie', async () => {
    const { user, password } = await createUser({ firstName: 'Ada', lastName: 'Lovelace', role: 2 });
    const res = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password }));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: user.email,
      role: 2,
      language: null,
      schoolLanguage: 'English',
    });
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=604800/); // 7 days
    expect(setCookie).not.toMatch(/; Secure/i); // plain http
    const token = tokenOf(sessionCookieFrom(res)!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const session = await Session.findOne({ tokenHash: hashSessionToken(token) });
    expect(session?.userId.toString()).toBe(user.id);
    expect(await Session.exists({ tokenHash: token })).toBeNull();
  });

  it('accepts the email in any case and with spaces', async () => {
    const { user, password } = await createUser();
    const res = await app.request('/auth/login', jsonRequest('POST', { email: `  ${user.email.toUpperCase()} `, password }));
    expect(res.status).toBe(200);
  });

  it('marks the cookie Secure over https, and via X-Forwarded-Proto only with TRUST_PROXY=1', async () => {
    const { user, password } = await createUser();
    const body = JSON.stringify({ email: user.email, password });
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' };
    const https = await app.request('https://oracy.example/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(https.headers.getSetCookie().join()).toMatch(/; Secure/i);
    const untrusted = await app.request('/auth/login', { method: 'POST', headers, body });
    expect(untrusted.headers.getSetCookie().join()).not.toMatch(/; Secure/i);
    const proxied = createApp({ env: { ...(await import('../platform/env.js')).getEnv(), TRUST_PROXY: true } });
    const trusted = await proxied.request('/auth/login', { method: 'POST', headers, body });
    expect(trusted.headers.getSetCookie().join()).toMatch(/; Secure/i);
  });

  it('answers 401 with identical bodies for an unknown email and a wrong password', async () => {
    const { user } = await createUser();
    const wrong = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password: 'not-the-password' }));
    const unknown = await app.request('/auth/login', jsonRequest('POST', { email: 'nobody@example.test', password: 'not-the-password' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await readJson(wrong);
    expect(wrongBody).toEqual(await readJson(unknown));
    expect(wrongBody).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
    expect(sessionCookieFrom(wrong)).toBeUndefined();
  });

  it('answers 400 naming the fields when they are missing', async () => {
    const res = await app.request('/auth/login', jsonRequest('POST', { email: 'a@b.test' }));
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.fields)).toEqual(['password']);
  });

  it('answers 400 on malformed JSON and 415 on another media type', async () => {
    const bad = await app.request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.code).toBe('bad_request');
    const text = await app.request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(415);
    expect((await readJson(text)).error.code).toBe('unsupported_media_type');
  });

  it("redirects a form post to the role's home with 303 and sets the cookie", async () => {
    const { user, password } = await createUser();
    const res = await app.request('/auth/login', formRequest({ email: user.email, password }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/student/dashboard');
    expect(sessionCookieFrom(res)).toBeDefined();
    expect(res.headers.getSetCookie().some((h) => h.startsWith(`${deviceCookieName(user.id as string, false)}=`))).toBe(true);
  });

  it("lands each role's form sign-in on its own dashboard (docs/product.md#sign-in-site)", async () => {
    for (const [role, home] of [
      [1, '/admin/dashboard'],
      [2, '/teacher/dashboard'],
      [3, '/student/dashboard'],
    ] as const) {
      const { user, password } = await createUser({ role });
      const res = await app.request('/auth/login', formRequest({ email: user.email, password }));
      expect(res.status, `role ${role}`).toBe(303);
      expect(res.headers.get('Location'), `role ${role}`).toBe(home);
    }
  });

  it('re-renders the login page for a failed form post, status 401, keeping the typed email (escaped)', async () => {
    const typed = 'someone"<x>@example.test';
    const res = await app.request('/auth/login', formRequest({ email: typed, password: 'whatever-it-is' }));
    expect(res.status).toBe(401);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('Invalid email or password');
    expect(page).toContain('value="someone&quot;&lt;x&gt;@example.test"');
    expect(page).not.toContain('whatever-it-is');
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('refuses a form posted from another site', async () => {
    const { user, password } = await createUser();
    const crossSite = await app.request('/auth/login', formRequest({ email: user.email, password }, { 'Sec-Fetch-Site': 'cross-site' }));
    expect(crossSite.status).toBe(403);
    const otherOrigin = await app.request('http://localhost/auth/login', formRequest({ email: user.email, password }, { Origin: 'https://evil.example' }));
    expect(otherOrigin.status).toBe(403);
    const sameOrigin = await app.request('http://localhost/auth/login', formRequest({ email: user.email, password }, { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }));
    expect(sameOrigin.status).toBe(303);
  });

  it('creates a new session id at each sign-in and deletes the one the browser sent', async () => {
    const { user, password } = await createUser();
    const first = await signIn(app, user.email, password);
    const second = await signIn(app, user.email, password);
    expect(second).not.toBe(first);
    // Signing in again while presenting the first cookie ends the first session.
    const third = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password }, second));
    const thirdCookie = sessionCookieFrom(third)!;
    expect(thirdCookie).not.toBe(second);
    expect(await Session.exists({ tokenHash: hashSessionToken(tokenOf(second)) })).toBeNull();
    expect((await app.request('/auth/current_user', { headers: { Cookie: second } })).status).toBe(401);
    expect((await app.request('/auth/current_user', { headers: { Cookie: first } })).status).toBe(200);
    expect((await app.request('/auth/current_user', { headers: { Cookie: thirdCookie } })).status).toBe(200);
  });

  it('answers 429 with Retry-After after too many failures for one email from one address, and a success resets that count', async () => {
    // Behind a trusted proxy each request says which address it comes from.
    const limited = createApp({ env: { ...(await import('../platform/env.js')).getEnv(), TRUST_PROXY: true } });
    const attempt = (init: RequestInit, ip = '203.0.113.1') => {
      const headers = new Headers(init.headers);
      headers.set('X-Forwarded-For', ip);
      return limited.request('/auth/login', { ...init, headers });
    };
    const { user, password } = await createUser();
    const limit = AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp.points;
    for (let i = 0; i < limit - 1; i++) {
      const res = await attempt(jsonRequest('POST', { email: user.email, password: 'wrong-password' }));
      expect(res.status).toBe(401);
    }
    // A success before the limit clears the failures of this email from this address.
    expect((await attempt(jsonRequest('POST', { email: user.email, password }))).status).toBe(200);
    for (let i = 0; i < limit; i++) {
      const res = await attempt(jsonRequest('POST', { email: user.email, password: 'wrong-password' }));
      expect(res.status).toBe(401);
    }
    const blocked = await attempt(jsonRequest('POST', { email: user.email, password }));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await readJson(blocked);
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/Too many sign-in attempts/);
    // Another email from the same address is not blocked, nor the same email from another address.
    const other = await createUser();
    expect((await attempt(jsonRequest('POST', { email: other.user.email, password: other.password }))).status).toBe(200);
    expect((await attempt(jsonRequest('POST', { email: user.email, password }), '203.0.113.2')).status).toBe(200);
    // A form post sees the message on the page.
    const form = await attempt(formRequest({ email: user.email, password }));
    expect(form.status).toBe(429);
    expect(await form.text()).toContain('Too many sign-in attempts');
  });

  it('sets a device cookie for the account: HttpOnly, SameSite=Lax, Path=/auth/login, 90 days; Secure and __Secure- over https', async () => {
    const { user, password } = await createUser();
    const res = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password }));
    const device = res.headers.getSetCookie().find((h) => h.startsWith(`${deviceCookieName(user.id as string, false)}=`));
    expect(device).toMatch(/^oracy_device_[0-9a-f]{16}=\d+\.[A-Za-z0-9_-]{43};/);
    expect(device).toMatch(/; HttpOnly/i);
    expect(device).toMatch(/; SameSite=Lax/i);
    expect(device).toMatch(/; Path=\/auth\/login(;|$)/);
    expect(device).toMatch(/; Max-Age=7776000/); // 90 days
    expect(device).not.toMatch(/; Secure/i);

    const https = await app.request('https://oracy.example/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
    const secure = https.headers.getSetCookie().find((h) => h.startsWith(`${deviceCookieName(user.id as string, true)}=`));
    expect(secure).toMatch(/^__Secure-oracy_device_[0-9a-f]{16}=/);
    expect(secure).toMatch(/; Secure/i);

    // A failed sign-in sets none.
    const failed = await app.request('/auth/login', jsonRequest('POST', { email: user.email, password: 'wrong-password' }));
    expect(failed.headers.getSetCookie().some((h) => h.includes('oracy_device_'))).toBe(false);
  });
});

describe('POST /auth/register', () => {
  const valid = { firstName: '  Grace ', lastName: 'Hopper', email: 'Grace.Hopper@Example.test', password: 'navy-cobol-1906' };

  it('creates a signed-in student: 201 with the current user', async () => {
    const res = await app.request('/auth/register', jsonRequest('POST', valid));
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper', email: 'grace.hopper@example.test', role: 3 });
    expect(body.id).toMatch(/^[a-f0-9]{24}$/);
    expect(body).not.toHaveProperty('passwordHash');
    const cookie = sessionCookieFrom(res)!;
    const me = await app.request('/auth/current_user', { headers: { Cookie: cookie } });
    expect(await readJson(me)).toEqual(body);
    const stored = await User.findById(body.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.oracyLevel).toBe('Beginner');
  });

  it('answers 409 for an email that is taken, in any case', async () => {
    const { user } = await createUser();
    const res = await app.request('/auth/register', jsonRequest('POST', { ...valid, email: user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await readJson(res)).toEqual({ error: { code: 'conflict', message: 'An account with this email already exists.' } });
    expect(await User.countDocuments({ email: user.email })).toBe(1);
  });

  it('answers 400 naming every invalid field', async () => {
    const res = await app.request('/auth/register', jsonRequest('POST', { firstName: '   ', lastName: 'x'.repeat(101), email: 'not-an-email', password: 'short' }));
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    const long = await app.request('/auth/register', jsonRequest('POST', { ...valid, email: 'long@example.test', password: 'p'.repeat(129) }));
    expect(long.status).toBe(400);
    expect(Object.keys((await readJson(long)).error.fields)).toEqual(['password']);
  });

  it('ignores a role in the body: new accounts are students', async () => {
    const res = await app.request('/auth/register', jsonRequest('POST', { ...valid, email: 'sneaky@example.test', role: 1 }));
    expect(res.status).toBe(201);
    expect((await readJson(res)).role).toBe(3);
  });

  it('redirects a form post to the student dashboard and re-renders the form on errors without the password', async () => {
    const ok = await app.request('/auth/register', formRequest({ ...valid, email: 'form-user@example.test' }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('Location')).toBe('/student/dashboard');
    expect(sessionCookieFrom(ok)).toBeDefined();

    const dup = await app.request('/auth/register', formRequest({ ...valid, email: 'form-user@example.test' }));
    expect(dup.status).toBe(409);
    const page = await dup.text();
    expect(page).toContain('An account with this email already exists.');
    expect(page).toContain('value="  Grace "');
    expect(page).toContain('value="form-user@example.test"');
    expect(page).not.toContain(valid.password);

    const invalid = await app.request('/auth/register', formRequest({ ...valid, email: 'nope', password: 'short' }));
    expect(invalid.status).toBe(400);
    const invalidPage = await invalid.text();
    expect(invalidPage).toContain('Enter a valid email address.');
    expect(invalidPage).toContain('Use at least 10 characters.');
  });
});

describe('GET /auth/current_user and GET/POST /auth/logout', () => {
  it('answers 401 without a session, and with a made-up cookie', async () => {
    const none = await app.request('/auth/current_user');
    expect(none.status).toBe(401);
    expect(await readJson(none)).toEqual({ error: { code: 'unauthorized', message: 'You need to sign in.' } });
    const fake = await app.request('/auth/current_user', { headers: { Cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` } });
    expect(fake.status).toBe(401);
  });

  it('reflects a role change at once, and refuses the session of a deleted user', async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    await User.updateOne({ _id: user._id }, { $set: { role: 2 } });
    expect((await readJson(await app.request('/auth/current_user', { headers: { Cookie: cookie } }))).role).toBe(2);
    await User.deleteOne({ _id: user._id });
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('logs out: deletes the session server-side so the old cookie gets 401', async () => {
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(200);
    const res = await app.request('/auth/logout', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
    const cleared = res.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await Session.exists({ tokenHash: hashSessionToken(tokenOf(cookie)) })).toBeNull();
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('answers 200 to a logout without a session', async () => {
    const res = await app.request('/auth/logout');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
  });

  it('keeps the session when another site starts GET /auth/logout (cross-site or same-site): 403 in the error shape', async () => {
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    for (const site of ['cross-site', 'same-site', 'Cross-Site']) {
      const res = await app.request('/auth/logout', { headers: { Cookie: cookie, 'Sec-Fetch-Site': site } });
      expect(res.status, site).toBe(403);
      expect(await readJson(res)).toEqual({ error: { code: 'forbidden', message: FOREIGN_LOGOUT_MESSAGE } });
      expect(res.headers.getSetCookie().some((h) => h.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
      const current = await app.request('/auth/current_user', { headers: { Cookie: cookie } });
      expect(current.status).toBe(200);
      expect((await readJson(current)).email).toBe(user.email);
    }
  });

  it.each(['same-origin', 'none'])('ends the session on GET /auth/logout with Sec-Fetch-Site: %s', async (site) => {
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    const res = await app.request('/auth/logout', { headers: { Cookie: cookie, 'Sec-Fetch-Site': site } });
    expect(res.status).toBe(200);
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("ends the session on POST /auth/logout from the app's own origin", async () => {
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    const res = await app.request('/auth/logout', { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
    expect(res.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/);
    expect(await Session.exists({ tokenHash: hashSessionToken(tokenOf(cookie)) })).toBeNull();
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('refuses POST /auth/logout from another origin with 403 and keeps the session', async () => {
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    const res = await app.request('/auth/logout', { method: 'POST', headers: { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.code).toBe('forbidden');
    const current = await app.request('/auth/current_user', { headers: { Cookie: cookie } });
    expect(current.status).toBe(200);
    expect((await readJson(current)).email).toBe(user.email);
  });

  it('answers a JSON 404 for unknown /auth paths', async () => {
    const res = await app.request('/auth/nope');
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('not_found');
  });
});
