import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryReport } from '@oracy/api/delivery';
import { closeUserDb } from '../../platform/api/db';
import { RequestQueue } from '../../platform/offline/outbox';
import { wireRequest } from '../../platform/offline/outboxItems';
import { deliveryReportFixture } from '../../test/deliveryFixtures';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { installFakeMedia } from '../../test/fakeMedia';
import { installFakeXhr, useNodeBlobs } from '../../test/fakeXhr';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { recordingFixture, studentTaskFixture } from '../../test/speakingFixtures';

/**
 * "How did it sound?" on the student's task screen (docs/product.md#how-did-it-sound), with the
 * outbox on a fake IndexedDB. jsdom has neither Web Audio nor workers: the device's measurement
 * (`measureTake`: decode + worker) answers each take with the next of `measured.results`.
 */
useFakeIndexedDb();

type Result = DeliveryReport | Error | Promise<DeliveryReport>;
const measured = vi.hoisted(() => ({ results: [] as Result[], takes: [] as Blob[] }));
vi.mock('../../delivery/measure', () => ({
  measureTake: async (blob: Blob) => {
    measured.takes.push(blob);
    const next = measured.results.shift() ?? new Error('No measurement in this test');
    if (next instanceof Error) throw next;
    return next;
  },
}));
vi.mock('react-chartjs-2', () => ({ Line: () => null }));

const SLOW = { timeout: 8000 };
const TASKS = 'GET /api/student/speaking-tasks/u-student';
const UPLOAD = 'POST /api/student/speaking-tasks/t1/recordings';
const QUEUED = "Queued — will be sent when you're back online";
const SENT = 'Sent — your teacher will listen to it.';

function setup(routes: Record<string, FakeRoute>, results: Result[]) {
  measured.results = [...results];
  measured.takes = [];
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, [TASKS]: { body: [studentTaskFixture()] }, ...routes });
  return { fetchSpy, ...renderAt('/student/speaking/t1'), user: userEvent.setup() };
}

/** Records a take with the fake microphone. */
async function recordTake(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record' }, SLOW));
  await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
}

/** What the upload route received: the form's fields (the audio by name). */
type Received = { delivery: FormDataEntryValue | null; durationMs: FormDataEntryValue | null; audio: string };
const receiving =
  (received: Received[]): FakeRoute =>
  async (request) => {
    const form = await request.formData();
    received.push({ delivery: form.get('delivery'), durationMs: form.get('durationMs'), audio: (form.get('audio') as File).name });
    return { status: 201, body: recordingFixture() };
  };

describe('How did it sound? on the task screen', { timeout: 30_000 }, () => {
  it('appears after Stop, between the player and Submit, with the take’s bands and tips; nothing plays by itself', async () => {
    installFakeMedia();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = setup({}, [deliveryReportFixture({ durationMs: 30_000, pauses: { count: 0, meanMs: 0, longestMs: 0, list: [] }, rate: { syllablesPerSecond: 6.1, pace: 'fast' } })]);
    await recordTake(user);

    const card = await screen.findByRole('region', { name: 'How did it sound?' });
    expect(await within(card).findByText('A bit fast')).toBeInTheDocument();
    expect(card).toHaveTextContent('6.1 syllables a second');
    expect(card.querySelector('details')).not.toHaveAttribute('open');
    expect(card).toHaveTextContent('Tip: Slow down a little so every word lands');
    expect(card).toHaveTextContent('Tip: Try a short pause after each big idea so your listeners can think');
    const player = screen.getByLabelText('Your recording') as HTMLAudioElement;
    const submit = screen.getByText('Submit', { selector: 'ion-button' });
    expect(player.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(measured.takes).toHaveLength(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('plays the take from a pause’s start when its button is pressed', async () => {
    installFakeMedia();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = setup({}, [deliveryReportFixture()]);
    await recordTake(user);
    await user.click(await screen.findByText('Details', { selector: 'summary' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Pause 2: 9.0 s to 9.5 s — play from here' }, SLOW));
    const player = screen.getByLabelText('Your recording') as HTMLAudioElement;
    expect(player.currentTime).toBe(9);
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(player);
  });

  it('keeps take 1’s bands beside take 2’s after Record again, and sends take 2 with its report as the field delivery', async () => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    const first = deliveryReportFixture({ rate: { syllablesPerSecond: 6.4, pace: 'fast' }, pitch: { variationSemitones: 0.7, expression: 'flat' } });
    const second = deliveryReportFixture();
    const received: Received[] = [];
    const { user } = setup({ [UPLOAD]: receiving(received) }, [first, second]);

    await recordTake(user);
    expect(await screen.findByText('Quite flat')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /beside/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('Record again', { selector: 'ion-button' }));
    await recordTake(user);

    const table = await screen.findByRole('table', { name: 'Take 1 beside take 2' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /^Pace/ })).toHaveTextContent('PaceA bit fastNice steady pace'));
    expect(within(table).getByRole('row', { name: /^Expression/ })).toHaveTextContent('ExpressionQuite flatYour voice went up and down a little');
    expect(screen.getByRole('region', { name: 'How did it sound?' })).toHaveTextContent('Nice steady pace');

    await user.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]?.audio).toBe('answer.webm');
    expect(JSON.parse(String(received[0]?.delivery))).toEqual(second);
  });

  it('queues the report with a take made offline and sends it with the take once back online', async () => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    const report = deliveryReportFixture();
    let online = false;
    const received: Received[] = [];
    const deliver = receiving(received) as (request: Request) => Promise<{ status: number; body: unknown }>;
    const { user } = setup({ [UPLOAD]: (request) => (online ? deliver(request) : new TypeError('Failed to fetch')) }, [report]);
    await recordTake(user);
    expect(await screen.findByText('Nice steady pace')).toBeInTheDocument();
    await user.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await screen.findByText(QUEUED, undefined, SLOW)).toBeInTheDocument();

    const [queued] = await new RequestQueue(USERS.student.id).getAll();
    expect(queued && wireRequest(queued).body).toMatchObject({ type: 'form', fields: { durationMs: expect.any(String), delivery: JSON.stringify(report) } });

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(JSON.parse(String(received[0]?.delivery))).toEqual(report);
  });

  it('keeps a queued take’s player and card, marked "Waiting to send", after a reload too, until the submitted view replaces it', async () => {
    await useNodeBlobs();
    const media = installFakeMedia();
    installFakeXhr();
    const report = deliveryReportFixture();
    let online = false;
    const received: Received[] = [];
    const deliver = receiving(received) as (request: Request) => Promise<{ status: number; body: unknown }>;
    const routes = { [UPLOAD]: (request: Request) => (online ? deliver(request) : new TypeError('Failed to fetch')) };
    const first = setup(routes, [report]);
    await recordTake(first.user);
    expect(await screen.findByText('Nice steady pace')).toBeInTheDocument();
    await first.user.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await screen.findByText(QUEUED, undefined, SLOW)).toBeInTheDocument();

    const expectQueuedTake = async () => {
      expect(await screen.findByText('Waiting to send', undefined, SLOW)).toBeInTheDocument();
      const player = (await screen.findByLabelText('Your recording, waiting to send')) as HTMLAudioElement;
      expect(player.src).toMatch(/^blob:/);
      const card = screen.getByRole('region', { name: 'How did it sound?' });
      expect(await within(card).findByText('Nice steady pace')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
      return player.src;
    };
    const shownUrl = await expectQueuedTake();

    // After a reload the take comes from the outbox alone, with the report it will be sent with (not measured again).
    first.unmount();
    expect(media.revokedUrls).toContain(shownUrl);
    closeUserDb();
    setup(routes, []);
    await expectQueuedTake();
    expect(measured.takes).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Your recording, waiting to send')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your submitted recording')).toHaveAttribute('src', '/api/recordings/r1/audio');
    expect(received).toHaveLength(1);
  });

  it('waits for a take still being measured when Submit is pressed, and sends its report', async () => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    const report = deliveryReportFixture();
    let finish: (report: DeliveryReport) => void = () => undefined;
    const received: Received[] = [];
    const { user } = setup({ [UPLOAD]: receiving(received) }, [new Promise<DeliveryReport>((resolve) => (finish = resolve))]);
    await recordTake(user);
    expect(await screen.findByText('Measuring…')).toBeInTheDocument();
    await user.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await screen.findByText('Uploading your recording…')).toBeInTheDocument();
    expect(received).toHaveLength(0);

    finish(report);
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    expect(JSON.parse(String(received[0]?.delivery))).toEqual(report);
  });

  it('says plainly when a take could not be measured, and Submit sends it without a report', async () => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const received: Received[] = [];
    const { user } = setup({ [UPLOAD]: receiving(received) }, [new Error('Unable to decode audio data')]);
    await recordTake(user);
    expect(await screen.findByText('We could not measure this take. You can still submit it.')).toBeInTheDocument();
    await user.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]?.delivery).toBeNull();
    expect(received[0]?.durationMs).not.toBeNull();
  });

  it('says so when it heard no speech', async () => {
    installFakeMedia();
    const { user } = setup({}, [
      deliveryReportFixture({
        speakingMs: 0,
        pauses: { count: 0, meanMs: 0, longestMs: 0, list: [] },
        rate: { syllables: 0, syllablesPerSecond: 0, pace: null },
        loudness: { speechDbfs: null, quiet: true },
      }),
    ]);
    await recordTake(user);
    expect(await screen.findByText('We could not hear any speech in this take.')).toBeInTheDocument();
    expect(screen.queryByText('Pace')).not.toBeInTheDocument();
  });
});
