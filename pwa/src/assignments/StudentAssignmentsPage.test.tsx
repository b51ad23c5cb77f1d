import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentAssignment } from '../people/studentTeacher';
import { mockFetch, USERS } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { openFirst } from './assignmentOrder';

/** "My assignments" (docs/product.md#my-assignments): open work first, by due date. */

const assignment = (title: string, dueDate: string, done: boolean): StudentAssignment => ({
  id: `a-${title}`,
  title,
  courseId: 'c1',
  courseTitle: 'Debate Club',
  dueDate,
  done,
  completedAt: done ? dueDate : null,
});

const LIST = [
  assignment('Old speech', '2026-09-01', true),
  assignment('Later talk', '2026-12-20', false),
  assignment('Recent speech', '2026-11-01', true),
  assignment('Soon talk', '2026-12-09', false),
  assignment('Also soon', '2026-12-09', false),
];

describe('openFirst', () => {
  it('puts open assignments first by due date, then done ones latest due first', () => {
    expect(openFirst(LIST).map((a) => a.title)).toEqual(['Also soon', 'Soon talk', 'Later talk', 'Recent speech', 'Old speech']);
    expect(LIST[0]?.title).toBe('Old speech');
  });

  it('puts open assignments without a due date after the dated ones, and done ones without one last', () => {
    const undated = [
      { title: 'Undated open', dueDate: null, done: false },
      { title: 'Dated open', dueDate: '2026-12-31', done: false },
      { title: 'Undated done', dueDate: null, done: true },
      { title: 'Dated done', dueDate: '2026-01-01', done: true },
    ];
    expect(openFirst(undated).map((a) => a.title)).toEqual(['Dated open', 'Undated open', 'Dated done', 'Undated done']);
  });
});

describe("the student's assignments screen", { timeout: 30_000 }, () => {
  it('lists open work first, soonest due first, and done work after it', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'GET /api/student/assignments/u-student': { body: LIST } });
    renderAt('/assignments');
    await screen.findByRole('heading', { level: 2, name: 'Soon talk' }, { timeout: 15_000 });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Also soon', 'Soon talk', 'Later talk', 'Recent speech', 'Old speech']);
  });
});
