import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { ROLES } from './roles.js';
import { Session } from './sessionModel.js';
import { User } from '../people/userModel.js';
import { applyRemoteWrite, setWriteBroadcast } from '../platform/db/writes.js';
import { getEnv } from '../platform/env.js';
import { changeRole, deletePerson } from '../people/service.js';
import { createUploadStores } from '../platform/uploads.js';
import { createUser, signIn } from '../test/factories.js';
import { SESSION_CACHE_TTL_MS, SESSION_COOKIE, createSession, deleteSessionByToken, findSession, hashSessionToken } from './sessions.js';

// `findSession` keeps a short-lived in-process cache; every write that could change its answer empties it.
describe('the session cache', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    setWriteBroadcast(undefined);
    // what another process's session write does: empties this process's cache.
    await applyRemoteWrite('Session');
  });

  // with Redis, every session or user write is told to the other processes before the write's caller goes on.
  it('tells the other processes about every session and user write, before the write returns', async () => {
    const { user, token } = await cachedSession();
    const told: string[] = [];
    setWriteBroadcast(async (model) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      told.push(model);
    });
    await User.updateOne({ _id: user._id }, { $set: { role: ROLES.teacher } });
    expect(told).toEqual(['User']);
    expect((await findSession(token))?.user.role).toBe(ROLES.teacher);
    await deleteSessionByToken(token);
    expect(told).toEqual(['User', 'Session']);
    const doc = await User.findById(user._id);
    doc!.firstName = 'Renamed';
    await doc!.save();
    expect(told).toEqual(['User', 'Session', 'User']);
  });

  it('empties the cache when another process announces a write to the users', async () => {
    const { user, token } = await cachedSession();
    // Another process changed the role: the database has it, this process's cache does not yet.
    await User.collection.updateOne({ _id: user._id }, { $set: { role: ROLES.teacher } });
    expect((await findSession(token))?.user.role).toBe(ROLES.student);
    await applyRemoteWrite('User');
    expect((await findSession(token))?.user.role).toBe(ROLES.teacher);
  });

  it('lets callers that miss it together share one read of the database', async () => {
    const { user, token } = await cachedSession();
    await applyRemoteWrite('Session');
    const sessionReads = vi.spyOn(Session, 'findOne');
    const userReads = vi.spyOn(User, 'findById');
    const found = await Promise.all(Array.from({ length: 8 }, () => findSession(token)));
    expect(found.map((f) => String(f?.user._id))).toEqual(Array(8).fill(String(user._id)));
    expect(sessionReads).toHaveBeenCalledTimes(1);
    expect(userReads).toHaveBeenCalledTimes(1);
    // A write while callers wait: a caller after it reads again instead of joining the earlier read.
    const waiting = findSession(token);
    await User.updateOne({ _id: user._id }, { $set: { role: ROLES.teacher } });
    await waiting;
    expect((await findSession(token))?.user.role).toBe(ROLES.teacher);
  });

  async function cachedSession(role: 1 | 2 | 3 = ROLES.student) {
    const { user } = await createUser({ role });
    const { token } = await createSession(user._id, { ttlDays: 1 });
    expect(await findSession(token)).not.toBeNull();
    return { user, token };
  }

  it('answers a repeated lookup without the database until the time limit passes', async () => {
    const { token } = await cachedSession();
    const sessionReads = vi.spyOn(Session, 'findOne');
    const userReads = vi.spyOn(User, 'findById');
    for (let i = 0; i < 5; i++) expect((await findSession(token))?.user.role).toBe(ROLES.student);
    expect(sessionReads).not.toHaveBeenCalled();
    expect(userReads).not.toHaveBeenCalled();

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + SESSION_CACHE_TTL_MS + 1);
    expect(await findSession(token)).not.toBeNull();
    expect(sessionReads).toHaveBeenCalledTimes(1);
  });

  it('forgets a session at logout', async () => {
    const { token } = await cachedSession();
    await deleteSessionByToken(token);
    expect(await findSession(token)).toBeNull();
  });

  it('sees a role change at once, whoever makes it', async () => {
    const { user, token } = await cachedSession();
    await changeRole(String(user._id), ROLES.teacher);
    expect((await findSession(token))?.user.role).toBe(ROLES.teacher);
    await User.updateOne({ _id: user._id }, { $set: { role: ROLES.admin } });
    expect((await findSession(token))?.user.role).toBe(ROLES.admin);
  });

  it('refuses the session of a deleted user, and an expired session, at once', async () => {
    const admin = await createUser({ role: ROLES.admin });
    const gone = await cachedSession();
    await deletePerson(String(gone.user._id), { actorId: String(admin.user._id), uploads: createUploadStores(getEnv()) });
    expect(await findSession(gone.token)).toBeNull();

    const expired = await cachedSession();
    await Session.updateOne({ tokenHash: hashSessionToken(expired.token) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await findSession(expired.token)).toBeNull();
  });

  it('still holds a cached session to its idle limit', async () => {
    const { token } = await cachedSession();
    const now = Date.now();
    // Within the cache's time limit, but two minutes idle against a one-minute limit.
    vi.spyOn(Date, 'now').mockReturnValue(now + 2 * 60 * 1000);
    expect(await findSession(token, { idleMinutes: 1 })).toBeNull();
  });

  it('ends the cookie of a signed-out user in the app, even right after a cached request', async () => {
    const app = createApp();
    const { user, password } = await createUser();
    const cookie = await signIn(app, user.email, password);
    expect((await app.request('/auth/current_user', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await app.request('/auth/logout', { headers: { Cookie: cookie } })).status).toBe(200);
    const after = await app.request('/auth/current_user', { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect(cookie).toContain(SESSION_COOKIE);
  });
});
