import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { Course } from '../../../db/models/index.js';
import { createUser, jsonRequest, readJson, signIn } from '../../../test/factories.js';

const app = createApp();

describe('GET /api/admin/stats', () => {
  it('counts students, teachers and courses from the database', async () => {
    const { user, password } = await createUser({ role: 1 });
    const cookie = await signIn(app, user.email, password);
    const stats = async () => readJson(await app.request('/api/admin/stats', jsonRequest('GET', undefined, cookie)));
    expect(await stats()).toEqual({ totalStudents: 0, totalTeachers: 0, totalCourses: 0 });

    for (let i = 0; i < 3; i++) await createUser({ role: 3 });
    for (let i = 0; i < 2; i++) await createUser({ role: 2 });
    await createUser({ role: 1 });
    await Course.create({ title: 'T', description: 'D', duration: 1, startDate: new Date(), endDate: new Date() });
    const res = await app.request('/api/admin/stats', jsonRequest('GET', undefined, cookie));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ totalStudents: 3, totalTeachers: 2, totalCourses: 1 });
  });
});
