import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { prepareScreenTests, findAlert, findToast, openAlertDialog, queriesTo, useWideLayout } from '../../test/adminTestUtils';

prepareScreenTests();

const ANN = { id: 'a1a1a1a1a1a1a1a1a1a1a1a1', name: 'Ann Lee', email: 'ann@example.test', role: 3 };
const BOB = { id: 'b2b2b2b2b2b2b2b2b2b2b2b2', name: 'Bob Stone', email: 'bob@example.test', role: 2 };

function setup(routes: Record<string, FakeRoute> = {}, wide = true) {
  useWideLayout(wide);
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    'GET /api/admin/users': { body: { users: [ANN, BOB], total: 2 } },
    ...routes,
  });
  renderAt('/admin/users');
  return { fetchSpy, user: userEvent.setup() };
}

/** The table row or phone card of the person named `name` (queries stay inside it: role queries over the whole app are slow in jsdom). */
async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name);
  return cell.closest('tr, li') as HTMLElement;
}

describe('the users table (docs/product.md#users-table)', { timeout: 30_000 }, () => {
  it('shows the columns ID, Name, Email, Role, Action with the role select of each user', async () => {
    setup();
    const table = (await screen.findByText('Ann Lee')).closest('table') as HTMLElement;
    expect(table).toHaveAccessibleName('Users');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'Name', 'Email', 'Role', 'Action']);
    expect(within(table).getByText(ANN.id)).toBeInTheDocument();
    const select = within(table).getByRole('combobox', { name: 'Role of Ann Lee' });
    expect(select).toHaveValue('3');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Student', 'Teacher', 'Admin']);
    expect(within(table).getByRole('button', { name: 'Delete Bob Stone' })).toBeInTheDocument();
  });

  it('asks before changing a role, disables and blurs the row while pending, then updates in place with a toast', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { fetchSpy, user } = setup({ 'PUT /api/admin/users/a1a1a1a1a1a1a1a1a1a1a1a1/role': () => new Promise((resolve) => (answer = resolve)) });
    const select = within(await rowOf('Ann Lee')).getByRole('combobox', { name: 'Role of Ann Lee' });
    await user.selectOptions(select, '2');

    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to change the role of Ann Lee to Teacher?');
    expect(select).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(select).toBeDisabled());
    expect(select).toHaveClass('role-select--pending');
    const put = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/role') && init?.method === 'PUT');
    expect(sentJson(put)).toEqual({ role: 2 });

    answer({ body: { ...ANN, role: 2 } });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('2');
    expect(select).not.toHaveClass('role-select--pending');
    const toast = await findToast('Role updated successfully!');
    expect(toast.duration).toBe(6000);
    expect(toast.buttons).toEqual([{ text: 'Close', role: 'cancel' }]);
  });

  it('keeps the role and shows the failure toast when the change fails; Cancel sends nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchSpy, user } = setup({ 'PUT /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/role': { status: 409, body: { error: { code: 'conflict', message: 'x' } } } });
    const select = within(await rowOf('Bob Stone')).getByRole('combobox', { name: 'Role of Bob Stone' });
    await user.selectOptions(select, '1');
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.selectOptions(select, '1');
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to change the role of Bob Stone to Admin?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await findToast('Failed to update role. Please try again.')).duration).toBe(6000);
    expect(select).toHaveValue('2');
    expect(select).toBeEnabled();
    expect(logged).toHaveBeenCalled();
  });

  it('confirms a delete, sends it, shows the toast and reloads the list', async () => {
    let deleted = false;
    const { fetchSpy, user } = setup({
      'GET /api/admin/users': () => ({ body: deleted ? { users: [ANN], total: 1 } : { users: [ANN, BOB], total: 2 } }),
      'DELETE /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    await user.click(within(await rowOf('Bob Stone')).getByRole('button', { name: 'Delete Bob Stone' }));
    const dialog = await findAlert();
    expect(dialog).toHaveAccessibleName('Confirm Delete');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await findToast('User deleted successfully!');
    await waitFor(() => expect(screen.queryByText('Bob Stone')).not.toBeInTheDocument());
    expect(queriesTo(fetchSpy, '/api/admin/users')).toHaveLength(2);
  });

  it('acts on the row whose dialog was confirmed, after another row’s dialog was cancelled', async () => {
    const { fetchSpy, user } = setup({
      'DELETE /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2': { status: 204 },
      'PUT /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/role': { body: { ...BOB, role: 1 } },
    });
    await user.click(within(await rowOf('Ann Lee')).getByRole('button', { name: 'Delete Ann Lee' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    await user.click(within(await rowOf('Bob Stone')).getByRole('button', { name: 'Delete Bob Stone' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Delete' }));
    await findToast('User deleted successfully!');

    await user.selectOptions(within(await rowOf('Ann Lee')).getByRole('combobox'), '1');
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    await user.selectOptions(within(await rowOf('Bob Stone')).getByRole('combobox'), '1');
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to change the role of Bob Stone to Admin?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchSpy.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`).join()).toContain('PUT'));
    await findToast('Role updated successfully!');

    const writes = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE' || init?.method === 'PUT').map(([url, init]) => `${init?.method} ${String(url)}`);
    expect(writes).toEqual(['DELETE /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2', 'PUT /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/role']);
  });

  it('shows the failure toast when a delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({ 'DELETE /api/admin/users/a1a1a1a1a1a1a1a1a1a1a1a1': { status: 409, body: { error: { code: 'conflict', message: 'self' } } } });
    await user.click(within(await rowOf('Ann Lee')).getByRole('button', { name: 'Delete Ann Lee' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Delete' }));
    await findToast('Failed to delete user. Please try again.');
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });

  it('sends the debounced search text with the list query, from page 1', async () => {
    const { fetchSpy, user } = setup();
    await screen.findByText('Ann Lee');
    const search = screen.getByLabelText('Search for users');
    expect(search).toHaveAttribute('placeholder', 'Search for users');
    await user.type(search, 'ann (');
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/users').at(-1)?.get('search')).toBe('ann ('));
    const queries = queriesTo(fetchSpy, '/api/admin/users');
    // One load on open and one for the settled text: the keystrokes in between never reached the server.
    expect(queries).toHaveLength(2);
    expect(queries[1]?.get('page')).toBe('1');
    expect(queries[1]?.get('rowsPerPage')).toBe('10');
  });

  it('pages with 10, 25 and 50 rows and goes back to page 1 when the page size changes', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...ANN, id: `c${String(i).padStart(23, '0')}`, name: `User ${i}` }));
    const { fetchSpy, user } = setup({ 'GET /api/admin/users': { body: { users: many, total: 31 } } });
    await screen.findByText('User 0');
    const size = screen.getByLabelText('Rows per page:');
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50']);
    expect(screen.getByText('1–10 of 31')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/users').at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('11–20 of 31')).toBeInTheDocument();
    await user.selectOptions(size, '25');
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/users').at(-1)?.get('rowsPerPage')).toBe('25'));
    expect(queriesTo(fetchSpy, '/api/admin/users').at(-1)?.get('page')).toBe('1');
  });

  it('shows one card per user on a phone, with the same fields and actions', async () => {
    setup({}, false);
    const cards = (await screen.findByText('Ann Lee')).closest('ul') as HTMLElement;
    expect(cards).toHaveAccessibleName('Users');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Email')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('ann@example.test')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('combobox', { name: 'Role of Ann Lee' })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete Bob Stone' })).toBeInTheDocument();
  });

  it('has loading, error and empty states', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/admin/users': () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: { users: [], total: 0 } }),
    });
    expect(await screen.findByText('Failed to load users. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });
});
