import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queriesTo } from '../test/adminTestUtils';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { TEACHER_COURSES, TEACHER_ORACY, TEACHER_STUDENTS, teacherOracyRoute } from '../test/oracyFixtures';
import { chartRows } from '../test/charts';
import { choose, getField, optionTexts } from '../test/fields';
import { renderAt } from '../test/renderApp';

const SLOW = { timeout: 8000 };

// jsdom has no canvas to draw on: the charts' canvases are stubbed; their numbers live in the accessible tables under test.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null }));

const TEACHER_ROUTES: Record<string, FakeRoute> = {
  'GET /auth/current_user': { body: USERS.teacher },
  'GET /api/teacher/stats/u-teacher': { body: { totalCourses: 3, totalAssignments: 12, completedAssignments: 5 } },
  'GET /api/teacher/students/u-teacher': { body: TEACHER_STUDENTS },
  'GET /api/teacher/courses/u-teacher': { body: TEACHER_COURSES },
  'GET /api/teacher/oracy/u-teacher': teacherOracyRoute,
};

function setup(path: string, routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({ ...TEACHER_ROUTES, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** The names on the student cards, in order. */
const cardNames = () => Array.from(document.querySelectorAll('.person-card__name'), (h) => h.textContent);
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('ion-card') as HTMLElement;
/** Waits until the cards show the Oracy overview (Amy's last assessment). */
const oracyShown = () => screen.findByText('3 weeks ago', { selector: 'time' }, SLOW);
const statValue = (label: string) => screen.getByText(label, { selector: '.stat-card__label' }).nextElementSibling?.textContent;

describe('"Your students\' Oracy" on the teacher dashboard (docs/product.md#your-students-oracy)', { timeout: 20_000 }, () => {
  it('shows how many students need attention as a link to the list, and both charts with their numbers', async () => {
    const { user } = setup('/teacher/dashboard');
    const link = await screen.findByRole('link', { name: '2 students need attention' }, SLOW);
    expect(screen.getByRole('heading', { level: 2, name: "Your students' Oracy" })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Strand averages' })).toBeInTheDocument();
    expect(chartRows('Strand averages')).toEqual([
      ['Linguistic', '3.25'],
      ['Cognitive', '2.88'],
      ['Social & Emotional', '3.38'],
      ['Physical', '2.63'],
    ]);
    expect(chartRows('Levels')).toEqual([
      ['Beginner', '0'],
      ['Developing', '1'],
      ['Proficient', '1'],
      ['Advanced', '0'],
      ['Not assessed', '1'],
    ]);
    // The existing statistics are still there.
    expect(statValue('Total Assignments')).toBe('12');
    expect(chartRows('Completed vs Outstanding Assignments')).toEqual([
      ['Completed', '5'],
      ['Outstanding', '7'],
    ]);
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/students'));
  });

  it('says "1 student needs attention", and that nobody is assessed instead of the strand chart', async () => {
    setup('/teacher/dashboard', {
      'GET /api/teacher/oracy/u-teacher': {
        body: { ...TEACHER_ORACY, students: [TEACHER_ORACY.students[1]], strandAverages: null, levelCounts: { Beginner: 0, Developing: 0, Proficient: 0, Advanced: 0, notAssessed: 1 } },
      },
    });
    expect(await screen.findByRole('link', { name: '1 student needs attention' }, SLOW)).toHaveAttribute('href', '/teacher/students');
    expect(screen.getByText('None of your students has taken the self-assessment yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Strand averages' })).not.toBeInTheDocument();
    expect(chartRows('Levels').at(-1)).toEqual(['Not assessed', '1']);
  });

  it('says "No student needs attention" when nobody does', async () => {
    setup('/teacher/dashboard', { 'GET /api/teacher/oracy/u-teacher': { body: { ...TEACHER_ORACY, students: [TEACHER_ORACY.students[2]] } } });
    expect(await screen.findByRole('link', { name: 'No student needs attention' }, SLOW)).toBeInTheDocument();
  });

  it('shows its own loading state, and a failure with Retry that leaves the statistics in place', async () => {
    let release: () => void = () => undefined;
    let fail = true;
    const { user } = setup('/teacher/dashboard', {
      'GET /api/teacher/oracy/u-teacher': () =>
        fail ? new Promise((resolve) => (release = () => resolve({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } }))) : { body: TEACHER_ORACY },
    });
    expect(await screen.findByText("Loading your students' Oracy...", {}, SLOW)).toBeInTheDocument();
    await screen.findByText('Total Courses', { selector: '.stat-card__label' });
    release();
    expect(await screen.findByText("Could not load your students' Oracy.")).toBeInTheDocument();
    expect(statValue('Total Courses')).toBe('3');
    expect(screen.getByRole('heading', { level: 2, name: 'Assignments Overview' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByRole('link', { name: '2 students need attention' })).toBeInTheDocument();
  });

  it('keeps its section when the statistics fail', async () => {
    setup('/teacher/dashboard', { 'GET /api/teacher/stats/u-teacher': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } });
    expect(await screen.findByText('Failed to load statistics', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2 students need attention' })).toBeInTheDocument();
  });
});

describe('the Oracy on "Your Students" (docs/product.md#your-students-oracy)', { timeout: 20_000 }, () => {
  it("shows each card's level, last assessment in words, weakest strand and needs-attention reasons", async () => {
    setup('/teacher/students');
    await oracyShown();
    const amy = cardOf('Amy Ash');
    expect(amy).toHaveTextContent('Email: amy@oracy.test');
    expect(amy).toHaveTextContent('Courses: Voice');
    expect(amy).toHaveTextContent('Level: Proficient');
    expect(amy).toHaveTextContent('Last assessed 3 weeks ago');
    expect(amy).toHaveTextContent('Weakest strand: Cognitive');
    expect(within(amy).queryByText('Needs attention')).not.toBeInTheDocument();

    const ben = cardOf('Ben Bell');
    expect(ben).toHaveTextContent('Level: Developing');
    expect(ben).toHaveTextContent('Last assessed 1 month ago');
    expect(ben).toHaveTextContent('Weakest strand: Physical');
    expect(within(ben).getByText('Needs attention')).toBeInTheDocument();
    expect(
      within(ben)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No self-assessment for over 30 days', 'A strand at 2 or below']);

    const cat = cardOf('Cat Cole');
    expect(cat).toHaveTextContent('Level: Not assessed');
    expect(cat).toHaveTextContent('Never assessed');
    expect(cat).not.toHaveTextContent('Weakest strand');
    expect(
      within(cat)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not assessed yet']);
  });

  it("links each card to the student's profile", async () => {
    const { user } = setup('/teacher/students');
    const link = await screen.findByRole('link', { name: 'View Oracy profile of Ben Bell' }, SLOW);
    expect(link).toHaveAttribute('href', '/teacher/students/s2');
    expect(link).toHaveTextContent('View Oracy profile');
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/students/s2'));
  });

  it('lists those needing attention first by default, and by name on request', async () => {
    setup('/teacher/students');
    await oracyShown();
    const orderSelect = getField('Order');
    expect(orderSelect.value).toBe('attention');
    expect(optionTexts(orderSelect)).toEqual(['Needs attention first', 'Name']);
    expect(cardNames()).toEqual(['Ben Bell', 'Cat Cole', 'Amy Ash']);
    choose(orderSelect, 'name');
    expect(cardNames()).toEqual(['Amy Ash', 'Ben Bell', 'Cat Cole']);
    choose(orderSelect, 'attention');
    expect(cardNames()).toEqual(['Ben Bell', 'Cat Cole', 'Amy Ash']);
  });

  it("filters by course through the API, showing only that course's students", async () => {
    const { fetchSpy } = setup('/teacher/students');
    await oracyShown();
    const courseSelect = getField('Course');
    expect(courseSelect.value).toBe('');
    await waitFor(() => expect(optionTexts(courseSelect)).toEqual(['All courses', 'Voice', 'Debate', 'Drama']));
    expect(queriesTo(fetchSpy, '/api/teacher/oracy/u-teacher').map((q) => q.get('courseId'))).toEqual([null]);

    choose(courseSelect, 'c2');
    await waitFor(() => expect(cardNames()).toEqual(['Ben Bell', 'Cat Cole']));
    expect(queriesTo(fetchSpy, '/api/teacher/oracy/u-teacher').map((q) => q.get('courseId'))).toEqual([null, 'c2']);
    expect(cardOf('Cat Cole')).toHaveTextContent('Never assessed');

    choose(getField('Order'), 'name');
    choose(courseSelect, 'c1');
    await waitFor(() => expect(cardNames()).toEqual(['Amy Ash', 'Ben Bell']));
    expect(queriesTo(fetchSpy, '/api/teacher/oracy/u-teacher').at(-1)?.get('courseId')).toBe('c1');

    choose(courseSelect, '');
    await waitFor(() => expect(cardNames()).toEqual(['Amy Ash', 'Ben Bell', 'Cat Cole']));
  });

  it('says "No students in this course." for a course without students', async () => {
    setup('/teacher/students');
    await oracyShown();
    const courseSelect = getField('Course');
    await waitFor(() => expect(optionTexts(courseSelect)).toContain('Drama'));
    choose(courseSelect, 'c3');
    expect(await screen.findByText('No students in this course.')).toBeInTheDocument();
    expect(cardNames()).toEqual([]);
  });

  it('keeps the cards when the Oracy cannot be loaded, with Retry', async () => {
    let fail = true;
    const { user } = setup('/teacher/students', {
      'GET /api/teacher/oracy/u-teacher': (request) => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : teacherOracyRoute(request)),
    });
    expect(await screen.findByText("Could not load your students' Oracy.", {}, SLOW)).toBeInTheDocument();
    expect(cardNames()).toEqual(['Amy Ash', 'Ben Bell', 'Cat Cole']);
    expect(cardOf('Amy Ash')).toHaveTextContent('Email: amy@oracy.test');
    expect(cardOf('Amy Ash')).not.toHaveTextContent('Level:');
    fail = false;
    await user.click(screen.getByText('Retry'));
    await oracyShown();
    expect(screen.queryByText("Could not load your students' Oracy.")).not.toBeInTheDocument();
  });

  it('still says "No students available" when the teacher has none', async () => {
    setup('/teacher/students', { 'GET /api/teacher/students/u-teacher': { body: [] } });
    expect(await screen.findByText('No students available', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText('Course')).not.toBeInTheDocument();
  });
});
