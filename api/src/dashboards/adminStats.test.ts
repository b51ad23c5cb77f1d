import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { Course } from '../courses/courseModel.js';
import { User } from '../people/userModel.js';
import { createUser, jsonRequest, readJson, signIn } from '../test/factories.js';

const app = createApp();

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/admin/stats', () => {
  it('counts students, teachers and courses from the database', async () => {
    const { user, password } = await createUser({ role: 1 });
    const cookie = await signIn(app, user.email, password);
    const stats = async () => readJson(await app.request('/api/admin/stats', jsonRequest('GET', undefined, cookie)));
    expect(await stats()).toMatchObject({ totalStudents: 0, totalTeachers: 0, totalCourses: 0 });

    for (let i = 0; i < 3; i++) await createUser({ role: 3 });
    for (let i = 0; i < 2; i++) await createUser({ role: 2 });
    await createUser({ role: 1 });
    await Course.create({ title: 'T', description: 'D', duration: 1, startDate: new Date(), endDate: new Date() });
    const res = await app.request('/api/admin/stats', jsonRequest('GET', undefined, cookie));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ totalStudents: 3, totalTeachers: 2, totalCourses: 1 });
  });

  it('counts the users created in each of the last six UTC months, 0 for a month without any (docs/product.md#admin-dashboard)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-15T12:00:00Z'));
    // Created now (March 2024), as is the admin who asks.
    const { user, password } = await createUser({ role: 1 });
    const cookie = await signIn(app, user.email, password);
    const createdAt = {
      '2023-09-30T23:59:59Z': 1, // the month before the window
      '2023-10-01T00:00:00Z': 1,
      '2024-01-15T09:00:00Z': 2,
      '2024-02-29T23:59:59Z': 1,
      '2024-03-01T00:00:00Z': 1,
    };
    for (const [at, count] of Object.entries(createdAt)) {
      for (let i = 0; i < count; i++) {
        const { user: made } = await createUser({ role: i % 2 === 0 ? 3 : 2 });
        // Straight to the collection: Mongoose keeps `createdAt` as it was made.
        await User.collection.updateOne({ _id: made._id }, { $set: { createdAt: new Date(at) } });
      }
    }
    const res = await app.request('/api/admin/stats', jsonRequest('GET', undefined, cookie));
    expect(res.status).toBe(200);
    // The users of the test above were made after this clock's "now": in no month of the window.
    expect((await readJson(res)).activity).toEqual([
      { month: '2023-10', newUsers: 1 },
      { month: '2023-11', newUsers: 0 },
      { month: '2023-12', newUsers: 0 },
      { month: '2024-01', newUsers: 2 },
      { month: '2024-02', newUsers: 1 },
      { month: '2024-03', newUsers: 2 },
    ]);
  });
});
