import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import avatarPlaceholder from './avatar-placeholder.svg';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { joinCourseNames } from './PersonCard';

const SLOW = { timeout: 8000 };

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, 'GET /api/privacy/exports': { body: [] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('ion-card') as HTMLElement;

describe('course names on person cards', () => {
  it('joins them with commas, or says N/A', () => {
    expect(joinCourseNames([{ courseName: 'Voice' }, { courseName: 'Debate' }])).toBe('Voice, Debate');
    expect(joinCourseNames([])).toBe('N/A');
    expect(joinCourseNames(undefined)).toBe('N/A');
  });
});

describe('the student\'s teachers, "Your Teacher" (docs/product.md#your-teachers)', { timeout: 15_000 }, () => {
  it('shows a card per teacher with avatar or placeholder, name, email and courses', async () => {
    setup(
      '/student/teachers',
      {
        'GET /api/student/teacher/u-student': {
          body: [
            { id: 't1', teacherName: 'Ana Alvarez', profilePicture: '/uploads/ana.png', teacherEmail: 'ana@oracy.test', courses: [{ courseName: 'Voice' }, { courseName: 'Debate' }] },
            { id: 't2', teacherName: 'Bo Brown', profilePicture: null, teacherEmail: 'bo@oracy.test', courses: [] },
          ],
        },
      },
      'student',
    );
    expect(await screen.findByRole('heading', { name: 'Ana Alvarez' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Teacher' })).toBeInTheDocument();
    const ana = cardOf('Ana Alvarez');
    expect(ana.querySelector('img')).toHaveAttribute('src', '/uploads/ana.png');
    expect(ana).toHaveTextContent('Email: ana@oracy.test');
    expect(ana).toHaveTextContent('Courses: Voice, Debate');
    const bo = cardOf('Bo Brown');
    expect(bo.querySelector('img')).toHaveAttribute('src', avatarPlaceholder);
    expect(bo).toHaveTextContent('Courses: N/A');
    expect(within(bo).getByRole('link', { name: 'bo@oracy.test' })).toHaveAttribute('href', 'mailto:bo@oracy.test');
  });

  it('shows its error and its two-line empty state', async () => {
    setup('/student/teachers', { 'GET /api/student/teacher/u-student': { body: 'not JSON' } }, 'student');
    expect(await screen.findByText('Unable to fetch teacher information. Please try again later.', {}, SLOW)).toBeInTheDocument();
  });

  it('says no teacher has been assigned yet when there is none', async () => {
    setup('/student/teachers', { 'GET /api/student/teacher/u-student': { body: [] } }, 'student');
    expect(await screen.findByText('No teacher has been assigned to you yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Please check back later or contact your administrator for more information.')).toBeInTheDocument();
  });
});

describe('the teacher\'s students, "Your Students" (docs/product.md#your-students)', { timeout: 15_000 }, () => {
  it('shows a card per student', async () => {
    setup(
      '/teacher/students',
      {
        'GET /api/teacher/students/u-teacher': { body: [{ id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [{ courseName: 'Voice' }] }] },
        'GET /api/teacher/courses/u-teacher': { body: [] },
        'GET /api/teacher/oracy/u-teacher': {
          body: { courseId: null, students: [], strandAverages: null, levelCounts: { Beginner: 0, Developing: 0, Proficient: 0, Advanced: 0, notAssessed: 0 } },
        },
      },
      'teacher',
    );
    expect(await screen.findByRole('heading', { name: 'Amy Ash' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Students' })).toBeInTheDocument();
    expect(cardOf('Amy Ash')).toHaveTextContent('Email: amy@oracy.test');
    expect(cardOf('Amy Ash')).toHaveTextContent('Courses: Voice');
  });

  it('shows "Error fetching students. Please try again." with a Retry that loads again', async () => {
    let fail = true;
    const { user } = setup(
      '/teacher/students',
      { 'GET /api/teacher/students/u-teacher': () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: [] }) },
      'teacher',
    );
    expect(await screen.findByText('Error fetching students. Please try again.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('No students available')).toBeInTheDocument();
  });
});
