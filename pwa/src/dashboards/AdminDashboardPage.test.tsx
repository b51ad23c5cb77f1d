import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { chartRows } from '../test/charts';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests } from '../test/adminTestUtils';

prepareScreenTests();

// jsdom has no canvas to draw on: the charts' canvases are stubbed; their numbers live in the accessible tables under test.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null }));

/** The school's Oracy (docs/product.md#the-schools-oracy): 30 students, 24 of them assessed. */
const SCHOOL_ORACY = {
  studentCount: 30,
  assessedCount: 24,
  levelCounts: { Beginner: 5, Developing: 9, Proficient: 7, Advanced: 3, notAssessed: 6 },
  strandAverages: { linguistic: 3.1, cognitive: 2.95, socialEmotional: 3.42, physical: 2.6 },
};

function setup(stats: FakeRoute, oracy: FakeRoute = { body: SCHOOL_ORACY }) {
  mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, 'GET /api/admin/stats': stats, 'GET /api/admin/oracy': oracy });
  renderAt('/admin/dashboard');
  return userEvent.setup();
}

/** Six months of new users, as `GET /api/admin/stats` answers them (docs/product.md#admin-dashboard). */
const ACTIVITY = [
  { month: '2026-10', newUsers: 0 },
  { month: '2026-11', newUsers: 12 },
  { month: '2026-12', newUsers: 31 },
  { month: '2027-01', newUsers: 0 },
  { month: '2027-02', newUsers: 2 },
  { month: '2027-03', newUsers: 1 },
];

const INTERNAL_ERROR = { status: 500, body: { error: { code: 'internal_error', message: 'Database down' } } };

describe('the admin dashboard (docs/product.md#admin-dashboard)', { timeout: 30_000 }, () => {
  it("shows the heading, the three totals, Quick Actions and the Activity Overview chart of the API's months", async () => {
    let release: () => void = () => undefined;
    setup(() => new Promise((resolve) => (release = () => resolve({ body: { totalStudents: 30, totalTeachers: 4, totalCourses: 8, activity: ACTIVITY } }))));
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to the Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/sidebar to manage students, teachers, courses and more/)).toBeInTheDocument();
    for (const [label, value] of [
      ['Total Students', '30'],
      ['Total Teachers', '4'],
      ['Total Courses', '8'],
    ] as const) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText('Quick Actions')).toBeInTheDocument();
    expect(screen.getByText('Manage Courses', { selector: 'ion-button' })).toHaveAttribute('router-link', '/admin/courses');
    expect(screen.getByText('Manage Users', { selector: 'ion-button' })).toHaveAttribute('router-link', '/admin/users');
    const chart = screen.getByRole('figure', { name: 'Activity Overview' });
    expect(chart).toHaveTextContent('Number of Users');
    const cells = Array.from(chart.querySelectorAll('tbody tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['October', '0'],
      ['November', '12'],
      ['December', '31'],
      ['January', '0'],
      ['February', '2'],
      ['March', '1'],
    ]);
  });

  it('draws no Activity Overview from an answer without the monthly figures', async () => {
    setup({ body: { totalStudents: 30, totalTeachers: 4, totalCourses: 8 } });
    expect(await screen.findByText('30')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Activity Overview' })).not.toBeInTheDocument();
  });

  it('shows "Error fetching data: {message}" on error', async () => {
    setup(INTERNAL_ERROR);
    expect(await screen.findByText('Error fetching data: Database down')).toBeInTheDocument();
    // The school's Oracy is a call of its own and still shows.
    expect(await screen.findByText('24 of 30 students assessed')).toBeInTheDocument();
  });
});

describe('"Your school\'s Oracy" on the admin dashboard (docs/product.md#the-schools-oracy)', { timeout: 30_000 }, () => {
  it('shows how many students are assessed, the levels and the strand averages with their numbers', async () => {
    setup({ body: { totalStudents: 30, totalTeachers: 4, totalCourses: 8 } });
    expect(await screen.findByText('24 of 30 students assessed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "Your school's Oracy" })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Levels' })).toBeInTheDocument();
    expect(chartRows('Levels')).toEqual([
      ['Beginner', '5'],
      ['Developing', '9'],
      ['Proficient', '7'],
      ['Advanced', '3'],
      ['Not assessed', '6'],
    ]);
    expect(chartRows('Strand averages')).toEqual([
      ['Linguistic', '3.1'],
      ['Cognitive', '2.95'],
      ['Social & Emotional', '3.42'],
      ['Physical', '2.6'],
    ]);
  });

  it('says that no student is assessed instead of the strand chart', async () => {
    setup({ body: {} }, { body: { ...SCHOOL_ORACY, assessedCount: 0, strandAverages: null, levelCounts: { Beginner: 0, Developing: 0, Proficient: 0, Advanced: 0, notAssessed: 30 } } });
    expect(await screen.findByText('0 of 30 students assessed')).toBeInTheDocument();
    expect(screen.getByText('No student has taken the self-assessment yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Strand averages' })).not.toBeInTheDocument();
  });

  it('shows its own loading and error states, with Retry, and leaves the totals in place', async () => {
    let release: () => void = () => undefined;
    let fail = true;
    const user = setup({ body: { totalStudents: 31, totalTeachers: 4, totalCourses: 8 } }, () =>
      fail ? new Promise((resolve) => (release = () => resolve(INTERNAL_ERROR))) : { body: SCHOOL_ORACY },
    );
    expect(await screen.findByText("Loading your school's Oracy...")).toBeInTheDocument();
    expect(await screen.findByText('31')).toBeInTheDocument();
    release();
    expect(await screen.findByText("Could not load your school's Oracy.")).toBeInTheDocument();
    expect(screen.getByText('Total Students').nextElementSibling).toHaveTextContent('31');
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('24 of 30 students assessed')).toBeInTheDocument();
  });
});
