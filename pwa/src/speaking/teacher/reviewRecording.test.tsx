import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findToast, prepareScreenTests } from '../../test/adminTestUtils';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { fieldError } from '../../test/fields';
import { renderAt } from '../../test/renderApp';
import { queueRoute, reviewItemFixture, reviewItemRoutes, teacherTaskFixture } from '../../test/speakingFixtures';

prepareScreenTests();

const FEEDBACK = {
  id: 'f9',
  recordingId: 'r9',
  teacherId: 'u-teacher',
  strands: { linguistic: 4, physical: 2 },
  comment: 'Clear and lively.',
  createdAt: '2026-01-21T10:00:00.000Z',
  updatedAt: '2026-01-21T10:00:00.000Z',
};
const R1 = reviewItemFixture('r1', 'Amy Adams');
const R2 = reviewItemFixture('r2', 'Ben Brown', { submittedAt: '2026-02-02T10:00:00.000Z', taskTitle: 'A favourite place', focusStrands: ['cognitive'] });
const R9 = reviewItemFixture('r9', 'Cleo Chen', { status: 'reviewed', feedback: FEEDBACK });

function setup(path: string, routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.teacher },
    'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [R1, R2], reviewed: [R9] }),
    ...reviewItemRoutes([R1, R2, R9]),
    'GET /api/teacher/speaking-tasks/u-teacher': { body: [] },
    'GET /api/teacher/courses/u-teacher': { body: [] },
    ...routes,
  });
  renderAt(path);
  return { fetchSpy, user: userEvent.setup() };
}

/** The IonButton with this text (its native button sits in a shadow root jsdom cannot reach). */
const ionButton = (text: string) => screen.getByText(text, { selector: 'ion-button' });
const calls = (spy: ReturnType<typeof mockFetch>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const location = () => screen.getByTestId('location').textContent;
const feedbackSaved = (recordingId: string, body: object) => ({ status: 201, body: { ...FEEDBACK, id: `f-${recordingId}`, recordingId, ...body } });

describe('Review Recording (docs/product.md#feedback)', { timeout: 30_000 }, () => {
  it('shows the student, the task and a labelled, seekable player of the recording', async () => {
    setup('/teacher/speaking/review/r1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Amy Adams' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Review Recording' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'My hero' })).toBeInTheDocument();
    expect(screen.getByText('Describe your hero in one minute.')).toBeInTheDocument();
    const audio = screen.getByLabelText('Recording by Amy Adams');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', '/api/recordings/r1/audio');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'metadata');
    // One 1–5 group per focus strand, none for the others.
    expect(screen.getAllByRole('radiogroup')).toHaveLength(2);
    expect(
      within(screen.getAllByRole('radiogroup')[0]!)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radiogroup', { name: 'Linguistic' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Physical' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Cognitive' })).not.toBeInTheDocument();
  });

  it('takes scores by keyboard and click, posts exactly the focus strands and the comment, then "Next pending" opens the next', async () => {
    const { user, fetchSpy } = setup('/teacher/speaking/review/r1', {
      'POST /api/teacher/recordings/r1/feedback': (request) => request.json().then((body: object) => feedbackSaved('r1', body)),
    });
    const linguistic = await screen.findByRole('radiogroup', { name: 'Linguistic' });
    // Save without scores: each group says what is missing, nothing is sent.
    await user.click(ionButton('Save'));
    // Ionic's radio group shows its error text and describes itself by it.
    await waitFor(() => expect(linguistic).toHaveAccessibleDescription('Give a score from 1 to 5.'));
    expect(fieldError(linguistic)).toBe('Give a score from 1 to 5.');
    expect(calls(fetchSpy, 'POST', '/api/teacher/recordings/r1/feedback')).toHaveLength(0);

    // Keyboard: the arrow keys move the choice within the group.
    await user.click(within(linguistic).getByRole('radio', { name: '2' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(within(linguistic).getByRole('radio', { name: '4' })).toBeChecked());
    expect(within(linguistic).getByRole('radio', { name: '4' })).toHaveFocus();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '3' }));
    await waitFor(() => expect(linguistic).not.toHaveAccessibleDescription('Give a score from 1 to 5.'));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '  Good pace; slow the ending.  ');
    await user.click(ionButton('Save'));

    await findToast('Feedback saved');
    expect(sentJson(calls(fetchSpy, 'POST', '/api/teacher/recordings/r1/feedback')[0])).toEqual({
      strands: { linguistic: 4, physical: 3 },
      comment: 'Good pace; slow the ending.',
    });
    await user.click(ionButton('Next pending'));
    await waitFor(() => expect(location()).toBe('/teacher/speaking/review/r2'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ben Brown' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Cognitive' })).toBeInTheDocument();
  });

  it('goes back to the queue with "Nothing left to review." when no other recording waits', async () => {
    let reviewed = false;
    const { user } = setup('/teacher/speaking/review/r2', {
      'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: () => (reviewed ? [] : [R2]), reviewed: [] }),
      'POST /api/teacher/recordings/r2/feedback': () => {
        reviewed = true;
        return feedbackSaved('r2', { strands: { cognitive: 5 }, comment: '' });
      },
    });
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Cognitive' })).getByRole('radio', { name: '5' }));
    await user.click(ionButton('Save'));
    await findToast('Feedback saved');
    await user.click(ionButton('Next pending'));
    await waitFor(() => expect(location()).toBe('/teacher/speaking'));
    await findToast('Nothing left to review.');
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
  });

  it('says "This recording already has feedback." on a 409, and shows a 400\'s messages beside the controls', async () => {
    let answer = 0;
    const { user } = setup('/teacher/speaking/review/r1', {
      'POST /api/teacher/recordings/r1/feedback': () => {
        answer += 1;
        return answer === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_error',
                  message: 'Score exactly the task’s focus strands.',
                  fields: { 'strands.physical': 'Give a score from 1 to 5.', comment: 'At most 2,000 characters.' },
                },
              },
            }
          : { status: 409, body: { error: { code: 'conflict', message: 'This recording already has feedback.' } } };
      },
    });
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Linguistic' })).getByRole('radio', { name: '3' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '3' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Fine.');
    await user.click(ionButton('Save'));
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Physical' })).toHaveAccessibleDescription('Give a score from 1 to 5.'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('At most 2,000 characters.'));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Fine.');

    await user.click(ionButton('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This recording already has feedback.');
    expect(screen.queryByText('Next pending', { selector: 'ion-button' })).not.toBeInTheDocument();
  });

  it('says the audio was removed under the retention policy instead of showing a player (docs/product.md#retention)', async () => {
    const removed = reviewItemFixture('r8', 'Dan Day', {
      status: 'reviewed',
      feedback: { ...FEEDBACK, recordingId: 'r8' },
      audioRemoved: { at: '2027-02-01T03:30:00.000Z', afterDays: 365 },
    });
    setup('/teacher/speaking/review/r8', { 'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [], reviewed: [removed] }), ...reviewItemRoutes([removed]) });
    expect(await screen.findByText('Audio removed after 365 days under your school’s retention policy.')).toBeInTheDocument();
    expect(document.querySelector('audio')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Clear and lively.');
  });

  it('opens a reviewed recording with its saved scores and comment, and saves changes with PUT', async () => {
    const { user, fetchSpy } = setup('/teacher/speaking/review/r9', {
      'PUT /api/teacher/recordings/r9/feedback': (request) => request.json().then((body: object) => ({ body: { ...FEEDBACK, ...body } })),
    });
    const linguistic = await screen.findByRole('radiogroup', { name: 'Linguistic' });
    expect(within(linguistic).getByRole('radio', { name: '4' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '2' })).toBeChecked();
    const comment = screen.getByRole('textbox', { name: 'Comment' });
    expect(comment).toHaveValue('Clear and lively.');

    await user.click(within(linguistic).getByRole('radio', { name: '5' }));
    await user.clear(comment);
    await user.type(comment, 'Even better.');
    await user.click(ionButton('Save'));
    await findToast('Feedback saved');
    expect(calls(fetchSpy, 'POST', '/api/teacher/recordings/r9/feedback')).toHaveLength(0);
    expect(sentJson(calls(fetchSpy, 'PUT', '/api/teacher/recordings/r9/feedback')[0])).toEqual({ strands: { linguistic: 5, physical: 2 }, comment: 'Even better.' });
  });

  it('makes the queue and the task counts follow a saved review at once, before the server answers again (docs/product.md#lists-reload-after-changes)', async () => {
    let pending = [R1, R2];
    // Once the review is saved, the server answers nothing more: only the screen's own update can drop the take.
    let silent = false;
    const hang = new Promise<never>(() => undefined);
    const { user, fetchSpy } = setup('/teacher/speaking', {
      'GET /api/teacher/recordings/u-teacher': (request) => (silent ? hang : { body: new URL(request.url).searchParams.get('status') === 'reviewed' ? [R9] : pending }),
      'GET /api/teacher/speaking-tasks/u-teacher': () => (silent ? hang : { body: [teacherTaskFixture('k1', 'My hero', { submitted: 2, students: 3, reviewed: 0 })] }),
      'POST /api/teacher/recordings/r1/feedback': (request) =>
        request.json().then((body: object) => {
          pending = [R2];
          silent = true;
          return feedbackSaved('r1', body);
        }),
    });
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 answered, 0 reviewed')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Amy Adams/ }));

    const linguistic = await screen.findByRole('radiogroup', { name: 'Linguistic' });
    await user.click(within(linguistic).getByRole('radio', { name: '4' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Physical' })).getByRole('radio', { name: '3' }));
    const queueCalls = calls(fetchSpy, 'GET', '/api/teacher/recordings/u-teacher').length;
    await user.click(ionButton('Save'));
    await findToast('Feedback saved');

    await user.click(screen.getByRole('link', { name: 'Back to Speaking Practice' }));
    await waitFor(() => expect(location()).toBe('/teacher/speaking'));
    await waitFor(() => expect(screen.getByText('1 waiting')).toBeVisible());
    expect(screen.queryByRole('link', { name: /Amy Adams/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ben Brown/ })).toBeInTheDocument();
    expect(screen.getByText('2 of 3 answered, 1 reviewed')).toBeInTheDocument();
    // and asked the server again, for the truth (another teacher's reviews too)
    expect(calls(fetchSpy, 'GET', '/api/teacher/recordings/u-teacher').length).toBeGreaterThan(queueCalls);
  });

  it('says so when the teacher may not see the recording or there is none', async () => {
    setup('/teacher/speaking/review/nope');
    expect(await screen.findByText('This recording is not in your review queue.')).toBeInTheDocument();
  });
});
