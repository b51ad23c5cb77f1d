import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../platform/api/cache';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { evidenceOf, profileOf, snapshot, TEACHER_COURSES, TEACHER_ORACY, TEACHER_STUDENTS } from '../test/oracyFixtures';
import { renderAt } from '../test/renderApp';

/**
 * "Your evidence" on My Oracy and "Evidence" on a student's profile for teachers
 * (docs/product.md#evidence-beside-belief), and the needs-attention reason it gives.
 */
useFakeIndexedDb();

// jsdom has no canvas to draw on: the charts are stubbed (their numbers are not under test here).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const SLOW = { timeout: 8000 };
const LATEST = snapshot(4, { linguistic: 3, cognitive: 3, socialEmotional: 3, physical: 5 });

const EVIDENCE = evidenceOf('u-student', {
  physical: {
    selfScore: 5,
    selfAt: '2026-01-05T12:00:00.000Z',
    teacherScore: 3,
    teacherAt: '2026-01-06T12:00:00.000Z',
    measured: [
      { kind: 'pace', band: 'comfortable', value: 4, trend: 'up', takes: 5 },
      { kind: 'pauses', band: null, value: 5.5, trend: 'steady', takes: 5 },
      { kind: 'expression', band: 'flat', value: 0.8, trend: 'down', takes: 5 },
      { kind: 'volume', band: 'quiet', value: null, trend: null, takes: 5 },
    ],
    gap: { direction: 'higher', takes: 2 },
    next: { taskId: 't1', title: 'Tell a story', dueAt: null },
  },
  linguistic: {
    selfScore: 3,
    teacherScore: 4,
    measured: [
      { kind: 'wordsPerMinute', band: null, value: 132.4, trend: null, takes: 1 },
      { kind: 'fillersPerMinute', band: null, value: 2.1, trend: null, takes: 1 },
      { kind: 'vocabularyRange', band: null, value: 0.62, trend: null, takes: 1 },
    ],
  },
});

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** A strand's card, found by its heading. */
const card = (strand: string) => screen.getByRole('article', { name: strand });
/** The value beside a term of a card ("You said", "Your teacher", "Measured"). */
const valueOf = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('"Your evidence" on My Oracy', { timeout: 20_000 }, () => {
  it('shows what the student said, what the teacher scored and what was measured, with the gap and the next task', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: profileOf([LATEST]) }, 'GET /api/student/oracy/u-student/evidence': { body: EVIDENCE } }, 'student');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your evidence' }, SLOW)).toBeInTheDocument();
    const physical = await screen.findByRole('article', { name: 'Physical' });
    expect(valueOf(physical, 'You said')).toBe('5.00');
    expect(valueOf(physical, 'Your teacher')).toBe('3.00');
    expect(
      within(physical)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pace: comfortable (rising over 5 takes)', 'Pauses: 5.5 a minute (steady over 5 takes)', 'Expression: flat (falling over 5 takes)', 'Volume: quiet']);
    expect(within(physical).getByText('You rate your voice higher than your teacher did on your last two takes.')).toBeInTheDocument();
    expect(within(physical).getByRole('link', { name: 'Try next: Tell a story' })).toHaveAttribute('href', '/student/speaking');

    const linguistic = card('Linguistic');
    expect(
      within(linguistic)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['132 words a minute', 'Fillers: 2.1 a minute', 'Vocabulary range: 62 different words in every 100']);
    expect(within(linguistic).queryByRole('link')).not.toBeInTheDocument();
    expect(valueOf(card('Cognitive'), 'Measured')).toBe('Nothing measures this strand yet.');
    expect(valueOf(card('Social & Emotional'), 'Measured')).toBe('No peer ratings yet.');
    expect(valueOf(card('Social & Emotional'), 'You said')).toBe('Not yet');
  });

  it('says there is no evidence yet, even before the first self-assessment', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: profileOf([]) }, 'GET /api/student/oracy/u-student/evidence': { body: evidenceOf() } }, 'student');
    expect(await screen.findByText('No evidence yet. Take the self-assessment or record a speaking task to see it here.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows "Loading the evidence...", then a retry-able error', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    const { user } = setup(
      '/student/oracy',
      {
        'GET /api/student/oracy/u-student': { body: profileOf([LATEST]) },
        'GET /api/student/oracy/u-student/evidence': () => gate.then(() => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: EVIDENCE })),
      },
      'student',
    );
    expect(await screen.findByText('Loading the evidence...', {}, SLOW)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Could not load the evidence.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByRole('article', { name: 'Physical' })).toBeInTheDocument();
  });

  it('shows the cached copy with the offline banner', async () => {
    const savedAt = Date.now() - 3 * 60_000;
    await writeCache(USERS.student.id, '/api/student/oracy', profileOf([LATEST]), savedAt);
    await writeCache(USERS.student.id, '/api/student/oracy/evidence', EVIDENCE, savedAt);
    const fetchSpy = mockFetch({});
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(USERS.student), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt('/student/oracy');
    expect(await screen.findByText('Showing data from 3 minutes ago', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('You rate your voice higher than your teacher did on your last two takes.')).toBeInTheDocument();
  });
});

describe('"Evidence" on a student\'s profile for teachers', { timeout: 20_000 }, () => {
  it('names the student in the gap line and suggests the task', async () => {
    setup(
      '/teacher/students/s1',
      {
        'GET /api/student/oracy/s1': { body: profileOf([LATEST], 's1') },
        'GET /api/student/oracy/s1/evidence': { body: { ...EVIDENCE, studentId: 's1' } },
        'GET /api/teacher/students/u-teacher/s1/assignments': { body: [] },
        'GET /api/teacher/students/u-teacher': { body: [{ id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [] }] },
      },
      'teacher',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Evidence' }, SLOW)).toBeInTheDocument();
    const physical = await screen.findByRole('article', { name: 'Physical' });
    expect(valueOf(physical, 'Self-assessed')).toBe('5.00');
    expect(valueOf(physical, 'Teacher')).toBe('3.00');
    expect(await within(physical).findByText('Amy rates their voice higher than their teacher did on their last two takes.')).toBeInTheDocument();
    expect(within(physical).getByRole('link', { name: 'Task to suggest: Tell a story' })).toHaveAttribute('href', '/teacher/speaking');
  });
});

describe('the needs-attention reason on "Your Students"', { timeout: 20_000 }, () => {
  it('lists "Self-assessment far from evidence"', async () => {
    const students = TEACHER_ORACY.students.map((s) => (s.name === 'Ben Bell' ? { ...s, needsAttention: ['self-far-from-evidence'] } : s));
    setup(
      '/teacher/students',
      {
        'GET /api/teacher/students/u-teacher': { body: TEACHER_STUDENTS },
        'GET /api/teacher/courses/u-teacher': { body: TEACHER_COURSES },
        'GET /api/teacher/oracy/u-teacher': { body: { ...TEACHER_ORACY, students } },
      },
      'teacher',
    );
    expect(await screen.findByText('Self-assessment far from evidence', {}, SLOW)).toBeInTheDocument();
  });
});
