import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../platform/api/api';
import { readCache, readCachedUser, writeCache, writeCachedUser } from '../platform/api/cache';
import { RequestQueue } from '../platform/offline/outbox';
import { complaintRequest } from '../complaints/useComplaintOutbox';
import { mockFetch, USERS } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { SessionProvider, useRequiredUser, useSession, type Session } from './SessionProvider';

useFakeIndexedDb();

let session: Session;

function Needy() {
  session = useSession();
  const user = useRequiredUser();
  return <p>{user ? `Hello ${user.firstName}${session.offline ? ' (offline)' : ''}` : `status ${session.status}`}</p>;
}

function renderSession() {
  const redirect = vi.fn<(url: string) => void>();
  render(
    <SessionProvider redirect={redirect}>
      <Needy />
    </SessionProvider>,
  );
  return { redirect };
}

/** What an earlier online visit of the student left on the device. */
async function previousVisit(user: typeof USERS.student | typeof USERS.teacher = USERS.student) {
  localStorage.setItem('userId', user.id);
  localStorage.setItem('userRole', String(user.role));
  await writeCachedUser({ ...user });
}

/**
 * Lets React run the effects of the render that showed the offline user: the provider listens for
 * `online` from one of them, and `findByText` resolves as soon as the text is in the DOM, before
 * them, so an `online` event sent at once could come before the listener (seen on a busy machine).
 */
async function listeningForOnline() {
  await act(async () => undefined);
}

describe('starting the installed app offline', () => {
  it.each([
    ['the network is down', new TypeError('Failed to fetch')],
    ['the server answers 503', { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }],
  ])('uses the last signed-in user when %s — no redirect to /login', async (_name, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await previousVisit();
    mockFetch({ 'GET /auth/current_user': answer });
    const { redirect } = renderSession();

    expect(await screen.findByText('Hello Sam (offline)')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('studentId')).toBeNull(); // untouched: it was not there before
    expect(localStorage.getItem('userId')).toBe('u-student');
  });

  it('still goes to /login on a real 401, even with a cached user', async () => {
    await previousVisit();
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'No' } } } });
    const { redirect } = renderSession();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('goes to /login when offline with no cached user', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /auth/current_user': new TypeError('Failed to fetch') });
    const { redirect } = renderSession();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
  });

  it('confirms the user once back online, or signs out on a 401 then', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await previousVisit();
    let answer: 'offline' | 'ok' | '401' = 'offline';
    mockFetch({
      'GET /auth/current_user': () => {
        if (answer === 'offline') return new TypeError('Failed to fetch');
        if (answer === 'ok') return { body: { ...USERS.student, firstName: 'Samantha' } };
        return { status: 401, body: { error: { code: 'unauthorized', message: 'No' } } };
      },
    });
    const { redirect } = renderSession();
    await screen.findByText('Hello Sam (offline)');
    await listeningForOnline();

    answer = 'ok';
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Hello Samantha')).toBeInTheDocument();
    expect(session.offline).toBe(false);
    expect(redirect).not.toHaveBeenCalled();
    await waitFor(async () => expect((await readCachedUser('u-student'))?.user.firstName).toBe('Samantha'));
  });

  it('signs out on a 401 that comes once back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await previousVisit();
    let online = false;
    mockFetch({
      'GET /auth/current_user': () => (online ? { status: 401, body: { error: { code: 'unauthorized', message: 'No' } } } : new TypeError('Failed to fetch')),
    });
    const { redirect } = renderSession();
    await screen.findByText('Hello Sam (offline)');
    await listeningForOnline();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
  });
});

describe('whose data stays on the device', () => {
  it('caches the signed-in user for the next offline start', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    renderSession();
    await screen.findByText('Hello Tom');
    await waitFor(async () => expect(await readCachedUser('u-teacher')).toMatchObject({ user: USERS.teacher }));
  });

  it('deletes the previous user’s data when a different user signs in', async () => {
    await previousVisit(USERS.student);
    await writeCache('u-student', '/api/admin/notice', [{ id: 'n1' }]);
    mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    renderSession();
    await screen.findByText('Hello Tom');

    await waitFor(async () => expect((await indexedDB.databases()).map((db) => db.name)).toEqual(['oracy-user-u-teacher']));
    expect(await readCache('u-student', '/api/admin/notice')).toBeNull();
  });

  it('keeps the same user’s data when they sign in again', async () => {
    await previousVisit(USERS.student);
    await writeCache('u-student', '/api/admin/notice', [{ id: 'n1' }]);
    mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    renderSession();
    await screen.findByText('Hello Sam');
    await waitFor(async () => expect(await readCachedUser('u-student')).not.toBeNull());
    expect((await readCache('u-student', '/api/admin/notice'))?.data).toEqual([{ id: 'n1' }]);
  });

  it('deletes the user’s database — cache and outbox — on logout', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'POST /auth/logout': { body: { ok: true } } });
    const { redirect } = renderSession();
    await screen.findByText('Hello Sam');
    await writeCache('u-student', '/api/admin/notice', [{ id: 'n1' }]);
    await new RequestQueue('u-student').pushRequest(complaintRequest(3, { title: 't', description: 'd' }));

    await act(() => session.logout());

    expect(redirect).toHaveBeenCalledWith('/login');
    expect((await indexedDB.databases()).map((db) => db.name)).toEqual([]);
    expect(await new RequestQueue('u-student').getAll()).toEqual([]);
  });

  it('clears the user’s cached data but keeps their queued writes when any request gets a 401 (docs/product.md#when-the-session-ends)', async () => {
    const students = [{ id: 's1', name: 'Sam Student' }];
    let ended = false;
    mockFetch({
      'GET /auth/current_user': { body: USERS.teacher },
      'GET /api/teacher/students': () => (ended ? { status: 401, body: { error: { code: 'unauthorized', message: 'You need to sign in.' } } } : { body: students }),
    });
    const { redirect } = renderSession();
    await screen.findByText('Hello Tom');
    await waitFor(async () => expect(await readCachedUser('u-teacher')).not.toBeNull());
    await writeCache('u-teacher', '/api/teacher/students', students);
    const queued = await new RequestQueue('u-teacher').pushRequest(complaintRequest(2, { title: 'Heating', description: 'Cold room.' }));

    // signed out everywhere from another device: the next request of any screen is answered 401.
    ended = true;
    await expect(apiFetch('/api/teacher/students')).rejects.toMatchObject({ status: 401 });

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('userId')).toBeNull();
    expect(await readCache('u-teacher', '/api/teacher/students')).toBeNull();
    expect(await readCachedUser('u-teacher')).toBeNull();
    // the write stays queued, in the teacher's own database only.
    expect((await new RequestQueue('u-teacher').getAll()).map((item) => item.idempotencyKey)).toEqual([queued!.idempotencyKey]);
    expect((await indexedDB.databases()).map((db) => db.name)).toEqual(['oracy-user-u-teacher']);
  });

  it('never replays those queued writes under the next account: it deletes them when another user signs in', async () => {
    await previousVisit(USERS.teacher);
    await new RequestQueue('u-teacher').pushRequest(complaintRequest(2, { title: 'Heating', description: 'Cold room.' }));
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    renderSession();
    await screen.findByText('Hello Sam');
    await waitFor(async () => expect((await indexedDB.databases()).map((db) => db.name)).toEqual(['oracy-user-u-student']));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/auth/current_user']);
    expect(await new RequestQueue('u-student').getAll()).toEqual([]);
  });

  it('leaves for /login once, however many requests get a 401', async () => {
    mockFetch({
      'GET /auth/current_user': { body: USERS.teacher },
      'GET /api/teacher/students': { status: 401, body: { error: { code: 'unauthorized', message: 'You need to sign in.' } } },
    });
    const { redirect } = renderSession();
    await screen.findByText('Hello Tom');
    await Promise.allSettled([apiFetch('/api/teacher/students'), apiFetch('/api/teacher/students'), apiFetch('/api/teacher/students')]);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    await act(async () => undefined);
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
