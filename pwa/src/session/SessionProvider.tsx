/**
 * The current user (spec §2.4 "Loading", §3 "User and session", §4
 * "Logout"): loaded once from `GET /auth/current_user` when the first screen
 * that needs it mounts, shared through React context.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LOGIN_URL, SITE_URL } from '../config';
import { apiFetch, getJson, HttpError, NetworkError } from '../data/api';
import { redirectTo } from './redirect';
import { clearSessionKeys, storeSessionKeys } from './storage';

/**
 * The signed-in person, as `GET /auth/current_user` answers (decisions §3).
 * `role` is 1 (admin), 2 (teacher) or 3 (student); other values are kept as
 * they come, and every role-dependent screen treats them as "no role".
 */
export interface CurrentUser {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: number;
}

/**
 * Where the session is:
 * - `idle`: nothing has asked for the user yet (the 404 page never does);
 * - `loading`: `GET /auth/current_user` is in flight;
 * - `signed-in`: `user` is set and the session keys are stored;
 * - `leaving`: the browser is on its way out (to the sign-in page after a
 *   failed load, or to the home site after logout); `user` keeps its last value.
 */
export type SessionStatus = 'idle' | 'loading' | 'signed-in' | 'leaving';

/** What {@link useSession} returns. */
export interface Session {
  status: SessionStatus;
  /** The current user once loaded, otherwise `null`. */
  user: CurrentUser | null;
  /** Starts loading the current user unless that has already started. Idempotent. */
  load: () => void;
  /**
   * Logs out (spec §4 "Logout"): `GET /auth/logout`; on a 2xx answer removes
   * every session key and sends the browser to `SITE_URL` (decisions §7).
   * The promise rejects, leaving the session as it was, with an `HttpError`
   * for a non-2xx answer or an `OfflineError`/`NetworkError` when no usable
   * answer came; the caller picks the message (spec §8 "Logout").
   */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children: ReactNode;
  /**
   * How the browser leaves the app; defaults to a full page load
   * ({@link redirectTo}). Tests pass a spy.
   */
  redirect?: (url: string) => void;
}

/**
 * Holds the session for everything below it. The user is requested on the
 * first {@link useRequiredUser} call, not on mount, so public screens (the
 * 404 page) never send anyone to sign in.
 *
 * - On success the session keys are stored (decisions §4) and `user` is set.
 * - On any failure (401, another status, offline, an unreadable answer) the
 *   browser goes to `{host}/login` (spec §2.4). A 401 also removes stale
 *   session keys; other failures leave them for the offline cache to use.
 */
export function SessionProvider({ children, redirect = redirectTo }: SessionProviderProps) {
  const [status, setStatus] = useState<SessionStatus>('idle');
  const [user, setUser] = useState<CurrentUser | null>(null);
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setStatus('loading');
    fetchCurrentUser().then(
      (loaded) => {
        storeSessionKeys(loaded);
        setUser(loaded);
        setStatus('signed-in');
      },
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 401) clearSessionKeys();
        else console.error('Could not load the current user', error);
        setStatus('leaving');
        redirect(LOGIN_URL);
      },
    );
  }, [redirect]);

  const logout = useCallback(async () => {
    await apiFetch('/auth/logout');
    clearSessionKeys();
    setStatus('leaving');
    redirect(SITE_URL);
  }, [redirect]);

  const value = useMemo<Session>(() => ({ status, user, load, logout }), [status, user, load, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session, without asking for the user (a component that only shows the
 * user when there is one, such as the menu). Must be inside {@link SessionProvider}.
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}

/**
 * The current user for a screen that needs one: starts loading it on first
 * use and returns `null` until it is there (and for good once the browser is
 * leaving for the sign-in page). The caller decides what to show meanwhile.
 */
export function useRequiredUser(): CurrentUser | null {
  const { status, user, load } = useSession();
  useEffect(() => {
    if (status === 'idle') load();
  }, [status, load]);
  return user;
}

async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = toCurrentUser(await getJson<unknown>('/auth/current_user'));
  if (!user) throw new NetworkError('The current user has an unexpected shape.');
  return user;
}

/** Checks the fields the app relies on (`id`, `role`, `firstName`) and fills the rest. */
function toCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, role, firstName, lastName, name, email } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof role !== 'number' || typeof firstName !== 'string') return null;
  const last = typeof lastName === 'string' ? lastName : '';
  return {
    id,
    role,
    firstName,
    lastName: last,
    name: typeof name === 'string' ? name : `${firstName} ${last}`.trim(),
    email: typeof email === 'string' ? email : '',
  };
}
