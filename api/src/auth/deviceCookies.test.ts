import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { User } from '../people/userModel.js';
import { ServerSecret } from '../platform/db/serverSecretModel.js';
import { getEnv, type Env } from '../platform/env.js';
import { createMemoryRateLimitStore, type RateLimitStore } from '../platform/security/rateLimit.js';
import { createUser } from '../test/factories.js';
import { TestDevice, signInFrom } from '../test/signInDevice.js';
import { DEVICE_COOKIE_DAYS, DEVICE_COOKIE_KEY_ID, MAX_DEVICE_COOKIES, deviceCookieKeyFromDatabase, deviceCookieName } from './deviceCookies.js';
import { hashPassword } from './password.js';

/**
 * Trusted devices (docs/architecture.md#trusted-devices): a successful sign-in
 * leaves a device cookie that lets its owner past the sign-in limits of an
 * email that others are guessing at, until the password changes.
 */

/** The per-email limit, low so that a test can use it up in a few requests. */
const EMAIL_LIMIT = 3;

function proxiedApp(opts: { rateLimits?: RateLimitStore; env?: Partial<Env> } = {}) {
  return createApp({
    env: { ...getEnv(), TRUST_PROXY: true, LOGIN_FAILURES_PER_EMAIL: EMAIL_LIMIT, ...opts.env },
    logger: pino({ level: 'silent' }),
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
  });
}

/** Uses up `email`'s failures from every address: one wrong password from each of `EMAIL_LIMIT` addresses. */
async function lockOut(app: ReturnType<typeof createApp>, email: string): Promise<void> {
  for (let i = 0; i < EMAIL_LIMIT; i++) expect((await signInFrom(app, `203.0.113.${100 + i}`, email, 'a-wrong-guess')).status).toBe(401);
  expect((await signInFrom(app, '203.0.113.200', email, 'a-wrong-guess')).status).toBe(429);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('device cookies', () => {
  it('a password change revokes them: the old cookie no longer passes the limits, even for a new hash of the same password', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    const laptop = new TestDevice(app, '198.51.100.1');
    expect((await laptop.signIn(user.email, password)).status).toBe(200);
    const cookieBefore = new Map(laptop.cookies);
    await lockOut(app, user.email);
    expect((await laptop.signIn(user.email, password)).status).toBe(200);

    // The same password hashed again (a new salt): a new hash, so the cookie is no longer valid.
    await User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(password) } });
    const stale = new TestDevice(app, '198.51.100.1');
    for (const [name, value] of cookieBefore) stale.cookies.set(name, value);
    expect((await stale.signIn(user.email, password)).status).toBe(429);
    // The laptop's cookie was re-issued at its last sign-in, for the old hash too.
    expect((await laptop.signIn(user.email, password)).status).toBe(429);

    // A new password: the same.
    const other = await createUser();
    const desk = new TestDevice(app, '198.51.100.2');
    expect((await desk.signIn(other.user.email, other.password)).status).toBe(200);
    await lockOut(app, other.user.email);
    await User.updateOne({ _id: other.user._id }, { $set: { passwordHash: await hashPassword('a brand new password') } });
    expect((await desk.signIn(other.user.email, 'a brand new password')).status).toBe(429);
  });

  it("each account on a shared device keeps its own cookie; one account's cookie does not trust the device for another", async () => {
    const app = proxiedApp();
    const [ana, ben, cai] = await Promise.all([createUser(), createUser(), createUser()]);
    const classroomTablet = new TestDevice(app, '192.0.2.9');
    expect((await classroomTablet.signIn(ana!.user.email, ana!.password)).status).toBe(200);
    expect((await classroomTablet.signIn(ben!.user.email, ben!.password)).status).toBe(200);
    expect(classroomTablet.deviceCookieNames().sort()).toEqual([deviceCookieName(ana!.user.id as string, false), deviceCookieName(ben!.user.id as string, false)].sort());
    for (const who of [ana!, ben!, cai!]) await lockOut(app, who.user.email);
    expect((await classroomTablet.signIn(ana!.user.email, ana!.password)).status).toBe(200);
    expect((await classroomTablet.signIn(ben!.user.email, ben!.password)).status).toBe(200);
    expect((await classroomTablet.signIn(cai!.user.email, cai!.password)).status).toBe(429);
  });

  it('a tampered cookie, or one older than 90 days, is not trusted', async () => {
    const app = proxiedApp();
    const { user, password } = await createUser();
    const name = deviceCookieName(user.id as string, false);

    const forged = new TestDevice(app, '198.51.100.3');
    expect((await forged.signIn(user.email, password)).status).toBe(200);
    const value = forged.cookies.get(name)!;
    forged.cookies.set(name, `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`);

    // Issued 91 days ago.
    const realNow = Date.now.bind(Date);
    const old = new TestDevice(app, '198.51.100.4');
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - (DEVICE_COOKIE_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect((await old.signIn(user.email, password)).status).toBe(200);
    vi.restoreAllMocks();
    expect(old.cookies.get(name)).toBeDefined();

    const fresh = new TestDevice(app, '198.51.100.5');
    expect((await fresh.signIn(user.email, password)).status).toBe(200);
    await lockOut(app, user.email);
    expect((await forged.signIn(user.email, password)).status).toBe(429);
    expect((await old.signIn(user.email, password)).status).toBe(429);
    expect((await fresh.signIn(user.email, password)).status).toBe(200);
  });

  it('one browser keeps at most 20 of them: signing in to a 21st account drops the oldest', async () => {
    const app = proxiedApp();
    const people = [];
    for (let i = 0; i <= MAX_DEVICE_COOKIES; i++) people.push(await createUser());
    const sharedLaptop = new TestDevice(app, '192.0.2.30');
    for (const { user, password } of people) expect((await sharedLaptop.signIn(user.email, password)).status).toBe(200);
    const names = sharedLaptop.deviceCookieNames();
    expect(names).toHaveLength(MAX_DEVICE_COOKIES);
    expect(names).not.toContain(deviceCookieName(people[0]!.user.id as string, false));
    expect(names.sort()).toEqual(
      people
        .slice(1)
        .map(({ user }) => deviceCookieName(user.id as string, false))
        .sort(),
    );
  });
});

describe('the device cookie key', () => {
  it('is created once in the database, even when asked for at once from several places', async () => {
    await ServerSecret.deleteOne({ _id: DEVICE_COOKIE_KEY_ID });
    const keys = await Promise.all(Array.from({ length: 5 }, () => deviceCookieKeyFromDatabase()));
    expect(keys[0]).toHaveLength(32);
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    expect((await deviceCookieKeyFromDatabase()).equals(keys[0]!)).toBe(true);
    expect(await ServerSecret.countDocuments({ _id: DEVICE_COOKIE_KEY_ID })).toBe(1);
  });

  it('is the same for every app on one database; DEVICE_COOKIE_KEY replaces it', async () => {
    const rateLimits = createMemoryRateLimitStore();
    const first = proxiedApp({ rateLimits });
    const second = proxiedApp({ rateLimits });
    const ownKey = proxiedApp({ rateLimits, env: { DEVICE_COOKIE_KEY: 'k'.repeat(44) } });
    const { user, password } = await createUser();
    const onFirst = new TestDevice(first, '198.51.100.6');
    expect((await onFirst.signIn(user.email, password)).status).toBe(200);
    await lockOut(second, user.email);

    const cookies = [...onFirst.cookies];
    const sameBrowser = (app: ReturnType<typeof createApp>) => {
      const device = new TestDevice(app, '198.51.100.6');
      for (const [name, value] of cookies) device.cookies.set(name, value);
      return device;
    };
    expect((await sameBrowser(ownKey).signIn(user.email, password)).status).toBe(429);
    expect((await sameBrowser(second).signIn(user.email, password)).status).toBe(200);
  });
});
