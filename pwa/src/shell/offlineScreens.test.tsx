import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../platform/api/cache';
import { mockFetch, USERS } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { courseFixture } from '../test/courses';
import { renderAt } from '../test/renderApp';

/**
 * Every cached screen: with the server unreachable, what an earlier
 * visit cached is shown at once with "Showing data from …".
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
  it.each(SCREENS)('%s: the cached data with "Showing data from …"', async (_name, user, path, data, shown) => {
    await writeCache(user.id, KEYS[path] ?? '', data, Date.now() - 3 * 60_000);
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: user } });
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt(path);
    expect(await screen.findByText('Showing data from 3 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText(shown).length).toBeGreaterThan(0);
  });
});

const NEVER_CACHED = "You're offline — this screen will load when you're back online";
const SHELL_OFFLINE = "You're offline — your changes are kept and sent when you're back online";

describe('screens never cached, offline', { timeout: 30_000 }, () => {
  it.each([
    [
      'the student’s notices',
      '/student/notice',
      '/api/admin/notice',
      [{ id: 'n1', title: 'Exam week', description: 'Quiet please.' }],
      'Exam week',
      'Failed to load notices. Please try again later.',
    ],
    ['the student’s courses', '/student/courses', '/api/student/courses/u-student', [course('c1', 'Debate basics')], 'Debate basics', null],
  ])('%s: say they are offline, not an error, and load by themselves back online', async (_name, path, api, data, shown, errorText) => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let connected = false;
    mockFetch({
      'GET /auth/current_user': { body: USERS.student },
      [`GET ${api}`]: () => (connected ? { body: data } : new TypeError('Failed to fetch')),
    });
    renderAt(path);
    expect(await screen.findByText(NEVER_CACHED, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    if (errorText) expect(screen.queryByText(errorText)).not.toBeInTheDocument();
    // the shell's one indicator says it too, once.
    expect(screen.getAllByText(SHELL_OFFLINE)).toHaveLength(1);

    connected = true;
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect((await screen.findAllByText(shown, undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByText(NEVER_CACHED)).not.toBeInTheDocument();
    expect(screen.queryByText(SHELL_OFFLINE)).not.toBeInTheDocument();
    online.mockRestore();
  });

  it('a real error still shows the screen’s error state', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'GET /api/admin/notice': { status: 500, body: { error: { code: 'internal', message: 'The server broke.' } } } });
    renderAt('/student/notice');
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent('The server broke.');
    expect(screen.queryByText(NEVER_CACHED)).not.toBeInTheDocument();
  });

  it('the shell’s indicator follows offline and online live, with no reload', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'GET /api/admin/notice': { body: [{ id: 'n1', title: 'Exam week', description: 'Quiet please.' }] } });
    renderAt('/student/notice');
    expect((await screen.findAllByText('Exam week', undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByText(SHELL_OFFLINE)).not.toBeInTheDocument();

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(SHELL_OFFLINE)).toBeInTheDocument();
    expect(screen.getAllByText('Exam week').length).toBeGreaterThan(0);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(SHELL_OFFLINE)).not.toBeInTheDocument());
    online.mockRestore();
  });
});
