import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests, findAlert, findToast, openAlertDialog, queriesTo, useWideLayout } from '../test/adminTestUtils';
import { dialogField } from '../test/dialogs';
import { choose, fieldError, getField, optionTexts, typeInto } from '../test/fields';
import { t } from '../platform/i18n';
import { ONE_TIME_PASSWORD_WARNING } from './OneTimePasswordDialog';

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
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Email', 'Role', 'Action']);
    // the id, cut short on screen, is whole in the text and the tooltip
    expect(within(table).getByText(ANN.id)).toHaveAttribute('title', ANN.id);
    // emails may break before "@" and dots only
    const email = within(table).getByText(ANN.email);
    expect(email.innerHTML).toBe('ann<wbr>@example<wbr>.test');
    // the icon buttons show their word and are named for their row
    const reset = within(table).getByRole('button', { name: 'Reset password for Ann Lee' });
    expect(reset).toHaveTextContent('Reset password');
    expect(within(table).getByRole('button', { name: 'Delete Ann Lee' })).toHaveTextContent('Delete');
    const select = getField('Role of Ann Lee', table);
    expect(select.value).toBe(3);
    expect(optionTexts(select)).toEqual(['Student', 'Teacher', 'Admin']);
    expect(within(table).getByRole('button', { name: 'Delete Bob Stone' })).toBeInTheDocument();
  });

  it('asks before changing a role, disables and blurs the row while pending, then updates in place with a toast', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { fetchSpy, user } = setup({ 'PUT /api/admin/users/a1a1a1a1a1a1a1a1a1a1a1a1/role': () => new Promise((resolve) => (answer = resolve)) });
    const select = getField('Role of Ann Lee', await rowOf('Ann Lee'));
    choose(select, 2);

    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to change the role of Ann Lee to Teacher?');
    // the select shows the stored role until the change is confirmed and made.
    expect(select.value).toBe(3);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(select.disabled).toBe(true));
    expect(select).toHaveClass('role-select--pending');
    const put = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/role') && init?.method === 'PUT');
    expect(sentJson(put)).toEqual({ role: 2 });

    // Disabled, it lost the focus: enabled again, it has it back (docs/contributing.md#accessibility-checks).
    (document.activeElement as HTMLElement | null)?.blur();
    answer({ body: { ...ANN, role: 2 } });
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe(2);
    expect(select).not.toHaveClass('role-select--pending');
    await waitFor(() => expect(select).toHaveFocus());
    const toast = await findToast('Role updated successfully!');
    expect(toast.duration).toBe(6000);
    expect(toast.buttons).toEqual([{ text: 'Close', role: 'cancel' }]);
  });

  it('keeps the role and shows the failure toast when the change fails; Cancel sends nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchSpy, user } = setup({ 'PUT /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/role': { status: 409, body: { error: { code: 'conflict', message: 'x' } } } });
    const select = getField('Role of Bob Stone', await rowOf('Bob Stone'));
    choose(select, 1);
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(select.value).toBe(2);

    choose(select, 1);
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to change the role of Bob Stone to Admin?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await findToast('Failed to update role. Please try again.')).duration).toBe(6000);
    expect(select.value).toBe(2);
    await waitFor(() => expect(select.disabled).toBe(false));
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

    choose(getField('Role of Ann Lee', await rowOf('Ann Lee')), 1);
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    choose(getField('Role of Bob Stone', await rowOf('Bob Stone')), 1);
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
    // the search box is found by its visible label, and typed into as a person does.
    const search = await screen.findByRole('searchbox', { name: 'Search for users' });
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
    const size = getField('Rows per page:');
    expect(optionTexts(size)).toEqual(['10', '25', '50']);
    expect(screen.getByText('1–10 of 31')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/users').at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('11–20 of 31')).toBeInTheDocument();
    choose(size, 25);
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
    expect(getField('Role of Ann Lee', items[0] as HTMLElement)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete Bob Stone' })).toBeInTheDocument();
    // no database id on a phone: neither its field nor its value
    expect(within(cards).queryByText('ID')).not.toBeInTheDocument();
    expect(within(cards).queryByText(ANN.id)).not.toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Action']);
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Reset password for Ann Lee' })).toHaveTextContent('Reset password');
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

/** An Ionic button by its text (jsdom gives `ion-button` no role). */
const ionButton = (text: string, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'ion-button' });
const OTP = 'K7PM-3XQD-HW2N-9ZRC';
const posts = (fetchSpy: ReturnType<typeof mockFetch>, path: string) =>
  fetchSpy.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path);

describe('making accounts and resetting passwords (docs/product.md#admin-made-accounts, docs/product.md#password-reset)', { timeout: 30_000 }, () => {
  async function openCreate(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('Ann Lee');
    await user.click(ionButton('Create User'));
    return dialogField('First name');
  }

  it('keeps the typed text and shows each field’s message when the form is not right, and sends nothing', async () => {
    const { fetchSpy, user } = setup();
    const first = await openCreate(user);
    expect(document.querySelector('ion-modal.create-user-dialog')).toHaveAttribute('aria-label', 'Create User');
    await user.type(first, 'Cleo');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'cleo-at-school');
    expect(getField('Role').value).toBe(3);
    await user.click(ionButton('Create'));

    // Ionic shows each message under its field, marks it invalid and describes the field by it.
    expect(await screen.findByText('Enter a last name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(fieldError(getField('Last name'))).toBe('Enter a last name.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(first).toHaveValue('Cleo');
    expect(email).toHaveValue('cleo-at-school');
    expect(posts(fetchSpy, '/api/admin/users')).toHaveLength(0);

    // The messages follow the fields once a create was tried.
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await waitFor(() => expect(screen.queryByText('Enter a last name.')).not.toBeInTheDocument());
    expect(fieldError(getField('Last name'))).toBeUndefined();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('keeps the dialog and the typed text when the server refuses, with its message under the email', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchSpy, user } = setup({
      'POST /api/admin/users': { status: 409, body: { error: { code: 'conflict', message: 'A user with this email already exists.' } } },
    });
    await user.type(await openCreate(user), 'Cleo');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.test');
    choose(getField('Role'), 2);
    await user.click(ionButton('Create'));

    expect(await screen.findByText('The account could not be created. A user with this email already exists.')).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('A user with this email already exists.'));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Cleo');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.test');
    expect(getField('Role').value).toBe(2);
    expect(sentJson(posts(fetchSpy, '/api/admin/users')[0])).toEqual({ firstName: 'Cleo', lastName: 'Diaz', email: 'ann@example.test', role: 2 });
    // Changing the email clears the server's message about it.
    typeInto(getField('Email'), 'ann@example.testx');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAccessibleDescription('A user with this email already exists.'));
    expect(fieldError(getField('Email'))).toBeUndefined();
  });

  it('refuses a blank or letterless name before sending, as the server does (docs/product.md#names-and-titles)', async () => {
    const { fetchSpy, user } = setup();
    await openCreate(user);
    typeInto(getField('First name'), '\u3164\u3164');
    typeInto(getField('Last name'), '123');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'blank@school.example');
    await user.click(ionButton('Create'));
    await waitFor(() => expect(fieldError(getField('First name'))).toBe('Names cannot contain control or invisible characters'));
    expect(fieldError(getField('Last name'))).toBe('Names must contain at least one letter');
    typeInto(getField('Last name'), 'Kim\u2028');
    await waitFor(() => expect(fieldError(getField('Last name'))).toBe('Names cannot contain control or invisible characters'));
    expect(posts(fetchSpy, '/api/admin/users')).toHaveLength(0);
  });

  it('shows the server’s field messages from a 400', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({
      'POST /api/admin/users': {
        status: 400,
        body: { error: { code: 'validation_error', message: 'Invalid firstName.', fields: { firstName: 'Names cannot contain control or invisible characters' } } },
      },
    });
    await user.type(await openCreate(user), 'Cleo');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'cleo@school.example');
    await user.click(ionButton('Create'));
    expect(await screen.findByText('The account could not be created. Please correct the fields below.')).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('Names cannot contain control or invisible characters'));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Cleo');
  });

  it('makes the account, shows its one-time password once with the warning, and reloads the list', async () => {
    const CLEO = { id: 'c3c3c3c3c3c3c3c3c3c3c3c3', name: 'Cleo Diaz', email: 'cleo@school.example', role: 3 };
    let made = false;
    const { fetchSpy, user } = setup({
      'GET /api/admin/users': () => ({ body: made ? { users: [ANN, BOB, CLEO], total: 3 } : { users: [ANN, BOB], total: 2 } }),
      'POST /api/admin/users': () => {
        made = true;
        return { status: 201, body: { user: CLEO, oneTimePassword: OTP } };
      },
    });
    await user.type(await openCreate(user), ' Cleo ');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'cleo@school.example');
    await user.click(ionButton('Create'));

    const password = await screen.findByLabelText('One-time password');
    expect(password).toHaveValue(OTP);
    const modal = password.closest('ion-modal') as HTMLElement;
    expect(modal).toHaveAttribute('aria-label', 'Account Created');
    expect(within(modal).getByText(t(ONE_TIME_PASSWORD_WARNING))).toBeInTheDocument();
    expect(sentJson(posts(fetchSpy, '/api/admin/users')[0])).toEqual({ firstName: 'Cleo', lastName: 'Diaz', email: 'cleo@school.example', role: 3 });
    expect(await screen.findByText('Cleo Diaz')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).includes('/api/admin/users?'))).toHaveLength(2);

    await user.click(ionButton('Done', modal));
    await waitFor(() => expect(screen.queryByDisplayValue(OTP)).not.toBeInTheDocument());
  });

  it('resets a password after the confirmation and shows the new one-time password', async () => {
    const { fetchSpy, user } = setup({ 'POST /api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/reset-password': { body: { user: BOB, oneTimePassword: OTP } } });
    await user.click(within(await rowOf('Bob Stone')).getByRole('button', { name: 'Reset password for Bob Stone' }));
    const dialog = await findAlert();
    expect(dialog).toHaveAccessibleName('Reset Password');
    expect(dialog).toHaveTextContent('Reset the password of Bob Stone? They will be signed out everywhere and must sign in with a one-time password.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    const password = await screen.findByLabelText('One-time password');
    expect(password).toHaveValue(OTP);
    expect(password.closest('ion-modal')).toHaveAttribute('aria-label', 'Password Reset');
    expect(posts(fetchSpy, '/api/admin/users/b2b2b2b2b2b2b2b2b2b2b2b2/reset-password')).toHaveLength(1);
    await user.click(ionButton('Done', password.closest('ion-modal') as HTMLElement));
    await waitFor(() => expect(screen.queryByDisplayValue(OTP)).not.toBeInTheDocument());
  });

  it('sends nothing when the reset is cancelled, and shows a toast when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchSpy, user } = setup({
      'POST /api/admin/users/a1a1a1a1a1a1a1a1a1a1a1a1/reset-password': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } },
    });
    const reset = within(await rowOf('Ann Lee')).getByRole('button', { name: 'Reset password for Ann Lee' });
    await user.click(reset);
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(posts(fetchSpy, '/api/admin/users/a1a1a1a1a1a1a1a1a1a1a1a1/reset-password')).toHaveLength(0);

    await user.click(reset);
    await user.click(within(await findAlert()).getByRole('button', { name: 'Reset' }));
    expect((await findToast('Failed to reset password. Please try again.')).color).toBe('danger');
    expect(screen.queryByLabelText('One-time password')).not.toBeInTheDocument();
  });
});
