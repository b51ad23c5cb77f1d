import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { isCommonPassword } from '../../auth/commonPasswords.js';
import { hashPassword } from '../../auth/password.js';
import { COMMON_PASSWORD_MESSAGE } from '../../auth/schema.js';
import { User } from '../../people/userModel.js';
import { getEnv } from '../env.js';
import { createUser, jsonRequest, readJson, signIn } from '../../test/factories.js';
import { generousRateLimits } from '../../test/testWorld.js';

/**
 * Passwords (ASVS 5.0 V6.2, V11.4): argon2id at the library's
 * recommended level, at least 10 characters and not a common password on
 * registration, and the same answer — in about the same time — for an
 * unknown email and a wrong password.
 */

// Generous limits: the timing test fails more sign-ins than the per-IP limit allows.
const app = createApp({ env: getEnv(), logger: pino({ level: 'silent' }), rateLimits: generousRateLimits() });
let n = 0;
const register = (password: string) => app.request('/auth/register', jsonRequest('POST', { firstName: 'Pat', lastName: 'Word', email: `pw-${++n}-${Date.now()}@example.test`, password }));

describe('password rules on registration', () => {
  it('refuses fewer than 10 characters and accepts 10', async () => {
    const short = await register('nine-char');
    expect(short.status).toBe(400);
    expect((await readJson(short)).error.fields).toEqual({ password: 'Use at least 10 characters.' });
    expect((await register('ten-chars!')).status).toBe(201);
  });

  it('refuses common passwords in any letter case, and one character repeated', async () => {
    for (const password of ['password123', 'Password123', 'QWERTYUIOP', '1234567890', 'iloveyou123', 'aaaaaaaaaaaa']) {
      const res = await register(password);
      expect(res.status, password).toBe(400);
      expect((await readJson(res)).error.fields, password).toEqual({ password: COMMON_PASSWORD_MESSAGE });
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('shows the rule on the form page', async () => {
    const page = await (await app.request('/register')).text();
    expect(page).toContain('minlength="10"');
    expect(page).toContain('At least 10 characters.');
    const res = await app.request('/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ firstName: 'A', lastName: 'B', email: 'form-common@example.test', password: 'password123' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(COMMON_PASSWORD_MESSAGE);
  });

  it('keeps existing accounts signing in, e.g. the 10-character demo password', async () => {
    const { user } = await createUser({ password: 'oracy-demo' });
    expect(await signIn(app, user.email, 'oracy-demo')).toMatch(/^oracy_session=/);
  });
});

describe('password storage', () => {
  it('hashes with argon2id at m=19456 KiB, t=2, p=1 (the library default and the OWASP minimum)', async () => {
    const res = await register('a-fine-long-password');
    const stored = await User.findById((await readJson(res)).id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('x-x-x-x-x-x')).not.toBe(await hashPassword('x-x-x-x-x-x')); // salted
  });
});

describe('sign-in answers', () => {
  async function timed(email: string, password: string): Promise<{ ms: number; status: number; body: string }> {
    const started = performance.now();
    const res = await app.request('/auth/login', jsonRequest('POST', { email, password }));
    return { ms: performance.now() - started, status: res.status, body: await res.text() };
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('answers an unknown email and a wrong password alike, in similar time (a hash is checked either way)', async () => {
    const { user } = await createUser();
    // Warm up the dummy hash used for unknown emails.
    await timed('warm-up@example.test', 'not-the-password');
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await timed(user.email, `wrong-password-${i}`);
      const b = await timed(`nobody-${i}@example.test`, `wrong-password-${i}`);
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toBe(b.body);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // Without the dummy check an unknown email would answer in ~1 ms against tens of ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
  });
});
