import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SchoolSettings } from '../settings/model.js';
import { PRIVACY_REGISTER } from './register.js';
import { readJson } from '../test/factories.js';

const app = createApp();

describe('GET /api/privacy/register (docs/product.md#privacy)', () => {
  it('answers anyone, without a session, every collection of the register and an empty school until set', async () => {
    const res = await app.request('/api/privacy/register');
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.school).toEqual({ name: '', contact: '' });
    expect(body.collections).toHaveLength(PRIVACY_REGISTER.length);
    expect(body.collections).toContainEqual({
      name: 'Speaking-practice recordings',
      purpose: expect.stringContaining('answer a speaking task aloud'),
      personalData: expect.arrayContaining(['The recorded voice: the audio file, its type and size']),
      whoCanSee: 'The student, the course’s current teacher (a course handed to another teacher takes its recordings along) and admins.',
      retention: expect.stringContaining('for the school’s recording retention'),
      onErasure: expect.stringContaining('Deleted with its audio file'),
    });
    // a collection without personal data says so
    expect(body.collections).toContainEqual(expect.objectContaining({ name: 'Server keys', personalData: [] }));
    // nothing machine-readable leaks: no paths, no owners
    expect(JSON.stringify(body)).not.toContain('studentId');
  });

  it('names the school and its privacy contact once an admin has saved them', async () => {
    await SchoolSettings.updateOne(
      { _id: 'school' },
      { $set: { language: 'English', backupFrequency: 'Daily', schoolName: 'Hillside School', privacyContact: 'Ms Reed, privacy@hillside.example' } },
      { upsert: true },
    );
    expect((await readJson(await app.request('/api/privacy/register'))).school).toEqual({ name: 'Hillside School', contact: 'Ms Reed, privacy@hillside.example' });
  });
});
