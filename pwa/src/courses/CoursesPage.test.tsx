import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { choose, fieldError, fieldHelper, getField, optionTexts } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { t } from '../platform/i18n';
import { COURSE_FORM_MESSAGES, EMPTY_COURSE_FORM, validateCourseForm, type Course, type CourseFormValues } from './courseForm';

// The lazily loaded screen and Ionic's overlays can take more than a second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const TEACHERS = [
  { id: 't1', name: 'Grace Hopper' },
  { id: 't2', name: 'Alan Turing' },
];

const COURSES: Course[] = [
  {
    id: 'c1',
    title: 'Public Speaking',
    description: 'Speak with confidence.',
    instructorId: 't1',
    instructorName: 'Grace Hopper',
    duration: 12,
    startDate: '2025-09-01',
    endDate: '2025-12-19',
    status: 'active',
    image: 'course-abc.png',
    imageUrl: '/uploads/course-abc.png',
  },
  {
    id: 'c2',
    title: 'Debate',
    description: 'Argue well.',
    instructorId: null,
    instructorName: null,
    duration: 6,
    startDate: '2025-10-01',
    endDate: '2025-11-01',
    status: 'inactive',
    image: null,
    imageUrl: null,
  },
];

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    'GET /api/admin/courses': { body: COURSES },
    'GET /api/admin/instructors': { body: TEACHERS },
    ...routes,
  });
  renderAt('/admin/courses');
  return { fetchSpy, user: userEvent.setup() };
}

/** The IonButton with this text (its native button sits in a shadow root jsdom cannot reach). */
const ionButton = (text: string, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'ion-button' });

const calls = (spy: ReturnType<typeof mockFetch>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => String(url) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(ionButton('Add Course'));
  return screen.findByRole('heading', { level: 2, name });
}

/** The open dialog's form. */
const dialogForm = () => screen.getByRole('form');

/** The form's messages as shown: the rules give catalogue keys, translated where the form shows them. */
const messagesFor = (values: CourseFormValues) => Object.fromEntries(Object.entries(validateCourseForm(values)).map(([field, key]) => [field, t(key)]));

describe('the course form rules (docs/product.md#course-form-validation)', () => {
  it("names every missing field with the spec's messages", () => {
    expect(messagesFor(EMPTY_COURSE_FORM)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      instructorId: 'Instructor ID is required',
      duration: 'Duration must be a positive number',
      startDate: 'Start Date is required',
      endDate: 'End Date is required',
      status: 'Status is required',
    });
  });

  it.each(['0', '-1', 'abc', ' '])('refuses the duration %j', (duration) => {
    expect(messagesFor({ ...EMPTY_COURSE_FORM, duration }).duration).toBe(t(COURSE_FORM_MESSAGES.duration));
  });

  it('holds the date order under dateRange, and accepts equal dates', () => {
    const base = { ...EMPTY_COURSE_FORM, title: 't', description: 'd', instructorId: 't1', duration: '1.5', status: 'active' };
    expect(messagesFor({ ...base, startDate: '2025-02-01', endDate: '2025-01-31' })).toEqual({ dateRange: 'End Date must be after Start Date' });
    expect(messagesFor({ ...base, startDate: '2025-02-01', endDate: '2025-02-01' })).toEqual({});
  });
});

describe('admin course management (docs/product.md#course-management)', { timeout: 40_000 }, () => {
  it('shows "Loading..." and then a card per course', async () => {
    let release: () => void = () => undefined;
    const { fetchSpy } = setup({ 'GET /api/admin/courses': () => new Promise((resolve) => (release = () => resolve({ body: COURSES }))) });
    await waitFor(() => expect(calls(fetchSpy, 'GET', '/api/admin/courses')).toHaveLength(1));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Public Speaking' })).closest('article') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Image of Public Speaking' })).toHaveAttribute('src', '/uploads/course-abc.png');
    expect(within(card).getByRole('img')).toHaveAttribute('height', '140');
    expect(within(card).getByText('Instructor: Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('Speak with confidence.')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toHaveClass('course-status--active');
    for (const name of ['View Course', 'Edit Course', 'Delete Course']) expect(within(card).getByRole('button', { name })).toBeInTheDocument();

    const other = screen.getByRole('heading', { level: 2, name: 'Debate' }).closest('article') as HTMLElement;
    expect(within(other).getByText('Instructor: —')).toBeInTheDocument();
    expect(within(other).getByText('Inactive')).toHaveClass('course-status--inactive');
    // The 345×140 placeholder, decorative.
    expect(decodeURIComponent(other.querySelector('img')?.getAttribute('src') ?? '')).toMatch(/svg.*width='345' height='140'/);
    expect(other.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('shows "Error loading courses" with Retry, and an empty state', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/admin/courses': () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: [] }),
    });
    expect(await screen.findByText('Error loading courses')).toBeInTheDocument();
    fail = false;
    await user.click(ionButton('Retry'));
    expect(await screen.findByText(/No courses yet/)).toBeInTheDocument();
  });

  it('validates on submit, with messages under the fields and the date order, and sends nothing', async () => {
    const { user, fetchSpy } = setup();
    await screen.findByRole('heading', { level: 2, name: 'Public Speaking' });
    await openDialog(user, 'Add New Course');
    expect(screen.getByRole('heading', { level: 3, name: 'Course Details' })).toBeInTheDocument();
    // Ionic names its dialog element from the modal's aria-label.
    expect(document.querySelector('ion-modal.course-dialog')).toHaveAttribute('aria-label', 'Add New Course');

    await user.click(ionButton('Save'));
    // each message under its field (a select's inside its shadow root, so read from the field).
    const labels = {
      title: 'Title',
      description: 'Description',
      instructorId: 'Instructor',
      duration: 'Duration (hours)',
      startDate: 'Start Date',
      endDate: 'End Date',
      status: 'Status',
    } as const;
    for (const [key, label] of Object.entries(labels)) {
      await waitFor(() => expect(fieldError(getField(label))).toBe(t(COURSE_FORM_MESSAGES[key as keyof typeof labels])));
    }
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');

    await user.type(screen.getByLabelText('Title'), 'Storytelling');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Start Date'), '2026-03-02');
    await user.type(screen.getByLabelText('End Date'), '2026-03-01');
    expect(await screen.findByText('End Date must be after Start Date')).toBeInTheDocument();
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription('End Date must be after Start Date');

    await user.click(ionButton('Save'));
    expect(screen.getByRole('heading', { level: 2, name: 'Add New Course' })).toBeInTheDocument();
    expect(calls(fetchSpy, 'POST', '/api/admin/courses')).toHaveLength(0);
  });

  it('adds a course as multipart with its image, closes on success and reloads the list', async () => {
    let saved = false;
    const created: Course = { ...COURSES[1]!, id: 'c3', title: 'Storytelling', instructorId: 't2', instructorName: 'Alan Turing', status: 'active' };
    const { user, fetchSpy } = setup({
      'GET /api/admin/courses': () => ({ body: saved ? [created, ...COURSES] : COURSES }),
      'POST /api/admin/courses': () => {
        saved = true;
        return { status: 201, body: created };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Public Speaking' });
    await openDialog(user, 'Add New Course');

    const instructor = getField('Instructor');
    await waitFor(() => expect(optionTexts(instructor)).toEqual(['Grace Hopper', 'Alan Turing']));
    await user.type(await screen.findByLabelText('Title'), '  Storytelling ');
    // Ionic's text area is labelled by a label element that also holds a hidden copy of its text: found by its accessible name.
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Tell stories aloud.');
    choose(instructor, 't2');
    await user.type(screen.getByLabelText('Duration (hours)'), '7.5');
    await user.type(screen.getByLabelText('Start Date'), '2026-01-05');
    await user.type(screen.getByLabelText('End Date'), '2026-02-05');
    expect(optionTexts(getField('Status'))).toEqual(['Active', 'Inactive']);
    choose(getField('Status'), 'active');
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload Course Image:'), image);
    await user.click(ionButton('Save'));

    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Add New Course' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 2, name: 'Storytelling' })).toBeInTheDocument();
    expect(calls(fetchSpy, 'GET', '/api/admin/courses')).toHaveLength(2);
    const [post] = calls(fetchSpy, 'POST', '/api/admin/courses');
    const body = (post![1] as RequestInit).body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'image'))).toEqual({
      title: 'Storytelling',
      description: 'Tell stories aloud.',
      instructorId: 't2',
      duration: '7.5',
      startDate: '2026-01-05',
      endDate: '2026-02-05',
      status: 'active',
    });
    expect((body.get('image') as File).name).toBe('photo.png');
  });

  it('refuses a file that is not an image, or is over 5 MB, before sending', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 2, name: 'Public Speaking' });
    await openDialog(user, 'Add New Course');
    const input = screen.getByLabelText('Upload Course Image:');
    await user.upload(input, new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The image must be at most 5 MB.')).toBeInTheDocument();
  });

  it('keeps the dialog open and says so when a save fails', async () => {
    const { user } = setup({ 'PUT /api/admin/courses/c1': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Public Speaking' })).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Edit Course' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit Course' })).toBeInTheDocument();
    await user.click(ionButton('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The course could not be saved. Please try again.');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Course' })).toBeInTheDocument();
  });

  it('edits a course with its values filled in and PUTs it to its id', async () => {
    const { user, fetchSpy } = setup({ 'PUT /api/admin/courses/c1': { body: COURSES[0] } });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Public Speaking' })).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Edit Course' }));
    await screen.findByRole('heading', { level: 2, name: 'Edit Course' });
    expect(screen.getByRole('heading', { level: 3, name: 'Course Details' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Public Speaking');
    expect(screen.getByLabelText('Duration (hours)')).toHaveValue(12);
    expect(screen.getByLabelText('Start Date')).toHaveValue('2025-09-01');
    expect(getField('Status').value).toBe('active');
    await waitFor(() => expect(getField('Instructor').value).toBe('t1'));
    expect(screen.getByRole('img', { name: 'Current course image' })).toHaveAttribute('src', '/uploads/course-abc.png');

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Public Speaking II');
    await user.click(ionButton('Save'));
    await waitFor(() => expect(calls(fetchSpy, 'PUT', '/api/admin/courses/c1')).toHaveLength(1));
    const body = (calls(fetchSpy, 'PUT', '/api/admin/courses/c1')[0]![1] as RequestInit).body as FormData;
    expect(body.get('title')).toBe('Public Speaking II');
    expect(body.has('image')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Edit Course' })).not.toBeInTheDocument());
    expect(calls(fetchSpy, 'GET', '/api/admin/courses')).toHaveLength(2);
  });

  it('shows a course read-only in view mode', async () => {
    const { user } = setup();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Public Speaking' })).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'View Course' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'View Course' })).toBeInTheDocument();
    expect(document.querySelector('ion-modal.course-dialog')).toHaveAttribute('aria-label', 'View Course');
    expect(screen.getByRole('heading', { level: 3, name: 'View Course' })).toBeInTheDocument();
    const form = dialogForm();
    for (const label of ['Title', 'Description', 'Instructor', 'Duration (hours)', 'Start Date', 'End Date', 'Status']) expect(getField(label, form).disabled).toBe(true);
    expect(await within(form).findByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(within(form).getByLabelText('Upload Course Image:')).toBeDisabled();
    expect(screen.queryByText('Save', { selector: 'ion-button' })).not.toBeInTheDocument();
    await user.click(ionButton('Close'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'View Course' })).not.toBeInTheDocument());
  });

  it('shows "Loading Instructors..." and "Error fetching instructors!"', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { user, fetchSpy } = setup({ 'GET /api/admin/instructors': () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByRole('heading', { level: 2, name: 'Public Speaking' });
    await openDialog(user, 'Add New Course');
    const instructor = getField('Instructor');
    expect(fieldHelper(instructor)).toBe('Loading Instructors...');
    expect((instructor as HTMLElement & { placeholder?: string }).placeholder).toBe('Loading Instructors...');
    await waitFor(() => expect(calls(fetchSpy, 'GET', '/api/admin/instructors')).toHaveLength(1));
    answer({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } });
    await waitFor(() => expect(fieldError(instructor)).toBe('Error fetching instructors!'));
    // One request per opening.
    expect(calls(fetchSpy, 'GET', '/api/admin/instructors')).toHaveLength(1);
  });

  it('deletes a course after confirmation and reloads the list', async () => {
    let deleted = false;
    const { user, fetchSpy } = setup({
      'GET /api/admin/courses': () => ({ body: deleted ? COURSES.slice(1) : COURSES }),
      'DELETE /api/admin/courses/c1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Public Speaking' })).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Delete Course' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Public Speaking' })).not.toBeInTheDocument());
    expect(calls(fetchSpy, 'DELETE', '/api/admin/courses/c1')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Debate' })).toBeInTheDocument();
  });
});
