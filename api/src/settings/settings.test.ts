import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SchoolSettings } from './model.js';
import { User } from '../people/userModel.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();

/** The privacy fields left empty and the retention at its defaults, as a screen sends them before the school has set them. */
const NO_PRIVACY = { schoolName: '', privacyContact: '', recordingRetentionDays: 365, inactiveAccountMonths: null } as const;

async function adminCookie(firstName = 'Ada') {
  const { user, password } = await createUser({ role: 1, firstName });
  return { user, cookie: await signIn(app, user.email, password) };
}

describe('GET and PUT /api/admin/settings (docs/product.md#settings)', () => {
  it('answers the defaults until saved, then what was saved and by whom, the same for another admin', async () => {
    const { user, cookie } = await adminCookie();
    const first = await app.request('/api/admin/settings', jsonRequest('GET', undefined, cookie));
    expect(first.status).toBe(200);
    expect(await readJson(first)).toEqual({
      language: 'English',
      backupFrequency: 'Daily',
      schoolName: '',
      privacyContact: '',
      recordingRetentionDays: 365,
      inactiveAccountMonths: null,
      transcriptRetentionDays: null,
      fillerWords: ['um', 'uh', 'er', 'erm', 'hmm', 'like', 'you know'],
      updatedAt: null,
      updatedBy: null,
    });

    const saved = await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'Spanish', backupFrequency: 'Weekly', ...NO_PRIVACY }, cookie));
    expect(saved.status).toBe(200);
    const body = (await readJson(saved)) as { updatedAt: string };
    expect(body).toMatchObject({ language: 'Spanish', backupFrequency: 'Weekly', updatedBy: { id: user.id, name: user.name } });
    expect(Date.now() - Date.parse(body.updatedAt)).toBeLessThan(60_000);

    const other = await adminCookie('Grace');
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, other.cookie)))).toEqual(body);
    expect(await SchoolSettings.countDocuments({})).toBe(1);

    // "Revert to Default" saves English and Daily; the second admin is now the one who saved.
    const reverted = await readJson(await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY }, other.cookie)));
    expect(reverted).toMatchObject({ language: 'English', backupFrequency: 'Daily', updatedBy: { id: other.user.id } });
    expect(await SchoolSettings.countDocuments({})).toBe(1);
  });

  it('says nobody once the admin who saved is deleted', async () => {
    const { user, cookie } = await adminCookie();
    await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'French', backupFrequency: 'Monthly', ...NO_PRIVACY }, cookie));
    const other = await adminCookie('Grace');
    await User.deleteOne({ _id: user._id });
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, other.cookie)))).toMatchObject({ language: 'French', updatedBy: null });
  });

  it.each([
    ['a language that is not offered', { language: 'German', backupFrequency: 'Daily', ...NO_PRIVACY }, 'language', 'Language must be English, Spanish or French.'],
    ['a frequency that is not offered', { language: 'English', backupFrequency: 'Hourly', ...NO_PRIVACY }, 'backupFrequency', 'Backup Frequency must be Daily, Weekly or Monthly.'],
    ['a missing field', { language: 'English', ...NO_PRIVACY }, 'backupFrequency', 'Backup Frequency must be Daily, Weekly or Monthly.'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_label, body, field, message) => {
    const { cookie } = await adminCookie();
    await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'Spanish', backupFrequency: 'Weekly', ...NO_PRIVACY }, cookie));
    const res = await app.request('/api/admin/settings', jsonRequest('PUT', body, cookie));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { [field]: message } } });
    expect(await readJson(await app.request('/api/admin/settings', jsonRequest('GET', undefined, cookie)))).toMatchObject({ language: 'Spanish', backupFrequency: 'Weekly', ...NO_PRIVACY });
  });

  it('saves the school’s filler words trimmed, lower case and once each, keeps them when a save leaves them out, and refuses a bad list', async () => {
    const { cookie } = await adminCookie();
    const put = (extra: object) => app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, ...extra }, cookie));
    expect(await readJson(await put({ fillerWords: [' Um ', 'basically', 'um'] }))).toMatchObject({ fillerWords: ['um', 'basically'] });
    expect(await readJson(await put({}))).toMatchObject({ fillerWords: ['um', 'basically'] });
    for (const fillerWords of [[''], ['x'.repeat(41)], 'um', Array.from({ length: 51 }, (_, i) => `w${i}`)]) {
      const res = await put({ fillerWords });
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error' } });
    }
  });

  it('refuses a field that is not a setting with 400', async () => {
    const { cookie } = await adminCookie();
    const res = await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, theme: 'dark' }, cookie));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { theme: 'Unknown field.' } } });
  });

  it('saves the school’s name and privacy contact (docs/product.md#privacy), trimmed, and answers them on the privacy notice', async () => {
    const { cookie } = await adminCookie();
    const body = { ...NO_PRIVACY, language: 'English', backupFrequency: 'Daily', schoolName: '  Hillside School ', privacyContact: 'privacy@hillside.example' };
    const saved = await app.request('/api/admin/settings', jsonRequest('PUT', body, cookie));
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toMatchObject({ schoolName: 'Hillside School', privacyContact: 'privacy@hillside.example' });
    const notice = await readJson(await app.request('/api/privacy/register'));
    expect(notice.school).toEqual({ name: 'Hillside School', contact: 'privacy@hillside.example' });
  });

  it.each([
    ['a school name over 120 characters', { schoolName: 'x'.repeat(121), privacyContact: '' }, 'schoolName', 'School name must be at most 120 characters.'],
    ['a privacy contact over 200 characters', { schoolName: '', privacyContact: 'x'.repeat(201) }, 'privacyContact', 'Privacy contact must be at most 200 characters.'],
    ['a missing privacy contact (PUT replaces every setting)', { schoolName: 'Hillside' }, 'privacyContact', 'Privacy contact must be text.'],
  ])('refuses %s with 400 naming the field', async (_label, privacy, field, message) => {
    const { cookie } = await adminCookie();
    const res = await app.request(
      '/api/admin/settings',
      jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', recordingRetentionDays: 365, inactiveAccountMonths: null, ...privacy }, cookie),
    );
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { [field]: message } } });
  });

  it('saves the retention settings (docs/product.md#retention) and answers them', async () => {
    const { cookie } = await adminCookie();
    const saved = await app.request(
      '/api/admin/settings',
      jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, recordingRetentionDays: 90, inactiveAccountMonths: 24 }, cookie),
    );
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toMatchObject({ recordingRetentionDays: 90, inactiveAccountMonths: 24 });
    const off = await readJson(
      await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, recordingRetentionDays: 1825 }, cookie)),
    );
    expect(off).toMatchObject({ recordingRetentionDays: 1825, inactiveAccountMonths: null });
  });

  it('keeps transcripts longer than the audio when asked: off (null) by default, at least the audio’s days, unchanged when a save leaves it out', async () => {
    const { cookie } = await adminCookie();
    const put = (body: object) => app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, ...body }, cookie));
    expect(await readJson(await put({ transcriptRetentionDays: 730 }))).toMatchObject({ recordingRetentionDays: 365, transcriptRetentionDays: 730 });
    expect(await readJson(await put({}))).toMatchObject({ transcriptRetentionDays: 730 });

    const SHORTER = 'Transcripts must be kept at least as long as the audio (365 days), or removed with it.';
    for (const body of [{ transcriptRetentionDays: 200 }, { recordingRetentionDays: 1000 }]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      const message = 'recordingRetentionDays' in body ? SHORTER.replace('365', '1000') : SHORTER;
      expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', message, fields: { transcriptRetentionDays: message } } });
    }
    const RULE = 'Keeping transcripts must be off or a whole number of days from 30 to 3650.';
    for (const bad of [29, 3651, 400.5, '400']) {
      const res = await put({ recordingRetentionDays: 30, transcriptRetentionDays: bad });
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { transcriptRetentionDays: RULE } } });
    }
    expect(await readJson(await put({ transcriptRetentionDays: 365 }))).toMatchObject({ transcriptRetentionDays: 365 });
    expect(await readJson(await put({ transcriptRetentionDays: null }))).toMatchObject({ transcriptRetentionDays: null });
    expect(await readJson(await put({ recordingRetentionDays: 1825 }))).toMatchObject({ recordingRetentionDays: 1825, transcriptRetentionDays: null });
  });

  const DAYS = 'Recording retention must be a whole number of days from 30 to 1825.';
  const MONTHS = 'Inactive accounts must be off or a whole number of months from 6 to 60.';
  it.each([
    ['29 days', { recordingRetentionDays: 29 }, 'recordingRetentionDays', DAYS],
    ['1,826 days', { recordingRetentionDays: 1826 }, 'recordingRetentionDays', DAYS],
    ['a fraction of a day', { recordingRetentionDays: 90.5 }, 'recordingRetentionDays', DAYS],
    ['days as text', { recordingRetentionDays: '90' }, 'recordingRetentionDays', DAYS],
    ['missing days (PUT replaces every setting)', { recordingRetentionDays: undefined }, 'recordingRetentionDays', DAYS],
    ['5 months', { inactiveAccountMonths: 5 }, 'inactiveAccountMonths', MONTHS],
    ['61 months', { inactiveAccountMonths: 61 }, 'inactiveAccountMonths', MONTHS],
    ['missing months', { inactiveAccountMonths: undefined }, 'inactiveAccountMonths', MONTHS],
  ])('refuses %s with 400 naming the field', async (_label, retention, field, message) => {
    const { cookie } = await adminCookie();
    const res = await app.request('/api/admin/settings', jsonRequest('PUT', { language: 'English', backupFrequency: 'Daily', ...NO_PRIVACY, ...retention }, cookie));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error', fields: { [field]: message } } });
  });
});
