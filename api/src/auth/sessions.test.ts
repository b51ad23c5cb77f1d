import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { Session } from './sessionModel.js';
import { createUser } from '../test/factories.js';
import { SESSION_COOKIE, createSession, ensureSessionExpiry, findSession, generateSessionToken, hashSessionToken, sweepExpiredSessions } from './sessions.js';

const app = createApp();

describe('sessions', () => {
  it('generates 256-bit base64url tokens, different every time', () => {
    const a = generateSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateSessionToken()).not.toBe(a);
    expect(hashSessionToken(a)).toMatch(/^[a-f0-9]{64}$/);
  });

  it('refuses an expired session on read and deletes it', async () => {
    const { user } = await createUser();
    const { token } = await createSession(user._id, { ttlDays: 1 });
    expect(await findSession(token)).not.toBeNull();
    await Session.updateOne({ tokenHash: hashSessionToken(token) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await app.request('/auth/current_user', { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(401);
    // This request ended the session: the browser is told to drop the useless cookie.
    expect(res.headers.getSetCookie().join()).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(await Session.exists({ tokenHash: hashSessionToken(token) })).toBeNull();
    expect(await findSession(token)).toBeNull();
    // A later request with the cookie of a session that has already ended is refused and leaves the
    // cookie alone: by the time it is answered the browser may hold a newer one of the same name.
    const later = await app.request('/auth/current_user', { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(later.status).toBe(401);
    expect(later.headers.getSetCookie().join()).not.toContain(`${SESSION_COOKIE}=`);
  });

  it('sweeps expired sessions and keeps live ones', async () => {
    const { user } = await createUser();
    const live = await createSession(user._id, { ttlDays: 1 });
    const old = await createSession(user._id, { ttlDays: 1 });
    await Session.updateOne({ tokenHash: hashSessionToken(old.token) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await sweepExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await Session.exists({ tokenHash: hashSessionToken(old.token) })).toBeNull();
    expect(await Session.exists({ tokenHash: hashSessionToken(live.token) })).not.toBeNull();
  });

  it('uses a TTL index where the database has them, a sweep otherwise', async () => {
    const problems: string[] = [];
    const expiry = await ensureSessionExpiry((message) => problems.push(message));
    expiry.stop();
    expect(['ttl', 'sweep']).toContain(expiry.mode);
    // FerretDB's "not implemented" is the expected fallback, not a problem to report.
    if (!process.env.TEST_MONGODB_URI) expect(expiry.mode).toBe('sweep');
    expect(problems).toEqual([]);
  });
});
