import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { AppRoutes, ROUTER_FUTURE } from './App';
import { describe, expect, it } from 'vitest';
import { mockFetch, USERS } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { SessionProvider } from '../auth/SessionProvider';
import { recordingFixture, studentTaskFixture } from '../test/speakingFixtures';
import { MenuNav } from './Menu';

function Router({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <SessionProvider>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        {children}
      </MemoryRouter>
    </SessionProvider>
  );
}

const linksOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the side menu (docs/product.md#dashboard-layout)', () => {
  it('lists the admin entries in order, with both "Discussions" items', () => {
    const { container } = render(<MenuNav role={1} />, { wrapper: Router });
    expect(linksOf(container)).toEqual([
      ['Users', '/admin/users'],
      ['Students', '/admin/students'],
      ['Teachers', '/admin/teachers'],
      ['Courses', '/admin/courses'],
      ['Notice', '/admin/notice'],
      ['Complaints', '/admin/complaints'],
      ['Settings', '/admin/setting'],
      ['Discussions', '/admin/discussion'],
      ['Discussions', '/admin/blogs'],
    ]);
  });

  it('lists the teacher entries in order', () => {
    const { container } = render(<MenuNav role={2} />, { wrapper: Router });
    expect(linksOf(container)).toEqual([
      ['My Students', '/teacher/students'],
      ['My Courses', '/teacher/courses'],
      ['Speaking Practice', '/teacher/speaking'],
      ['Notice', '/teacher/notice'],
      ['My Complaints', '/teacher/complaints'],
    ]);
  });

  it('lists the student entries in order, "Speaking Practice" first', () => {
    const { container } = render(<MenuNav role={3} />, { wrapper: Router });
    expect(linksOf(container)).toEqual([
      ['Speaking Practice', '/student/speaking'],
      ['My Teachers', '/student/teachers'],
      ['My Courses', '/student/courses'],
      ['My Oracy', '/student/oracy'],
      ['Notice', '/student/notice'],
      ['My Complaints', '/student/complaints'],
    ]);
  });

  it('marks the current entry with aria-current="page"', () => {
    render(
      <Router path="/teacher/courses">
        <MenuNav role={2} />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'My Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Students' })).not.toHaveAttribute('aria-current');
  });

  it('sits in the layout with the logo linking to "/" and a Logout item at the end', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    renderAt('/student/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const links = within(menu).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Oracy');
    expect(links[0]).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('link', { name: 'Notice' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getAllByRole('button').at(-1)).toHaveTextContent('Logout');
  });
});

describe('the phone tab bar (docs/product.md#dashboard-layout)', () => {
  /** The tab buttons of the tab bar named "Tabs": label, href and whether it is the selected one. */
  const tabsOf = (tabBar: Element) =>
    [...tabBar.querySelectorAll('ion-tab-button')].map((button) => [button.textContent, button.getAttribute('href'), button.classList.contains('tab-selected')]);
  const tabBar = () => document.querySelector('ion-tab-bar[aria-label="Tabs"]') as HTMLElement;

  it.each([
    [
      USERS.admin,
      '/admin/users',
      [
        ['Dashboard', '/admin/dashboard', false],
        ['Users', '/admin/users', true],
        ['Complaints', '/admin/complaints', false],
        ['Discussions', '/admin/discussion', false],
      ],
    ],
    [
      USERS.teacher,
      '/teacher/courses',
      [
        ['Dashboard', '/teacher/dashboard', false],
        ['My Students', '/teacher/students', false],
        ['Speaking', '/teacher/speaking', false],
        ['My Courses', '/teacher/courses', true],
        ['My Complaints', '/teacher/complaints', false],
      ],
    ],
    [
      USERS.student,
      '/student/courses',
      [
        ['Dashboard', '/student/dashboard', false],
        ['Speaking', '/student/speaking', false],
        ['My Courses', '/student/courses', true],
        ['My Oracy', '/student/oracy', false],
        ['My Complaints', '/student/complaints', false],
      ],
    ],
  ] as const)('is Ionic’s tab bar with the role’s tabs, the current one selected (%#)', async (user, path, tabs) => {
    mockFetch({ 'GET /auth/current_user': { body: user } });
    renderAt(path);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(tabsOf(tabBar())).toEqual(tabs));
    // inside Ionic's tabs, at the bottom, shown on phones only
    expect(tabBar().closest('ion-tabs')).not.toBeNull();
    expect(tabBar()).toHaveAttribute('slot', 'bottom');
    expect(tabBar()).toHaveClass('ion-hide-md-up');
    expect(tabBar()).not.toHaveClass('ion-hide');
  });

  it('counts the student’s speaking tasks still to do on the "Speaking" tab and menu entry, read as "2 tasks to do"', async () => {
    mockFetch({
      'GET /auth/current_user': { body: USERS.student },
      'GET /api/student/speaking-tasks/u-student': {
        body: [studentTaskFixture({ id: 't1' }), studentTaskFixture({ id: 't2', dueAt: null }), studentTaskFixture({ id: 't3', recording: recordingFixture({ taskId: 't3' }) })],
      },
    });
    renderAt('/student/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' });
    const speakingTab = () => tabBar().querySelector('[tab="student-speaking"]') as HTMLElement;
    await waitFor(() => expect(speakingTab()).toHaveTextContent(/^Speaking\s*2\s*2 tasks to do$/));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const entry = within(menu).getByRole('link', { name: 'Speaking Practice 2 tasks to do' });
    expect(entry).toHaveAttribute('href', '/student/speaking');
    expect(within(menu).getAllByRole('link')[1]).toBe(entry);
  });

  it('shows no count when every speaking task is answered', async () => {
    mockFetch({
      'GET /auth/current_user': { body: USERS.student },
      'GET /api/student/speaking-tasks/u-student': { body: [studentTaskFixture({ recording: recordingFixture() })] },
    });
    renderAt('/student/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Speaking Practice' })).toBeInTheDocument());
    expect(document.querySelector('.nav-badge')).toBeNull();
  });

  it('keeps the tab’s sub-screen: a student’s profile stays in "My Students" while another tab is shown', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    renderAt('/teacher/students/s-1');
    await waitFor(() => expect(tabBar().querySelector('ion-tab-button.tab-selected')).toHaveAttribute('tab', 'teacher-students'));
    // the selected tab's link leads where the tab is now, the sub-screen
    expect(tabBar().querySelector('[tab="teacher-students"]')).toHaveAttribute('href', '/teacher/students/s-1');

    await userEvent.click(tabBar().querySelector('[tab="teacher-dashboard"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/dashboard'));
    expect(tabBar().querySelector('ion-tab-button.tab-selected')).toHaveAttribute('tab', 'teacher-dashboard');
    expect(tabBar().querySelector('[tab="teacher-students"]')).toHaveAttribute('href', '/teacher/students/s-1');

    await userEvent.click(tabBar().querySelector('[tab="teacher-students"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/students/s-1'));
  });

  it.each(['/nowhere', '/admin/nothing-here'])('is absent from the 404 page %s, which does not ask who is signed in', async (path) => {
    mockFetch({});
    renderAt(path);
    await screen.findByRole('heading', { name: '404' });
    expect(tabBar()).toBeNull();
  });

  it('is hidden on the 404 page reached from a screen', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    renderAt(
      '/student/notice',
      <>
        <AppRoutes />
        <Link to="/nowhere">Go nowhere</Link>
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Notices' });
    await waitFor(() => expect(tabBar()).not.toHaveClass('ion-hide'));
    await userEvent.click(screen.getByRole('link', { name: 'Go nowhere' }));
    await screen.findByRole('heading', { name: '404' });
    expect(tabBar()).toHaveClass('ion-hide');
  });
});

describe('the top bar (docs/product.md#dashboard-layout)', () => {
  it.each([
    [USERS.admin, '/admin/users', 'Admin Dashboard', '/admin/profile'],
    [USERS.teacher, '/teacher/courses', 'Teacher Dashboard', '/teacher/profile'],
    [USERS.student, '/student/courses', 'Student Dashboard', '/student/profile'],
  ])('shows the role title; the avatar menu leads to the profile (%#)', async (user, path, title, profile) => {
    mockFetch({ 'GET /auth/current_user': { body: user } });
    renderAt(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(title)).toBeInTheDocument();

    // Ionic moves the host's aria-label onto the button inside its shadow root, out of jsdom's reach.
    const avatar = screen.getByText(`${user.firstName[0]}${user.lastName[0]}`).closest('ion-button');
    expect(avatar).not.toBeNull();
    await userEvent.click(avatar as HTMLElement);
    const profileItem = (await screen.findByText('Profile', { selector: 'ion-label' })).closest('ion-item');
    expect(screen.getByText('Logout', { selector: 'ion-label' })).toBeInTheDocument();
    await userEvent.click(profileItem as HTMLElement);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(profile));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});

describe('logout from the layout (docs/product.md#logout, docs/product.md#error-messages)', () => {
  async function confirmLogout() {
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Logout' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  }

  it('asks for confirmation, then clears every session key and leaves for SITE_URL', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, 'POST /auth/logout': { body: { ok: true } } });
    const { redirect } = renderAt('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    expect(localStorage.getItem('adminId')).toBe('u-admin');

    await confirmLogout();

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toContain('/auth/logout');
    for (const key of ['userId', 'userRole', 'adminId', 'teacherId', 'studentId']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('shows "Error logging out" on a non-2xx answer and keeps the session', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.teacher }, 'POST /auth/logout': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const { redirect } = renderAt('/teacher/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' });

    await confirmLogout();

    expect(await screen.findByRole('alertdialog', { name: 'Error logging out' })).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('teacherId')).toBe('u-teacher');
  });
});
