import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { getField } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests } from '../test/adminTestUtils';

prepareScreenTests();

const STUDENT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const COURSES = [
  { id: 'c1c1c1c1c1c1c1c1c1c1c1c1', title: 'Public Speaking', duration: 12 },
  { id: 'c2c2c2c2c2c2c2c2c2c2c2c2', title: 'Debate', duration: null },
  { id: 'c3c3c3c3c3c3c3c3c3c3c3c3', title: 'Listening Skills', duration: 6 },
];

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    'GET /api/admin/courses': { body: COURSES },
    [`GET /api/admin/students/${STUDENT}/courses`]: { body: [COURSES[1]?.id] },
    ...routes,
  });
  renderAt(`/admin/student/assign-courses/${STUDENT}`);
  return { fetchSpy, user: userEvent.setup() };
}

/** The course's Ionic checkbox, labelled "Assign {title}" (the label hidden from sight: the row and the column say it). */
const checkbox = (title: string) => getField(`Assign ${title}`);
const assignButton = () => screen.getByText('Assign Selected Courses', { selector: 'ion-button' });

describe('assign courses to a student (docs/product.md#assign-courses)', { timeout: 30_000 }, () => {
  it('lists every course with #, name, duration or N/A, pre-checking the assigned ones', async () => {
    setup();
    const table = (await screen.findByText('Public Speaking')).closest('table') as HTMLElement;
    expect(screen.getByRole('heading', { level: 1, name: 'Assign Courses to Student' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Available Courses' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Course Name', 'Duration (in hours)', 'Assign']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', 'Public Speaking', '12'],
      ['2', 'Debate', 'N/A'],
      ['3', 'Listening Skills', '6'],
    ]);
    await waitFor(() => expect(checkbox('Debate')).toBeChecked());
    expect(checkbox('Public Speaking')).not.toBeChecked();
    expect(checkbox('Listening Skills')).not.toBeChecked();
  });

  it('replaces the assignment, shows the green success text and reloads the assigned courses', async () => {
    let assigned = [COURSES[1]?.id];
    let answer: () => void = () => undefined;
    const { fetchSpy, user } = setup({
      [`GET /api/admin/students/${STUDENT}/courses`]: () => ({ body: assigned }),
      [`POST /api/admin/students/${STUDENT}/assign-courses`]: (request) =>
        new Promise((resolve) => {
          answer = () => {
            void request.json().then((body: { courses: string[] }) => {
              assigned = body.courses;
              resolve({ body: { studentId: STUDENT, courses: body.courses } });
            });
          };
        }),
    });
    await screen.findByText('Public Speaking');
    await waitFor(() => expect(checkbox('Debate')).toBeChecked());
    await user.click(checkbox('Public Speaking'));
    await user.click(checkbox('Debate'));
    await user.click(checkbox('Listening Skills'));
    await user.click(assignButton());

    // Disabled while saving.
    await waitFor(() => expect(assignButton()).toHaveAttribute('disabled'));
    answer();
    const success = await screen.findByText('Courses assigned successfully!');
    expect(success).toHaveClass('assign-success');
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sentJson(post)).toEqual({ courses: [COURSES[0]?.id, COURSES[2]?.id] });
    const reloads = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith(`/students/${STUDENT}/courses`));
    await waitFor(() => expect(reloads.length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(fetchSpy.mock.calls.filter(([url]) => String(url).endsWith(`/students/${STUDENT}/courses`))).toHaveLength(2));
    await waitFor(() => expect(assignButton()).not.toHaveAttribute('disabled'));
    expect(checkbox('Public Speaking')).toBeChecked();
    expect(checkbox('Debate')).not.toBeChecked();
    expect(checkbox('Listening Skills')).toBeChecked();
  });

  it('may submit an empty selection', async () => {
    const { fetchSpy, user } = setup({ [`POST /api/admin/students/${STUDENT}/assign-courses`]: { body: { studentId: STUDENT, courses: [] } } });
    await screen.findByText('Public Speaking');
    await waitFor(() => expect(checkbox('Debate')).toBeChecked());
    await user.click(checkbox('Debate'));
    await user.click(assignButton());
    expect(await screen.findByText('Courses assigned successfully!')).toBeInTheDocument();
    expect(sentJson(fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST'))).toEqual({ courses: [] });
  });

  it('only logs a failed save', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({ [`POST /api/admin/students/${STUDENT}/assign-courses`]: { status: 400, body: { error: { code: 'bad_request', message: 'x' } } } });
    await screen.findByText('Public Speaking');
    await waitFor(() => expect(assignButton()).not.toHaveAttribute('disabled'));
    await user.click(assignButton());
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Courses assigned successfully!')).not.toBeInTheDocument();
  });

  it('shows the loading, error and empty states with the button disabled', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const { user } = setup({
      'GET /api/admin/courses': () =>
        new Promise((resolve) => {
          release = () => resolve(fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: [] });
        }),
    });
    expect(await screen.findByText('Loading courses...')).toBeInTheDocument();
    expect(assignButton()).toHaveAttribute('disabled');
    release();
    expect(await screen.findByText('Failed to load the courses. Please try again.')).toBeInTheDocument();
    expect(assignButton()).toHaveAttribute('disabled');
    fail = false;
    await user.click(screen.getByText('Retry'));
    release();
    expect(await screen.findByText('No courses available.')).toBeInTheDocument();
  });
});
