import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { complaintStatusView } from './ComplaintsScreen';
import { dialogField } from '../test/dialogs';

const complaint = (id: string, title: string, status: 'approved' | 'disapproved' | null, role = 3) => ({
  id,
  title,
  description: `About ${title}`,
  userId: role === 3 ? USERS.student.id : USERS.teacher.id,
  role,
  status,
  createdAt: '2025-03-01T10:00:00.000Z',
});

const LIST = [complaint('c1', 'Noisy hall', null), complaint('c2', 'Late bus', 'approved'), complaint('c3', 'Cold room', 'disapproved')];

function setup(routes: Record<string, FakeRoute>, as: 'student' | 'teacher' = 'student') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  const rendered = renderAt(as === 'student' ? '/student/complaints' : '/teacher/complaints');
  return { fetchSpy, ...rendered, user: userEvent.setup() };
}

/** The card (an ion-card labelled by its heading) of a complaint. */
const card = (title: string) => screen.getByRole('heading', { name: `Complaint: ${title}` }).closest('ion-card') as HTMLElement;

/** The first find of a test waits for the lazily loaded screen. */
const SLOW = { timeout: 8000 };

const posts = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.filter(([, init]) => init?.method === 'POST');
const idempotencyKey = (call: unknown[] | undefined) => new Headers((call?.[1] as RequestInit | undefined)?.headers).get('Idempotency-Key');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openDialog(user: ReturnType<typeof userEvent.setup>, openText = 'Add Complaint') {
  await user.click(await screen.findByText(openText, { selector: 'ion-button' }, SLOW));
  return dialogField('Complaint Title');
}

describe('the complaint status (docs/product.md#student-complaints)', () => {
  it('maps approved to green, disapproved to red and null to On Hold in orange', () => {
    expect(complaintStatusView('approved')).toMatchObject({ label: 'Approved', color: 'green' });
    expect(complaintStatusView('disapproved')).toMatchObject({ label: 'Disapproved', color: 'red' });
    expect(complaintStatusView(null)).toMatchObject({ label: 'On Hold', color: 'orange' });
  });
});

describe('the student complaints screen (docs/product.md#student-complaints)', { timeout: 15_000 }, () => {
  it('lists the complaints with coloured statuses and Delete unless approved', async () => {
    const { fetchSpy } = setup({ 'GET /api/student/complaints': { body: LIST } });
    expect(await screen.findByRole('heading', { name: 'Complaint: Noisy hall' }, SLOW)).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls.find(([url]) => String(url).startsWith('/api/student/complaints'))?.[0])).toBe('/api/student/complaints?sId=u-student');
    expect(screen.getByRole('heading', { level: 1, name: 'My Complaints' })).toBeInTheDocument();

    const onHold = within(card('Noisy hall'));
    expect(onHold.getByText('About Noisy hall')).toBeInTheDocument();
    expect(onHold.getByText('On Hold')).toHaveAttribute('data-color', 'orange');
    expect(onHold.getByText(/Delete Complaint/)).toBeInTheDocument();

    const approved = within(card('Late bus'));
    expect(approved.getByText('Approved')).toHaveAttribute('data-color', 'green');
    expect(approved.queryByText(/Delete Complaint/)).not.toBeInTheDocument();

    const disapproved = within(card('Cold room'));
    expect(disapproved.getByText('Disapproved')).toHaveAttribute('data-color', 'red');
    expect(disapproved.getByText(/Delete Complaint/)).toBeInTheDocument();
  });

  it('shows "No complaints to display" when there are none', async () => {
    setup({ 'GET /api/student/complaints': { body: [] } });
    expect(await screen.findByText('No complaints to display', {}, SLOW)).toBeInTheDocument();
  });

  it('shows "Error fetching complaints" when the list fails, and Retry loads it again', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/student/complaints': () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: LIST }),
    });
    expect(await screen.findByText('Error fetching complaints', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByRole('heading', { name: 'Complaint: Noisy hall' }, SLOW)).toBeInTheDocument();
  });

  it('opens "Submit a New Complaint" with labelled fields, and sends nothing while either is blank', async () => {
    const { user, fetchSpy } = setup({ 'GET /api/student/complaints': { body: [] } });
    const titleField = await openDialog(user);
    expect(screen.getByRole('heading', { name: 'Submit a New Complaint' })).toBeInTheDocument();
    const descriptionField = screen.getByRole('textbox', { name: 'Complaint Description' });
    expect(descriptionField.tagName).toBe('TEXTAREA');
    expect(descriptionField).toHaveAttribute('rows', '4');

    const submit = screen.getByText('Add Complaint', { selector: 'form ion-button' });
    await user.click(submit);
    await user.type(titleField, '   ');
    await user.type(descriptionField, 'Something happened');
    await user.click(submit);
    await user.clear(titleField);
    await user.type(titleField, 'A title');
    await user.clear(descriptionField);
    await user.type(descriptionField, '  \n ');
    await user.click(submit);
    expect(posts(fetchSpy)).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Complaint Title' })).toHaveValue('A title');
  });

  it('shows both field errors on a blank submit, focuses the first, sends nothing and keeps what was typed', async () => {
    const { user, fetchSpy } = setup({ 'GET /api/student/complaints': { body: [] } });
    const titleField = await openDialog(user);
    const descriptionField = screen.getByRole('textbox', { name: 'Complaint Description' });
    expect(titleField).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByText('Add Complaint', { selector: 'form ion-button' }));
    await waitFor(() => expect(titleField).toHaveAccessibleDescription('Title is required.'));
    expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(descriptionField).toHaveAccessibleDescription('Description is required.'));
    expect(descriptionField).toHaveAttribute('aria-invalid', 'true');
    expect(titleField).toHaveFocus();

    // the title's message goes as it is filled; the focus goes to the description, still blank
    await user.type(titleField, 'Broken chair');
    await waitFor(() => expect(titleField).not.toHaveAttribute('aria-invalid', 'true'));
    await user.type(descriptionField, '   ');
    await user.click(screen.getByText('Add Complaint', { selector: 'form ion-button' }));
    await waitFor(() => expect(descriptionField).toHaveFocus());
    expect(descriptionField).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchSpy)).toHaveLength(0);
    expect(titleField).toHaveValue('Broken chair');
  });

  it("says what On Hold means, and shows the admin's note under Approved or Disapproved", async () => {
    setup({
      'GET /api/student/complaints': {
        body: [
          complaint('c1', 'Noisy hall', null),
          { ...complaint('c2', 'Late bus', 'approved'), decidedAt: '2025-03-02T10:00:00.000Z', moderationNote: 'The bus company has a new timetable.' },
          { ...complaint('c3', 'Cold room', 'disapproved'), decidedAt: '2025-03-02T10:00:00.000Z', moderationNote: 'The heating works; keep the windows shut.' },
          { ...complaint('c4', 'No note', 'disapproved'), decidedAt: '2025-03-02T10:00:00.000Z', moderationNote: null },
        ],
      },
    });
    await screen.findByRole('heading', { name: 'Complaint: Noisy hall' }, SLOW);
    expect(within(card('Noisy hall')).getByText('Waiting for an admin to review it')).toBeInTheDocument();
    expect(within(card('Late bus')).queryByText('Waiting for an admin to review it')).not.toBeInTheDocument();
    expect(within(card('Late bus')).getByText('Note from the admin:').closest('p')).toHaveTextContent('Note from the admin: The bus company has a new timetable.');
    expect(within(card('Cold room')).getByText('Note from the admin:').closest('p')).toHaveTextContent('The heating works; keep the windows shut.');
    expect(within(card('No note')).queryByText('Note from the admin:')).not.toBeInTheDocument();
  });

  it('reads "Submitting..." while pending, then adds the complaint at the top and closes', async () => {
    let release: () => void = () => undefined;
    const { user, fetchSpy } = setup({
      'GET /api/student/complaints': { body: [complaint('c1', 'Noisy hall', null)] },
      'POST /api/student/complaints': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: complaint('c9', 'Broken chair', null) }))),
    });
    await screen.findByRole('heading', { name: 'Complaint: Noisy hall' }, SLOW);
    const titleField = await openDialog(user);
    await user.type(titleField, '  Broken chair ');
    await user.type(screen.getByRole('textbox', { name: 'Complaint Description' }), 'Room 12');
    await user.click(screen.getByText('Add Complaint', { selector: 'form ion-button' }));

    const pending = await screen.findByText('Submitting...', { selector: 'form ion-button' });
    await waitFor(() => expect(pending).toHaveAttribute('disabled'));
    // The owner comes from the session; the idempotency key travels as a header only.
    expect(sentJson(posts(fetchSpy)[0])).toEqual({ title: 'Broken chair', description: 'Room 12' });
    expect(idempotencyKey(posts(fetchSpy)[0])).toMatch(UUID);
    release();

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Complaint Title' })).not.toBeInTheDocument());
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Complaint: Broken chair')).toBeLessThan(headings.indexOf('Complaint: Noisy hall'));
    expect(within(card('Broken chair')).getByText('On Hold')).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(1);
  });

  it('keeps the dialog and what was typed when the submission fails, logging only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({
      'GET /api/student/complaints': { body: [] },
      'POST /api/student/complaints': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } },
    });
    const titleField = await openDialog(user);
    await user.type(titleField, 'Wifi');
    await user.type(screen.getByRole('textbox', { name: 'Complaint Description' }), 'Down again');
    await user.click(screen.getByText('Add Complaint', { selector: 'form ion-button' }));

    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to add complaint:', expect.anything()));
    expect(await screen.findByText('Add Complaint', { selector: 'form ion-button' })).not.toHaveAttribute('disabled');
    expect(screen.getByRole('textbox', { name: 'Complaint Title' })).toHaveValue('Wifi');
    expect(screen.getByRole('textbox', { name: 'Complaint Description' })).toHaveValue('Down again');
    expect(screen.getByText('No complaints to display')).toBeInTheDocument();
  });

  it('Cancel closes the dialog without sending', async () => {
    const { user, fetchSpy } = setup({ 'GET /api/student/complaints': { body: [] } });
    const titleField = await openDialog(user);
    await user.type(titleField, 'Never mind');
    await user.click(screen.getByText('Cancel', { selector: 'ion-button' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Complaint Title' })).not.toBeInTheDocument());
    expect(posts(fetchSpy)).toHaveLength(0);
  });

  it('deletes a complaint and removes its card', async () => {
    const { user, fetchSpy } = setup({
      'GET /api/student/complaints': { body: LIST },
      'DELETE /api/student/complaints/c1': { body: { id: 'c1' } },
    });
    await screen.findByRole('heading', { name: 'Complaint: Noisy hall' }, SLOW);
    await user.click(within(card('Noisy hall')).getByText(/Delete Complaint/));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Complaint: Noisy hall' })).not.toBeInTheDocument());
    expect(fetchSpy.mock.calls.some(([url, init]) => String(url) === '/api/student/complaints/c1' && init?.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Complaint: Cold room' })).toBeInTheDocument();
  });

  it('keeps the card when the delete fails, logging only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({
      'GET /api/student/complaints': { body: LIST },
      'DELETE /api/student/complaints/c3': new TypeError('Failed to fetch'),
    });
    await screen.findByRole('heading', { name: 'Complaint: Cold room' }, SLOW);
    await user.click(within(card('Cold room')).getByText(/Delete Complaint/));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to delete complaint:', expect.anything()));
    expect(screen.getByRole('heading', { name: 'Complaint: Cold room' })).toBeInTheDocument();
  });
});

describe('the teacher complaints screen (docs/product.md#teacher-complaints)', { timeout: 15_000 }, () => {
  it('reads "Add New Complaint" and "Submit", and files with tId', async () => {
    const { user, fetchSpy } = setup(
      {
        'GET /api/teacher/complaints': { body: [] },
        'POST /api/teacher/complaints': { status: 201, body: complaint('t1', 'Projector', null, 2) },
      },
      'teacher',
    );
    expect(await screen.findByText('No complaints to display', {}, SLOW)).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls.find(([url]) => String(url).startsWith('/api/teacher/complaints'))?.[0])).toBe('/api/teacher/complaints?tId=u-teacher');
    const titleField = await openDialog(user, 'Add New Complaint');
    await user.type(titleField, 'Projector');
    await user.type(screen.getByRole('textbox', { name: 'Complaint Description' }), 'Flickers');
    await user.click(screen.getByText('Submit', { selector: 'form ion-button' }));
    expect(await screen.findByRole('heading', { name: 'Complaint: Projector' }, SLOW)).toBeInTheDocument();
    expect(sentJson(posts(fetchSpy)[0])).toEqual({ title: 'Projector', description: 'Flickers' });
    expect(idempotencyKey(posts(fetchSpy)[0])).toMatch(UUID);
  });

  it('shows "Failed to load complaints" when the list fails', async () => {
    setup({ 'GET /api/teacher/complaints': { body: 'not JSON' } }, 'teacher');
    expect(await screen.findByText('Failed to load complaints', {}, SLOW)).toBeInTheDocument();
  });
});
