import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../platform/api/cache';
import { RequestQueue } from '../platform/offline/outbox';
import { wireRequest } from '../platform/offline/outboxItems';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { renderAt } from '../test/renderApp';
import { dialogField } from '../test/dialogs';

/** "My Complaints" with the outbox and the cache, on a fake IndexedDB. */
useFakeIndexedDb();

const SLOW = { timeout: 8000 };
const QUEUED = "Queued — will be sent when you're back online";
const complaint = (id: string, title: string) => ({
  id,
  title,
  description: `About ${title}`,
  userId: USERS.student.id,
  role: 3,
  status: null,
  createdAt: '2025-03-01T10:00:00.000Z',
});

function setup(routes: Record<string, FakeRoute>) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, ...routes });
  renderAt('/student/complaints');
  return { fetchSpy, user: userEvent.setup() };
}

async function fileComplaint(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByText('Add Complaint', { selector: '.complaints-header ion-button' }, SLOW));
  await user.type(await dialogField('Complaint Title'), title);
  await user.type(screen.getByRole('textbox', { name: 'Complaint Description' }), `About ${title}`);
  await user.click(screen.getByText('Add Complaint', { selector: 'form ion-button' }));
  // The dialog closes whether the complaint was sent, queued or refused.
  await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Complaint Title' })).not.toBeInTheDocument(), SLOW);
}

const card = (title: string) => screen.getByRole('heading', { name: `Complaint: ${title}` }).closest('ion-card') as HTMLElement;
const queued = () => new RequestQueue(USERS.student.id).getAll();
const posts = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('My Complaints offline', { timeout: 20_000 }, () => {
  it('queues a complaint filed offline, shows it at once as queued, and delivers it once back online', async () => {
    let online = false;
    const { fetchSpy, user } = setup({
      'GET /api/student/complaints': () => (online ? { body: [complaint('c1', 'Older')] } : new TypeError('Failed to fetch')),
      'POST /api/student/complaints': async (request) => {
        if (!online) return new TypeError('Failed to fetch');
        const body = (await request.json()) as { title: string };
        return { status: 201, body: complaint('c-new', body.title) };
      },
    });
    await screen.findByText(/this screen will load when/, undefined, SLOW);

    await fileComplaint(user, 'Broken chair');
    expect(await screen.findByRole('heading', { name: 'Complaint: Broken chair' })).toBeInTheDocument();
    expect(within(card('Broken chair')).getByText(QUEUED)).toBeInTheDocument();
    const [item] = await queued();
    expect(item && wireRequest(item).body).toEqual({ type: 'json', json: { title: 'Broken chair', description: 'About Broken chair' } });

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(QUEUED)).not.toBeInTheDocument(), SLOW);
    const sent = within(card('Broken chair'));
    expect(sent.getByText('On Hold')).toBeInTheDocument();
    const delivered = posts(fetchSpy).filter((call) => (sentJson(call) as { title: string }).title === 'Broken chair');
    const keys = new Set(delivered.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key')));
    expect(keys).toEqual(new Set([item?.idempotencyKey]));
    expect(await queued()).toEqual([]);
  });

  it('deletes a queued complaint without any request', async () => {
    const { fetchSpy, user } = setup({
      'GET /api/student/complaints': { body: [] },
      'POST /api/student/complaints': new TypeError('Failed to fetch'),
    });
    await screen.findByText('No complaints to display', undefined, SLOW);
    await fileComplaint(user, 'Noisy hall');
    await screen.findByText(QUEUED);
    expect(screen.queryByText('No complaints to display')).not.toBeInTheDocument();

    // Only the complaints' calls count: the layout may ask `GET /readyz` while the server gave no answer.
    const complaintCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/complaints')).length;
    const requests = complaintCalls();
    await user.click(within(card('Noisy hall')).getByText(/Delete Complaint/));
    await waitFor(() => expect(screen.queryByText(QUEUED)).not.toBeInTheDocument());
    expect(complaintCalls()).toBe(requests);
    expect(await queued()).toEqual([]);
  });

  it('shows a refused complaint with the server message; Edit sends it again with the changes', async () => {
    let refuse = true;
    const { user } = setup({
      'GET /api/student/complaints': { body: [] },
      'POST /api/student/complaints': async (request) => {
        const body = (await request.json()) as { title: string };
        if (refuse) return { status: 400, body: { error: { code: 'validation_error', message: 'Title is too rude.' } } };
        return { status: 201, body: complaint('c9', body.title) };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await screen.findByText('No complaints to display', undefined, SLOW);
    await fileComplaint(user, 'Rude title');

    const failed = within(await screen.findByRole('heading', { name: 'Complaint: Rude title' }).then(() => card('Rude title')));
    expect(failed.getByText('Not sent')).toBeInTheDocument();
    expect(failed.getByText('The server refused it: Title is too rude.')).toBeInTheDocument();

    refuse = false;
    await user.click(failed.getByText(/^Edit/));
    const title = await dialogField('Complaint Title');
    expect(title).toHaveValue('Rude title');
    await user.clear(title);
    await user.type(title, 'Polite title');
    await user.click(screen.getByText('Save', { selector: 'form ion-button' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Complaint Title' })).not.toBeInTheDocument(), SLOW);

    await waitFor(() => expect(screen.queryByText('Not sent')).not.toBeInTheDocument(), SLOW);
    await waitFor(() => expect(screen.queryByText(QUEUED)).not.toBeInTheDocument(), SLOW);
    expect(within(card('Polite title')).getByText('On Hold')).toBeInTheDocument();
  });

  it('behaves as offline while the server answers 503 unavailable, and catches up by itself once it is back', async () => {
    await writeCache(USERS.student.id, '/api/student/complaints', [complaint('c1', 'Cached one')], Date.now() - 5 * 60_000);
    let up = false;
    const unavailable = { status: 503, headers: { 'Retry-After': '1' }, body: { error: { code: 'unavailable', message: 'Oracy cannot reach its database right now.' } } };
    const { fetchSpy, user } = setup({
      'GET /api/student/complaints': () => (up ? { body: [complaint('c1', 'Cached one'), complaint('c2', 'Fresh one')] } : unavailable),
      'POST /api/student/complaints': async (request) => {
        if (!up) return unavailable;
        const body = (await request.json()) as { title: string };
        return { status: 201, body: complaint('c-new', body.title) };
      },
      'GET /readyz': () => (up ? { body: { status: 'ready' } } : { status: 503, body: { status: 'not_ready', database: 'down' } }),
    });

    expect(await screen.findByText('Oracy is unavailable — your changes are kept and sent when it is back', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Showing data from 5 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complaint: Cached one' })).toBeInTheDocument();

    // a complaint filed meanwhile is kept and waits, like one filed offline; it is not "Not sent".
    await fileComplaint(user, 'Cold classroom');
    expect(within(card('Cold classroom')).getByText(QUEUED)).toBeInTheDocument();
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();
    const [item] = await queued();
    expect(item).toMatchObject({ lastError: null });

    up = true;
    // the banner asks the server again after Retry-After; once it answers, everything catches up.
    await waitFor(() => expect(screen.queryByText(/Oracy is unavailable/)).not.toBeInTheDocument(), SLOW);
    expect(await screen.findByRole('heading', { name: 'Complaint: Fresh one' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(QUEUED)).not.toBeInTheDocument(), SLOW);
    expect(within(card('Cold classroom')).getByText('On Hold')).toBeInTheDocument();
    expect(screen.queryByText(/showing data from/i)).not.toBeInTheDocument();
    const delivered = posts(fetchSpy).filter((call) => (sentJson(call) as { title: string }).title === 'Cold classroom');
    expect(new Set(delivered.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key')))).toEqual(new Set([item?.idempotencyKey]));
    expect(await queued()).toEqual([]);
  });

  it('shows the cached list with the offline banner when the network is down', async () => {
    await writeCache(USERS.student.id, '/api/student/complaints', [complaint('c1', 'Cached one')], Date.now() - 2 * 3_600_000);
    setup({ 'GET /api/student/complaints': new TypeError('Failed to fetch') });
    expect(await screen.findByText('Showing data from 2 hours ago', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complaint: Cached one' })).toBeInTheDocument();
  });
});
