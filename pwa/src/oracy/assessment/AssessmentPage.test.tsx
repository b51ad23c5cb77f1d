import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { snapshot } from '../../test/oracyFixtures';
import { choose, type IonField } from '../../test/fields';
import { renderAt } from '../../test/renderApp';
import { t } from '../../platform/i18n';
import { CATEGORIES, STATEMENT_KEYS, statementText } from './statements';

// jsdom has no canvas to draw on: the dashboards' charts, where a test lands on one, are stubbed.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const STATEMENTS = CATEGORIES.flatMap((category) => category.statements);

const SUBMITTED = snapshot(10, { linguistic: 4.25, cognitive: 3.5, socialEmotional: 3, physical: 2.75 });

/** The answer of `POST /api/updateOracyAssessment` for {@link SUBMITTED}, with this change since last time. */
const submittedAnswer = (change: number | null): FakeRoute => ({
  status: 201,
  body: { id: SUBMITTED.id, oracyLevel: SUBMITTED.level, mean: 3.375, snapshot: SUBMITTED, change },
});

function setup(routes: Record<string, FakeRoute> = {}, as: keyof typeof USERS = 'student') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  const rendered = renderAt('/');
  return { fetchSpy, ...rendered, user: userEvent.setup() };
}

/** Waits for the whole questionnaire: the cards arrive one per frame, the submit button with the last. */
async function questionnaire() {
  await waitFor(() => expect(screen.getAllByRole('radiogroup')).toHaveLength(16));
  return screen.getAllByRole('radiogroup');
}

/** Answers the first `count` statements, statement i with option (i mod 5) + 1, as Ionic's radio group reports a choice. */
async function answer(count: number) {
  const groups = await questionnaire();
  for (let index = 0; index < count; index += 1) choose(groups[index] as HTMLElement, (index % 5) + 1);
}

describe('the self-assessment page (docs/product.md#self-assessment)', { timeout: 15_000 }, () => {
  it('shows "Loading your assessment..." while the user (and the answers\' scale) load', async () => {
    // The gate exists before the request does, so releasing it never races the lazy page's fetch.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup({ 'GET /auth/current_user': () => gate.then(() => ({ body: USERS.student })) });
    expect(await screen.findByText('Loading your assessment...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Welcome, Sam')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading your assessment...')).not.toBeInTheDocument());
    expect(await questionnaire()).toHaveLength(16);
  });

  it('shows the title and the introduction, without the questions, while the user loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup({ 'GET /auth/current_user': () => gate.then(() => ({ body: USERS.student })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oracy Skills Self-Assessment' })).toBeInTheDocument();
    expect(screen.getByText(/^How far do you agree with each statement\?/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your assessment...');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    release();
    expect(await questionnaire()).toHaveLength(16);
  });

  it('sends the browser to the sign-in page when there is no current user', async () => {
    const { redirect } = setup({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } } });
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
  });

  it('shows the four categories with four labelled five-option radio groups each', async () => {
    setup();
    expect(await screen.findByText('Welcome, Sam')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Oracy Skills Self-Assessment' })).toBeInTheDocument();
    const groups = await questionnaire();
    expect(groups).toHaveLength(16);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Linguistic (Professional Language)',
      'Cognitive (Critical & Purposeful)',
      'Social & Emotional',
      'Physical (Voice & Body Language)',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'I use a varied and professional vocabulary when presenting ideas.' })).toBeInTheDocument();
    for (const group of groups) {
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => [(radio as IonField).value, radio.textContent]),
      ).toEqual([
        [1, 'Strongly Disagree'],
        [2, 'Disagree'],
        [3, 'Neutral'],
        [4, 'Agree'],
        [5, 'Strongly Agree'],
      ]);
    }
  });

  it('shows the first card with the user and the others after it, in order, the submit button last', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Linguistic (Professional Language)' })).toBeInTheDocument();
    await questionnaire();
    const form = screen.getByRole('heading', { level: 1, name: 'Oracy Skills Self-Assessment' }).closest('form') as HTMLFormElement;
    const order = [...form.querySelectorAll('h2, [role="radiogroup"], button')].map((node) => (node.tagName === 'H2' ? node.textContent : node.tagName === 'BUTTON' ? 'submit' : 'group'));
    expect(order).toEqual([...CATEGORIES.flatMap((category) => [t(category.name), ...category.statements.map(() => 'group')]), 'submit']);
  });

  it('can be answered from the keyboard', async () => {
    const { user } = setup();
    const group = await screen.findByRole('radiogroup', { name: statementText(STATEMENTS[0]!.key) });
    // Ionic's radio group: Space chooses the focused option, the arrow keys move to the next one and choose it.
    within(group).getByRole('radio', { name: 'Strongly Disagree' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Strongly Disagree' })).toBeChecked());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Disagree' })).toBeChecked());
    expect(await screen.findByText(/1 of 16 statements answered/)).toBeInTheDocument();
  });

  it('keeps "Submit Assessment" disabled until all 16 statements are answered', async () => {
    const { user, fetchSpy } = setup();
    await screen.findByText('Welcome, Sam');
    expect(await screen.findByRole('button', { name: 'Submit Assessment' })).toBeDisabled();

    await answer(15);
    expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeDisabled();
    expect(screen.getByText(/15 of 16 statements answered/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(fetchSpy).toHaveBeenCalledTimes(1); // only the current user: nothing was submitted

    await answer(16);
    expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeEnabled();
  });

  it('submits the 16 scores and thanks the user', async () => {
    const { user, fetchSpy } = setup({ 'POST /api/updateOracyAssessment': submittedAnswer(null) });
    await screen.findByText('Welcome, Sam');
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    expect(await screen.findByRole('heading', { name: 'Thank You, Sam!' })).toBeInTheDocument();
    expect(screen.getByText('Your responses have been recorded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore our Website' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/student/dashboard');

    const call = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/updateOracyAssessment');
    expect(call?.[1]?.method).toBe('POST');
    expect(sentJson(call)).toEqual({
      oracy_scores: Object.fromEntries(STATEMENT_KEYS.map((key, index) => [key, (index % 5) + 1])),
    });
  });

  it('shows the strand scores of the submission, the change since last time and, for a student, the link to the profile', async () => {
    const { user } = setup({ 'POST /api/updateOracyAssessment': submittedAnswer(0.25) });
    await screen.findByText('Welcome, Sam');
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    await screen.findByRole('heading', { name: 'Thank You, Sam!' });
    const strands = within(screen.getByRole('list', { name: 'Your strand scores' })).getAllByRole('listitem');
    expect(strands.map((item) => item.textContent)).toEqual(['Linguistic 4.25', 'Cognitive 3.50', 'Social & Emotional 3.00', 'Physical 2.75']);
    expect(screen.getByText('Change since last time: +0.25')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See your Oracy profile' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/student/oracy'));
  });

  it('shows no change after the first submission', async () => {
    const { user } = setup({ 'POST /api/updateOracyAssessment': submittedAnswer(null) });
    await screen.findByText('Welcome, Sam');
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    await screen.findByRole('heading', { name: 'Thank You, Sam!' });
    expect(screen.getByRole('list', { name: 'Your strand scores' })).toBeInTheDocument();
    expect(screen.queryByText(/^Change since last time/)).not.toBeInTheDocument();
  });

  it.each(['teacher', 'admin'] as const)('shows the scores without the link to the profile (%s)', async (as) => {
    const { user } = setup({ 'POST /api/updateOracyAssessment': submittedAnswer(-0.5) }, as);
    await screen.findByText(`Welcome, ${USERS[as].firstName}`);
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    await screen.findByRole('heading', { name: `Thank You, ${USERS[as].firstName}!` });
    expect(within(screen.getByRole('list', { name: 'Your strand scores' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Change since last time: −0.50')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See your Oracy profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', `/${as}/dashboard`);
  });

  it.each([
    ['student', '/student/dashboard'],
    ['teacher', '/teacher/dashboard'],
    ['admin', '/admin/dashboard'],
  ] as const)('leads a %s from the questionnaire to their own dashboard', async (as, home) => {
    const { user } = setup({}, as);
    await screen.findByText(`Welcome, ${USERS[as].firstName}`);
    const link = await screen.findByRole('link', { name: 'Go to my dashboard' });
    expect(link).toHaveAttribute('href', home);
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(home));
  });

  it('shows "Submission failed" on a 400 and keeps the answers', async () => {
    const { user } = setup({ 'POST /api/updateOracyAssessment': { status: 400, body: { error: { code: 'validation_failed', message: 'bad' } } } });
    await screen.findByText('Welcome, Sam');
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    expect(await screen.findByRole('alertdialog', { name: 'Submission failed' })).toBeInTheDocument();
    expect(screen.queryByText('Thank You, Sam!')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(16);
    expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeEnabled();
  });

  it('shows "Network error" when the submission cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({ 'POST /api/updateOracyAssessment': new TypeError('Failed to fetch') });
    await screen.findByText('Welcome, Sam');
    await answer(16);
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByRole('alertdialog', { name: 'Network error' })).toBeInTheDocument();
  });

  it('logs out to SITE_URL, clearing the session keys', async () => {
    const { user, redirect } = setup({ 'POST /auth/logout': { body: { ok: true } } });
    await screen.findByText('Welcome, Sam');
    expect(localStorage.getItem('studentId')).toBe('u-student');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem('studentId')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows "Logout failed" when logout is refused', async () => {
    const { user, redirect } = setup({ 'POST /auth/logout': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    await screen.findByText('Welcome, Sam');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alertdialog', { name: 'Logout failed' })).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });
});
