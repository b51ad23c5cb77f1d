import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { closeUserDb } from '../../platform/api/db';
import { RequestQueue } from '../../platform/offline/outbox';
import { wireRequest } from '../../platform/offline/outboxItems';
import { recordingRequest } from '../useSpeakingOutbox';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { installFakeMedia } from '../../test/fakeMedia';
import { installFakeXhr, useNodeBlobs } from '../../test/fakeXhr';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { recordingFixture as recording, studentTaskFixture as task } from '../../test/speakingFixtures';

/** The student's speaking practice (docs/product.md#speaking-practice), with the outbox on a fake IndexedDB. */
useFakeIndexedDb();

const SLOW = { timeout: 8000 };
const TASKS = 'GET /api/student/speaking-tasks/u-student';
const UPLOAD = 'POST /api/student/speaking-tasks/t1/recordings';
const QUEUED = "Queued — will be sent when you're back online";
const SENT = 'Sent — your teacher will listen to it.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(path: string, routes: Record<string, FakeRoute>) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

const uploads = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/t1/recordings'));
const keyOf = (call: unknown[] | undefined) => new Headers((call?.[1] as RequestInit | undefined)?.headers).get('Idempotency-Key');

/** Records a take with the fake microphone and presses Submit. */
async function recordAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record' }, SLOW));
  await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
  await user.click(await screen.findByText('Submit', { selector: 'ion-button' }));
}

describe('Speaking practice: the task list', { timeout: 20_000 }, () => {
  it('shows each task with its course, due date and status: To do, Submitted, Reviewed, and Queued for a take in the outbox', async () => {
    await useNodeBlobs();
    await new RequestQueue(USERS.student.id).pushRequest(recordingRequest('t4', { blob: new Blob(['audio'], { type: 'audio/webm' }), type: 'audio/webm', durationMs: 3000 }));
    setup('/student/speaking', {
      [TASKS]: {
        body: [
          task({ id: 't1', title: 'Weekend', dueAt: '2026-12-03T12:00:00.000Z' }),
          task({ id: 't2', title: 'Favourite book', recording: recording({ taskId: 't2' }) }),
          task({
            id: 't3',
            title: 'A debate',
            recording: recording({ taskId: 't3', status: 'reviewed' }),
            feedback: {
              id: 'f1',
              recordingId: 'r1',
              teacherId: 'u-teacher',
              strands: { linguistic: 4 },
              comment: 'Good',
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
            },
          }),
          task({ id: 't4', title: 'My hero', dueAt: null }),
        ],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Speaking Practice' }, SLOW)).toBeInTheDocument();
    const card = async (title: string) => (await screen.findByRole('link', { name: title })).closest('ion-card') as HTMLElement;
    expect(await card('Weekend')).toHaveTextContent('Course: Voice');
    expect(await card('Weekend')).toHaveTextContent('Due 3 Dec 2026');
    expect(await card('Weekend')).toHaveTextContent('Status: To do');
    expect(await card('Favourite book')).toHaveTextContent('Status: Submitted');
    expect(await card('A debate')).toHaveTextContent('Status: Reviewed');
    expect(await card('My hero')).toHaveTextContent('No due date');
    await waitFor(async () => expect(await card('My hero')).toHaveTextContent('Status: Queued'));
    expect(screen.getByRole('link', { name: 'Weekend' })).toHaveAttribute('href', '/student/speaking/t1');
  });

  it('says "No speaking tasks yet." without tasks', async () => {
    setup('/student/speaking', { [TASKS]: { body: [] } });
    expect(await screen.findByText('No speaking tasks yet.', undefined, SLOW)).toBeInTheDocument();
  });

  it('shows the error with Retry when the tasks cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup('/student/speaking', { [TASKS]: { status: 403, body: { error: { code: 'forbidden', message: 'No.' } } } });
    expect(await screen.findByText('Could not load your speaking tasks. Please try again.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Retry')).toBeInTheDocument();
  });
});

describe('Speaking practice: a task', { timeout: 30_000 }, () => {
  it('shows the prompt, the focus strands and the time limit; a take sent online is multipart with an Idempotency-Key', async () => {
    await useNodeBlobs();
    installFakeMedia();
    const xhr = installFakeXhr();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const received: Array<{ key: string | null; contentType: string | null; name: string; durationMs: unknown }> = [];
    const { fetchSpy, user } = setup('/student/speaking/t1', {
      [TASKS]: { body: [task()] },
      [UPLOAD]: async (request) => {
        const form = await request.formData();
        received.push({
          key: request.headers.get('Idempotency-Key'),
          contentType: request.headers.get('Content-Type'),
          name: (form.get('audio') as File).name,
          durationMs: form.get('durationMs'),
        });
        await gate;
        return { status: 201, body: recording() };
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Describe your weekend' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Tell a friend about your weekend in one minute.')).toBeInTheDocument();
    const strands = screen.getByRole('list', { name: 'Focus strands' });
    expect(
      within(strands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Linguistic', 'Physical']);
    expect(screen.getByText('Answer in at most 1:30')).toBeInTheDocument();
    expect(screen.getByText(/^Course: .+ · Due 3 Dec 2026$/)).toBeInTheDocument();

    await recordAndSubmit(user);
    expect(await screen.findByText('Uploading your recording…')).toBeInTheDocument();
    release();

    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(QUEUED)).not.toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]?.key).toMatch(UUID);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.name).toBe('answer.webm');
    expect(Number(received[0]?.durationMs)).toBeGreaterThanOrEqual(0);
    expect(xhr.sent).toHaveLength(1);
    expect(uploads(fetchSpy)).toHaveLength(1);
    expect(screen.getByText('Submitted 20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Your submitted recording')).toHaveAttribute('src', '/api/recordings/r1/audio');
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(await new RequestQueue(USERS.student.id).getAll()).toEqual([]);
  });

  it('queues a take made offline, still shows it after a reload, and delivers it exactly once back online', async () => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    let online = false;
    const accepted: Array<string | null> = [];
    const routes: Record<string, FakeRoute> = {
      [TASKS]: { body: [task()] },
      [UPLOAD]: (request) => {
        if (!online) return new TypeError('Failed to fetch');
        accepted.push(request.headers.get('Idempotency-Key'));
        return { status: 201, body: recording() };
      },
    };
    const first = setup('/student/speaking/t1', routes);
    await recordAndSubmit(first.user);
    expect(await screen.findByText(QUEUED, undefined, SLOW)).toBeInTheDocument();
    const [queued] = await new RequestQueue(USERS.student.id).getAll();
    expect(queued && wireRequest(queued).body).toMatchObject({ type: 'form', fields: { durationMs: expect.any(String) }, files: { audio: { filename: 'answer.webm' } } });

    // A reload: a new render over the same IndexedDB.
    first.unmount();
    closeUserDb();
    const attempts = uploads(first.fetchSpy).length;
    const { fetchSpy } = setup('/student/speaking/t1', routes);
    expect(await screen.findByText(QUEUED, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(SENT, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(QUEUED)).not.toBeInTheDocument());
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(new Set(uploads(fetchSpy).map(keyOf))).toEqual(new Set([queued?.idempotencyKey]));
    // Delivered once: one send reached the (now answering) server, and nothing is left to send.
    expect(accepted).toEqual([queued?.idempotencyKey]);
    expect(await new RequestQueue(USERS.student.id).getAll()).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(accepted).toHaveLength(1);
    expect(screen.getByText('Submitted 20 Nov 2026')).toBeInTheDocument();
  });

  it.each([
    [415, 'The recording is not audio.'],
    [400, 'The recording is longer than 90 seconds.'],
  ])('shows a %s refusal with its message, and lets the student discard it or record again', async (status, message) => {
    await useNodeBlobs();
    installFakeMedia();
    installFakeXhr();
    const { user } = setup('/student/speaking/t1', {
      [TASKS]: { body: [task()] },
      [UPLOAD]: { status, body: { error: { code: 'refused', message } } },
    });
    await recordAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(QUEUED)).not.toBeInTheDocument();

    await user.click(screen.getByText('Record again', { selector: 'ion-button' }));
    expect(await screen.findByRole('button', { name: 'Record' })).toBeInTheDocument();
    await waitFor(async () => expect(await new RequestQueue(USERS.student.id).getAll()).toEqual([]));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows a reviewed task’s scores and comment, and no recorder', async () => {
    setup('/student/speaking/t1', {
      [TASKS]: {
        body: [
          task({
            recording: recording({ status: 'reviewed' }),
            feedback: {
              id: 'f1',
              recordingId: 'r1',
              teacherId: 'u-teacher',
              strands: { linguistic: 4, physical: 3 },
              comment: 'Clear and lively: slow down a little.',
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
            },
          }),
        ],
      },
    });
    const scores = await screen.findByRole('list', { name: 'Scores' }, SLOW);
    expect(
      within(scores)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LinguisticProficient', 'PhysicalDeveloping']);
    expect(
      within(scores)
        .getAllByRole('img')
        .map((stars) => stars.getAttribute('aria-label')),
    ).toEqual(['4 out of 5', '3 out of 5']);
    // the stars inside each "N out of 5": filled up to the score, hidden from screen readers
    const stars = within(scores).getByRole('img', { name: '4 out of 5' }).querySelectorAll('ion-icon');
    expect(stars).toHaveLength(5);
    expect([...stars].filter((star) => star.classList.contains('score-stars__star--filled'))).toHaveLength(4);
    expect([...stars].every((star) => star.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(screen.getByText('Clear and lively: slow down a little.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(screen.queryByText('Record again')).not.toBeInTheDocument();
  });

  it('says a reviewed take’s audio was removed under the retention policy, and keeps its feedback (docs/product.md#retention)', async () => {
    setup('/student/speaking/t1', {
      [TASKS]: {
        body: [
          task({
            recording: recording({ status: 'reviewed', audioRemoved: { at: '2027-11-21T03:30:00.000Z', afterDays: 90 } }),
            feedback: {
              id: 'f1',
              recordingId: 'r1',
              teacherId: 'u-teacher',
              strands: { linguistic: 4 },
              comment: 'Well done.',
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
            },
          }),
        ],
      },
    });
    expect(await screen.findByText('Audio removed after 90 days under your school’s retention policy.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your submitted recording')).not.toBeInTheDocument();
    expect(screen.getByText('Well done.')).toBeInTheDocument();
  });

  it('shows a submitted take with its date and player, and "Record again" opens the recorder', async () => {
    installFakeMedia();
    const { user } = setup('/student/speaking/t1', { [TASKS]: { body: [task({ recording: recording() })] } });
    expect(await screen.findByText('Submitted 20 Nov 2026', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Your submitted recording')).toHaveAttribute('src', '/api/recordings/r1/audio');
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Record again', { selector: 'ion-button' }));
    expect(await screen.findByRole('button', { name: 'Record' })).toBeInTheDocument();
  });

  it('shows a reading-aloud task’s script whole under "Read this aloud", and nothing of the kind without one (docs/product.md#reading-aloud)', async () => {
    const script = 'Once upon a time, a small fox lived at the edge of a very old wood.\nEvery morning it ran to the river.';
    const first = setup('/student/speaking/t1', { [TASKS]: { body: [task({ script })] } });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Read this aloud' }, SLOW);
    const card = heading.closest('ion-card') as HTMLElement;
    expect(card).toHaveAccessibleName('Read this aloud');
    expect(within(card).getByText(/Once upon a time/)).toHaveTextContent(script.replace('\n', ' '), { normalizeWhitespace: true });
    expect(within(card).getByText(/Once upon a time/)).toHaveClass('speaking-task__script-text');
    first.unmount();

    setup('/student/speaking/t1', { [TASKS]: { body: [task()] } });
    await screen.findByRole('heading', { level: 1, name: 'Describe your weekend' }, SLOW);
    expect(screen.queryByRole('heading', { name: 'Read this aloud' })).not.toBeInTheDocument();
  });

  it('says the task could not be found when it is not one of the student’s', async () => {
    setup('/student/speaking/t9', { [TASKS]: { body: [task()] } });
    expect(await screen.findByText('This speaking task could not be found.', undefined, SLOW)).toBeInTheDocument();
  });
});
