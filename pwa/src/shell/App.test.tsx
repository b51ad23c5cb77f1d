import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from './routes';
import { mockFetch, USERS } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';

// jsdom has no canvas to draw on: the dashboards' charts, where a test lands on one, are stubbed.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const signedInAs = (user: (typeof USERS)[keyof typeof USERS]) => mockFetch({ 'GET /auth/current_user': { body: user } });
const location = () => screen.getByTestId('location').textContent;

describe('the route table (docs/product.md#route-table)', () => {
  it('has every screen with its allowed role', () => {
    const table = Object.fromEntries(appRoutes.map((route) => [route.path, route.access]));
    expect(table).toEqual({
      '/': 'signed-in',
      '/privacy': 'anyone',
      '/admin/dashboard': [1],
      '/admin/users': [1],
      '/admin/students': [1],
      '/admin/student/assign-courses/:studentId': [1],
      '/admin/teachers': [1],
      '/admin/courses': [1],
      '/admin/notice': [1],
      '/admin/setting': [1],
      '/admin/access-log': [1],
      '/admin/profile': [1],
      '/admin/complaints': [1],
      '/admin/discussion': [1],
      '/teacher/dashboard': [2],
      '/teacher/courses': [2],
      '/teacher/students': [2],
      '/teacher/students/:studentId': [2],
      '/teacher/speaking': [2],
      '/teacher/speaking/review/:recordingId': [2],
      '/teacher/notice': [2],
      '/teacher/complaints': [2],
      '/teacher/profile': [2],
      '/student/dashboard': [3],
      '/student/teachers': [3],
      '/student/notice': [3],
      '/student/complaints': [3],
      '/student/courses': [3],
      '/student/oracy': [3],
      '/student/speaking': [3],
      '/student/speaking/:taskId': [3],
      '/student/profile': [3],
      '/assignments': [3],
    });
  });
});

describe('the role guard', () => {
  it('renders a screen for its role, inside the shared layout', async () => {
    signedInAs(USERS.admin);
    renderAt('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Admin Dashboard')).toBeInTheDocument();
    expect(location()).toBe('/admin/users');
  });

  it.each([
    ['/teacher/courses', USERS.teacher, 'Your Courses'],
    ['/teacher/students', USERS.teacher, 'Your Students'],
    ['/student/dashboard', USERS.student, 'Welcome to your Dashboard, Sam!'],
    ['/student/teachers', USERS.student, 'Your Teacher'],
    ['/student/notice', USERS.student, 'Notices'],
    ['/admin/student/assign-courses/abc123', USERS.admin, 'Assign Courses to Student'],
  ])('opens %s for its role', async (path, user, heading) => {
    signedInAs(user);
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/admin/users', USERS.student, '/student/dashboard'],
    ['/admin/dashboard', USERS.teacher, '/teacher/dashboard'],
    ['/teacher/dashboard', USERS.admin, '/admin/dashboard'],
    ['/student/courses', USERS.teacher, '/teacher/dashboard'],
    ['/assignments', USERS.admin, '/admin/dashboard'],
  ])('sends a user without the role from %s to their own home', async (path, user, home) => {
    signedInAs(user);
    renderAt(path);
    await waitFor(() => expect(location()).toBe(home));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('sends the browser to the sign-in page when the current user cannot be loaded', async () => {
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } } });
    const { redirect } = renderAt('/admin/dashboard');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(screen.queryByRole('heading', { name: 'Welcome to the Admin Dashboard' })).not.toBeInTheDocument();
  });
});

describe('the 404 page (docs/product.md#not-found-page)', () => {
  it.each(['/nowhere', '/admin/nothing-here', '/student'])('shows for %s without asking who is signed in', async (path) => {
    const fetchSpy = mockFetch({});
    renderAt(path);
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText("Oops! The page you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('the redirects of docs/product.md#links-and-redirects', () => {
  it.each([
    [USERS.admin, '/admin/courses', 'Courses'],
    [USERS.teacher, '/teacher/courses', 'Your Courses'],
    [USERS.student, '/student/courses', 'Your Enrolled Courses'],
  ])('leads /courses to the role’s courses screen (%#)', async (user, target, heading) => {
    signedInAs(user);
    renderAt('/courses');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(location()).toBe(target);
  });

  it.each([
    [USERS.admin, '/admin/dashboard'],
    [USERS.teacher, '/teacher/dashboard'],
    [USERS.student, '/student/dashboard'],
  ])("leads /home, the installed app's start, to the role's home (%#)", async (user, home) => {
    signedInAs(user);
    renderAt('/home');
    await waitFor(() => expect(location()).toBe(home));
  });

  it('leads /home by the role stored on the device at once, before (or without) an answer from the server', async () => {
    localStorage.setItem('userRole', '2');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({ 'GET /auth/current_user': () => gate.then(() => ({ body: USERS.teacher })) });
    renderAt('/home');
    await waitFor(() => expect(location()).toBe('/teacher/dashboard'));
    release();
  });

  it('sends /home to the sign-in page without a session', async () => {
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } } });
    const { redirect } = renderAt('/home');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
  });

  it('leads /admin/blogs to /admin/discussion', async () => {
    signedInAs(USERS.admin);
    renderAt('/admin/blogs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discussions' })).toBeInTheDocument();
    expect(location()).toBe('/admin/discussion');
  });

  it('shows a student their assignments at /assignments', async () => {
    signedInAs(USERS.student);
    renderAt('/assignments');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Assignments' })).toBeInTheDocument();
    expect(location()).toBe('/assignments');
  });
});
