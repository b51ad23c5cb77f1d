import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prepareScreenTests } from '../../test/adminTestUtils';
import { courseFixture } from '../../test/courses';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { queueRoute, teacherTaskFixture } from '../../test/speakingFixtures';
import type { ModerationItem } from '../peers';

/**
 * Talk partners on the teacher's speaking page (docs/product.md#talk-partners): the task card's
 * peer settings and partner groups, and "Peer feedback to check" with Approve and Hide.
 */
prepareScreenTests();

const SLOW = { timeout: 8000 };
const item = (id: string, fields: Partial<ModerationItem> = {}): ModerationItem => ({
  id,
  recordingId: 'r2',
  stem: 'liked',
  text: 'spoke slowly',
  clarity: { linguistic: 2 },
  status: 'pending',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  authorId: 's1',
  authorName: 'Amy Adams',
  recipientId: 's2',
  recipientName: 'Ben Brown',
  taskId: 'k1',
  taskTitle: 'My hero',
  courseTitle: 'Public Speaking',
  audioUrl: '/api/recordings/r2/audio',
  ...fields,
});

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.teacher },
    'GET /api/teacher/speaking-tasks/u-teacher': { body: [teacherTaskFixture('k1', 'My hero')] },
    'GET /api/teacher/courses/u-teacher': { body: [courseFixture('c1', 'Public Speaking')] },
    'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [], reviewed: [] }),
    'GET /api/teacher/peer-feedback': { body: [] },
    ...routes,
  });
  renderAt('/teacher/speaking');
  return { fetchSpy, user: userEvent.setup() };
}
const calls = (spy: ReturnType<typeof mockFetch>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const toCheck = async () => (await screen.findByRole('heading', { level: 2, name: 'Peer feedback to check' }, SLOW)).closest('section') as HTMLElement;
const taskCard = async (title: string) => (await screen.findByRole('heading', { level: 4, name: title }, SLOW)).closest('article') as HTMLElement;

describe('Talk partners for teachers', { timeout: 30_000 }, () => {
  it('saves "With talk partners" and "Show names", then lists the groups and makes new pairs', async () => {
    const groups = {
      taskId: 'k1',
      groups: [
        [
          { id: 's1', name: 'Amy Adams' },
          { id: 's2', name: 'Ben Brown' },
        ],
      ],
      ungrouped: [{ id: 's3', name: 'Cleo Chen' }],
    };
    const { fetchSpy, user } = setup({
      'PUT /api/teacher/speaking-tasks/k1/peers': { body: { taskId: 'k1', peerFeedback: 'partners', showNames: true } },
      'GET /api/teacher/speaking-tasks/k1/partners': { body: groups },
      'POST /api/teacher/speaking-tasks/k1/partners/shuffle': {
        body: {
          taskId: 'k1',
          groups: [
            [
              { id: 's1', name: 'Amy Adams' },
              { id: 's3', name: 'Cleo Chen' },
              { id: 's2', name: 'Ben Brown' },
            ],
          ],
          ungrouped: [],
        },
      },
    });
    const card = await taskCard('My hero');
    expect(within(card).getByText('Peer feedback: Off')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: 'With talk partners' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Show names to classmates' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Peer feedback: With talk partners')).toBeInTheDocument();
    expect(sentJson(calls(fetchSpy, 'PUT', '/api/teacher/speaking-tasks/k1/peers')[0])).toEqual({ peerFeedback: 'partners', showNames: true });
    const partners = (await within(card).findByRole('heading', { name: 'Talk partners' })).closest('section') as HTMLElement;
    expect(await within(partners).findByText('Amy Adams, Ben Brown')).toBeInTheDocument();
    expect(within(partners).getByText('Not in a group: Cleo Chen')).toBeInTheDocument();

    await user.click(within(partners).getByRole('button', { name: 'Make new pairs' }));
    expect(await within(partners).findByText('Amy Adams, Cleo Chen, Ben Brown')).toBeInTheDocument();
    expect(within(partners).queryByText(/Not in a group/)).not.toBeInTheDocument();
    expect(calls(fetchSpy, 'POST', '/api/teacher/speaking-tasks/k1/partners/shuffle')).toHaveLength(1);
  });

  it('says so when the settings cannot be saved', async () => {
    const { user } = setup({ 'PUT /api/teacher/speaking-tasks/k1/peers': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const card = await taskCard('My hero');
    await user.click(within(card).getByRole('radio', { name: 'Share takes with the class' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not save. Please try again.');
    expect(within(card).getByText('Peer feedback: Off')).toBeInTheDocument();
  });

  it('shows "Nothing to check." when there is nothing pending or reported', async () => {
    setup();
    expect(await within(await toCheck()).findByText('Nothing to check.')).toBeInTheDocument();
  });

  it('lists pending and reported items, and Approve and Hide take each off the list at once', async () => {
    const { fetchSpy, user } = setup({
      'GET /api/teacher/peer-feedback': (request) => ({
        body:
          new URL(request.url).searchParams.get('status') === 'reported'
            ? [item('pf2', { status: 'reported', stem: 'unsure', text: 'you stopped', authorName: 'Ben Brown', recipientName: 'Amy Adams' })]
            : [item('pf1')],
      }),
      'POST /api/teacher/peer-feedback/pf1/approve': { body: { ...item('pf1'), status: 'approved' } },
      'POST /api/teacher/peer-feedback/pf2/hide': { body: { ...item('pf2'), status: 'hidden' } },
    });
    const list = await toCheck();
    const first = (await within(list).findByText('I liked how you… spoke slowly')).closest('article') as HTMLElement;
    expect(first).toHaveTextContent("Amy Adams on Ben Brown's take · My hero");
    expect(first).toHaveTextContent('How clear was it: Linguistic 2 of 3');
    const second = within(list).getByText("I wasn't sure when… you stopped").closest('article') as HTMLElement;
    expect(within(second).getByText('Reported')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(list).queryByText('I liked how you… spoke slowly')).not.toBeInTheDocument());
    await user.click(within(second).getByRole('button', { name: 'Hide' }));
    expect(await within(list).findByText('Nothing to check.')).toBeInTheDocument();
    expect(calls(fetchSpy, 'POST', '/api/teacher/peer-feedback/pf1/approve')).toHaveLength(1);
    expect(calls(fetchSpy, 'POST', '/api/teacher/peer-feedback/pf2/hide')).toHaveLength(1);
  });

  it('keeps an item and says so when the decision cannot be saved', async () => {
    const { user } = setup({
      'GET /api/teacher/peer-feedback': (request) => ({ body: new URL(request.url).searchParams.get('status') === 'pending' ? [item('pf1')] : [] }),
      'POST /api/teacher/peer-feedback/pf1/approve': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    const list = await toCheck();
    const first = (await within(list).findByText('I liked how you… spoke slowly')).closest('article') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent('Could not save your decision. Please try again.');
    expect(within(list).getByText('I liked how you… spoke slowly')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    setup({ 'GET /api/teacher/peer-feedback': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const list = await toCheck();
    expect(await within(list).findByText('Could not load the peer feedback to check.')).toBeInTheDocument();
    expect(within(list).getByText('Retry')).toBeInTheDocument();
  });
});
