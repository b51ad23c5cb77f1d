import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../platform/api/cache';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { mockFetch, USERS } from '../test/fetchMock';
import { TEACHER_COURSES, TEACHER_ORACY, TEACHER_STUDENTS } from '../test/oracyFixtures';
import { renderAt } from '../test/renderApp';

/**
 * The teachers' Oracy offline (docs/product.md#your-students-oracy): with the server unreachable,
 * what earlier visits cached is shown under one offline banner dated by the
 * oldest of the screen's cached answers.
 */
useFakeIndexedDb();

// jsdom has no canvas: the charts' canvases are stubbed (their numbers are not under test here).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null }));

const SLOW = { timeout: 8000 };
const MINUTE = 60_000;

/** Every call but the current user's fails as if offline. */
function goOffline() {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
  fetchSpy.mockImplementation(async (input) => {
    if (String(input) === '/auth/current_user') return new Response(JSON.stringify(USERS.teacher), { status: 200, headers: { 'Content-Type': 'application/json' } });
    throw new TypeError('Failed to fetch');
  });
}

describe("the teachers' Oracy offline", { timeout: 20_000 }, () => {
  it('"Your Students": the cached cards with their Oracy, the course filter and one banner', async () => {
    await writeCache(USERS.teacher.id, '/api/teacher/students', TEACHER_STUDENTS, Date.now() - 3 * MINUTE);
    await writeCache(USERS.teacher.id, '/api/teacher/courses', TEACHER_COURSES, Date.now() - 3 * MINUTE);
    await writeCache(USERS.teacher.id, '/api/teacher/oracy', TEACHER_ORACY, Date.now() - 10 * MINUTE);
    goOffline();
    renderAt('/teacher/students');
    expect(await screen.findByText('Showing data from 10 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('3 weeks ago', { selector: 'time' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').filter((el) => el.textContent?.includes('Showing data from'))).toHaveLength(1);
    expect(await screen.findByRole('option', { name: 'Debate' })).toBeInTheDocument();
  });

  it('the teacher dashboard: the cached section under the one banner', async () => {
    await writeCache(USERS.teacher.id, '/api/teacher/stats', { totalCourses: 3, totalAssignments: 42, completedAssignments: 17 }, Date.now() - 3 * MINUTE);
    await writeCache(USERS.teacher.id, '/api/teacher/oracy', TEACHER_ORACY, Date.now() - 5 * MINUTE);
    goOffline();
    renderAt('/teacher/dashboard');
    expect(await screen.findByText('Showing data from 5 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2 students need attention' })).toBeInTheDocument();
    expect(screen.getAllByText('42').length).toBeGreaterThan(0);
  });
});
