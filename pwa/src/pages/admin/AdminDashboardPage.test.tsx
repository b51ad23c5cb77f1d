import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { prepareScreenTests } from '../../test/adminTestUtils';

prepareScreenTests();

function setup(stats: FakeRoute) {
  mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, 'GET /api/admin/stats': stats });
  renderAt('/admin/dashboard');
}

describe('the admin dashboard (docs/product.md#admin-dashboard)', { timeout: 30_000 }, () => {
  it('shows the heading, the three totals, Quick Actions and the Activity Overview chart', async () => {
    let release: () => void = () => undefined;
    setup(() => new Promise((resolve) => (release = () => resolve({ body: { totalStudents: 30, totalTeachers: 4, totalCourses: 8 } }))));
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
      ['March', '3'],
      ['April', '5'],
      ['May', '2'],
      ['June', '3'],
    ]);
  });

  it('shows "Error fetching data: {message}" on error', async () => {
    setup({ status: 500, body: { error: { code: 'internal_error', message: 'Database down' } } });
    expect(await screen.findByText('Error fetching data: Database down')).toBeInTheDocument();
  });
});
