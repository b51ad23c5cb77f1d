import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { choose, getField, optionTexts } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { findToast, prepareScreenTests, queriesTo } from '../test/adminTestUtils';

prepareScreenTests();

const ENTRY = {
  id: 'e1',
  at: '2026-11-20T09:30:00.000Z',
  actor: { id: 'u-teacher', name: 'Tom Teacher', role: 'teacher' },
  subject: { id: 's1', name: 'Sam Student' },
  what: 'recording_audio',
  resourceId: 'r1',
  ip: '203.0.113.9',
};

const people = (key: string, rows: object[]) => ({ body: { [key]: rows, total: rows.length } });

function setup(log: FakeRoute, extra: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    'GET /api/admin/students': people('students', [
      { id: 's1', name: 'Sam Student', email: 's@x', role: 3 },
      { id: 's2', name: 'Sue Student', email: 's2@x', role: 3 },
    ]),
    'GET /api/admin/teachers': people('teachers', [{ id: 'u-teacher', name: 'Tom Teacher', email: 't@x', role: 2 }]),
    'GET /api/admin/users': people('users', [
      { id: 'u-admin', name: 'Ada Admin', email: 'a@x', role: 1 },
      { id: 's1', name: 'Sam Student', email: 's@x', role: 3 },
    ]),
    'GET /api/admin/privacy/access-log': log,
    ...extra,
  });
  renderAt('/admin/access-log');
  return { fetchSpy, user: userEvent.setup() };
}

/** Chooses `value` in the select labelled `label`, as Ionic reports a choice. */
const chooseIn = (label: string, value: string) => choose(getField(label), value);

describe('the access log screen (docs/product.md#access-log)', { timeout: 30_000 }, () => {
  it('lists who opened what of whose, when and from where, and filters by student and by staff member', async () => {
    const { fetchSpy } = setup({ body: { entries: [ENTRY], total: 1 } });
    expect(await screen.findByRole('heading', { name: 'Access log' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Access log' });
    const entry = within(list).getByRole('listitem');
    expect(entry).toHaveTextContent('Tom Teacher (Teacher)');
    expect(entry).toHaveTextContent('Sam Student');
    expect(entry).toHaveTextContent('A speaking-practice recording');
    expect(entry).toHaveTextContent('203.0.113.9');
    expect(screen.getByText('1 entry')).toBeInTheDocument();

    // the filters offer the students, and the teachers and admins (not the students) as staff
    await waitFor(() => expect(optionTexts(getField('Student'))).toEqual(['All students', 'Sam Student', 'Sue Student']));
    expect(optionTexts(getField('Staff member'))).toEqual(['All staff', 'Ada Admin', 'Tom Teacher']);

    chooseIn('Student', 's1');
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/privacy/access-log').at(-1)?.get('subjectId')).toBe('s1'));
    chooseIn('Staff member', 'u-teacher');
    await waitFor(() => expect(queriesTo(fetchSpy, '/api/admin/privacy/access-log').at(-1)?.get('actorId')).toBe('u-teacher'));
    const last = queriesTo(fetchSpy, '/api/admin/privacy/access-log').at(-1)!;
    expect(last.get('subjectId')).toBe('s1');
    expect(last.get('page')).toBe('1');
  });

  it('pages through the log, 20 entries a page', async () => {
    const { fetchSpy, user } = setup((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return { body: { entries: [{ ...ENTRY, id: `e${page}` }], total: 45 } };
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByText('Next page', { selector: 'ion-button' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(queriesTo(fetchSpy, '/api/admin/privacy/access-log').at(-1)?.get('limit')).toBe('20');
  });

  it('says when nothing matches, and when the log cannot be loaded, with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const { user } = setup(() => (++calls === 1 ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: { entries: [], total: 0 } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    await user.click(screen.getByText('Retry', { selector: 'ion-button' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('exports the filtered log as access-log.csv', async () => {
    const downloads: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const csvQueries: string[] = [];
    const { user } = setup(
      { body: { entries: [ENTRY], total: 1 } },
      {
        'GET /api/admin/privacy/access-log/csv': (request) => {
          csvQueries.push(new URL(request.url).search);
          return { body: 'at,actorId\n', headers: { 'Content-Type': 'text/csv' } };
        },
      },
    );
    await screen.findByRole('list', { name: 'Access log' });
    chooseIn('Student', 's2');
    await user.click(screen.getByText('Export CSV', { selector: 'ion-button' }));
    await findToast('Access log exported');
    expect(downloads).toEqual(['access-log.csv']);
    expect(csvQueries).toEqual(['?subjectId=s2']);
  });
});
