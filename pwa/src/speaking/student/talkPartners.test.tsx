import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { recordingFixture, studentTaskFixture } from '../../test/speakingFixtures';
import type { PeerTake, WrittenPeerFeedback } from '../peers';

/**
 * Talk partners on the student's task page (docs/product.md#talk-partners): the line before the
 * student's own take, the partners' takes with the feedback form after it, "From your talk
 * partners" with Report, and the listen count.
 */
useFakeIndexedDb();
vi.mock('react-chartjs-2', () => ({ Line: () => null }));

const SLOW = { timeout: 8000 };
const TASKS = 'GET /api/student/speaking-tasks/u-student';
const OPEN_TASK = studentTaskFixture({ peerFeedback: 'partners', recording: recordingFixture() });

const written = (fields: Partial<WrittenPeerFeedback> = {}): WrittenPeerFeedback => ({
  id: 'pf1',
  recordingId: 'r2',
  stem: 'liked',
  text: 'spoke slowly',
  clarity: { linguistic: 2, physical: 3 },
  status: 'pending',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...fields,
});
const take = (fields: Partial<PeerTake> = {}): PeerTake => ({
  recordingId: 'r2',
  label: 'Classmate 1',
  name: null,
  durationMs: 5000,
  submittedAt: '2026-11-20T11:00:00.000Z',
  audioUrl: '/api/peer-takes/r2/audio',
  myFeedback: null,
  ...fields,
});
const OWN = {
  taskId: 't1',
  peerFeedback: 'partners',
  listens: 2,
  received: [{ id: 'pf9', stem: 'next', text: 'look up more', clarity: { linguistic: 3 }, authorName: null, createdAt: '2026-11-21T10:00:00.000Z' }],
  written: [],
};

function setup(routes: Record<string, FakeRoute>) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, ...routes });
  return { fetchSpy, ...renderAt('/student/speaking/t1'), user: userEvent.setup() };
}
const section = async (name: string) => (await screen.findByRole('heading', { level: 2, name }, SLOW)).closest('section') as HTMLElement;
const posts = (spy: ReturnType<typeof mockFetch>, path: string) =>
  spy.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init as RequestInit | undefined)?.method === 'POST');

describe('Talk partners on the student’s task page', { timeout: 30_000 }, () => {
  it('says partners can be heard after sending one’s own take, and asks for none of their takes', async () => {
    const { fetchSpy } = setup({ [TASKS]: { body: [studentTaskFixture({ peerFeedback: 'partners' })] } });
    expect(await screen.findByText("You can hear your talk partners' takes after you send your own.", undefined, SLOW)).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('peer-takes'))).toBe(false);
  });

  it('shows nothing of talk partners on a task not open to peers', async () => {
    setup({ [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture() })] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Describe your weekend' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Your talk partners' takes" })).not.toBeInTheDocument();
    expect(screen.queryByText(/after you send your own/)).not.toBeInTheDocument();
  });

  it('checks the form, sends the feedback with an Idempotency-Key and shows it waiting for the teacher', async () => {
    const { fetchSpy, user } = setup({
      [TASKS]: { body: [OPEN_TASK] },
      'GET /api/student/speaking-tasks/t1/peer-takes': { body: [take({ name: 'Ben Brown' })] },
      'GET /api/student/speaking-tasks/t1/peers': { body: OWN },
      'POST /api/student/recordings/r2/peer-feedback': { status: 201, body: written({ text: 'spoke slowly', stem: 'next' }) },
    });
    const takes = await section("Your talk partners' takes");
    const card = (await within(takes).findByRole('heading', { level: 3, name: 'Ben Brown' })).closest('article') as HTMLElement;
    expect(within(card).getByLabelText("Ben Brown's take")).toHaveAttribute('src', expect.stringContaining('/api/peer-takes/r2/audio'));

    await user.click(within(card).getByRole('button', { name: 'Send feedback' }));
    expect(within(card).getByText('Enter your feedback.')).toBeInTheDocument();
    expect(within(card).getByText('Rate how clear it was for each focus strand.')).toBeInTheDocument();
    expect(posts(fetchSpy, '/api/student/recordings/r2/peer-feedback')).toHaveLength(0);

    await user.click(within(card).getByRole('radio', { name: 'Next time, try…' }));
    await user.type(within(card).getByLabelText('Your feedback'), 'spoke slowly');
    expect(within(card).getByText('12 of 280 characters')).toBeInTheDocument();
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Linguistic' })).getByRole('radio', { name: '2' }));
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '3' }));
    await user.click(within(card).getByRole('button', { name: 'Send feedback' }));

    expect(await within(card).findByText('Sent — waiting for your teacher to check it')).toBeInTheDocument();
    const [call] = posts(fetchSpy, '/api/student/recordings/r2/peer-feedback');
    expect(sentJson(call)).toEqual({ stem: 'next', text: 'spoke slowly', clarity: { linguistic: 2, physical: 3 } });
    expect(new Headers((call?.[1] as RequestInit).headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the typed text when sending fails, and sends the same draft with the same key on retry', async () => {
    let attempts = 0;
    const { fetchSpy, user } = setup({
      [TASKS]: { body: [OPEN_TASK] },
      'GET /api/student/speaking-tasks/t1/peer-takes': { body: [take()] },
      'GET /api/student/speaking-tasks/t1/peers': { body: OWN },
      'POST /api/student/recordings/r2/peer-feedback': () => (++attempts === 1 ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { status: 201, body: written() }),
    });
    const takes = await section("Your talk partners' takes");
    const card = (await within(takes).findByRole('heading', { level: 3, name: 'Classmate 1' })).closest('article') as HTMLElement;
    await user.type(within(card).getByLabelText('Your feedback'), 'spoke slowly');
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Linguistic' })).getByRole('radio', { name: '2' }));
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '3' }));
    await user.click(within(card).getByRole('button', { name: 'Send feedback' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not send your feedback. Please try again.');
    expect(within(card).getByLabelText('Your feedback')).toHaveValue('spoke slowly');
    await user.click(within(card).getByRole('button', { name: 'Send feedback' }));
    expect(await within(card).findByText('Sent — waiting for your teacher to check it')).toBeInTheDocument();
    const keys = posts(fetchSpy, '/api/student/recordings/r2/peer-feedback').map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows an approved item without the form, and a hidden one as hidden', async () => {
    setup({
      [TASKS]: { body: [OPEN_TASK] },
      'GET /api/student/speaking-tasks/t1/peer-takes': {
        body: [
          take({ myFeedback: written({ status: 'approved' }) }),
          take({ recordingId: 'r3', label: 'Classmate 2', myFeedback: written({ id: 'pf2', recordingId: 'r3', status: 'hidden' }) }),
        ],
      },
      'GET /api/student/speaking-tasks/t1/peers': { body: OWN },
    });
    const takes = await section("Your talk partners' takes");
    expect(await within(takes).findByText('Approved — your partner can see it')).toBeInTheDocument();
    expect(within(takes).getByText('Hidden by your teacher')).toBeInTheDocument();
    expect(within(takes).queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });

  it('shows "From your talk partners" with the listen count, and Report takes an item away', async () => {
    const { fetchSpy, user } = setup({
      [TASKS]: { body: [OPEN_TASK] },
      'GET /api/student/speaking-tasks/t1/peer-takes': { body: [] },
      'GET /api/student/speaking-tasks/t1/peers': { body: OWN },
      'POST /api/student/peer-feedback/pf9/report': { body: written({ id: 'pf9', status: 'reported' }) },
    });
    const received = await section('From your talk partners');
    expect(await within(received).findByText('2 partners have listened to your take')).toBeInTheDocument();
    expect(within(received).getByText(/Next time, try… look up more/)).toBeInTheDocument();
    expect(within(received).getByText(/Linguistic 3 of 3/)).toBeInTheDocument();
    expect(within(await section("Your talk partners' takes")).getByText('None of your talk partners has sent a take yet.')).toBeInTheDocument();

    await user.click(within(received).getByRole('button', { name: 'Report' }));
    expect(await within(received).findByText('Reported to your teacher.')).toBeInTheDocument();
    await waitFor(() => expect(within(received).queryByText(/look up more/)).not.toBeInTheDocument());
    expect(within(received).getByText('No feedback from your talk partners yet.')).toBeInTheDocument();
    expect(posts(fetchSpy, '/api/student/peer-feedback/pf9/report')).toHaveLength(1);
  });

  it('shows an error with Retry when the partners’ takes cannot be loaded', async () => {
    setup({
      [TASKS]: { body: [OPEN_TASK] },
      'GET /api/student/speaking-tasks/t1/peer-takes': { status: 403, body: { error: { code: 'forbidden', message: 'no' } } },
      'GET /api/student/speaking-tasks/t1/peers': { body: OWN },
    });
    const takes = await section("Your talk partners' takes");
    expect(await within(takes).findByText("Could not load your talk partners' takes.")).toBeInTheDocument();
    expect(within(takes).getByText('Retry')).toBeInTheDocument();
  });
});
