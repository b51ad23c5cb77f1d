import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createApp } from '../../app.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings, User } from '../../db/models/index.js';
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

describe('PUT /api/user/language (docs/product.md#language)', () => {
  const put = (body: unknown, cookie?: string) => app.request('/api/user/language', jsonRequest('PUT', body, cookie));

  it("saves the user's own language, which current_user sends beside the school's; null follows the school again", async () => {
    await SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language: 'Spanish', backupFrequency: 'Daily' } }, { upsert: true });
    try {
      const { user, password } = await createUser({ role: 3 });
      const cookie = await signIn(app, user.email, password);
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ id: user.id, language: null, schoolLanguage: 'Spanish' });

      const saved = await put({ language: 'French' }, cookie);
      expect(saved.status).toBe(200);
      expect(await readJson(saved)).toEqual({ language: 'French' });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ language: 'French', schoolLanguage: 'Spanish' });

      expect(await readJson(await put({ language: null }, cookie))).toEqual({ language: null });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ language: null, schoolLanguage: 'Spanish' });
    } finally {
      await SchoolSettings.deleteOne({ _id: SCHOOL_SETTINGS_ID });
    }
  });

  it("sends the school's language from a cache that a change of the settings empties at once", async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    try {
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'English' });
      // The settings document is read once for many calls…
      const reads: string[] = [];
      mongoose.set('debug', (collection: string) => void reads.push(collection));
      for (let i = 0; i < 3; i++) expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'English' });
      mongoose.set('debug', false);
      expect(reads.filter((collection) => collection === 'schoolsettings')).toEqual([]);
      // …and a change is seen by the next call.
      await SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language: 'French', backupFrequency: 'Daily' } }, { upsert: true });
      expect(await readJson(await get('/auth/current_user', cookie))).toMatchObject({ schoolLanguage: 'French' });
    } finally {
      mongoose.set('debug', false);
      await SchoolSettings.deleteOne({ _id: SCHOOL_SETTINGS_ID });
    }
  });

  it('answers 400 naming the field for another language or another field, and 401 without a session', async () => {
    const { user, password } = await createUser({ role: 2 });
    const cookie = await signIn(app, user.email, password);
    const german = await put({ language: 'German' }, cookie);
    expect(german.status).toBe(400);
    expect((await readJson(german)).error).toMatchObject({ code: 'validation_error', fields: { language: 'Language must be English, Spanish, French or null.' } });
    const extra = await put({ language: 'French', theme: 'dark' }, cookie);
    expect(extra.status).toBe(400);
    expect((await readJson(extra)).error.fields).toMatchObject({ theme: 'Unknown field.' });
    expect((await put({}, cookie)).status).toBe(400);
    expect((await User.findById(user.id).lean())?.language).toBeNull();
    expect((await put({ language: 'French' })).status).toBe(401);
  });
});
