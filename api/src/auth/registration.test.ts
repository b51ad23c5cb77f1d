import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { User } from '../people/userModel.js';
import { getEnv, type RegistrationPolicy } from '../platform/env.js';
import { createUser, jsonRequest, readJson, sessionCookieFrom } from '../test/factories.js';
import { NO_REGISTRATION_LINE, REGISTRATION_CLOSED_TEXT, SCHOOL_EMAIL_HINT } from './pages.js';
import { EMAIL_DOMAIN_FIELD, EMAIL_DOMAIN_REFUSED, REGISTRATION_CLOSED } from './registration.js';
import { DUPLICATE_EMAIL } from './routes.js';

/** The app of a server started with `REGISTRATION` as `policy` (docs/product.md#registration-policy). */
const appWith = (policy: RegistrationPolicy) => createApp({ env: { ...getEnv(), REGISTRATION: policy } });

const open = appWith({ mode: 'open' });
const schoolOnly = appWith({ mode: 'domains', domains: ['school.example', 'pupils.school.example'] });
const closed = appWith({ mode: 'closed' });

let n = 0;
/** A registration body with a fresh address at `domain`. */
const person = (domain: string) => ({ firstName: 'Reg', lastName: 'Istrant', email: `reg-${++n}-${Date.now()}@${domain}`, password: 'a-long-enough-phrase' });

function formRequest(fields: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
}

describe('REGISTRATION=open', () => {
  it('lets any email register as a student and links /login to /register', async () => {
    const body = person('anywhere.example');
    const res = await open.request('/auth/register', jsonRequest('POST', body));
    expect(res.status).toBe(201);
    expect((await readJson(res)).role).toBe(3);
    expect(sessionCookieFrom(res)).toBeDefined();
    const login = await (await open.request('/login')).text();
    expect(login).toContain('<a href="/register">Create an account</a>');
    const register = await (await open.request('/register')).text();
    expect(register).toContain('<form method="post" action="/auth/register">');
    expect(register).not.toContain(SCHOOL_EMAIL_HINT);
  });
});

describe('REGISTRATION=domains:…', () => {
  it.each(['school.example', 'pupils.school.example', 'SCHOOL.Example'])('lets an address at %s register', async (domain) => {
    const res = await schoolOnly.request('/auth/register', jsonRequest('POST', person(domain)));
    expect(res.status).toBe(201);
    expect((await readJson(res)).role).toBe(3);
  });

  it.each(['gmail.example', 'other.school.example', 'school.example.evil.example', 'notschool.example'])(
    'refuses an address at %s with 403 naming no domain, and makes no account',
    async (domain) => {
      const body = person(domain);
      const res = await schoolOnly.request('/auth/register', jsonRequest('POST', body));
      expect(res.status).toBe(403);
      const answer = await readJson(res);
      expect(answer).toEqual({ error: { code: 'forbidden', message: EMAIL_DOMAIN_REFUSED } });
      expect(JSON.stringify(answer)).not.toContain('school.example');
      expect(sessionCookieFrom(res)).toBeUndefined();
      expect(await User.exists({ email: body.email })).toBeNull();
    },
  );

  it('refuses an outside address before looking it up: a taken one gets the same 403, not the 409', async () => {
    const { user } = await createUser({ email: `taken-${Date.now()}@outside.example` });
    const res = await schoolOnly.request('/auth/register', jsonRequest('POST', { ...person('x.example'), email: user.email }));
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.message).toBe(EMAIL_DOMAIN_REFUSED);
    const inside = await createUser({ email: `taken-${Date.now()}@school.example` });
    const duplicate = await schoolOnly.request('/auth/register', jsonRequest('POST', { ...person('school.example'), email: inside.user.email }));
    expect(duplicate.status).toBe(409);
    expect((await readJson(duplicate)).error.message).toBe(DUPLICATE_EMAIL);
  });

  it('says "Use your school email address." on the form without listing the domains, and keeps the typed values on a refusal', async () => {
    const page = await (await schoolOnly.request('/register')).text();
    expect(page).toContain(`<p class="hint" id="email-hint">${SCHOOL_EMAIL_HINT}</p>`);
    expect(page).not.toContain('school.example');
    expect(await (await schoolOnly.request('/login')).text()).toContain('href="/register"');

    const res = await schoolOnly.request('/auth/register', formRequest({ ...person('elsewhere.example'), firstName: 'Kept' }));
    expect(res.status).toBe(403);
    const refused = await res.text();
    expect(refused).toContain('role="alert"');
    expect(refused).toContain(EMAIL_DOMAIN_REFUSED);
    expect(refused).toContain('value="Kept"');
    expect(refused).toMatch(/<input id="email"[^>]*aria-invalid="true"/);
    expect(refused).toContain(`<p class="field-error" id="email-error">${EMAIL_DOMAIN_FIELD}</p>`);
    expect(refused).not.toContain('a-long-enough-phrase');
  });
});

describe('REGISTRATION=closed', () => {
  it('shows on /register that the school makes accounts, with a link back to sign in and no form', async () => {
    const res = await closed.request('/register');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(REGISTRATION_CLOSED_TEXT);
    expect(page).toContain('<a href="/login">Back to sign in</a>');
    expect(page).not.toContain('<form');
    expect(page).not.toContain('<input');
  });

  it('shows no registration link on /login, but a plain sentence', async () => {
    const page = await (await closed.request('/login')).text();
    expect(page).not.toContain('href="/register"');
    expect(page).toContain(NO_REGISTRATION_LINE);
    expect(page).toContain('<form method="post" action="/auth/login">');
  });

  it('answers POST /auth/register 403 in the usual error shape, before reading the body, and makes no account', async () => {
    const body = person('school.example');
    const res = await closed.request('/auth/register', jsonRequest('POST', body));
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({ error: { code: 'forbidden', message: REGISTRATION_CLOSED } });
    expect(await User.exists({ email: body.email })).toBeNull();
    const empty = await closed.request('/auth/register', jsonRequest('POST', {}));
    expect(empty.status).toBe(403);
  });

  it('answers a form post 403 with the explanation page', async () => {
    const res = await closed.request('/auth/register', formRequest(person('school.example')));
    expect(res.status).toBe(403);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(REGISTRATION_CLOSED_TEXT);
  });

  it('still lets existing users sign in', async () => {
    const { user, password } = await createUser();
    const res = await closed.request('/auth/login', jsonRequest('POST', { email: user.email, password }));
    expect(res.status).toBe(200);
  });
});
