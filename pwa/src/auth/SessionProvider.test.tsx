import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, OfflineError } from '../platform/api/api';
import { mockFetch, USERS } from '../test/fetchMock';
import { prefetchCurrentUser, takePrefetchedCurrentUser } from './currentUser';
import { SessionProvider, useRequiredUser, useSession, type Session } from './SessionProvider';

const KEYS = ['userId', 'userRole', 'adminId', 'teacherId', 'studentId'] as const;
const stored = () => Object.fromEntries(KEYS.map((key) => [key, localStorage.getItem(key)]));

let session: Session;

/** A screen that needs the user. */
function Needy() {
  session = useSession();
  const user = useRequiredUser();
  return <p>{user ? `Hello ${user.firstName}` : `status ${session.status}`}</p>;
}

/** A component that only reads the session (like the menu). */
function Passive() {
  session = useSession();
  return <p>status {session.status}</p>;
}

function renderSession(needsUser = true) {
  const redirect = vi.fn<(url: string) => void>();
  render(<SessionProvider redirect={redirect}>{needsUser ? <Needy /> : <Passive />}</SessionProvider>);
  return { redirect };
}

describe('the current-user bootstrap (docs/product.md#self-assessment, docs/product.md#identity-on-the-device)', () => {
  it.each([
    [USERS.admin, { userId: 'u-admin', userRole: '1', adminId: 'u-admin', teacherId: null, studentId: null }],
    [USERS.teacher, { userId: 'u-teacher', userRole: '2', adminId: null, teacherId: 'u-teacher', studentId: null }],
    [USERS.student, { userId: 'u-student', userRole: '3', adminId: null, teacherId: null, studentId: 'u-student' }],
  ])('stores the session keys of the signed-in user (%#)', async (user, keys) => {
    localStorage.setItem('studentId', 'someone-before');
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: user } });
    const { redirect } = renderSession();

    expect(await screen.findByText(`Hello ${user.firstName}`)).toBeInTheDocument();
    expect(stored()).toEqual(keys);
    expect(redirect).not.toHaveBeenCalled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('sends the browser to /login on a 401 and removes stale keys', async () => {
    localStorage.setItem('userId', 'old');
    localStorage.setItem('userRole', '3');
    localStorage.setItem('studentId', 'old');
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'Not signed in' } } } });
    const { redirect } = renderSession();

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ userId: null, userRole: null, adminId: null, teacherId: null, studentId: null });
    expect(screen.getByText('status leaving')).toBeInTheDocument();
  });

  it.each([
    ['the network fails', new TypeError('Failed to fetch')],
    ['the server errs', { status: 500, body: { error: { code: 'internal', message: 'Boom' } } }],
    ['the answer is not a user', { body: { hello: 'world' } }],
  ])('sends the browser to /login when %s', async (_, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /auth/current_user': answer });
    const { redirect } = renderSession();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
  });

  it('asks for the user only when a screen needs one', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    renderSession(false);
    await act(async () => undefined);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByText('status idle')).toBeInTheDocument();
  });
});

describe('logout (docs/product.md#users-and-sessions, docs/product.md#logout)', () => {
  it('calls /auth/logout, clears every key and goes to SITE_URL', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, 'POST /auth/logout': { body: { ok: true } } });
    const { redirect } = renderSession();
    await screen.findByText('Hello Ada');
    localStorage.setItem('studentId', 'leftover');

    await act(() => session.logout());

    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/auth/current_user', '/auth/logout']);
    expect(stored()).toEqual({ userId: null, userRole: null, adminId: null, teacherId: null, studentId: null });
    expect(redirect).toHaveBeenLastCalledWith('/login');
  });

  it('rejects with an HttpError and keeps the session on a non-2xx answer', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.teacher }, 'POST /auth/logout': { status: 503, body: { error: { code: 'unavailable', message: 'Try later' } } } });
    const { redirect } = renderSession();
    await screen.findByText('Hello Tom');

    await expect(session.logout()).rejects.toBeInstanceOf(HttpError);
    expect(localStorage.getItem('teacherId')).toBe('u-teacher');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('rejects with an OfflineError when the network fails', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'POST /auth/logout': new TypeError('Failed to fetch') });
    renderSession();
    await screen.findByText('Hello Sam');
    await expect(session.logout()).rejects.toBeInstanceOf(OfflineError);
    expect(localStorage.getItem('userId')).toBe('u-student');
  });
});

describe('the early current-user request', () => {
  it('takes the request started before rendering instead of sending a second one', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student } });
    prefetchCurrentUser();
    prefetchCurrentUser();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    renderSession();
    expect(await screen.findByText('Hello Sam')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('hands the early request out once, and reports its failure to the one who takes it', async () => {
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'Not signed in' } } } });
    prefetchCurrentUser();
    const request = takePrefetchedCurrentUser();
    expect(takePrefetchedCurrentUser()).toBeNull();
    await expect(request).rejects.toMatchObject({ name: 'HttpError', status: 401 });
  });
});
