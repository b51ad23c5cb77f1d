import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createUser, jsonRequest, readJson, signIn } from '../../test/factories.js';

const app = createApp();
const get = (path: string, cookie?: string) => app.request(path, jsonRequest('GET', undefined, cookie));

describe('GET /api/user/profile/:userId', () => {
  it('answers the user themself with {name, email, role}', async () => {
    const { user, password } = await createUser({ role: 2, firstName: 'Tina', lastName: 'Teach' });
    const cookie = await signIn(app, user.email, password);
    const res = await get(`/api/user/profile/${user.id}`, cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ name: 'Tina Teach', email: user.email, role: 2 });
  });

  it('answers an admin for anyone, 404 for an absent id', async () => {
    const { user: admin, password } = await createUser({ role: 1 });
    const cookie = await signIn(app, admin.email, password);
    const { user: student } = await createUser({ role: 3 });
    expect(await readJson(await get(`/api/user/profile/${student.id}`, cookie))).toEqual({ name: student.name, email: student.email, role: 3 });
    const absent = await get('/api/user/profile/0123456789abcdef01234567', cookie);
    expect(absent.status).toBe(404);
    expect((await readJson(absent)).error.code).toBe('not_found');
  });

  it('answers 401 without a session, 403 for someone else, 400 for a malformed id', async () => {
    const { user, password } = await createUser({ role: 3 });
    const { user: other } = await createUser({ role: 3 });
    expect((await get(`/api/user/profile/${user.id}`)).status).toBe(401);
    const cookie = await signIn(app, user.email, password);
    const forbidden = await get(`/api/user/profile/${other.id}`, cookie);
    expect(forbidden.status).toBe(403);
    expect((await readJson(forbidden)).error.code).toBe('forbidden');
    expect((await get('/api/user/profile/123', cookie)).status).toBe(400);
  });
});
