import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../platform/api/cache';
import { mockFetch, USERS } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { profileOf, snapshot } from '../test/oracyFixtures';
import { renderAt } from '../test/renderApp';

/**
 * The Oracy profile screens offline (docs/product.md#my-oracy, docs/product.md#a-students-profile-for-teachers):
 * with the server unreachable, what an earlier visit cached is shown with the offline banner.
 */
useFakeIndexedDb();

// jsdom has no canvas: the charts are stubbed (their numbers are not under test here).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const SLOW = { timeout: 8000 };
const LATEST = snapshot(4, { linguistic: 4, cognitive: 4.25, socialEmotional: 3.5, physical: 2.75 });

/** Every request but the current user's fails as if offline. */
function offlineAs(user: (typeof USERS)[keyof typeof USERS]) {
  const fetchSpy = mockFetch({});
  fetchSpy.mockImplementation(async (input) => {
    if (String(input) === '/auth/current_user') return new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } });
    throw new TypeError('Failed to fetch');
  });
}

describe('the Oracy profile offline', { timeout: 20_000 }, () => {
  it('My Oracy: the cached profile with the offline banner', async () => {
    await writeCache(USERS.student.id, '/api/student/oracy', profileOf([LATEST]), Date.now() - 3 * 60_000);
    offlineAs(USERS.student);
    renderAt('/student/oracy');
    expect(await screen.findByText('Showing data from 3 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('5 Jan 2026', { selector: 'time' })).toBeInTheDocument();
  });

  it("a student's profile for teachers: the cached profile, assignments and name with the offline banner", async () => {
    const savedAt = Date.now() - 3 * 60_000;
    await writeCache(USERS.teacher.id, '/api/student/oracy/s1', profileOf([LATEST], 's1'), savedAt);
    await writeCache(
      USERS.teacher.id,
      '/api/teacher/students/u-teacher/s1/assignments',
      [{ id: 'x1', title: 'Debate prep', courseId: 'c1', courseTitle: 'Voice', dueDate: '2026-02-01', done: false, completedAt: null }],
      savedAt,
    );
    await writeCache(USERS.teacher.id, '/api/teacher/students/u-teacher', [{ id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [] }], savedAt);
    offlineAs(USERS.teacher);
    renderAt('/teacher/students/s1');
    expect(await screen.findByText('Showing data from 3 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amy Ash' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Debate prep' })).toBeInTheDocument();
    expect(screen.getByText('5 Jan 2026', { selector: 'time' })).toBeInTheDocument();
  });
});
