import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { capitalise, CourseCard, courseStatusTone, cutDescription } from './CourseCard';
import coursePlaceholder from './course-placeholder.svg';
import type { Course } from '../people/studentTeacher';
import { mockFetch, USERS, type FakeResponse, type FakeRoute } from '../test/fetchMock';
import { courseFixture } from '../test/courses';
import { renderAt } from '../test/renderApp';

const SLOW = { timeout: 8000 };

/** An answer the test releases when it wants. */
function deferred() {
  let resolve: (answer: FakeResponse) => void = () => undefined;
  const promise = new Promise<FakeResponse>((r) => (resolve = r));
  return { promise, resolve: (answer: FakeResponse) => resolve(answer) };
}

const LONG = 'Learn to speak with confidence in front of any audience, from small groups to large halls.';

const course = (id: string, fields: Partial<Course> = {}): Course => courseFixture(id, `Course ${id}`, { description: LONG, instructorId: null, instructorName: null, ...fields });

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher' = 'student') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('ion-card') as HTMLElement;

describe('course card rules (docs/product.md#your-enrolled-courses, docs/product.md#constants-and-limits)', () => {
  it('cuts descriptions to their first 60 characters followed by "..."', () => {
    expect(cutDescription(LONG)).toBe(`${LONG.slice(0, 60)}...`);
    expect(cutDescription(LONG)).toHaveLength(63);
    expect(cutDescription('x'.repeat(60))).toBe('x'.repeat(60));
    expect(cutDescription('x'.repeat(61))).toBe(`${'x'.repeat(60)}...`);
    expect(cutDescription('Short one')).toBe('Short one');
  });

  it('says "No description available" when there is none', () => {
    expect(cutDescription('')).toBe('No description available');
    expect(cutDescription('   ')).toBe('No description available');
    expect(cutDescription(null)).toBe('No description available');
  });

  it('capitalises the status and highlights active and ongoing; others grey for students, red for teachers', () => {
    expect(capitalise('active')).toBe('Active');
    expect(courseStatusTone('active', 'student')).toBe('highlight');
    expect(courseStatusTone('ongoing', 'student')).toBe('highlight');
    expect(courseStatusTone('active', 'teacher')).toBe('highlight');
    expect(courseStatusTone('inactive', 'student')).toBe('muted');
    expect(courseStatusTone('inactive', 'teacher')).toBe('alert');
  });

  it('shows the image or the placeholder, the title, the cut description and the status', () => {
    render(<CourseCard course={course('a', { status: 'inactive', imageUrl: '/uploads/a.png' })} view="teacher" onDetails={() => undefined} />);
    const card = within(cardOf('Course a'));
    expect(card.getByText(`${LONG.slice(0, 60)}...`)).toBeInTheDocument();
    expect(card.getByText('Inactive')).toHaveAttribute('data-tone', 'alert');
    expect(cardOf('Course a').querySelector('img')).toHaveAttribute('src', '/uploads/a.png');
  });
});

describe("the student's courses (docs/product.md#your-enrolled-courses)", { timeout: 15_000 }, () => {
  it('shows 6 skeleton cards while loading, then the cards', async () => {
    const list = deferred();
    setup('/student/courses', { 'GET /api/student/courses/u-student': () => list.promise });
    const loading = await screen.findByRole('status', { name: 'Loading courses' }, SLOW);
    expect(loading.querySelectorAll('ion-card')).toHaveLength(6);
    list.resolve({ body: [course('a'), course('b', { status: 'inactive' })] });
    expect(await screen.findByRole('heading', { name: 'Course a' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeInTheDocument();
    expect(within(cardOf('Course a')).getByText('Active')).toHaveAttribute('data-tone', 'highlight');
    expect(within(cardOf('Course b')).getByText('Inactive')).toHaveAttribute('data-tone', 'muted');
    expect(cardOf('Course a').querySelector('img')).toHaveAttribute('src', coursePlaceholder);
  });

  it('opens the details modal with the full description and closes it', async () => {
    const { user } = setup('/student/courses', { 'GET /api/student/courses/u-student': { body: [course('a', { imageUrl: '/uploads/a.png' })] } });
    await screen.findByRole('heading', { name: 'Course a' }, SLOW);
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();
    await user.click(within(cardOf('Course a')).getByText('View Details'));
    const dialog = (await screen.findByText(LONG)).closest('ion-modal') as HTMLElement;
    expect(within(dialog).getByRole('heading', { name: 'Course a' })).toBeInTheDocument();
    expect(within(dialog).getByText(LONG)).toBeInTheDocument();
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/uploads/a.png');
    await user.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByText(LONG)).not.toBeInTheDocument());
  });

  it("shows the course's teacher, dates, duration, assignments (open first, done or not) and speaking tasks in the details", async () => {
    const assignment = (id: string, courseId: string, dueDate: string, done: boolean) => ({
      id,
      title: `Assignment ${id}`,
      courseId,
      courseTitle: `Course ${courseId}`,
      dueDate,
      done,
      completedAt: done ? dueDate : null,
    });
    const task = (id: string, courseId: string, dueAt: string | null) => ({
      id,
      courseId,
      courseTitle: `Course ${courseId}`,
      teacherId: 'u-teacher',
      title: `Task ${id}`,
      prompt: 'Speak',
      focusStrands: ['linguistic'],
      maxSeconds: 60,
      dueAt,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      recording: null,
      feedback: null,
    });
    const { user } = setup('/student/courses', {
      'GET /api/student/courses/u-student': {
        body: [course('a', { instructorId: 'u-teacher', instructorName: 'Tom Teacher', startDate: '2026-09-01', endDate: '2027-06-30', duration: 30 })],
      },
      'GET /api/student/assignments/u-student': {
        body: [assignment('1', 'a', '2026-10-01', true), assignment('2', 'a', '2026-12-20', false), assignment('3', 'other', '2026-12-01', false)],
      },
      'GET /api/student/speaking-tasks/u-student': { body: [task('t1', 'a', '2026-12-12T12:00:00.000Z'), task('t2', 'other', null)] },
    });
    await screen.findByRole('heading', { name: 'Course a' }, { timeout: 15_000 });
    await user.click(within(cardOf('Course a')).getByText('View Details'));
    const dialog = (await screen.findByText(LONG)).closest('ion-modal') as HTMLElement;
    const facts = Array.from(dialog.querySelectorAll('.course-details__summary div'), (row) => row.textContent);
    expect(facts).toEqual(['TeacherTom Teacher', 'Dates1 Sept 2026 to 30 Jun 2027', 'Duration30 hours']);
    const assignments = within(await within(dialog).findByRole('region', { name: 'Assignments' }));
    await waitFor(() => expect(assignments.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Assignment 2Due: 20 Dec 2026Not done', 'Assignment 1Due: 1 Oct 2026Done']));
    const tasks = within(within(dialog).getByRole('region', { name: 'Speaking tasks' }));
    await waitFor(() => expect(tasks.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Task t1Due 12 Dec 2026']));
  });

  it('says when a course has no teacher, assignments or speaking tasks, and offers Retry when a list cannot load', async () => {
    let fail = true;
    const { user } = setup('/student/courses', {
      'GET /api/student/courses/u-student': { body: [course('a')] },
      'GET /api/student/assignments/u-student': { body: [] },
      'GET /api/student/speaking-tasks/u-student': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: [] }),
    });
    await screen.findByRole('heading', { name: 'Course a' }, { timeout: 15_000 });
    await user.click(within(cardOf('Course a')).getByText('View Details'));
    const dialog = (await screen.findByText(LONG)).closest('ion-modal') as HTMLElement;
    expect(within(dialog).getByText('No teacher yet')).toBeInTheDocument();
    expect(await within(dialog).findByText('No assignments in this course.')).toBeInTheDocument();
    const tasks = within(dialog).getByRole('region', { name: 'Speaking tasks' });
    expect(await within(tasks).findByText('Could not load this list. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(within(tasks).getByText('Retry'));
    expect(await within(tasks).findByText('No speaking tasks in this course.')).toBeInTheDocument();
  });

  it('shows the error with Retry, which loads again', async () => {
    let fail = true;
    const { user, fetchSpy } = setup('/student/courses', {
      'GET /api/student/courses/u-student': () => (fail ? { body: 'not JSON' } : { body: [course('a')] }),
    });
    expect(await screen.findByText('Failed to load courses. Please try again.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByRole('heading', { name: 'Course a' })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/student/courses/u-student')).toHaveLength(2);
  });

  it('says so when the student has no courses', async () => {
    setup('/student/courses', { 'GET /api/student/courses/u-student': { body: [] } });
    expect(await screen.findByText('You are not enrolled in any courses yet.', {}, SLOW)).toBeInTheDocument();
  });
});

describe("the teacher's courses (docs/product.md#teacher-courses)", { timeout: 15_000 }, () => {
  it('shows "Loading courses, please wait...", then the cards with non-active statuses in red', async () => {
    const list = deferred();
    setup('/teacher/courses', { 'GET /api/teacher/courses/u-teacher': () => list.promise }, 'teacher');
    expect(await screen.findByText('Loading courses, please wait...', {}, SLOW)).toBeInTheDocument();
    list.resolve({ body: [course('t', { status: 'inactive', description: '' })] });
    expect(await screen.findByRole('heading', { name: 'Course t' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Courses' })).toBeInTheDocument();
    expect(within(cardOf('Course t')).getByText('Inactive')).toHaveAttribute('data-tone', 'alert');
    expect(within(cardOf('Course t')).getByText('No description available')).toBeInTheDocument();
  });

  it('shows its error and its two-line empty state', async () => {
    setup('/teacher/courses', { 'GET /api/teacher/courses/u-teacher': { status: 403, body: { error: { code: 'forbidden', message: 'x' } } } }, 'teacher');
    expect(await screen.findByText('Unable to fetch courses. Please try again later.', {}, SLOW)).toBeInTheDocument();
  });

  it("lists the course's assignments by due date in the details, each with how many of its students have done it", async () => {
    const assignment = (id: string, courseId: string, dueDate: string, completed: number, enrolled: number) => ({
      id,
      title: `Assignment ${id}`,
      courseId,
      courseTitle: `Course ${courseId}`,
      dueDate,
      completed,
      enrolled,
    });
    const { user } = setup(
      '/teacher/courses',
      {
        'GET /api/teacher/courses/u-teacher': { body: [course('t', { instructorId: 'u-teacher', instructorName: 'Tess Teacher' })] },
        'GET /api/teacher/assignments/u-teacher': {
          body: [assignment('1', 't', '2026-10-01', 3, 5), assignment('2', 't', '2026-12-20', 0, 5), assignment('3', 'other', '2026-12-01', 1, 1)],
        },
        'GET /api/teacher/speaking-tasks/u-teacher': { body: [] },
      },
      'teacher',
    );
    await screen.findByRole('heading', { name: 'Course t' }, SLOW);
    await user.click(within(cardOf('Course t')).getByText('View Details'));
    const dialog = (await screen.findByText(LONG)).closest('ion-modal') as HTMLElement;
    const assignments = within(await within(dialog).findByRole('region', { name: 'Assignments' }));
    await waitFor(() =>
      expect(assignments.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Assignment 1Due: 1 Oct 20263 of 5 done', 'Assignment 2Due: 20 Dec 20260 of 5 done']),
    );
    expect(await within(dialog).findByText('No speaking tasks in this course.')).toBeInTheDocument();
  });

  it('shows "No courses available" and the advice when there are none', async () => {
    setup('/teacher/courses', { 'GET /api/teacher/courses/u-teacher': { body: [] } }, 'teacher');
    expect(await screen.findByText('No courses available', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Please check back later or contact your administrator.')).toBeInTheDocument();
  });
});
