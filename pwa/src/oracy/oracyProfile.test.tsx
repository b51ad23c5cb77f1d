import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { evidenceOf, profileOf, snapshot } from '../test/oracyFixtures';
import { renderAt } from '../test/renderApp';
import { t } from '../platform/i18n';
import { PRACTICE_SUGGESTIONS } from './suggestions';

const SLOW = { timeout: 8000 };

// jsdom has no canvas to draw on: the charts' canvases are stubbed; their numbers live in the accessible tables under test.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const PROFILE_PATH = 'GET /api/student/oracy/u-student';

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** The value shown under a stat card's label. */
const statValue = (label: string) => screen.getByText(label, { selector: '.stat-card__label' }).nextElementSibling?.textContent;

/** A chart's accessible table: the column headers and the rows as cell texts. */
function chartTable(title: string): { columns: string[]; rows: string[][] } {
  const table = screen.getByRole('table', { name: title });
  const [head, ...rows] = within(table).getAllByRole('row');
  const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '');
  return { columns: cells(head as HTMLElement), rows: rows.map(cells) };
}

/** The history list's items as texts. */
function historyItems(): string[] {
  const list = screen.getByRole('list', { name: 'History' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => Array.from(item.children, (child) => child.textContent).join(' | '));
}

const ONE = snapshot(4, { linguistic: 4, cognitive: 4.25, socialEmotional: 3.5, physical: 2.75 });
const TWO = snapshot(1, { linguistic: 3, cognitive: 4, socialEmotional: 3, physical: 3 });
const THREE = snapshot(0, { linguistic: 2.5, cognitive: 3.5, socialEmotional: 2.75, physical: 2.5 });

describe('My Oracy (docs/product.md#my-oracy)', { timeout: 15_000 }, () => {
  it('shows "Loading your Oracy profile..." while it loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup('/student/oracy', { [PROFILE_PATH]: () => gate.then(() => ({ body: profileOf([ONE]) })) }, 'student');
    expect(await screen.findByText('Loading your Oracy profile...', {}, SLOW)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Mean', { selector: '.stat-card__label' })).toBeInTheDocument();
  });

  it('says the student has not taken the self-assessment yet, with the link to it', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([]) } }, 'student');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Oracy' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('You have not taken the self-assessment yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the self-assessment' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Retake the self-assessment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows one submission: level and mean without a change, the latest strands only, and one history item', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE]) } }, 'student');
    await screen.findByText('Mean', { selector: '.stat-card__label' }, SLOW);
    expect(statValue('Level')).toBe('Proficient');
    expect(statValue('Mean')).toBe('3.63');
    expect(screen.queryByText('Change since last time', { selector: '.stat-card__label' })).not.toBeInTheDocument();

    expect(screen.getByRole('figure', { name: 'Strands: latest submission' })).toBeInTheDocument();
    expect(chartTable('Strands: latest submission')).toEqual({
      columns: ['Strand', 'Latest'],
      rows: [
        ['Linguistic', '4.00'],
        ['Cognitive', '4.25'],
        ['Social & Emotional', '3.50'],
        ['Physical', '2.75'],
      ],
    });
    expect(chartTable('Strands over time')).toEqual({
      columns: ['Date', 'Linguistic', 'Cognitive', 'Social & Emotional', 'Physical'],
      rows: [['5 Jan 2026', '4.00', '4.25', '3.50', '2.75']],
    });
    expect(screen.getByText('One submission so far: each strand is a single point.')).toBeInTheDocument();
    expect(historyItems()).toEqual(['5 Jan 2026 | Proficient | Mean 3.63']);
    expect(screen.getByRole('link', { name: 'Retake the self-assessment' })).toHaveAttribute('href', '/');
  });

  it('names the strongest and the weakest strand, with the three suggestions for the weakest', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE]) } }, 'student');
    expect(await screen.findByRole('heading', { level: 2, name: 'Strongest and weakest strand' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Strongest strand:').parentElement).toHaveTextContent('Strongest strand: Cognitive (4.25)');
    expect(screen.getByText('Weakest strand:').parentElement).toHaveTextContent('Weakest strand: Physical (2.75)');
    expect(screen.getByRole('heading', { level: 3, name: 'Ways to practise Physical' })).toBeInTheDocument();
    const suggestions = within(screen.getByRole('list', { name: 'Ways to practise Physical' })).getAllByRole('listitem');
    expect(suggestions.map((item) => item.textContent)).toEqual(PRACTICE_SUGGESTIONS.physical.map((id) => t(id)));
  });

  it('shows several submissions: the change, the latest against the previous, each strand over time and the history', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE, TWO, THREE]) } }, 'student');
    await screen.findByText('Mean', { selector: '.stat-card__label' }, SLOW);
    expect(statValue('Change since last time')).toBe('Up +0.38');
    expect(chartTable('Strands: latest and previous submission')).toEqual({
      columns: ['Strand', 'Latest', 'Previous'],
      rows: [
        ['Linguistic', '4.00', '3.00'],
        ['Cognitive', '4.25', '4.00'],
        ['Social & Emotional', '3.50', '3.00'],
        ['Physical', '2.75', '3.00'],
      ],
    });
    expect(chartTable('Strands over time').rows).toEqual([
      ['1 Jan 2026', '2.50', '3.50', '2.75', '2.50'],
      ['2 Jan 2026', '3.00', '4.00', '3.00', '3.00'],
      ['5 Jan 2026', '4.00', '4.25', '3.50', '2.75'],
    ]);
    expect(screen.queryByText('One submission so far: each strand is a single point.')).not.toBeInTheDocument();
    expect(historyItems()).toEqual(['5 Jan 2026 | Proficient | Mean 3.63', '2 Jan 2026 | Developing | Mean 3.25', '1 Jan 2026 | Developing | Mean 2.81']);
    expect(screen.queryByText('Show older')).not.toBeInTheDocument();
  });

  it('loads the next page with "Show older" while the last page was full (50)', async () => {
    const strands = { linguistic: 3, cognitive: 3, socialEmotional: 3, physical: 3 };
    const firstPage = Array.from({ length: 50 }, (_, i) => snapshot(100 - i, strands));
    const olderPage = [snapshot(20, strands), snapshot(19, strands)];
    const befores: (string | null)[] = [];
    const { user } = setup(
      '/student/oracy',
      {
        [PROFILE_PATH]: (request) => {
          const before = new URL(request.url).searchParams.get('before');
          befores.push(before);
          return { body: { ...profileOf(firstPage), history: before ? olderPage : firstPage } };
        },
      },
      'student',
    );
    await screen.findByText('Mean', { selector: '.stat-card__label' }, SLOW);
    expect(historyItems()).toHaveLength(50);
    await user.click(screen.getByText('Show older'));

    await waitFor(() => expect(historyItems()).toHaveLength(52));
    expect(befores.at(-1)).toBe(firstPage.at(-1)?.submittedAt);
    expect(historyItems().slice(-2)).toEqual(['21 Jan 2026 | Developing | Mean 3.00', '20 Jan 2026 | Developing | Mean 3.00']);
    expect(chartTable('Strands over time').rows).toHaveLength(52);
    expect(screen.queryByText('Show older')).not.toBeInTheDocument();
  });

  it('shows the error with Retry, which loads again', async () => {
    let fail = true;
    const { user } = setup(
      '/student/oracy',
      {
        [PROFILE_PATH]: () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: profileOf([ONE]) }),
        [`${PROFILE_PATH}/evidence`]: { body: evidenceOf() },
      },
      'student',
    );
    expect(await screen.findByText('Could not load your Oracy profile. Please try again.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('Mean', { selector: '.stat-card__label' })).toBeInTheDocument();
  });

  it("shows the teachers' speaking-practice scores beside the self-assessed strands, — where none (docs/product.md#oracy-profile)", async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE, TWO], 'u-student', { linguistic: 4.5, physical: 2 }) } }, 'student');
    const table = await screen.findByRole('table', { name: 'Strands: self-assessed and teacher-scored' }, SLOW);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Strand', 'Self-assessed', 'Teacher-scored'],
      ['Linguistic', '4.00', '4.50'],
      ['Cognitive', '4.25', '—'],
      ['Social & Emotional', '3.50', '—'],
      ['Physical', '2.75', '2.00'],
    ]);
    expect(screen.getByText(/the mean of the scores teachers gave in speaking practice over the last 90 days/)).toBeInTheDocument();
    expect(chartTable('Strands: latest and previous submission')).toEqual({
      columns: ['Strand', 'Latest', 'Previous', 'Teacher-scored'],
      rows: [
        ['Linguistic', '4.00', '3.00', '4.50'],
        ['Cognitive', '4.25', '4.00', '—'],
        ['Social & Emotional', '3.50', '3.00', '—'],
        ['Physical', '2.75', '3.00', '2.00'],
      ],
    });
  });

  it("shows no teacher-scored strands without teachers' scores", async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE]) } }, 'student');
    await screen.findByRole('table', { name: 'Strands: latest submission' }, SLOW);
    expect(screen.queryByRole('table', { name: 'Strands: self-assessed and teacher-scored' })).not.toBeInTheDocument();
    expect(chartTable('Strands: latest submission').columns).toEqual(['Strand', 'Latest']);
  });

  it('links to speaking practice beside the retake link', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE]) } }, 'student');
    expect(await screen.findByRole('link', { name: 'Practise speaking' }, SLOW)).toHaveAttribute('href', '/student/speaking');
  });

  it('is in the student\'s menu after "My Courses"', async () => {
    setup('/student/oracy', { [PROFILE_PATH]: { body: profileOf([ONE]) } }, 'student');
    await screen.findByRole('heading', { level: 1, name: 'My Oracy' }, SLOW);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'My Oracy' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('My Oracy · Oracy');
  });
});

describe("a student's profile for teachers (docs/product.md#a-students-profile-for-teachers)", { timeout: 15_000 }, () => {
  const STUDENT_PATH = 'GET /api/student/oracy/s1';
  const ASSIGNMENTS_PATH = 'GET /api/teacher/students/u-teacher/s1/assignments';
  const STUDENTS = { body: [{ id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [{ courseName: 'Voice' }] }] };
  const ASSIGNMENTS = [
    { id: 'x1', title: 'Debate prep', courseId: 'c1', courseTitle: 'Voice', dueDate: '2026-02-01', done: true, completedAt: '2026-01-30T10:00:00.000Z' },
    { id: 'x2', title: 'Pitch', courseId: 'c1', courseTitle: 'Voice', dueDate: '2026-02-10', done: false, completedAt: null },
  ];

  it('shows a fall since last time in the warning colour with a down arrow, and "Down" to screen readers', async () => {
    setup(
      '/teacher/students/s1',
      { [STUDENT_PATH]: { body: profileOf([TWO, ONE], 's1') }, [ASSIGNMENTS_PATH]: { body: ASSIGNMENTS }, 'GET /api/teacher/students/u-teacher': STUDENTS },
      'teacher',
    );
    await screen.findByText('Mean', { selector: '.stat-card__label' }, SLOW);
    // The arrow is drawn for the eye; a screen reader hears "Down" before the figure.
    expect(statValue('Change since last time')).toBe('Down −0.38');
    const change = screen.getByText('Change since last time', { selector: '.stat-card__label' }).nextElementSibling?.querySelector('.oracy-change');
    expect(change).toHaveClass('oracy-change--fall');
    expect(change?.querySelector('ion-icon')).toHaveAttribute('aria-hidden', 'true');
    expect(change?.querySelector('.visually-hidden')).toHaveTextContent('Down');
  });

  it("shows the student's name, the profile read-only with suggestions to share, and the assignments", async () => {
    const { user } = setup(
      '/teacher/students/s1',
      {
        [STUDENT_PATH]: { body: profileOf([ONE, TWO], 's1') },
        [ASSIGNMENTS_PATH]: { body: ASSIGNMENTS },
        'GET /api/teacher/students/u-teacher': STUDENTS,
      },
      'teacher',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Amy Ash' }, SLOW)).toBeInTheDocument();
    await screen.findByText('Mean', { selector: '.stat-card__label' });
    expect(statValue('Level')).toBe('Proficient');
    expect(statValue('Change since last time')).toBe('Up +0.38');
    expect(chartTable('Strands: latest and previous submission').columns).toEqual(['Strand', 'Latest', 'Previous']);
    expect(screen.getByRole('heading', { level: 3, name: 'Suggestions to share for Physical' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Retake the self-assessment' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Assignments' })).toBeInTheDocument();
    const debate = (await screen.findByRole('heading', { level: 3, name: 'Debate prep' })).closest('ion-card') as HTMLElement;
    expect(debate).toHaveTextContent('Course: Voice');
    expect(debate).toHaveTextContent('Due: 1 Feb 2026');
    expect(debate).toHaveTextContent('Status: Done');
    expect(screen.getByRole('heading', { level: 3, name: 'Pitch' }).closest('ion-card')).toHaveTextContent('Status: Not done');

    await user.click(screen.getByRole('link', { name: 'Back to your students' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/teacher\/students$/));
  });

  it('shows "Student" until the name is known, and the empty states', async () => {
    setup('/teacher/students/s1', { [STUDENT_PATH]: { body: profileOf([], 's1') }, [ASSIGNMENTS_PATH]: { body: [] }, 'GET /api/teacher/students/u-teacher': { body: [] } }, 'teacher');
    expect(await screen.findByRole('heading', { level: 1, name: 'Student' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('This student has not taken the self-assessment yet.')).toBeInTheDocument();
    expect(await screen.findByText('No assignments in your courses yet.')).toBeInTheDocument();
  });

  it('says "You do not teach this student." on a 403', async () => {
    const forbidden = { status: 403, body: { error: { code: 'forbidden', message: 'x' } } };
    setup('/teacher/students/s1', { [STUDENT_PATH]: forbidden, [ASSIGNMENTS_PATH]: forbidden, 'GET /api/teacher/students/u-teacher': { body: [] } }, 'teacher');
    expect(await screen.findByText('You do not teach this student.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assignments' })).not.toBeInTheDocument();
    expect(screen.queryByText('Retry')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your students' })).toHaveAttribute('href', '/teacher/students');
  });

  it('shows a retry-able error on other failures', async () => {
    let fail = true;
    const { user } = setup(
      '/teacher/students/s1',
      {
        [STUDENT_PATH]: () => (fail ? { status: 404, body: { error: { code: 'not_found', message: 'x' } } } : { body: profileOf([ONE], 's1') }),
        [ASSIGNMENTS_PATH]: { body: ASSIGNMENTS },
        [`${STUDENT_PATH}/evidence`]: { body: evidenceOf('s1') },
        'GET /api/teacher/students/u-teacher': STUDENTS,
      },
      'teacher',
    );
    expect(await screen.findByText("Could not load this student's Oracy profile. Please try again.", {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('Mean', { selector: '.stat-card__label' })).toBeInTheDocument();
  });
});
