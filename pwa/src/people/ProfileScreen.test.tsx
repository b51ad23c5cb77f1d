import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentJson, USERS, type FakeRoute } from '../test/fetchMock';
import { fieldError, getField, typeInto } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { openModal } from '../test/dialogs';

/** docs/product.md#teacher-and-student-profiles, docs/product.md#badges, docs/product.md#edit-profile, docs/product.md#change-password */

const SLOW = { timeout: 15_000 };

/** The strings of the old placeholder profiles: none may come back. */
const PLACEHOLDERS = [
  'Student Name',
  'Teacher Name',
  'student@example.com',
  'teacher@example.com',
  '+00 000 000 0000',
  'Location: Not set',
  'Badges Earned: 5',
  'Courses Taught: 10',
  '70%',
  '80%',
  'Mathematics',
];

const badge = (id: string, title: string, earnedAt: string | null) => ({ id, title, description: '', earned: earnedAt !== null, earnedAt });

const STUDENT_PROFILE = {
  name: 'Sam Student',
  email: 'student@oracy.test',
  role: 3,
  profilePicture: null,
  language: null,
  teacher: null,
  student: {
    progress: 67,
    completedAssignments: 2,
    totalAssignments: 3,
    courses: [
      { id: 'c1', title: 'Storytelling' },
      { id: 'c2', title: 'Debate' },
    ],
    badges: [
      badge('first-take', 'First take', '2026-03-01T10:00:00.000Z'),
      badge('five-takes', 'Five takes', null),
      badge('reviewed', 'Reviewed', '2026-03-04T10:00:00.000Z'),
      badge('assessed-twice', 'Self-assessed twice', null),
      badge('level-up', 'Level up', null),
    ],
  },
};

const TEACHER_PROFILE = {
  name: 'Tom Teacher',
  email: 'teacher@oracy.test',
  role: 2,
  profilePicture: null,
  language: null,
  student: null,
  teacher: { coursesTaught: 2, subjects: ['Debate', 'Storytelling'], teachingProgress: 60, completedAssignments: 3, totalAssignments: 5 },
};

function setup(as: 'student' | 'teacher', profile: FakeRoute, more: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS[as] },
    'GET /api/privacy/exports': { body: [] },
    'GET /api/privacy/access-log': { body: [] },
    [`GET /api/user/profile/${USERS[as].id}`]: profile,
    ...more,
  });
  return { fetchSpy, ...renderAt(`/${as}/profile`), user: userEvent.setup() };
}

function expectNoPlaceholder() {
  for (const text of PLACEHOLDERS) expect(screen.queryByText(text), text).toBeNull();
}

describe('the student profile', { timeout: 30_000 }, () => {
  it('shows the signed-in student, their real progress, badges and courses, and no placeholder', async () => {
    setup('student', { body: STUDENT_PROFILE });
    expect(await screen.findByText('Role: Student', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Sam Student', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('Role: Student')).toBeInTheDocument();
    expect(screen.getByText('student@oracy.test')).toBeInTheDocument();
    expect(screen.getByText('Email: student@oracy.test')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByText('67%')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 assignments completed')).toBeInTheDocument();
    expect(screen.getByText('Badges Earned: 2')).toBeInTheDocument();
    const badges = within(screen.getByRole('list', { name: 'Badges' })).getAllByRole('listitem');
    // earned first, then still to earn, in the fixed order
    expect(badges.map((item) => item.querySelector('.profile-badge__title')?.textContent)).toEqual(['First take', 'Reviewed', 'Five takes', 'Self-assessed twice', 'Level up']);
    expect(badges[0]).toHaveTextContent(/Earned on .*2026/);
    expect(badges[2]).toHaveTextContent('Still to earn');
    expect(screen.getByRole('heading', { name: 'Enrolled Courses' })).toBeInTheDocument();
    expect(screen.getByText('Storytelling')).toBeInTheDocument();
    expect(screen.getByText('Debate')).toBeInTheDocument();
    expectNoPlaceholder();
  });

  it('says so when the student takes no course, and shows initials without a photo', async () => {
    setup('student', { body: { ...STUDENT_PROFILE, student: { ...STUDENT_PROFILE.student, progress: 0, completedAssignments: 0, totalAssignments: 0, courses: [] } } });
    expect(await screen.findByText('You are not enrolled in any course yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(document.querySelector('.profile-avatar')).toHaveTextContent('SS');
  });

  it('shows "Failed to load profile data: …" with Retry, which loads again', async () => {
    let calls = 0;
    const { user } = setup('student', () => (++calls === 1 ? { status: 404, body: { error: { code: 'not_found', message: 'No such user.' } } } : { body: STUDENT_PROFILE }));
    expect(await screen.findByText('Failed to load profile data: No such user.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByText('Retry', { selector: 'ion-button' }));
    expect(await screen.findByText('Role: Student', {}, SLOW)).toBeInTheDocument();
  });

  it('Edit Profile uploads a chosen photo and shows it; the name and email are the school’s', async () => {
    const { user, fetchSpy } = setup('student', { body: STUDENT_PROFILE }, { 'PUT /api/user/photo': { body: { profilePicture: '/uploads/photo-abc.png' } } });
    await user.click(await screen.findByText('Edit Profile', { selector: 'ion-button' }, SLOW));
    const dialog = await openModal('profile-edit-dialog');
    expect(within(dialog).getByText(/Your name and email are kept by your school/)).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Photo', { selector: 'input' });
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    expect(within(dialog).getByText('New photo: me.png')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url, init]) => String(url).endsWith('/api/user/photo') && init?.method === 'PUT')).toBe(true));
    const photo = await screen.findByAltText('Photo of Sam Student');
    expect(photo).toHaveAttribute('src', '/uploads/photo-abc.png');
  });

  it('Edit Profile says why a photo was refused and keeps the choice', async () => {
    const { user } = setup(
      'student',
      { body: STUDENT_PROFILE },
      { 'PUT /api/user/photo': { status: 415, body: { error: { code: 'unsupported_media_type', message: 'The file is not an image.' } } } },
    );
    await user.click(await screen.findByText('Edit Profile', { selector: 'ion-button' }, SLOW));
    const dialog = await openModal('profile-edit-dialog');
    await user.upload(within(dialog).getByLabelText('Photo', { selector: 'input' }), new File(['not an image'], 'notes.png', { type: 'image/png' }));
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    expect(await within(dialog).findByText('This file is not an image. Choose a PNG, JPEG, GIF or WebP photo.')).toBeInTheDocument();
    expect(within(dialog).getByText('New photo: notes.png')).toBeInTheDocument();
  });
});

describe('the teacher profile', { timeout: 30_000 }, () => {
  it('shows the signed-in teacher, their courses taught, subjects and teaching progress, and no placeholder', async () => {
    setup('teacher', { body: TEACHER_PROFILE });
    expect(await screen.findByText('Role: Teacher', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Tom Teacher', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('Role: Teacher')).toBeInTheDocument();
    expect(screen.getByText('teacher@oracy.test')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Teaching Progress' })).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByText('3 of 5 assignments handed out completed')).toBeInTheDocument();
    expect(screen.getByText('Courses Taught: 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subjects' })).toBeInTheDocument();
    expect(screen.getByText('Debate')).toBeInTheDocument();
    expect(screen.getByText('Storytelling')).toBeInTheDocument();
    expectNoPlaceholder();
  });

  it('shows no bar when no assignment was handed out', async () => {
    setup('teacher', { body: { ...TEACHER_PROFILE, teacher: { coursesTaught: 0, subjects: [], teachingProgress: null, completedAssignments: 0, totalAssignments: 0 } } });
    expect(await screen.findByText('No assignments handed out in your courses yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Courses Taught: 0')).toBeInTheDocument();
    expect(screen.getByText('You do not teach any course yet.')).toBeInTheDocument();
  });

  it('Change password: words the server’s refusals from their reasons (docs/product.md#error-format), not from its English', async () => {
    const refusals = ['same_as_current', 'common_password', 'too_short'];
    const { user } = setup(
      'teacher',
      { body: TEACHER_PROFILE },
      {
        'POST /api/user/password': () => {
          const reason = refusals.shift() ?? 'invalid';
          return { status: 400, body: { error: { code: 'validation_error', message: 'Invalid password.', fields: { password: 'Not accepted.' }, reasons: { password: reason } } } };
        },
      },
    );
    await user.click(await screen.findByText('Change password', { selector: 'ion-button' }, SLOW));
    const dialog = await openModal('password-dialog');
    typeInto(getField('Current password', dialog), 'oracy-demo');
    typeInto(getField('New password', dialog), 'a brand new phrase 7');
    typeInto(getField('New password again', dialog), 'a brand new phrase 7');
    for (const shown of ['Choose a new password other than your current one.', 'This password is too easy to guess. Choose another one.', 'Use at least 10 characters.']) {
      await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
      await waitFor(() => expect(fieldError(getField('New password', dialog))).toBe(shown));
    }
  });

  it('Change password: checks the fields, shows a wrong current password at its field with the typing kept, then changes it', async () => {
    let attempts = 0;
    const { user, fetchSpy } = setup(
      'teacher',
      { body: TEACHER_PROFILE },
      {
        'POST /api/user/password': () =>
          ++attempts === 1
            ? {
                status: 400,
                body: { error: { code: 'wrong_current_password', message: 'Your current password is not right.', fields: { currentPassword: 'Your current password is not right.' } } },
              }
            : { body: { ok: true } },
      },
    );
    await user.click(await screen.findByText('Change password', { selector: 'ion-button' }, SLOW));
    const dialog = await openModal('password-dialog');
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    expect(fieldError(getField('Current password', dialog))).toBe('Enter your current password.');
    expect(fieldError(getField('New password', dialog))).toBe('Enter a new password.');

    typeInto(getField('Current password', dialog), 'guess guess');
    typeInto(getField('New password', dialog), 'short');
    typeInto(getField('New password again', dialog), 'short');
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    expect(fieldError(getField('New password', dialog))).toBe('Use at least 10 characters.');
    expect(attempts).toBe(0);

    typeInto(getField('New password', dialog), 'a brand new phrase 7');
    typeInto(getField('New password again', dialog), 'a brand new phrase 7');
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    await waitFor(() => expect(fieldError(getField('Current password', dialog))).toBe('Your current password is not right.'));
    expect(getField('New password', dialog).value).toBe('a brand new phrase 7');

    typeInto(getField('Current password', dialog), 'oracy-demo');
    await user.click(within(dialog).getByText('Save', { selector: 'ion-button' }));
    expect(await screen.findByText('Your password was changed. You were signed out on your other devices.')).toBeInTheDocument();
    const sent = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/api/user/password')).at(-1);
    expect(sentJson(sent)).toEqual({ currentPassword: 'oracy-demo', password: 'a brand new phrase 7', confirmPassword: 'a brand new phrase 7' });
  });
});
