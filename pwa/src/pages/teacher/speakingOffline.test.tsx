import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeCache } from '../../data/cache';
import { courseFixture } from '../../test/courses';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { mockFetch, USERS } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { reviewItemFixture, teacherTaskFixture } from '../../test/speakingFixtures';
import { queueKey, tasksKey } from './TeacherSpeakingPage';

/**
 * Speaking Practice offline (docs/product.md#speaking-practice): with the server unreachable, the
 * tasks and the review queue an earlier visit cached are shown under one offline banner.
 */
useFakeIndexedDb();

const MINUTE = 60_000;

describe('Speaking Practice offline', { timeout: 20_000 }, () => {
  it('shows the cached tasks and pending recordings under one banner dated by the oldest', async () => {
    const teacher = USERS.teacher.id;
    await writeCache(teacher, tasksKey(teacher), [teacherTaskFixture('k1', 'My hero', { submitted: 2, students: 3 })], Date.now() - 4 * MINUTE);
    await writeCache(teacher, '/api/teacher/courses', [courseFixture('c1', 'Public Speaking')], Date.now() - 4 * MINUTE);
    await writeCache(teacher, queueKey(teacher, 'pending'), { status: 'pending', items: [reviewItemFixture('r1', 'Amy Adams')] }, Date.now() - 9 * MINUTE);
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(USERS.teacher), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt('/teacher/speaking');
    expect(await screen.findByText("You're offline — showing data from 9 minutes ago", undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 answered, 0 reviewed')).toBeInTheDocument();
    expect(await screen.findByText('1 waiting')).toBeInTheDocument();
    expect(screen.getByText('Amy Adams')).toBeInTheDocument();
    expect(screen.getAllByText(/You're offline/)).toHaveLength(1);
  });
});
