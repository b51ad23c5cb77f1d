import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRequiredUser } from '../../auth';
import { writeCache } from '../../platform/api/cache';
import { prepareScreenTests } from '../../test/adminTestUtils';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { transcriptKey, transcriptPieces, type Transcript } from './transcript';
import { TranscriptView, type TranscriptViewProps } from './TranscriptView';

/**
 * A take's transcript on screen (docs/product.md#transcripts): its states, its marks, a word
 * playing the take, the asking again while pending, offline, and the teacher's corrections.
 */
prepareScreenTests();
useFakeIndexedDb();

const PATH = 'GET /api/recordings/r1/transcript';
const PUT = 'PUT /api/recordings/r1/transcript';
const SUBMITTED = '2026-11-20T10:00:00.000Z';

const word = (text: string, startMs: number) => ({ text, startMs, endMs: startMs + 200, confidence: 0.9 });

function transcriptFixture(fields: Partial<Transcript> = {}): Transcript {
  return {
    status: 'ready',
    version: 1,
    language: 'en',
    text: 'So um we we went to the park',
    words: [word('So', 0), word('um', 400), word('we', 700), word('we,', 1000), word('went', 1300), word('to', 1600), word('the', 1800), word('park.', 2000)],
    wordsPerMinute: 120,
    fillers: [
      { text: 'um', startMs: 400, endMs: 600 },
      { text: 'uh', startMs: 2500, endMs: 2700 },
    ],
    repeats: [{ kind: 'word', text: 'we', count: 2, wordIndexes: [2, 3] }],
    reading: null,
    ...fields,
  };
}
const pending = (): Transcript => ({ status: 'pending', version: 0, language: '', text: '', words: [], wordsPerMinute: null, fillers: [], repeats: [], reading: null });

/** Renders its children once the session has the signed-in user, as a screen does (the cache is per user). */
function SignedIn({ children }: { children: ReactNode }) {
  return useRequiredUser() ? children : null;
}

function setup(
  routes: Record<string, FakeRoute>,
  { signedIn = false, ...props }: Partial<TranscriptViewProps> & { signedIn?: boolean } = {},
  user: (typeof USERS)[keyof typeof USERS] = USERS.student,
) {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: user }, ...routes });
  const onPlayFrom = vi.fn<(ms: number) => void>();
  const view = <TranscriptView recordingId="r1" submittedAt={SUBMITTED} audience="student" onPlayFrom={onPlayFrom} {...props} />;
  renderAt('/', signedIn ? <SignedIn>{view}</SignedIn> : view);
  return { fetchSpy, onPlayFrom };
}
/** An Ionic button by its text. */
const ionButton = (text: string, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'ion-button' });
const transcriptCalls = (fetchSpy: { mock: { calls: unknown[][] } }, method = 'GET') =>
  fetchSpy.mock.calls.filter(([url, init]) => String(url).endsWith('/api/recordings/r1/transcript') && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('transcriptPieces', () => {
  it('marks fillers by time, repeats by the server’s word indexes, and puts a filler heard between words in its place', () => {
    const pieces = transcriptPieces(transcriptFixture());
    expect(pieces.map((p) => `${p.text}${p.fillerStartMs !== null ? '[f]' : ''}${p.repeat ? '[r]' : ''}`)).toEqual(['So', 'um[f]', 'we[r]', 'we,[r]', 'went', 'to', 'the', 'park.', 'uh[f]']);
  });

  it('marks each saying of a repeated phrase and a two-word filler', () => {
    const words = ['you', 'know', 'I', 'like', 'red', 'I', 'like', 'red', 'I', 'like', 'red'].map((text, i) => word(text, i * 300));
    const pieces = transcriptPieces({
      words,
      fillers: [{ text: 'you know', startMs: 0, endMs: 500 }],
      repeats: [{ kind: 'phrase', text: 'i like red', count: 3, wordIndexes: [2, 3, 4, 5, 6, 7, 8, 9, 10] }],
    });
    expect(pieces.filter((p) => p.fillerStartMs !== null).map((p) => p.text)).toEqual(['you', 'know']);
    expect(pieces.filter((p) => p.repeat)).toHaveLength(9);
  });
});

describe('TranscriptView', { timeout: 30_000 }, () => {
  it('shows the words with fillers and repeats marked and named, words a minute and a legend; a word plays the take from its start', async () => {
    const { onPlayFrom } = setup({ [PATH]: { body: transcriptFixture() } });
    const region = await screen.findByRole('region', { name: 'What was said' });
    expect(await within(region).findByText('120 words a minute')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'um (filler)' })).toHaveClass('transcript__word--filler');
    expect(within(region).getByRole('button', { name: 'uh (filler)' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'we (repeated)' })).toHaveClass('transcript__word--repeat');
    expect(within(region).getByRole('button', { name: 'we, (repeated)' })).toBeInTheDocument();
    const legend = within(region).getByRole('list', { name: 'Key' });
    expect(legend).toHaveTextContent('filler word');
    expect(legend).toHaveTextContent('repeated word or phrase');
    expect(legend).toHaveTextContent('Tap a word to play the take from there.');

    await userEvent.click(within(region).getByRole('button', { name: 'park.' }));
    expect(onPlayFrom).toHaveBeenCalledWith(2000);
    expect(screen.queryByText('Correct transcript')).not.toBeInTheDocument();
  });

  it('shows the words as text, not buttons, without a player', async () => {
    setup({ [PATH]: { body: transcriptFixture() } }, { onPlayFrom: undefined });
    expect(await screen.findByText('went')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'went' })).not.toBeInTheDocument();
  });

  it.each([
    ['failed', 'The words of this take could not be worked out.'],
    ['unavailable', 'This server does not write out the words of takes.'],
    ['pending', 'Transcribing… the words will appear here.'],
  ] as const)('says so when the transcript is %s', async (status, text) => {
    setup({ [PATH]: { body: { ...pending(), status } } });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says "Corrected by your teacher" to the student once a teacher corrected it', async () => {
    setup({ [PATH]: { body: transcriptFixture({ version: 2 }) } });
    expect(await screen.findByText('Corrected by your teacher')).toBeInTheDocument();
  });

  it('says a load failed, with Retry that loads again', async () => {
    let calls = 0;
    setup({ [PATH]: () => (++calls === 1 ? { status: 403, body: { error: { code: 'forbidden', message: 'No.' } } } : { body: transcriptFixture() }) });
    expect(await screen.findByText('Could not load the words of this take.')).toBeInTheDocument();
    await userEvent.click(ionButton('Retry'));
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
  });

  it('asks again while pending, waiting longer each time, until the words are ready, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { fetchSpy } = setup({ [PATH]: () => (++calls < 3 ? { body: pending() } : { body: transcriptFixture() }) });
    expect(await screen.findByText('Transcribing… the words will appear here.')).toBeInTheDocument();
    expect(transcriptCalls(fetchSpy)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    await waitFor(() => expect(transcriptCalls(fetchSpy)).toHaveLength(2));
    // the second wait is 6 s: nothing at 4 s more
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(transcriptCalls(fetchSpy)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
    expect(transcriptCalls(fetchSpy)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(transcriptCalls(fetchSpy)).toHaveLength(3);
  });

  it('does not ask while the page is hidden, and asks at once when it is shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    let calls = 0;
    const { fetchSpy } = setup({ [PATH]: () => (++calls < 2 ? { body: pending() } : { body: transcriptFixture() }) });
    expect(await screen.findByText('Transcribing… the words will appear here.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(transcriptCalls(fetchSpy)).toHaveLength(1);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
  });

  it('offline with nothing ready says the words will appear back online, and shows them once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let reachable = false;
    setup({ [PATH]: () => (reachable ? { body: transcriptFixture() } : new TypeError('Failed to fetch')) });
    expect(await screen.findByText("Words will appear when you're back online")).toBeInTheDocument();
    online.mockReturnValue(true);
    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
  });

  it('offline shows the transcript cached on an earlier visit', async () => {
    await writeCache(USERS.student.id, transcriptKey('r1', SUBMITTED), transcriptFixture(), Date.now() - 60_000);
    setup({ [PATH]: new TypeError('Failed to fetch') }, { signedIn: true });
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
    expect(screen.queryByText("Words will appear when you're back online")).not.toBeInTheDocument();
  });

  it('shows a reading’s script with skipped and substituted words marked, words correct a minute and accuracy', async () => {
    const words = [word('The', 0), word('cat', 300), word('sit', 600), word('on', 900), word('mat.', 1200)];
    const reading = {
      wordsCorrectPerMinute: 80,
      accuracy: 66.7,
      errors: [
        { kind: 'substituted' as const, expected: 'sat', said: 'sit', startMs: 600 },
        { kind: 'skipped' as const, expected: 'the', said: '', startMs: 1200 },
      ],
      script: [
        { text: 'The', status: 'read' as const, startMs: 0 },
        { text: 'cat', status: 'read' as const, startMs: 300 },
        { text: 'sat', status: 'substituted' as const, said: 'sit', startMs: 600 },
        { text: 'on', status: 'read' as const, startMs: 900 },
        { text: 'the', status: 'skipped' as const },
        { text: 'mat', status: 'read' as const, startMs: 1200 },
      ],
    };
    setup({ [PATH]: { body: transcriptFixture({ words, fillers: [], repeats: [], reading }) } });
    const section = await screen.findByRole('region', { name: 'Reading the script' });
    expect(section).toHaveTextContent('80 words correct a minute');
    expect(section).toHaveTextContent('66.7% read correctly');
    const marked = Array.from(
      section.querySelectorAll('.transcript__script .transcript__script-word'),
      (mark) => `${mark.className.replace('transcript__script-word ', '')}: ${mark.textContent}`,
    );
    expect(marked).toEqual(['transcript__script-word--substituted: sat (read as “sit”)sit', 'transcript__script-word--skipped: the (skipped)']);
    expect(section.querySelector('.transcript__script')).toHaveTextContent(/^The cat sat .*on the \(skipped\) mat$/);
  });

  it('shows no script without its marks', async () => {
    setup({ [PATH]: { body: transcriptFixture({ reading: { wordsCorrectPerMinute: 80, accuracy: 100, errors: [], script: [] } }) } });
    expect(await screen.findByRole('button', { name: 'went' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reading the script' })).not.toBeInTheDocument();
  });
});

describe('TranscriptView: the teacher’s corrections', { timeout: 30_000 }, () => {
  const teacher = (routes: Record<string, FakeRoute>) => setup(routes, { audience: 'teacher', editable: true }, USERS.teacher);

  async function startCorrecting() {
    await userEvent.click(await screen.findByText('Correct transcript', { selector: 'ion-button' }));
    return screen.getByRole('form', { name: 'Correct the transcript' });
  }

  it('saves every word as edited and the dismissed fillers, then shows the corrected version', async () => {
    const corrected = transcriptFixture({ version: 2, words: transcriptFixture().words.map((w) => (w.text === 'park.' ? { ...w, text: 'park!' } : w)), fillers: [] });
    const { fetchSpy } = teacher({ [PATH]: { body: transcriptFixture() }, [PUT]: { body: corrected } });
    const form = await startCorrecting();
    const park = within(form).getByRole('textbox', { name: 'Word 8: park.' });
    await userEvent.clear(park);
    await userEvent.type(park, 'park!');
    const flags = within(form).getByRole('list', { name: 'Filler flags' });
    expect(flags).toHaveTextContent('“um” at 0:00');
    await userEvent.click(within(flags).getAllByText('Not a filler', { selector: 'ion-button' })[1] as HTMLElement);
    await userEvent.click(ionButton('Save', form));

    expect(await screen.findByText('Transcript corrected.')).toBeInTheDocument();
    expect(sentJson(transcriptCalls(fetchSpy, 'PUT')[0])).toEqual({ words: ['So', 'um', 'we', 'we,', 'went', 'to', 'the', 'park!'], dismissedFillers: [2500] });
    expect(screen.getByRole('button', { name: 'park!' })).toBeInTheDocument();
    expect(screen.getByText('Corrected by a teacher')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Correct the transcript' })).not.toBeInTheDocument();
  });

  it('Cancel leaves the words as they were', async () => {
    const { fetchSpy } = teacher({ [PATH]: { body: transcriptFixture() } });
    const form = await startCorrecting();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Word 5: went' }), 'x');
    await userEvent.click(ionButton('Cancel', form));
    expect(screen.getByRole('button', { name: 'went' })).toBeInTheDocument();
    expect(transcriptCalls(fetchSpy, 'PUT')).toHaveLength(0);
  });

  it('on a 409 loads the latest transcript and says to correct again', async () => {
    let gets = 0;
    const { fetchSpy } = teacher({
      [PATH]: () =>
        ++gets === 1
          ? { body: transcriptFixture() }
          : { body: transcriptFixture({ version: 2, words: transcriptFixture().words.map((w) => (w.text === 'went' ? { ...w, text: 'walked' } : w)) }) },
      [PUT]: { status: 409, body: { error: { code: 'conflict', message: 'The transcript changed meanwhile.' } } },
    });
    const form = await startCorrecting();
    await userEvent.click(ionButton('Save', form));
    expect(await screen.findByRole('alert')).toHaveTextContent('The transcript changed meanwhile or is not ready: the latest is shown. Make your corrections again.');
    expect(await screen.findByRole('button', { name: 'walked' })).toBeInTheDocument();
    expect(transcriptCalls(fetchSpy)).toHaveLength(2);
  });

  it('on a 400 shows the server’s message and keeps the edits', async () => {
    teacher({
      [PATH]: { body: transcriptFixture() },
      [PUT]: { status: 400, body: { error: { code: 'validation_error', message: 'Invalid input.', fields: { words: 'Words must be a list of the transcript’s words.' } } } },
    });
    const form = await startCorrecting();
    const went = within(form).getByRole('textbox', { name: 'Word 5: went' });
    await userEvent.clear(went);
    await userEvent.type(went, 'walked');
    await userEvent.click(ionButton('Save', form));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Words must be a list of the transcript’s words.');
    expect(within(form).getByRole('textbox', { name: 'Word 5: went' })).toHaveValue('walked');
  });
});
