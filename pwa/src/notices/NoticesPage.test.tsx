import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OfflineError } from '../platform/api/api';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { noticeAnswer } from '../test/answers';
import { renderAt } from '../test/renderApp';
import { appendNotice, removeNotice, replaceNotice, type Notice } from './notices';
import { dialogField } from '../test/dialogs';

// The lazily loaded screen and Ionic's overlays can take more than a second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const NOTICES: Notice[] = [
  noticeAnswer({ id: 'n1', title: 'Exam week', description: 'Rooms are on the board.' }),
  noticeAnswer({ id: 'n2', title: 'Holiday', description: 'School is closed on Friday.' }),
];

function setup(who: keyof typeof USERS, path: string, routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[who] }, 'GET /api/admin/notice': { body: NOTICES }, ...routes });
  renderAt(path);
  return { fetchSpy, user: userEvent.setup() };
}

const ionButton = (text: string) => screen.getByText(text, { selector: 'ion-button' });
// `hidden`: while a dialog is open, Ionic hides the page behind it from assistive technology.
const noticeTitles = () =>
  within(screen.getByRole('list', { name: 'Notices', hidden: true }))
    .getAllByRole('heading', { level: 2, hidden: true })
    .map((h) => h.textContent);
/** The dialog's Description: Ionic's text area, found by its accessible name (its label element also holds a hidden copy of the text). */
const description = () => screen.getByRole('textbox', { name: 'Description' });
const noticeCard = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('article') as HTMLElement;
const calls = (spy: ReturnType<typeof mockFetch>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => String(url) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

describe('the notice list rules (docs/product.md#notice-visibility)', () => {
  const a = noticeAnswer({ id: 'a', title: 'A', description: 'a' });
  const b = noticeAnswer({ id: 'b', title: 'B', description: 'b' });
  it('appends a created notice, replaces an updated one by id, removes a deleted one', () => {
    expect(appendNotice([a], b)).toEqual([a, b]);
    expect(appendNotice(undefined, a)).toEqual([a]);
    expect(replaceNotice([a, b], { ...a, title: 'A2' })).toEqual([{ ...a, title: 'A2' }, b]);
    expect(removeNotice([a, b], 'a')).toEqual([b]);
  });
});

describe('the notices screen (docs/product.md#notices)', { timeout: 40_000 }, () => {
  it.each([
    ['teacher', '/teacher/notice'],
    ['student', '/student/notice'],
  ] as const)('shows the list read-only to a %s', async (who, path) => {
    setup(who, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notices' })).toBeInTheDocument();
    expect(await screen.findByText('Rooms are on the board.')).toBeInTheDocument();
    expect(noticeTitles()).toEqual(['Exam week', 'Holiday']);
    expect(screen.queryByText('Add Notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Notice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Notice' })).not.toBeInTheDocument();
  });

  it('shows "No notices available." when there are none', async () => {
    setup('student', '/student/notice', { 'GET /api/admin/notice': { body: [] } });
    expect(await screen.findByText('No notices available.')).toBeInTheDocument();
  });

  it("shows the server's message on a failed load, or the fallback text", async () => {
    setup('teacher', '/teacher/notice', { 'GET /api/admin/notice': { status: 500, body: { error: { code: 'internal_error', message: 'Notices are resting.' } } } });
    expect(await screen.findByText('Notices are resting.')).toBeInTheDocument();
  });

  it('shows "Failed to load notices. Please try again later." when the answer is unusable', async () => {
    setup('teacher', '/teacher/notice', { 'GET /api/admin/notice': { body: 'not JSON' } });
    expect(await screen.findByText('Failed to load notices. Please try again later.')).toBeInTheDocument();
  });

  it('says it is offline, not the error, when no answer came (docs/product.md#offline-behaviour)', async () => {
    setup('teacher', '/teacher/notice', { 'GET /api/admin/notice': new TypeError('Failed to fetch') });
    expect(await screen.findByText('Oracy is unavailable — this screen will load when it is back')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load notices. Please try again later.')).not.toBeInTheDocument();
    expect(new OfflineError()).toBeInstanceOf(Error);
  });

  it('lets an admin add a notice, which is appended; blank fields raise the alert and send nothing', async () => {
    const created = { id: 'n3', title: 'Trip', description: 'Museum on Monday.' };
    const { user, fetchSpy } = setup('admin', '/admin/notice', { 'POST /api/admin/notice': { status: 201, body: created } });
    await screen.findByText('Rooms are on the board.');
    await user.click(ionButton('Add Notice'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Add New Notice' })).toBeInTheDocument();
    expect(description()).toHaveAttribute('rows', '4');

    await user.type(await dialogField('Title'), 'Trip');
    await user.type(description(), '   ');
    await user.click(ionButton('Save'));
    const alert = await screen.findByRole('alertdialog', { name: 'Please fill out both fields!' });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(calls(fetchSpy, 'POST', '/api/admin/notice')).toHaveLength(0);

    await user.clear(description());
    await user.type(description(), 'Museum on Monday.');
    await user.click(ionButton('Save'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Add New Notice' })).not.toBeInTheDocument());
    expect(noticeTitles()).toEqual(['Exam week', 'Holiday', 'Trip']);
    expect(sentJson(calls(fetchSpy, 'POST', '/api/admin/notice')[0])).toEqual({ title: 'Trip', description: 'Museum on Monday.' });
    expect(calls(fetchSpy, 'GET', '/api/admin/notice')).toHaveLength(1);
  });

  it('lets an admin edit a notice, which replaces the one with its id', async () => {
    const { user, fetchSpy } = setup('admin', '/admin/notice', {
      'PUT /api/admin/notice/n1': (request) => request.json().then((body: { title: string; description: string }) => ({ body: { id: 'n1', ...body } })),
    });
    await screen.findByText('Rooms are on the board.');
    await user.click(within(noticeCard('Exam week')).getByRole('button', { name: 'Edit Notice' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit Notice' })).toBeInTheDocument();
    expect(await dialogField('Title')).toHaveValue('Exam week');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Exam week moved');
    await user.click(ionButton('Save'));
    await waitFor(() => expect(noticeTitles()).toEqual(['Exam week moved', 'Holiday']));
    expect(calls(fetchSpy, 'PUT', '/api/admin/notice/n1')).toHaveLength(1);
  });

  it('keeps the dialog open and says so when a save fails', async () => {
    const { user } = setup('admin', '/admin/notice', { 'POST /api/admin/notice': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } });
    await screen.findByText('Rooms are on the board.');
    await user.click(ionButton('Add Notice'));
    await user.type(await dialogField('Title'), 'T');
    await user.type(description(), 'D');
    await user.click(ionButton('Save'));
    expect(await screen.findByText('The notice could not be saved. Please try again.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 2, name: 'Add New Notice' })).toBeInTheDocument();
    expect(noticeTitles()).toEqual(['Exam week', 'Holiday']);
  });

  it('asks "Confirm Delete" before removing a notice; Cancel keeps it', async () => {
    const { user, fetchSpy } = setup('admin', '/admin/notice', { 'DELETE /api/admin/notice/n2': { status: 204 } });
    await screen.findByText('Rooms are on the board.');
    await user.click(within(noticeCard('Holiday')).getByRole('button', { name: 'Delete Notice' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    // Ionic renders the alert's message after the dialog itself: wait for the description.
    await waitFor(() => expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this notice?'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(noticeTitles()).toEqual(['Exam week', 'Holiday']);

    await user.click(within(noticeCard('Holiday')).getByRole('button', { name: 'Delete Notice' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(noticeTitles()).toEqual(['Exam week']));
    expect(calls(fetchSpy, 'DELETE', '/api/admin/notice/n2')).toHaveLength(1);
  });
});
