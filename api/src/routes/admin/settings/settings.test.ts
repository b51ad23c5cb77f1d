import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { SchoolSettings, User } from '../../../db/models/index.js';
import { createUser, jsonRequest, readJson, signIn } from '../../../test/factories.js';

const app = createApp();

async function adminCookie(firstName = 'Ada') {
  const { user, password } = await createUser({ role: 1, firstName });
  return { user, cookie: await signIn(app, user.email, password) };
}

describe('GET and PUT /api/admin/settings (docs/product.md#settings)', () => {
  it('answers the defaults until saved, then what was saved and by whom, the same for another admin', async () => {
    const { user, cookie } = await adminCookie();
    const first = await app.request('/api/admin/settings', jsonRequest('GET', undefined, cookie));
    expect(first.status).toBe(200);
    expect(await readJson(first)).toEqual({ language: 'English', backupFrequency: 'Daily', updatedAt: null, updatedBy: null });

    const saved = await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'Spanish', backupFrequency: 'Weekly' }, cookie));
    expect(saved.status).toBe(200);
    const body = (await readJson(saved)) as { updatedAt: string };
    expect(body).toMatchObject({ language: 'Spanish', backupFrequency: 'Weekly', updatedBy: { id: user.id, name: user.name } });
    expect(Date.now() - Date.parse(body.updatedAt)).toBeLessThan(60_000);

    const other = await adminCookie('Grace');
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, other.cookie)))).toEqual(body);
    expect(await SchoolSettings.countDocuments({})).toBe(1);

    // "Revert to Default" saves English and Daily; the second admin is now the one who saved.
    const reverted = await readJson(await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily' }, other.cookie)));
    expect(reverted).toMatchObject({ language: 'English', backupFrequency: 'Daily', updatedBy: { id: other.user.id } });
    expect(await SchoolSettings.countDocuments({})).toBe(1);
  });

  it('says nobody once the admin who saved is deleted', async () => {
    const { user, cookie } = await adminCookie();
    await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'French', backupFrequency: 'Monthly' }, cookie));
    const other = await adminCookie('Grace');
    await User.deleteOne({ _id: user._id });
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, other.cookie)))).toMatchObject({ language: 'French', updatedBy: null });
  });

  it.each([
    ['a language that is not offered', { language: 'German', backupFrequency: 'Daily' }, 'language', 'Language must be English, Spanish or French.'],
    ['a frequency that is not offered', { language: 'English', backupFrequency: 'Hourly' }, 'backupFrequency', 'Backup Frequency must be Daily, Weekly or Monthly.'],
    ['a missing field', { language: 'English' }, 'backupFrequency', 'Backup Frequency must be Daily, Weekly or Monthly.'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_label, body, field, message) => {
    const { cookie } = await adminCookie();
    await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'Spanish', backupFrequency: 'Weekly' }, cookie));
    const res = await app.request('/api/admin/settings', jsonRequest('PUT', body, cookie));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { [field]: message } } });
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, cookie)))).toMatchObject({ language: 'Spanish', backupFrequency: 'Weekly' });
  });

  it('refuses a field that is not a setting with 400', async () => {
    const { cookie } = await adminCookie();
    const res = await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', theme: 'dark' }, cookie));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { theme: 'Unknown field.' } } });
  });
});
