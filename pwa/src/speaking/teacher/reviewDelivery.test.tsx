import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeliverySummary } from '../../delivery/delivery';
import { prepareScreenTests } from '../../test/adminTestUtils';
import { deliveryReportFixture, recordingDeliveryFixture, unmeasuredFixture } from '../../test/deliveryFixtures';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { queueRoute, reviewItemFixture, reviewItemRoutes } from '../../test/speakingFixtures';

/** Delivery for teachers (docs/product.md#delivery-for-teachers): the review queue's chips and the review screen's card. */
prepareScreenTests();
vi.mock('react-chartjs-2', () => ({ Line: () => null }));

const summary = (fields: Partial<DeliverySummary>): DeliverySummary => ({
  status: 'ready',
  source: 'server',
  pace: 'comfortable',
  pausesCount: 4,
  expression: 'lively',
  quiet: false,
  clipped: false,
  ...fields,
});
const R1 = reviewItemFixture('r1', 'Amy Adams', { delivery: summary({ pace: 'slow', expression: 'flat', clipped: true }) });
const R2 = reviewItemFixture('r2', 'Ben Brown', { submittedAt: '2026-02-02T10:00:00.000Z', delivery: summary({}) });
const R3 = reviewItemFixture('r3', 'Cleo Chen', { submittedAt: '2026-02-03T10:00:00.000Z' });
const DELIVERY = 'GET /api/recordings/r1/delivery';

function setup(path: string, routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.teacher },
    'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [R1, R2, R3], reviewed: [] }),
    ...reviewItemRoutes([R1, R2, R3]),
    'GET /api/teacher/speaking-tasks/u-teacher': { body: [] },
    'GET /api/teacher/courses/u-teacher': { body: [] },
    ...routes,
  });
  renderAt(path);
  return { fetchSpy, user: userEvent.setup() };
}

/** A queue row (its list item) by the student's name. */
const rowOf = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) }).closest('li') as HTMLElement;
/** A row's chips by their accessible names. */
const chipsOf = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'Delivery' }))
    .getAllByRole('listitem')
    .map((chip) => chip.getAttribute('aria-label'));
/** The review screen's delivery card. */
const card = () => screen.findByRole('region', { name: 'How did it sound?' });

describe('the review queue’s delivery chips', { timeout: 30_000 }, () => {
  it('shows pace, pauses and expression on each row, the bands that need help in the warning colour', async () => {
    setup('/teacher/speaking');
    await screen.findByRole('link', { name: /^Amy Adams/ });

    const amy = rowOf('Amy Adams');
    expect(chipsOf(amy)).toEqual(['Pace: slow', 'Pauses: 4', 'Expression: flat', 'Volume: too loud (clipped)']);
    // What the eye reads: the short words.
    expect(Array.from(amy.querySelectorAll('.delivery-chip [aria-hidden="true"]'), (chip) => chip.textContent)).toEqual(['Slow pace', '4 pauses', 'Flat voice', 'Clipped']);
    expect(within(amy).getByRole('listitem', { name: 'Pace: slow' })).toHaveClass('delivery-chip--warning');
    expect(within(amy).getByRole('listitem', { name: 'Expression: flat' })).toHaveClass('delivery-chip--warning');
    expect(within(amy).getByRole('listitem', { name: 'Pauses: 4' })).toHaveClass('delivery-chip--neutral');
    expect(amy.querySelector('.queue-item')).toHaveClass('queue-item--delivery-help');

    const ben = rowOf('Ben Brown');
    expect(chipsOf(ben)).toEqual(['Pace: comfortable', 'Pauses: 4', 'Expression: lively']);
    expect(
      within(ben)
        .getAllByRole('listitem')
        .every((chip) => chip.classList.contains('delivery-chip--neutral')),
    ).toBe(true);
    expect(ben.querySelector('.queue-item')).not.toHaveClass('queue-item--delivery-help');

    expect(chipsOf(rowOf('Cleo Chen'))).toEqual(['Delivery: measuring…']);
    // The chips sit beside the link, which keeps its short name.
    expect(screen.getByRole('link', { name: /^Amy Adams/ })).not.toHaveTextContent('pace');
  });

  it('marks a report the phone made, which the server could not replace, as "Measured on the phone"', async () => {
    const phone = reviewItemFixture('r4', 'Dan Diaz', { delivery: summary({ source: 'device' }) });
    setup('/teacher/speaking', { 'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [phone, R2], reviewed: [] }) });
    await screen.findByRole('link', { name: /^Dan Diaz/ });
    expect(chipsOf(rowOf('Dan Diaz'))).toEqual(['Delivery: measured on the phone, not by the server', 'Pace: comfortable', 'Pauses: 4', 'Expression: lively']);
    expect(within(rowOf('Dan Diaz')).getByText('Measured on the phone')).toBeInTheDocument();
    expect(chipsOf(rowOf('Ben Brown'))).toEqual(['Pace: comfortable', 'Pauses: 4', 'Expression: lively']);
  });
});

describe('the review screen’s delivery card', { timeout: 30_000 }, () => {
  it('shows the server’s report under the player; a pause seeks the player and plays', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = setup('/teacher/speaking/review/r1', {
      [DELIVERY]: { body: recordingDeliveryFixture({ report: deliveryReportFixture({ pitch: { variationSemitones: 0.6, expression: 'flat' } }) }) },
    });
    const region = await card();
    expect(within(region).getByRole('heading', { level: 3, name: 'How did it sound?' })).toBeInTheDocument();
    expect(await within(region).findByText('Measured by the server')).toBeInTheDocument();
    expect(region).toHaveTextContent('Flat');
    expect(region).toHaveTextContent('Tip: Let your voice rise and fall to show what matters');
    const player = screen.getByLabelText('Recording by Amy Adams') as HTMLAudioElement;
    expect(player.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Beside the player, before the scores.
    expect(region.compareDocumentPosition(screen.getByRole('radiogroup', { name: 'Linguistic' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(await within(region).findByRole('button', { name: 'Pause 2: 9.0 s to 9.5 s — play from here' }));
    expect(player.currentTime).toBe(9);
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(player);
  });

  it('says "Measured on the student’s phone" for the phone’s report', async () => {
    setup('/teacher/speaking/review/r1', { [DELIVERY]: { body: recordingDeliveryFixture({ source: 'device' }) } });
    expect(await within(await card()).findByText("Measured on the student's phone")).toBeInTheDocument();
  });

  it('says why the server could not measure a take whose phone report it kept', async () => {
    const reason = 'The recording could not be decoded: the file is damaged.';
    setup('/teacher/speaking/review/r1', { [DELIVERY]: { body: recordingDeliveryFixture({ source: 'device', reason }) } });
    expect(await within(await card()).findByText(`Measured on the student's phone · ${reason}`)).toBeInTheDocument();
  });

  it('never holds up the scoring form: it loads on its own', async () => {
    setup('/teacher/speaking/review/r1', { [DELIVERY]: () => new Promise(() => undefined) });
    const linguistic = await screen.findByRole('radiogroup', { name: 'Linguistic' });
    expect(within(linguistic).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
    expect(await within(await card()).findByText('Loading the delivery feedback…')).toBeInTheDocument();
  });

  it('says "Measuring…" while the server measures, with "Check again"', async () => {
    let ready = false;
    const { user } = setup('/teacher/speaking/review/r1', { [DELIVERY]: () => ({ body: ready ? recordingDeliveryFixture() : unmeasuredFixture('pending') }) });
    const region = await card();
    expect(await within(region).findByText('Measuring…')).toBeInTheDocument();
    ready = true;
    await user.click(within(region).getByText('Check again', { selector: 'ion-button' }));
    expect(await within(region).findByText('Measured by the server')).toBeInTheDocument();
  });

  it('says why a recording could not be measured, in plain words', async () => {
    setup('/teacher/speaking/review/r1', { [DELIVERY]: { body: unmeasuredFixture('failed', 'Measuring the recording took too long.') } });
    expect(await within(await card()).findByText('Measuring the recording took too long.')).toBeInTheDocument();
  });

  it('says "Delivery could not be measured on this server." when it is unavailable', async () => {
    setup('/teacher/speaking/review/r1', { [DELIVERY]: { body: unmeasuredFixture('unavailable', 'The server cannot decode this kind of recording.') } });
    const region = await card();
    expect(await within(region).findByText('Delivery could not be measured on this server.')).toBeInTheDocument();
    expect(within(region).queryByText('Check again', { selector: 'ion-button' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the measurement cannot be loaded', async () => {
    let fail = true;
    const { user } = setup('/teacher/speaking/review/r1', {
      [DELIVERY]: () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: recordingDeliveryFixture() }),
    });
    const region = await card();
    expect(await within(region).findByText('Could not load the delivery feedback. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Physical' })).toBeInTheDocument();
    fail = false;
    await user.click(within(region).getByText('Retry', { selector: 'ion-button' }));
    await waitFor(() => expect(region).toHaveTextContent('Comfortable · 4.2 syllables a second'));
  });
});
