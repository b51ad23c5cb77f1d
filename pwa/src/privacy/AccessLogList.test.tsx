import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';

/** The student's own profile (`GET /api/user/profile/:userId`): the screen the list sits on needs it. */
const PROFILE = {
  name: USERS.student.name,
  email: USERS.student.email,
  role: 3,
  profilePicture: null,
  language: null,
  teacher: null,
  student: { progress: 0, completedAssignments: 0, totalAssignments: 0, courses: [], badges: [] },
};

function setup(log: FakeRoute) {
  mockFetch({
    'GET /auth/current_user': { body: USERS.student },
    [`GET /api/user/profile/${USERS.student.id}`]: { body: PROFILE },
    'GET /api/privacy/access-log': log,
    'GET /api/privacy/exports': { body: [] },
  });
  renderAt('/student/profile');
}

const SLOW = { timeout: 10_000 };

describe('"Who looked at your data" on the student profile (docs/product.md#access-log)', { timeout: 20_000 }, () => {
  it('lists who (name and role) opened what, and when', async () => {
    const now = Date.now();
    setup({
      body: [
        { at: new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(), actor: { name: 'Tom Teacher', role: 'teacher' }, what: 'recording_audio' },
        { at: new Date(now - 3 * 60 * 60 * 1000 - 60_000).toISOString(), actor: { name: 'Ada Admin', role: 'admin' }, what: 'oracy_profile' },
      ],
    });
    const heading = await screen.findByRole('heading', { name: 'Who looked at your data' }, SLOW);
    const section = heading.closest('section') as HTMLElement;
    const items = (await within(section).findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toEqual(['Tom Teacher (Teacher) opened A speaking-practice recording 2 days ago', 'Ada Admin (Admin) opened Oracy profile 3 hours ago']);
  });

  it('says when nobody else has looked', async () => {
    setup({ body: [] });
    expect(await screen.findByText('Nobody else has opened your data in the last 90 days.', {}, SLOW)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } });
    expect(await screen.findByText('This list could not be loaded.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Retry', { selector: 'ion-button' })).toBeInTheDocument();
  });
});
