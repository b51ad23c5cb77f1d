import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../data/cache';
import { mockFetch, USERS } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { courseFixture } from '../test/courses';
import { renderAt } from '../test/renderApp';

/**
 * Every cached screen: with the server unreachable, what an earlier
 * visit cached is shown at once with "You're offline — showing data from …".
 */
useFakeIndexedDb();

// jsdom has no canvas: the dashboards' charts are stubbed (their numbers are not under test here).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null }));

const SLOW = { timeout: 8000 };
const course = (id: string, title: string) => courseFixture(id, title);

type User = (typeof USERS)[keyof typeof USERS];

const SCREENS: Array<[string, User, string, unknown, string]> = [
  ['the student’s notices', USERS.student, '/student/notice', [{ id: 'n1', title: 'Exam week', description: 'Quiet please.' }], 'Exam week'],
  ['the teacher’s notices', USERS.teacher, '/teacher/notice', [{ id: 'n1', title: 'Staff meeting', description: 'At 4.' }], 'Staff meeting'],
  ['the student’s courses', USERS.student, '/student/courses', [course('c1', 'Debate basics')], 'Debate basics'],
  ['the teacher’s courses', USERS.teacher, '/teacher/courses', [course('c2', 'Persuasive speech')], 'Persuasive speech'],
  ['the admin’s courses', USERS.admin, '/admin/courses', [course('c3', 'Storytelling')], 'Storytelling'],
  ['the student dashboard', USERS.student, '/student/dashboard', { totalCourses: 7, completedCourses: 2, totalAssignments: 11, oracyLevel: 'Proficient' }, 'Proficient'],
  ['the teacher dashboard', USERS.teacher, '/teacher/dashboard', { totalCourses: 3, totalAssignments: 42, completedAssignments: 17 }, '42'],
  ['the admin dashboard', USERS.admin, '/admin/dashboard', { totalStudents: 31, totalTeachers: 4, totalCourses: 8 }, '31'],
];

/** The cache key each screen uses (its API path). */
const KEYS: Record<string, string> = {
  '/student/notice': '/api/admin/notice',
  '/teacher/notice': '/api/admin/notice',
  '/student/courses': '/api/student/courses',
  '/teacher/courses': '/api/teacher/courses',
  '/admin/courses': '/api/admin/courses',
  '/student/dashboard': '/api/student/stats',
  '/teacher/dashboard': '/api/teacher/stats',
  '/admin/dashboard': '/api/admin/stats',
};

describe('cached screens offline', { timeout: 20_000 }, () => {
  it.each(SCREENS)('%s: the cached data with the offline banner', async (_name, user, path, data, shown) => {
    await writeCache(user.id, KEYS[path] ?? '', data, Date.now() - 3 * 60_000);
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: user } });
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt(path);
    expect(await screen.findByText("You're offline — showing data from 3 minutes ago", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText(shown).length).toBeGreaterThan(0);
  });
});
