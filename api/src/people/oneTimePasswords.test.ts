import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ONE_TIME_PASSWORD_PATTERN, verifyPassword } from '../auth/password.js';
import { PASSWORDS_DIFFER_MESSAGE, COMMON_PASSWORD_MESSAGE } from '../auth/schema.js';
import { Session } from '../auth/sessionModel.js';
import { User } from './userModel.js';
import { type Role } from '../auth/roles.js';
import { getEnv } from '../platform/env.js';
import { EMAIL_TAKEN, SAME_AS_ONE_TIME_PASSWORD } from './accounts.js';
import { createUser, jsonRequest, readJson, sessionCookieFrom, signIn, type LooseJson } from '../test/factories.js';

// Registration closed, as in production: the admin makes the accounts.
const app = createApp({ env: { ...getEnv(), REGISTRATION: { mode: 'closed' } } });

const post = (path: string, body: unknown, cookie?: string) => app.request(path, jsonRequest('POST', body, cookie));
const get = (path: string, cookie?: string) => app.request(path, jsonRequest('GET', undefined, cookie));

function formPost(path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (cookie) headers.Cookie = cookie;
  return Promise.resolve(app.request(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString() }));
}

let adminCookie: string;
let n = 0;

beforeAll(async () => {
  const { user, password } = await createUser({ role: 1 });
  adminCookie = await signIn(app, user.email, password);
});

/** Makes an account through `POST /api/admin/users` and returns the answer. */
async function made(role: Role = 3, fields: Record<string, unknown> = {}): Promise<{ user: { id: string; name: string; email: string; role: number }; oneTimePassword: string }> {
  const res = await post('/api/admin/users', { firstName: 'Otto', lastName: `Made ${++n}`, email: `otto-${n}-${Date.now()}@school.example`, role, ...fields }, adminCookie);
  expect(res.status).toBe(201);
  return readJson(res);
}

/** A call every signed-in user may make, to tell a usable session (200) from a forced change (403) and an ended one (401). */
const notices = (cookie: string) => get('/api/admin/notice', cookie);

describe('POST /api/admin/users (docs/product.md#admin-made-accounts)', () => {
  it('makes the account with a readable one-time password that is answered once and stored only as a hash', async () => {
    const res = await post('/api/admin/users', { firstName: ' Nia ', lastName: 'Okafor', email: `Nia.Okafor-${Date.now()}@School.Example`, role: '2' }, adminCookie);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body: LooseJson = await readJson(res);
    expect(Object.keys(body).sort()).toEqual(['oneTimePassword', 'user']);
    expect(body.user).toMatchObject({ name: 'Nia Okafor', role: 2 });
    expect(body.user.email).toMatch(/^nia\.okafor-\d+@school\.example$/);
    expect(body.oneTimePassword).toMatch(ONE_TIME_PASSWORD_PATTERN);

    const stored = await User.findById(body.user.id).lean();
    expect(stored?.mustChangePassword).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(body.oneTimePassword);
    expect(await verifyPassword(stored!.passwordHash, body.oneTimePassword)).toBe(true);
    // Never again: not in the list, not in the profile.
    const list = await get(`/api/admin/users?search=${encodeURIComponent(body.user.email)}`, adminCookie);
    expect(JSON.stringify(await readJson(list))).not.toContain(body.oneTimePassword);
  });

  it('gives every account its own one-time password', async () => {
    const passwords = new Set([(await made()).oneTimePassword, (await made()).oneTimePassword, (await made()).oneTimePassword]);
    expect(passwords.size).toBe(3);
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const { user } = await createUser();
    const res = await post('/api/admin/users', { firstName: 'Dup', lastName: 'Licate', email: user.email.toUpperCase(), role: 3 }, adminCookie);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toEqual({ code: 'conflict', message: EMAIL_TAKEN });
  });

  it.each([
    [{ lastName: 'X', email: 'a@school.example', role: 3 }, 'firstName', 'Enter a first name.'],
    [{ firstName: 'A', lastName: '   ', email: 'a@school.example', role: 3 }, 'lastName', 'Enter a last name.'],
    [{ firstName: 'A', lastName: 'B', email: 'not-an-email', role: 3 }, 'email', 'Enter a valid email address.'],
    [{ firstName: 'A', lastName: 'B', email: 'a@school.example', role: 4 }, 'role', 'Must be 1 (Admin), 2 (Teacher) or 3 (Student).'],
    [{ firstName: 'A', lastName: 'B', email: 'a@school.example' }, 'role', 'Must be 1 (Admin), 2 (Teacher) or 3 (Student).'],
    [{ firstName: 'A\u202e', lastName: 'B', email: 'a@school.example', role: 3 }, 'firstName', 'Names cannot contain control or invisible characters'],
    [{ firstName: 'A', lastName: 'B', email: 'a@school.example', role: 3, password: 'chosen-by-admin' }, 'password', 'Unknown field.'],
  ])('answers 400 for %j naming %s, and makes nobody', async (body, field, message) => {
    const before = await User.estimatedDocumentCount();
    const res = await post('/api/admin/users', body, adminCookie);
    expect(res.status).toBe(400);
    const error = (await readJson(res)).error;
    expect(error.code).toBe('validation_error');
    expect(error.fields[field]).toBe(message);
    expect(await User.estimatedDocumentCount()).toBe(before);
  });
});

describe('signing in with a one-time password (docs/product.md#one-time-passwords)', () => {
  it('signs in, then refuses every /api call with 403 password_change_required until a password is chosen; then 200', async () => {
    const { user, oneTimePassword } = await made(3);
    const cookie = await signIn(app, user.email, oneTimePassword);

    // The current user and sign-out still answer.
    expect((await get('/auth/current_user', cookie)).status).toBe(200);
    for (const res of [await notices(cookie), await get(`/api/student/stats/${user.id}`, cookie), await post('/api/student/complaints', { title: 'T', description: 'D' }, cookie)]) {
      expect(res.status).toBe(403);
      expect(await readJson(res)).toEqual({ error: { code: 'password_change_required', message: 'Choose a new password before you go on.' } });
    }

    const changed = await post('/auth/change-password', { password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-42' }, cookie);
    expect(changed.status).toBe(200);
    expect((await readJson(changed)).id).toBe(user.id);
    const fresh = sessionCookieFrom(changed)!;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);
    expect((await notices(fresh)).status).toBe(200);
    expect((await get(`/api/student/stats/${user.id}`, fresh)).status).toBe(200);
    expect((await User.findById(user.id).lean())?.mustChangePassword).toBe(false);

    // The one-time password is spent; the chosen one signs in and lands where sign-in lands.
    expect((await post('/auth/login', { email: user.email, password: oneTimePassword })).status).toBe(401);
    const form = await formPost('/auth/login', { email: user.email, password: 'my-own-phrase-42' });
    expect(form.status).toBe(303);
    expect(form.headers.get('Location')).toBe('/student/dashboard');
  });

  it('sends a form sign-in to the "Choose a new password" page, a labelled form without script', async () => {
    const { user, oneTimePassword } = await made(2);
    const res = await formPost('/auth/login', { email: user.email, password: oneTimePassword });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/change-password');
    const cookie = sessionCookieFrom(res)!;

    const page = await get('/change-password', cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h2>Choose a new password</h2>');
    expect(html).toContain('<form method="post" action="/auth/change-password">');
    expect(html).toContain('<label for="password">New password</label>');
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password"/);
    expect(html).toContain('<label for="confirmPassword">Confirm new password</label>');
    expect(html).toContain('At least 10 characters.');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toMatch(/<script/i);
  });

  it('keeps the form on the page with each field’s message, never echoing a password', async () => {
    const { user, oneTimePassword } = await made();
    const cookie = await signIn(app, user.email, oneTimePassword);
    for (const [fields, field, message] of [
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'Use at least 10 characters.'],
      [{ password: 'password123', confirmPassword: 'password123' }, 'password', COMMON_PASSWORD_MESSAGE],
      [{ password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-43' }, 'confirmPassword', PASSWORDS_DIFFER_MESSAGE],
      [{ password: oneTimePassword, confirmPassword: oneTimePassword }, 'password', SAME_AS_ONE_TIME_PASSWORD],
    ] as const) {
      const res = await formPost('/auth/change-password', fields, cookie);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(`<p class="field-error" id="${field}-error">${message.replace(/'/g, '&#39;')}</p>`);
      expect(html).not.toContain(`value="${fields.password}"`);
      const json = await post('/auth/change-password', fields, cookie);
      expect(json.status).toBe(400);
      expect((await readJson(json)).error.fields[field]).toBe(message);
    }
    // Nothing changed: still forced.
    expect((await notices(cookie)).status).toBe(403);
  });

  it("ends every other session of the user when the password is chosen, and lands a form on the role's home", async () => {
    const { user, oneTimePassword } = await made();
    const phone = await signIn(app, user.email, oneTimePassword);
    const tablet = await signIn(app, user.email, oneTimePassword);
    const res = await formPost('/auth/change-password', { password: 'tablet-chosen-phrase', confirmPassword: 'tablet-chosen-phrase' }, tablet);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/student/dashboard');
    const fresh = sessionCookieFrom(res)!;
    expect((await get('/auth/current_user', phone)).status).toBe(401);
    expect((await get('/auth/current_user', tablet)).status).toBe(401);
    expect((await notices(fresh)).status).toBe(200);
    expect(await Session.countDocuments({ userId: user.id })).toBe(1);
  });

  it('keeps the new session when requests the browser sent with the old cookie are answered after the change', async () => {
    const { user, oneTimePassword } = await made();
    // The browser's cookie jar, which applies each answer's Set-Cookie in the order the answers arrive.
    const jar = new Map<string, string>();
    const receive = (res: Response) => {
      for (const header of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';');
        const at = pair.indexOf('=');
        if (attributes.some((attribute) => /^\s*Max-Age=0\s*$/i.test(attribute))) jar.delete(pair.slice(0, at));
        else jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

    receive(await post('/auth/login', { email: user.email, password: oneTimePassword }));
    const old = cookies();
    receive(await post('/auth/change-password', { password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-42' }, old));
    expect(cookies()).not.toBe(old);
    // A service worker fetching the app's files, or a page's calls, left with the old cookie before the
    // change was answered: the old session has ended by the time they are served, and their answers come last.
    for (const path of ['/', '/auth/current_user', '/api/admin/notice']) {
      const late = await get(path, old);
      if (path !== '/') expect(late.status, path).toBe(401);
      receive(late);
    }
    const current = await get('/auth/current_user', cookies());
    expect(current.status).toBe(200);
    expect((await readJson(current)).id).toBe(user.id);
  });

  it('sends away whoever has nothing to change: /change-password redirects, the POST is 401 / 403', async () => {
    const anonymous = await get('/change-password');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe('/login');
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    const settled = await get('/change-password', cookie);
    expect(settled.status).toBe(302);
    expect(settled.headers.get('Location')).toBe('/student/dashboard');

    const body = { password: 'another-phrase-1', confirmPassword: 'another-phrase-1' };
    expect((await post('/auth/change-password', body)).status).toBe(401);
    const refused = await post('/auth/change-password', body, cookie);
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error.code).toBe('forbidden');
    expect(await verifyPassword((await User.findById(user._id).lean())!.passwordHash, password)).toBe(true);
    expect((await formPost('/auth/change-password', body)).headers.get('Location')).toBe('/login');
    expect((await formPost('/auth/change-password', body, cookie)).headers.get('Location')).toBe('/student/dashboard');
  });

  it("lands a form password change on each role's own dashboard (docs/product.md#one-time-passwords)", async () => {
    for (const [role, home] of [
      [1, '/admin/dashboard'],
      [2, '/teacher/dashboard'],
      [3, '/student/dashboard'],
    ] as const) {
      const { user, oneTimePassword } = await made(role);
      const cookie = await signIn(app, user.email, oneTimePassword);
      const res = await formPost('/auth/change-password', { password: 'a-chosen-phrase-77', confirmPassword: 'a-chosen-phrase-77' }, cookie);
      expect(res.status, `role ${role}`).toBe(303);
      expect(res.headers.get('Location'), `role ${role}`).toBe(home);
    }
  });

  it('lets a user with a one-time password sign out', async () => {
    const { user, oneTimePassword } = await made();
    const cookie = await signIn(app, user.email, oneTimePassword);
    expect((await post('/auth/logout', undefined, cookie)).status).toBe(200);
    expect((await get('/auth/current_user', cookie)).status).toBe(401);
  });
});

describe('POST /api/admin/users/:id/reset-password (docs/product.md#password-reset)', () => {
  it('ends every session of the user, retires the old password, and the one-time password forces a change', async () => {
    const { user, password } = await createUser({ role: 2 });
    const phone = await signIn(app, user.email, password);
    const laptop = await signIn(app, user.email, password);
    expect((await notices(phone)).status).toBe(200);

    const res = await post(`/api/admin/users/${user.id}/reset-password`, undefined, adminCookie);
    expect(res.status).toBe(200);
    const body: LooseJson = await readJson(res);
    expect(body).toEqual({ user: { id: user.id, name: user.name, email: user.email, role: 2 }, oneTimePassword: expect.stringMatching(ONE_TIME_PASSWORD_PATTERN) });

    expect((await notices(phone)).status).toBe(401);
    expect((await notices(laptop)).status).toBe(401);
    expect(await Session.countDocuments({ userId: user._id })).toBe(0);
    expect((await post('/auth/login', { email: user.email, password })).status).toBe(401);

    const cookie = await signIn(app, user.email, body.oneTimePassword);
    expect((await notices(cookie)).status).toBe(403);
    const changed = await post('/auth/change-password', { password: 'after-reset-phrase', confirmPassword: 'after-reset-phrase' }, cookie);
    expect(changed.status).toBe(200);
    expect((await notices(sessionCookieFrom(changed)!)).status).toBe(200);
    expect((await post('/auth/login', { email: user.email, password: body.oneTimePassword })).status).toBe(401);
  });

  it('answers a second reset with another one-time password; only the latest works', async () => {
    const { user } = await createUser();
    const first = (await readJson(await post(`/api/admin/users/${user.id}/reset-password`, undefined, adminCookie))).oneTimePassword;
    const second = (await readJson(await post(`/api/admin/users/${user.id}/reset-password`, undefined, adminCookie))).oneTimePassword;
    expect(second).not.toBe(first);
    expect((await post('/auth/login', { email: user.email, password: first })).status).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: second })).status).toBe(200);
  });

  it('refuses to reset one’s own password (409), a malformed id (400) and an absent user (404)', async () => {
    const me = (await readJson(await get('/auth/current_user', adminCookie))).id;
    const self = await post(`/api/admin/users/${me}/reset-password`, undefined, adminCookie);
    expect(self.status).toBe(409);
    expect((await readJson(self)).error).toEqual({ code: 'conflict', message: 'You cannot reset your own password.' });
    expect((await notices(adminCookie)).status).toBe(200);
    expect((await post('/api/admin/users/nope/reset-password', undefined, adminCookie)).status).toBe(400);
    expect((await post('/api/admin/users/0123456789abcdef01234567/reset-password', undefined, adminCookie)).status).toBe(404);
  });

  it('refuses teachers and students (403) and anonymous callers (401), and changes nothing', async () => {
    const target = await createUser();
    for (const role of [2, 3] as const) {
      const { user, password } = await createUser({ role });
      const cookie = await signIn(app, user.email, password);
      expect((await post(`/api/admin/users/${target.user.id}/reset-password`, undefined, cookie)).status).toBe(403);
      expect((await post('/api/admin/users', { firstName: 'No', lastName: 'Way', email: `no-${role}-${Date.now()}@school.example`, role: 1 }, cookie)).status).toBe(403);
    }
    expect((await post(`/api/admin/users/${target.user.id}/reset-password`, undefined)).status).toBe(401);
    expect(await verifyPassword((await User.findById(target.user._id).lean())!.passwordHash, target.password)).toBe(true);
  });
});
