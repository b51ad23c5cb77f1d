import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { findToast, openAlertDialog, type ToastElement } from '../test/adminTestUtils';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { adminComplaintAnswer } from '../test/answers';
import { renderAt } from '../test/renderApp';
import { complaintRoleName, restoreComplaint, submittedBy, type AdminComplaint } from './complaints';

// The lazily loaded screen can take more than a second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const COMPLAINTS: AdminComplaint[] = [
  adminComplaintAnswer({ id: 'k1', title: 'Broken projector', description: 'Room 4.', role: 2, createdAt: '2025-03-01T09:00:00.000Z', user: { name: 'Tina Teacher', role: 2 } }),
  adminComplaintAnswer({ id: 'k2', title: 'Late bus', description: 'Every Monday.', createdAt: '2025-03-02T09:00:00.000Z', user: { name: 'Sid Student', role: 3 } }),
  adminComplaintAnswer({ id: 'k3', title: 'No filer', description: 'Orphaned.', createdAt: '2025-03-03T09:00:00.000Z' }),
];

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, 'GET /api/admin/complaints': { body: COMPLAINTS }, ...routes });
  renderAt('/admin/complaints');
  return { fetchSpy, user: userEvent.setup() };
}

const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('article') as HTMLElement;
const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const ionButton = (container: HTMLElement, text: string) => within(container).getByText(text, { selector: 'ion-button' });

describe('complaint card texts (docs/product.md#complaint-moderation, docs/product.md#constants-and-limits)', () => {
  it('names the filer and their role, or an unknown user', () => {
    expect(submittedBy({ name: 'Tina', role: 2 })).toBe('Submitted by: Tina (Role: Teacher)');
    expect(submittedBy({ name: 'Sid', role: 3 })).toBe('Submitted by: Sid (Role: Student)');
    expect(submittedBy({ name: 'Ada', role: 1 })).toBe('Submitted by: Ada (Role: Unknown Role)');
    expect(submittedBy(undefined)).toBe('Submitted by: Unknown User');
    expect(complaintRoleName(7)).toBe('Unknown Role');
  });

  it('puts a complaint back in its place, once', () => {
    const [a, b, c] = COMPLAINTS as [AdminComplaint, AdminComplaint, AdminComplaint];
    expect(restoreComplaint([a, c], b)).toEqual([a, b, c]);
    expect(restoreComplaint([a, b, c], b)).toEqual([a, b, c]);
    expect(restoreComplaint([], c)).toEqual([c]);
  });
});

describe('complaint moderation (docs/product.md#complaint-moderation)', { timeout: 40_000 }, () => {
  it('shows a card per unresolved complaint with its filer and the two actions', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaints' })).toBeInTheDocument();
    await screen.findByText('Room 4.');
    expect(cardTitles()).toEqual(['Broken projector', 'Late bus', 'No filer']);
    expect(within(card('Broken projector')).getByText('Submitted by: Tina Teacher (Role: Teacher)')).toBeInTheDocument();
    expect(within(card('Late bus')).getByText('Submitted by: Sid Student (Role: Student)')).toBeInTheDocument();
    expect(within(card('No filer')).getByText('Submitted by: Unknown User')).toBeInTheDocument();
    expect(ionButton(card('Late bus'), 'Approve')).toBeInTheDocument();
    expect(ionButton(card('Late bus'), 'Disapprove')).toBeInTheDocument();
  });

  it('shows "No complaints to display" when there are none', async () => {
    setup({ 'GET /api/admin/complaints': { body: [] } });
    expect(await screen.findByText('No complaints to display')).toBeInTheDocument();
  });

  it('shows the error message in red when the list cannot load', async () => {
    setup({ 'GET /api/admin/complaints': { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } } } });
    const message = await screen.findByText('Something went wrong on our side.');
    // ScreenState's error state: an alert in the danger colour.
    expect(message.closest('[role="alert"]')).toHaveClass('screen-state--error');
    expect(message.closest('ion-text')).not.toBeNull();
  });

  it.each(['approve', 'disapprove'] as const)('takes the card out of the list after %s', async (decision) => {
    const { user, fetchSpy } = setup({ [`POST /api/admin/complaints/k2/${decision}`]: { body: { id: 'k2' } } });
    await screen.findByText('Room 4.');
    await user.click(ionButton(card('Late bus'), decision === 'approve' ? 'Approve' : 'Disapprove'));
    await waitFor(() => expect(cardTitles()).toEqual(['Broken projector', 'No filer']));
    // said politely, with the focus on the heading (its button left with the card)
    expect(screen.getByRole('status')).toHaveTextContent(`"Late bus" was ${decision}d.`);
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toHaveFocus();
    const sent = fetchSpy.mock.calls.filter(([url]) => String(url) === `/api/admin/complaints/k2/${decision}`);
    expect(sent).toHaveLength(1);
    expect((sent[0]![1] as RequestInit).method).toBe('POST');
  });

  it('puts the card back with a visible error when the action fails', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { user } = setup({ 'POST /api/admin/complaints/k2/approve': () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByText('Room 4.');
    await user.click(ionButton(card('Late bus'), 'Approve'));
    await waitFor(() => expect(cardTitles()).toEqual(['Broken projector', 'No filer']));
    answer({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } });
    await waitFor(() => expect(cardTitles()).toEqual(['Broken projector', 'Late bus', 'No filer']));
    expect(within(card('Late bus')).getByRole('alert')).toHaveTextContent('Could not approve this complaint. Please try again.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the card out when another admin already decided it (409)', async () => {
    const { user } = setup({ 'POST /api/admin/complaints/k1/disapprove': { status: 409, body: { error: { code: 'conflict', message: 'Already approved.' } } } });
    await screen.findByText('Room 4.');
    await user.click(ionButton(card('Broken projector'), 'Disapprove'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('"Broken projector" was already decided or removed, so it left the list.'));
    expect(cardTitles()).toEqual(['Late bus', 'No filer']);
  });
});

/** The "Undo" button of the toast after a decision: its handler (the toast's buttons live in a shadow root jsdom queries cannot reach). */
function undoButton(toast: ToastElement) {
  const button = (toast.buttons as { text?: string; handler?: () => unknown }[] | undefined)?.find((b) => b.text === 'Undo');
  expect(button?.handler).toBeTypeOf('function');
  return () => act(async () => void button!.handler!());
}

describe('a decision with a note, and Undo (docs/product.md#complaint-moderation, docs/product.md#complaint-status)', { timeout: 40_000 }, () => {
  afterEach(async () => {
    const toasts = Array.from(document.querySelectorAll<HTMLElement & { dismiss?: () => Promise<boolean> }>('ion-toast'));
    await Promise.all(toasts.map((toast) => toast.dismiss?.().catch(() => false)));
  });

  it('offers an optional note to the student or the teacher, at most 500 characters', async () => {
    setup();
    await screen.findByText('Room 4.');
    expect(within(card('Broken projector')).getByRole('textbox', { name: 'Note to the teacher (optional)' })).toHaveAttribute('maxlength', '500');
    expect(within(card('Late bus')).getByRole('textbox', { name: 'Note to the student (optional)' })).toHaveAccessibleDescription(/They see it under the decision\./);
  });

  it('approves without asking, sends the trimmed note, then offers Undo for 5 s; Undo puts the card and its note back', async () => {
    const decided = { ...COMPLAINTS[1]!, status: 'approved', decidedBy: 'u-admin', decidedAt: '2025-03-05T09:00:00.000Z', moderationNote: 'Fixed.' };
    const { user, fetchSpy } = setup({
      'POST /api/admin/complaints/k2/approve': { body: decided },
      'POST /api/admin/complaints/k2/undo': { body: COMPLAINTS[1] },
    });
    await screen.findByText('Room 4.');
    await user.type(within(card('Late bus')).getByRole('textbox', { name: 'Note to the student (optional)' }), '  Fixed. ');
    await user.click(ionButton(card('Late bus'), 'Approve'));
    expect(openAlertDialog()).toBeNull();
    await waitFor(() => expect(cardTitles()).toEqual(['Broken projector', 'No filer']));

    const toast = await findToast('Complaint approved');
    expect(toast.duration).toBe(5000);
    const approve = fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/admin/complaints/k2/approve');
    expect(sentJson(approve[0])).toEqual({ note: 'Fixed.' });

    await undoButton(toast)();
    await waitFor(() => expect(cardTitles()).toEqual(['Broken projector', 'Late bus', 'No filer']));
    expect(fetchSpy.mock.calls.filter(([url, init]) => String(url) === '/api/admin/complaints/k2/undo' && init?.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('"Late bus" is On Hold again and back in the list.');
    expect(within(card('Late bus')).getByRole('textbox', { name: 'Note to the student (optional)' })).toHaveValue('  Fixed. ');
  });

  it('disapproves with no note as an empty body, and says "Complaint disapproved"', async () => {
    const { user, fetchSpy } = setup({ 'POST /api/admin/complaints/k1/disapprove': { body: { ...COMPLAINTS[0]!, status: 'disapproved' } } });
    await screen.findByText('Room 4.');
    await user.click(ionButton(card('Broken projector'), 'Disapprove'));
    await findToast('Complaint disapproved');
    expect(sentJson(fetchSpy.mock.calls.find(([url]) => String(url) === '/api/admin/complaints/k1/disapprove'))).toEqual({});
  });

  it('says why when Undo is refused, and leaves the card out', async () => {
    const { user } = setup({
      'POST /api/admin/complaints/k2/disapprove': { body: { ...COMPLAINTS[1]!, status: 'disapproved' } },
      'POST /api/admin/complaints/k2/undo': { status: 409, body: { error: { code: 'conflict', message: 'This decision can no longer be undone.' } } },
    });
    await screen.findByText('Room 4.');
    await user.click(ionButton(card('Late bus'), 'Disapprove'));
    await undoButton(await findToast('Complaint disapproved'))();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The decision on "Late bus" could not be undone: This decision can no longer be undone.'));
    expect(cardTitles()).toEqual(['Broken projector', 'No filer']);
  });
});
