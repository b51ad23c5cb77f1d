import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { chartRows } from '../test/charts';
import { renderAt } from '../test/renderApp';
import { assignmentSplit } from './TeacherDashboardPage';

const SLOW = { timeout: 8000 };

// jsdom has no canvas to draw on: the charts' canvases are stubbed; their numbers live in the accessible tables under test.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null }));

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** The value shown under a stat card's label. */
const statValue = (label: string) => screen.getByText(label, { selector: '.stat-card__label' }).nextElementSibling?.textContent;

/** A student's figures without the monthly ones. */
const STATS = { totalCourses: 4, completedCourses: 2, totalAssignments: 9, oracyLevel: 'Developing', selfAssessed: true };

/** Six months of a student's activity, as `GET /api/student/stats/{id}` answers them (docs/product.md#student-dashboard). */
const ACTIVITY = [
  { month: '2026-10', completedCourses: 0, completedAssignments: 0 },
  { month: '2026-11', completedCourses: 0, completedAssignments: 0 },
  { month: '2026-12', completedCourses: 1, completedAssignments: 4 },
  { month: '2027-01', completedCourses: 0, completedAssignments: 0 },
  { month: '2027-02', completedCourses: 0, completedAssignments: 2 },
  { month: '2027-03', completedCourses: 1, completedAssignments: 1 },
];

describe('the student dashboard (docs/product.md#student-dashboard)', { timeout: 15_000 }, () => {
  it('welcomes the student and shows the four stat cards from the API', async () => {
    const { fetchSpy } = setup(
      '/student/dashboard',
      { 'GET /api/student/stats/u-student': { body: { totalCourses: 4, completedCourses: 1, totalAssignments: 9, oracyLevel: 'Proficient' } } },
      'student',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your Dashboard, Sam!' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Track your progress and skills as you enhance your Oracy journey!')).toBeInTheDocument();
    await screen.findByText('Total Courses');
    expect(statValue('Total Courses')).toBe('4');
    expect(statValue('Completed Courses')).toBe('1');
    expect(statValue('Total Assignments')).toBe('9');
    expect(statValue('Oracy Level')).toBe('Proficient');
    expect(fetchSpy.mock.calls.some(([url]) => String(url) === '/api/student/stats/u-student')).toBe(true);
    expect(screen.getByText('Keep going! Every step forward is a step closer to success!')).toBeInTheDocument();
  });

  it('falls back to 0 and "Beginner" for missing fields', async () => {
    setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: {} } }, 'student');
    await screen.findByText('Total Courses', {}, SLOW);
    expect(statValue('Total Courses')).toBe('0');
    expect(statValue('Completed Courses')).toBe('0');
    expect(statValue('Total Assignments')).toBe('0');
    expect(statValue('Oracy Level')).toBe('Beginner');
  });

  it("has the Quick Actions and the activity chart of the API's months, with its numbers as a table", async () => {
    setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: { ...STATS, activity: ACTIVITY } } }, 'student');
    expect(await screen.findByRole('heading', { name: 'Quick Actions' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Your Activity Overview' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Courses Completed' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Assignments Completed' })).toBeInTheDocument();
    expect(chartRows('Your Activity Overview')).toEqual([
      ['October', '0', '0'],
      ['November', '0', '0'],
      ['December', '1', '4'],
      ['January', '0', '0'],
      ['February', '0', '2'],
      ['March', '1', '1'],
    ]);
  });

  it('draws six zero months for a student with no activity', async () => {
    const zeros = ACTIVITY.map((m) => ({ ...m, completedCourses: 0, completedAssignments: 0 }));
    setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: { ...STATS, activity: zeros } } }, 'student');
    expect(await screen.findByRole('figure', { name: 'Your Activity Overview' }, SLOW)).toBeInTheDocument();
    expect(chartRows('Your Activity Overview')).toEqual(['October', 'November', 'December', 'January', 'February', 'March'].map((month) => [month, '0', '0']));
  });

  it('draws no chart from a saved answer without the monthly figures', async () => {
    setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: { totalCourses: 2 } } }, 'student');
    await screen.findByText('Total Courses', {}, SLOW);
    expect(screen.queryByRole('figure', { name: 'Your Activity Overview' })).not.toBeInTheDocument();
  });

  it('invites a student who has never self-assessed to the self-assessment at "/", beside the figures', async () => {
    const { user } = setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: { ...STATS, selfAssessed: false, activity: ACTIVITY } } }, 'student');
    expect(await screen.findByRole('heading', { level: 2, name: 'How do you speak today?' }, SLOW)).toBeInTheDocument();
    // The dashboard is still all there: an invitation, not a detour.
    expect(screen.getByText('Total Courses')).toBeInTheDocument();
    await user.click(screen.getByText('Start the self-assessment', { selector: 'ion-button' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows no invitation once the student has self-assessed', async () => {
    setup('/student/dashboard', { 'GET /api/student/stats/u-student': { body: { ...STATS, selfAssessed: true, activity: ACTIVITY } } }, 'student');
    await screen.findByText('Total Courses', {}, SLOW);
    expect(screen.queryByRole('heading', { name: 'How do you speak today?' })).not.toBeInTheDocument();
    expect(screen.queryByText('Start the self-assessment')).not.toBeInTheDocument();
  });

  it('shows "Error fetching stats. Please try again later." on failure, and Retry loads again', async () => {
    let fail = true;
    const { user } = setup('/student/dashboard', { 'GET /api/student/stats/u-student': () => (fail ? { body: 'not JSON' } : { body: { totalCourses: 2 } }) }, 'student');
    expect(await screen.findByText('Error fetching stats. Please try again later.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Total Courses')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    await screen.findByText('Total Courses');
    expect(statValue('Total Courses')).toBe('2');
  });
});

describe('the teacher dashboard (docs/product.md#teacher-dashboard)', { timeout: 15_000 }, () => {
  it('splits assignments into completed and outstanding', () => {
    expect(assignmentSplit({ totalAssignments: 10, completedAssignments: 4 })).toEqual({ completed: 4, outstanding: 6 });
    expect(assignmentSplit({ totalAssignments: 3, completedAssignments: 5 })).toEqual({ completed: 5, outstanding: 0 });
  });

  it('shows the three cards, both charts with their numbers, and the two buttons', async () => {
    const { user } = setup(
      '/teacher/dashboard',
      { 'GET /api/teacher/stats/u-teacher': { body: { totalCourses: 3, totalAssignments: 12, completedAssignments: 5 } }, 'GET /api/teacher/students/u-teacher': { body: [] } },
      'teacher',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Dashboard' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Manage your courses and students effectively!')).toBeInTheDocument();
    await screen.findByText('Total Courses');
    expect(statValue('Total Courses')).toBe('3');
    expect(statValue('Total Assignments')).toBe('12');
    expect(statValue('Completed Assignments')).toBe('5');
    expect(screen.getByRole('heading', { level: 2, name: 'Assignments Overview' })).toBeInTheDocument();
    expect(chartRows('Total vs Completed Assignments')).toEqual([
      ['Total Assignments', '12'],
      ['Completed Assignments', '5'],
    ]);
    expect(chartRows('Completed vs Outstanding Assignments')).toEqual([
      ['Completed', '5'],
      ['Outstanding', '7'],
    ]);
    await user.click(screen.getByText('View Students', { selector: 'ion-button' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/students'));
  });

  it('shows "Failed to load statistics" on failure', async () => {
    setup('/teacher/dashboard', { 'GET /api/teacher/stats/u-teacher': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } }, 'teacher');
    expect(await screen.findByText('Failed to load statistics', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assignments Overview' })).not.toBeInTheDocument();
  });
});

describe('the dashboard links (docs/product.md#links-and-redirects)', { timeout: 15_000 }, () => {
  it('"View Courses" leads through /courses to the student\'s courses, "View Assignments" to /assignments', async () => {
    const { user } = setup(
      '/student/dashboard',
      { 'GET /api/student/stats/u-student': { body: {} }, 'GET /api/student/courses/u-student': { body: [] }, 'GET /api/student/assignments/u-student': { body: [] } },
      'student',
    );
    await user.click(await screen.findByText('View Courses', { selector: 'ion-button' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/student/courses'));
    expect(await screen.findByText('You are not enrolled in any courses yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('"View Assignments" opens the assignments screen', async () => {
    const { user } = setup(
      '/student/dashboard',
      {
        'GET /api/student/stats/u-student': { body: {} },
        'GET /api/student/assignments/u-student': {
          body: [{ id: 'a1', title: 'Speech draft', courseId: 'c1', courseTitle: 'Voice', dueDate: '2025-03-10', done: true, completedAt: '2025-03-09' }],
        },
      },
      'student',
    );
    await user.click(await screen.findByText('View Assignments', { selector: 'ion-button' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/assignments'));
    expect(await screen.findByRole('heading', { name: 'Speech draft' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Course: Voice')).toBeInTheDocument();
    expect(screen.getByText('Due: 10 Mar 2025')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });
});
