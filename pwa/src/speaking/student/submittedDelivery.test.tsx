import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeliverySummary } from '../../delivery/delivery';
import { deliveryReportFixture, recordingDeliveryFixture, unmeasuredFixture } from '../../test/deliveryFixtures';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { recordingFixture, studentTaskFixture } from '../../test/speakingFixtures';

/**
 * The delivery of a submitted recording for its student (docs/product.md#speaking-practice-for-students):
 * chips in the task list, and "How did it sound?" from the server on the task screen. The outbox
 * runs on a fake IndexedDB.
 */
useFakeIndexedDb();
vi.mock('react-chartjs-2', () => ({ Line: () => null }));

const SLOW = { timeout: 8000 };
const TASKS = 'GET /api/student/speaking-tasks/u-student';
const DELIVERY = 'GET /api/recordings/r1/delivery';

const summary = (fields: Partial<DeliverySummary>): DeliverySummary => ({
  status: 'ready',
  source: 'server',
  pace: 'comfortable',
  pausesCount: 2,
  expression: 'some',
  quiet: false,
  clipped: false,
  ...fields,
});
const FEEDBACK = {
  id: 'f1',
  recordingId: 'r4',
  teacherId: 'u-teacher',
  strands: { linguistic: 4 },
  comment: 'Well done.',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function setup(path: string, routes: Record<string, FakeRoute>) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** The card of the task titled `title` in the list. */
const taskCard = (title: string) => screen.getByRole('link', { name: title }).closest('ion-card') as HTMLElement;
/** The chips of a card as their accessible names. */
const chipsOf = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Delivery' }))
    .getAllByRole('listitem')
    .map((chip) => chip.getAttribute('aria-label'));

describe('Speaking practice: a submitted recording’s delivery in the task list', { timeout: 20_000 }, () => {
  it('shows pace, pauses and expression chips, "Measuring…" while pending and a muted "Not measured" when it could not be measured', async () => {
    setup('/student/speaking', {
      [TASKS]: {
        body: [
          studentTaskFixture({ id: 't1', title: 'Weekend' }),
          studentTaskFixture({
            id: 't2',
            title: 'Favourite book',
            recording: recordingFixture({ id: 'r2', taskId: 't2', durationMs: 30_000, delivery: summary({ pace: 'fast', expression: 'flat', quiet: true }) }),
          }),
          studentTaskFixture({ id: 't3', title: 'A hobby', recording: recordingFixture({ id: 'r3', taskId: 't3' }) }),
          studentTaskFixture({
            id: 't4',
            title: 'My town',
            recording: recordingFixture({
              id: 'r4',
              taskId: 't4',
              status: 'reviewed',
              delivery: summary({ status: 'unavailable', pace: null, pausesCount: null, expression: null, quiet: null, clipped: null }),
            }),
            feedback: { ...FEEDBACK },
          }),
        ],
      },
    });
    await screen.findByRole('link', { name: 'Favourite book' }, SLOW);

    expect(within(taskCard('Weekend')).queryByRole('list', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(chipsOf(taskCard('Favourite book'))).toEqual(['Pace: fast', 'Pauses: 2', 'Expression: flat', 'Volume: quiet']);
    expect(taskCard('Favourite book')).toHaveTextContent('Fast pace');
    expect(within(taskCard('Favourite book')).getByRole('listitem', { name: 'Pace: fast' })).toHaveClass('delivery-chip--warning');
    expect(within(taskCard('Favourite book')).getByRole('listitem', { name: 'Pauses: 2' })).toHaveClass('delivery-chip--neutral');
    expect(chipsOf(taskCard('A hobby'))).toEqual(['Delivery: measuring…']);
    expect(taskCard('A hobby')).toHaveTextContent('Measuring…');
    expect(chipsOf(taskCard('My town'))).toEqual(['Delivery: not measured']);
    expect(within(taskCard('My town')).getByRole('listitem', { name: 'Delivery: not measured' })).toHaveClass('delivery-chip--muted');
  });
});

describe('Speaking practice: How did it sound? for the submitted recording', { timeout: 20_000 }, () => {
  it('shows the server’s report, labelled by its source, and a pause plays the submitted audio from there', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = setup('/student/speaking/t1', {
      [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture() })] },
      [DELIVERY]: { body: recordingDeliveryFixture({ report: deliveryReportFixture({ rate: { syllablesPerSecond: 6.1, pace: 'fast' } }) }) },
    });
    const card = await screen.findByRole('region', { name: 'How did it sound?' }, SLOW);
    expect(within(card).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(await within(card).findByText('Measured by the server')).toBeInTheDocument();
    expect(card).toHaveTextContent('A bit fast');
    expect(card).toHaveTextContent('Tip: Slow down a little so every word lands');

    await user.click(within(card).getByText('Details', { selector: 'summary' }));
    expect(card).toHaveTextContent('6.1 syllables a second');
    await user.click(await within(card).findByRole('button', { name: 'Pause 1: 3.4 s to 4.1 s — play from here' }, SLOW));
    const player = screen.getByLabelText('Your submitted recording') as HTMLAudioElement;
    expect(player.currentTime).toBeCloseTo(3.4);
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(player);
    expect(screen.getByText('Record again', { selector: 'ion-button' })).toBeInTheDocument();
  });

  it('says "Measured on your phone" for the phone’s report, also on a reviewed task', async () => {
    setup('/student/speaking/t1', {
      [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture({ status: 'reviewed' }), feedback: { ...FEEDBACK, recordingId: 'r1' } })] },
      [DELIVERY]: { body: recordingDeliveryFixture({ source: 'device' }) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: "Your teacher's feedback" }, SLOW)).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'How did it sound?' });
    expect(within(card).getByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(await within(card).findByText('Measured on your phone')).toBeInTheDocument();
    expect(card).toHaveTextContent('Nice steady pace');
  });

  it('opens a reviewed task with "Your teacher\'s feedback" — level words, stars and the comment — above the player and "How did it sound?"', async () => {
    setup('/student/speaking/t1', {
      [TASKS]: {
        body: [
          studentTaskFixture({
            recording: recordingFixture({ status: 'reviewed' }),
            feedback: { ...FEEDBACK, recordingId: 'r1', strands: { cognitive: 1, linguistic: 5 }, comment: 'Great start.' },
          }),
        ],
      },
      [DELIVERY]: { body: recordingDeliveryFixture() },
    });
    const heading = await screen.findByRole('heading', { level: 2, name: "Your teacher's feedback" }, SLOW);
    const comment = screen.getByText('Great start.');
    const player = screen.getByLabelText('Your submitted recording');
    const card = screen.getByRole('region', { name: 'How did it sound?' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(heading, comment)).toBe(true);
    expect(follows(comment, player)).toBe(true);
    expect(follows(comment, card)).toBe(true);
    expect(follows(screen.getByRole('heading', { level: 2, name: 'Your recording' }), player)).toBe(true);
    const scores = screen.getByRole('list', { name: 'Scores' });
    expect(follows(heading, scores) && follows(scores, comment)).toBe(true);
    // in the questionnaire's order of strands, whatever the order of the answer's keys
    expect(
      within(scores)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LinguisticAdvanced', 'CognitiveBeginner']);
    expect(
      within(scores)
        .getAllByRole('img')
        .map((stars) => stars.getAttribute('aria-label')),
    ).toEqual(['5 out of 5', '1 out of 5']);
  });

  it('says "Measuring…" while the server measures, and "Check again" shows the report once it is there', async () => {
    let ready = false;
    const { user } = setup('/student/speaking/t1', {
      [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture() })] },
      [DELIVERY]: () => ({ body: ready ? recordingDeliveryFixture() : unmeasuredFixture('pending') }),
    });
    const card = await screen.findByRole('region', { name: 'How did it sound?' }, SLOW);
    expect(await within(card).findByText('Measuring…')).toBeInTheDocument();
    ready = true;
    await user.click(within(card).getByText('Check again', { selector: 'ion-button' }));
    expect(await within(card).findByText('Measured by the server')).toBeInTheDocument();
    expect(card).toHaveTextContent('Nice steady pace');
    expect(within(card).queryByText('Check again', { selector: 'ion-button' })).not.toBeInTheDocument();
  });

  it('says the server’s reason in plain words when the recording could not be measured', async () => {
    setup('/student/speaking/t1', {
      [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture() })] },
      [DELIVERY]: { body: unmeasuredFixture('failed', 'The recording could not be decoded: the file is damaged.') },
    });
    const card = await screen.findByRole('region', { name: 'How did it sound?' }, SLOW);
    expect(await within(card).findByText('The recording could not be decoded: the file is damaged.')).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Pauses' })).not.toBeInTheDocument();
  });

  it('offers Retry when the measurement cannot be loaded, and the task stays usable', async () => {
    let fail = true;
    const { user } = setup('/student/speaking/t1', {
      [TASKS]: { body: [studentTaskFixture({ recording: recordingFixture() })] },
      [DELIVERY]: () => (fail ? { status: 403, body: { error: { code: 'forbidden', message: 'x' } } } : { body: recordingDeliveryFixture() }),
    });
    const card = await screen.findByRole('region', { name: 'How did it sound?' }, SLOW);
    expect(await within(card).findByText('Could not load the delivery feedback. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Record again', { selector: 'ion-button' })).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByText('Retry', { selector: 'ion-button' }));
    await waitFor(() => expect(card).toHaveTextContent('Nice steady pace'));
  });
});
