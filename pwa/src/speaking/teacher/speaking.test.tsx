import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prepareScreenTests } from '../../test/adminTestUtils';
import { courseFixture } from '../../test/courses';
import { dialogField } from '../../test/dialogs';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../../test/fetchMock';
import { choose, fieldError, fieldHelper, getField, optionTexts, typeInto } from '../../test/fields';
import { renderAt } from '../../test/renderApp';
import { queueRoute, reviewItemFixture, teacherTaskFixture } from '../../test/speakingFixtures';
import { isoToLocalInput, localInputToIso, validateTaskForm, emptyTaskForm } from './speakingTaskForm';
import { formatDuration } from './speakingFormat';

prepareScreenTests();

const COURSES = [courseFixture('c1', 'Public Speaking'), courseFixture('c2', 'Debate Club')];
const TASKS = [
  teacherTaskFixture('k1', 'My hero', { dueAt: '2026-03-01T15:00:00.000Z', focusStrands: ['linguistic', 'physical'], submitted: 3, students: 5, reviewed: 1 }),
  teacherTaskFixture('k2', 'For or against', { courseId: 'c2', courseTitle: 'Debate Club', focusStrands: ['cognitive'], submitted: 0, students: 4 }),
  teacherTaskFixture('k3', 'A favourite place', { focusStrands: ['socialEmotional'], submitted: 2, students: 5, reviewed: 2 }),
];
const PENDING = [
  reviewItemFixture('r1', 'Amy Adams', { submittedAt: '2026-02-01T10:00:00.000Z', durationMs: 83_400 }),
  reviewItemFixture('r2', 'Ben Brown', { submittedAt: '2026-02-02T10:00:00.000Z', durationMs: 9_000, taskTitle: 'A favourite place' }),
];
const REVIEWED = [
  reviewItemFixture('r9', 'Cleo Chen', { status: 'reviewed', submittedAt: '2026-01-20T10:00:00.000Z' }),
  reviewItemFixture('r8', 'Dan Dale', { status: 'reviewed', submittedAt: '2026-01-10T10:00:00.000Z' }),
];

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.teacher },
    'GET /api/teacher/speaking-tasks/u-teacher': { body: TASKS },
    'GET /api/teacher/courses/u-teacher': { body: COURSES },
    'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: PENDING, reviewed: REVIEWED }),
    'GET /api/teacher/peer-feedback': { body: [] },
    ...routes,
  });
  renderAt('/teacher/speaking');
  return { fetchSpy, user: userEvent.setup() };
}

/** The IonButton with this text (its native button sits in a shadow root jsdom cannot reach). */
const ionButton = (text: string, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'ion-button' });
/** The calls of `method` to `path`. */
const calls = (spy: ReturnType<typeof mockFetch>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
/** The task card titled `title`. */
const taskCard = async (title: string) => (await screen.findByRole('heading', { level: 4, name: title })).closest('article') as HTMLElement;
/** The open task dialog. */
const openDialog = () => document.querySelector('ion-modal.speaking-task-dialog') as HTMLElement;
/** A future time as a `datetime-local` value. */
const FUTURE = isoToLocalInput(new Date(Date.now() + 7 * 86_400_000).toISOString());

describe('Speaking Practice for teachers: tasks (docs/product.md#speaking-tasks)', { timeout: 30_000 }, () => {
  it('groups the tasks by course, each with its due date, strands and counts', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Speaking Practice' })).toBeInTheDocument();
    const publicSpeaking = (await screen.findByRole('heading', { level: 3, name: 'Public Speaking' })).closest('section') as HTMLElement;
    const debate = screen.getByRole('heading', { level: 3, name: 'Debate Club' }).closest('section') as HTMLElement;
    expect(
      within(publicSpeaking)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['My hero', 'A favourite place']);
    expect(
      within(debate)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['For or against']);

    const hero = await taskCard('My hero');
    expect(hero).toHaveTextContent('3 of 5 answered, 1 reviewed');
    expect(hero).toHaveTextContent('Linguistic, Physical');
    expect(within(hero).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('datetime', '2026-03-01T15:00:00.000Z');
    expect(within(hero).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('My hero');
    expect(within(hero).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(await taskCard('For or against')).toHaveTextContent('0 of 4 answered, 0 reviewed');
  });

  it('says "No speaking tasks yet." without tasks, and offers Retry after an error', async () => {
    let fail = true;
    setup({
      'GET /api/teacher/speaking-tasks/u-teacher': () => (fail ? { status: 403, body: { error: { code: 'forbidden', message: 'No.' } } } : { body: [] }),
    });
    const alert = await screen.findByText('Could not load your speaking tasks. Please try again.');
    fail = false;
    await userEvent.setup().click(within(alert.closest('[role="alert"]') as HTMLElement).getByText('Retry', { selector: 'ion-button' }));
    expect(await screen.findByText('No speaking tasks yet.')).toBeInTheDocument();
  });

  it("checks a new task on the device, then shows the server's 400 beside its field and keeps the text", async () => {
    let posts = 0;
    const { user, fetchSpy } = setup({
      'POST /api/teacher/speaking-tasks': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { error: { code: 'validation_error', message: 'Invalid title.', fields: { title: 'Titles cannot contain control or invisible characters' } } } }
          : { status: 201, body: teacherTaskFixture('k4', 'Interview practice') };
      },
    });
    await screen.findByRole('heading', { level: 4, name: 'My hero' });
    await user.click(ionButton('New task'));
    const title = await dialogField('Title');
    const dialog = openDialog();
    const maxLength = getField('Maximum length', dialog);
    expect(maxLength.value).toBe(120);
    expect(optionTexts(maxLength)).toEqual(['15 s', '30 s', '60 s', '90 s', '2 min', '3 min', '4 min', '5 min']);
    const course = getField('Course', dialog);
    const due = getField('Due date', dialog);
    expect(fieldHelper(due)).toBe('Optional');

    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Enter a title.'));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Prompt' })).toHaveAccessibleDescription('Enter a prompt.'));
    expect(within(dialog).getByText('Choose at least one strand.')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Focus strands' })).toHaveAccessibleDescription('Choose at least one strand.');
    expect(fieldError(course)).toBe('Choose a course.');
    typeInto(due, '2020-01-01T10:00');
    // Ionic shows the error in place of the hint.
    expect(fieldError(due)).toBe('The due date is in the past.');
    expect(calls(fetchSpy, 'POST', '/api/teacher/speaking-tasks')).toHaveLength(0);

    choose(course, 'c2');
    await user.type(title, 'Interview practice');
    await user.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'Answer: why this school?');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Physical' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Linguistic' }));
    choose(maxLength, 90);
    typeInto(due, FUTURE);
    expect(within(dialog).queryByText('Choose at least one strand.')).not.toBeInTheDocument();
    expect(fieldError(course)).toBeUndefined();
    expect(fieldError(due)).toBeUndefined();

    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Titles cannot contain control or invisible characters'));
    expect(title).toHaveValue('Interview practice');
    expect(within(dialog).getByRole('textbox', { name: 'Prompt' })).toHaveValue('Answer: why this school?');
    expect(sentJson(calls(fetchSpy, 'POST', '/api/teacher/speaking-tasks')[0])).toEqual({
      courseId: 'c2',
      title: 'Interview practice',
      prompt: 'Answer: why this school?',
      focusStrands: ['linguistic', 'physical'],
      maxSeconds: 90,
      dueAt: localInputToIso(FUTURE),
      script: null,
    });

    // Changing the field clears the server's message; the second save succeeds and the list reloads.
    await user.type(title, '!');
    await waitFor(() => expect(title).not.toHaveAccessibleDescription('Titles cannot contain control or invisible characters'));
    const loadsBefore = calls(fetchSpy, 'GET', '/api/teacher/speaking-tasks/u-teacher').length;
    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(calls(fetchSpy, 'GET', '/api/teacher/speaking-tasks/u-teacher').length).toBe(loadsBefore + 1));
    expect(posts).toBe(2);
  });

  it('edits a task: the course is fixed, the fields are filled, and PUT sends the changes', async () => {
    const { user, fetchSpy } = setup({
      'PUT /api/teacher/speaking-tasks/k1': (request) => request.json().then((body: object) => ({ body: { ...TASKS[0], ...body } })),
    });
    await user.click(within(await taskCard('My hero')).getByRole('button', { name: 'Edit' }));
    const title = await dialogField('Title');
    const dialog = openDialog();
    expect(title).toHaveValue('My hero');
    const course = getField('Course', dialog);
    expect(course.disabled).toBe(true);
    expect(course.value).toBe(TASKS[0]!.courseId);
    expect(optionTexts(course)).toEqual(['Public Speaking']);
    expect(within(dialog).getByRole('checkbox', { name: 'Linguistic' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Physical' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Cognitive' })).not.toBeChecked();
    // The due date has passed: it is cleared, as the API refuses a past one.
    typeInto(getField('Due date', dialog), '');
    await user.clear(title);
    await user.type(title, 'My hero, again');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Physical' }));
    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(calls(fetchSpy, 'PUT', '/api/teacher/speaking-tasks/k1')).toHaveLength(1));
    expect(sentJson(calls(fetchSpy, 'PUT', '/api/teacher/speaking-tasks/k1')[0])).toEqual({
      title: 'My hero, again',
      prompt: 'Talk about My hero.',
      focusStrands: ['linguistic'],
      maxSeconds: 120,
      dueAt: null,
      script: null,
    });
  });

  it('takes an optional script for reading aloud: its help, a counter to 2,000, the server’s message beside it with the text kept, and the script sent trimmed (docs/product.md#reading-aloud)', async () => {
    let puts = 0;
    const { user, fetchSpy } = setup({
      'PUT /api/teacher/speaking-tasks/k2': (request) =>
        request.json().then((body: object) => {
          puts += 1;
          return puts === 1
            ? { status: 400, body: { error: { code: 'validation_error', message: 'The request is not valid.', fields: { script: 'At most 2,000 characters.' } } } }
            : { body: { ...TASKS[1], ...body } };
        }),
    });
    await user.click(within(await taskCard('For or against')).getByRole('button', { name: 'Edit' }));
    await dialogField('Title');
    const dialog = openDialog();
    const script = getField('Script', dialog);
    expect(fieldHelper(script)).toBe('Optional. For a reading-aloud task: the text the student reads. Each take is checked against it word by word.');
    expect(script).toMatchObject({ maxlength: 2000, counter: true });
    typeInto(script, '  The cat sat on the mat.  ');
    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(fieldError(script)).toBe('At most 2,000 characters.'));
    expect(script.value).toBe('  The cat sat on the mat.  ');
    expect(sentJson(calls(fetchSpy, 'PUT', '/api/teacher/speaking-tasks/k2')[0])).toMatchObject({ script: 'The cat sat on the mat.' });

    typeInto(script, 'The cat sat.');
    expect(fieldError(script)).toBeUndefined();
    await user.click(ionButton('Save', dialog));
    await waitFor(() => expect(puts).toBe(2));
    expect(sentJson(calls(fetchSpy, 'PUT', '/api/teacher/speaking-tasks/k2')[1])).toMatchObject({ script: 'The cat sat.' });
  });

  it('deletes a task after confirmation; a 409 says students have answered it', async () => {
    const { user, fetchSpy } = setup({
      'DELETE /api/teacher/speaking-tasks/k1': { status: 409, body: { error: { code: 'conflict', message: 'Students have answered this task: it cannot be deleted.' } } },
      'DELETE /api/teacher/speaking-tasks/k2': { status: 204 },
    });
    await user.click(within(await taskCard('My hero')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete task' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Students have answered this task: it cannot be deleted.');
    expect(screen.getByRole('heading', { level: 4, name: 'My hero' })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(within(await taskCard('For or against')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete task' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 4, name: 'For or against' })).not.toBeInTheDocument());
    expect(calls(fetchSpy, 'DELETE', '/api/teacher/speaking-tasks/k2')).toHaveLength(1);
  });
});

describe('Speaking Practice for teachers: the review queue (docs/product.md#recordings)', { timeout: 30_000 }, () => {
  it('lists the pending recordings oldest first with "N waiting", and the reviewed ones on demand', async () => {
    const { user } = setup();
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
    const pending = screen.getByRole('list', { name: 'Pending recordings' });
    const rows = within(pending).getAllByRole('link');
    expect(rows.map((row) => row.querySelector('.queue-row__student')?.textContent)).toEqual(['Amy Adams', 'Ben Brown']);
    expect(rows[0]).toHaveAttribute('href', '/teacher/speaking/review/r1');
    expect(rows[0]).toHaveTextContent('My hero');
    expect(rows[0]).toHaveTextContent('1:23');
    expect(rows[1]).toHaveTextContent('A favourite place');
    expect(rows[1]).toHaveTextContent('0:09');
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Reviewed' }));
    const reviewed = await screen.findByRole('list', { name: 'Reviewed recordings' });
    expect(Array.from(reviewed.querySelectorAll('.queue-row__student'), (el) => el.textContent)).toEqual(['Cleo Chen', 'Dan Dale']);
    expect(screen.queryByText(/waiting/)).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('list', { name: 'Reviewed recordings' })).getAllByRole('link')[0]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/speaking/review/r9'));
  });

  it('says "Nothing to review." when nothing is pending', async () => {
    setup({ 'GET /api/teacher/recordings/u-teacher': queueRoute({ pending: [], reviewed: [] }) });
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
  });
});

describe("the task form's rules (docs/product.md#speaking-tasks)", () => {
  it('mirrors the API: a course, a title, a prompt, a strand, a due date not in the past', () => {
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: '  ', prompt: 'x', focusStrands: ['physical'] })).toEqual({ title: 'Enter a title.' });
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: 'x'.repeat(121), prompt: 'x', focusStrands: ['physical'] })).toEqual({ title: 'At most 120 characters.' });
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: 't', prompt: 'p', focusStrands: ['physical'], dueAt: '2020-01-01T00:00' })).toEqual({
      dueAt: 'The due date is in the past.',
    });
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: 't', prompt: 'p', focusStrands: ['physical'], dueAt: FUTURE })).toEqual({});
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: 't', prompt: 'p', focusStrands: ['physical'], script: ` ${'x'.repeat(2000)} ` })).toEqual({});
    expect(validateTaskForm({ ...emptyTaskForm('c1'), title: 't', prompt: 'p', focusStrands: ['physical'], script: 'x'.repeat(2001) })).toEqual({ script: 'At most 2,000 characters.' });
  });

  it('writes lengths as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(83_400)).toBe('1:23');
    expect(formatDuration(300_000)).toBe('5:00');
  });
});
