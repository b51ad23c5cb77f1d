/**
 * The current user (docs/product.md#self-assessment, docs/product.md#data,
 * docs/product.md#logout): loaded once from `GET /auth/current_user` when the first screen
 * that needs it mounts, shared through React context.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LOGIN_URL, SITE_URL } from '../platform/config';
import { HttpError } from '../platform/api/api';
import { client, done, json } from '../platform/api/client';
import { onSessionEnded } from '../platform/api/sessionEnd';
import { setLanguage, type LanguageName } from '../platform/i18n';
import { fetchCurrentUser, takePrefetchedCurrentUser, toCurrentUser, userLanguage, type CurrentUser } from './currentUser';
import { redirectTo } from '../platform/api/redirect';
import { clearSessionKeys, readSessionKey, storeSessionKeys } from './storage';

export type { CurrentUser } from './currentUser';

/*
 * the IndexedDB code (idb, the cache and the databases) is fetched
 * when first needed, after the first screen has rendered, not with the first
 * load; the service worker keeps it for offline starts.
 */
const loadCache = () => import('../platform/api/cache');
const loadDb = () => import('../platform/api/db');

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
  /**
   * `true` while `user` is the last signed-in user restored from the device
   * because the server could not be reached (the installed app started
   * offline); it turns `false` once the server confirms the user.
   */
  offline: boolean;
  /** Starts loading the current user unless that has already started. Idempotent. */
  load: () => void;
  /**
   * Logs out (docs/product.md#logout): `POST /auth/logout`; on a 2xx answer removes
   * every session key and sends the browser to `SITE_URL` (docs/product.md#clarified-behaviour).
   * The promise rejects, leaving the session as it was, with an `HttpError`
   * for a non-2xx answer or an `OfflineError`/`NetworkError` when no usable
   * answer came; the caller picks the message (docs/product.md#error-messages).
   */
  logout: () => Promise<void>;
  /**
   * Saves the user's own language (`PUT /api/user/language`; null follows the school's,
   * docs/product.md#language), then shows the app in it and keeps it with the user on the device.
   * Resolves once the app speaks the new language, so that a toast raised after it is in that
   * language. Rejects like {@link Session.logout}, leaving everything as it was.
   */
  chooseLanguage: (language: LanguageName | null) => Promise<void>;
  /**
   * Tells the session that the school's language was saved (the settings screen,
   * docs/product.md#settings), so that a user who follows the school's language sees it at once.
   * Resolves once the app speaks the language it then shows (the "Settings saved" toast is in it).
   */
  schoolLanguageSaved: (language: LanguageName) => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Switches the app to `user`'s language at once rather than on the next render, so that what the
 * caller shows next (a toast) is in it; the render's own switch then finds it done. A catalogue
 * that cannot be fetched leaves the app as it was, as that switch would.
 */
async function showLanguageOf(user: CurrentUser | null | undefined): Promise<void> {
  if (!user) return;
  const language = userLanguage(user);
  await setLanguage(language).catch((error: unknown) => console.warn(`Could not load the ${language} texts`, error));
}

/** Longest wait, in ms, for the user's database to be deleted before logout leaves the app. */
const DELETE_WAIT_MS = 2000;

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
 * Holds the session for everything below it; the user is requested on the first {@link useRequiredUser}
 * call, so public screens (the 404 page) never send anyone to sign in. Signing in, a 401 from any request,
 * an unreachable server (the last user of the device, `offline: true`) and logout are as
 * docs/product.md#identity-on-the-device and docs/product.md#when-the-session-ends describe.
 */
export function SessionProvider({ children, redirect = redirectTo }: SessionProviderProps) {
  const [status, setStatus] = useState<SessionStatus>('idle');
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [offline, setOffline] = useState(false);
  const started = useRef(false);
  const userRef = useRef<CurrentUser | null>(null);
  userRef.current = user;

  const signIn = useCallback((loaded: CurrentUser) => {
    const previousUserId = readSessionKey('userId');
    storeSessionKeys(loaded);
    // the screens that appear with the user render in slices, so the page can paint and answer meanwhile.
    startTransition(() => {
      setUser(loaded);
      setOffline(false);
      setStatus('signed-in');
    });
    void loadDb()
      .then(({ deleteOtherUserDbs }) => deleteOtherUserDbs(loaded.id, previousUserId))
      .then(loadCache)
      .then(({ writeCachedUser }) => writeCachedUser(loaded))
      .catch((error: unknown) => console.warn('Could not cache the current user', error));
  }, []);

  // The session has ended (a 401, docs/product.md#when-the-session-ends): once only, the session keys
  // go, the user's cached data is cleared (their queued writes stay for them), then the sign-in page.
  const leaving = useRef(false);
  const leaveForLogin = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    const userId = userRef.current?.id ?? readSessionKey('userId');
    clearSessionKeys();
    setStatus('leaving');
    if (!userId) {
      redirect(LOGIN_URL);
      return;
    }
    const cleared = loadDb().then(({ clearUserCache }) => clearUserCache(userId));
    void Promise.race([cleared.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]).then(() => redirect(LOGIN_URL));
  }, [redirect]);

  // Any request's 401, not only the current user's: a screen's list, the outbox's replay, an upload.
  useEffect(() => onSessionEnded(leaveForLogin), [leaveForLogin]);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setStatus('loading');
    (takePrefetchedCurrentUser() ?? fetchCurrentUser()).then(signIn, async (error: unknown) => {
      if (isUnauthorized(error)) return leaveForLogin();
      const cached = await restoreLastUser();
      if (cached) {
        console.warn('The server is unreachable: starting with the last signed-in user', error);
        setUser(cached);
        setOffline(true);
        setStatus('signed-in');
        return;
      }
      console.error('Could not load the current user', error);
      setStatus('leaving');
      redirect(LOGIN_URL);
    });
  }, [redirect, signIn, leaveForLogin]);

  useOfflineRecheck(offline, signIn, leaveForLogin);

  const logout = useCallback(async () => {
    await done(client.auth.logout.$post());
    // a 401 still in flight must not send the browser elsewhere meanwhile.
    leaving.current = true;
    const leavingUser = userRef.current ?? null;
    clearSessionKeys();
    setStatus('leaving');
    // Another open tab can hold the deletion up; it finishes in the background once that tab lets go.
    if (leavingUser) {
      const deleted = loadDb().then(({ deleteUserDb }) => deleteUserDb(leavingUser.id));
      await Promise.race([deleted.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]);
    }
    redirect(SITE_URL);
  }, [redirect]);

  const { chooseLanguage, schoolLanguageSaved } = useLanguageChanges(user, userRef, setUser);

  const value = useMemo<Session>(
    () => ({ status, user, offline, load, logout, chooseLanguage, schoolLanguageSaved }),
    [status, user, offline, load, logout, chooseLanguage, schoolLanguageSaved],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A user restored offline is confirmed (or signed out by a 401) as soon as the server answers again:
 * checked when the browser is back online or the app regains focus.
 */
function useOfflineRecheck(offline: boolean, signIn: (loaded: CurrentUser) => void, leaveForLogin: () => void): void {
  useEffect(() => {
    if (!offline) return undefined;
    let checking = false;
    const check = () => {
      if (checking) return;
      checking = true;
      fetchCurrentUser()
        .then(signIn, (error: unknown) => {
          if (isUnauthorized(error)) leaveForLogin();
        })
        .finally(() => {
          checking = false;
        });
    };
    window.addEventListener('online', check);
    window.addEventListener('focus', check);
    return () => {
      window.removeEventListener('online', check);
      window.removeEventListener('focus', check);
    };
  }, [offline, signIn, leaveForLogin]);
}

/**
 * The user's language and the school's (docs/product.md#language): a change is shown at once and kept
 * with the user on the device for an offline start; the app speaks the user's language, else the school's.
 */
function useLanguageChanges(user: CurrentUser | null, userRef: { current: CurrentUser | null }, setUser: (user: CurrentUser) => void) {
  const changeUser = useCallback(
    (changes: Partial<CurrentUser>) => {
      const current = userRef.current;
      if (!current) return;
      const updated = { ...current, ...changes };
      // known at once to what runs next, before the render that follows
      userRef.current = updated;
      setUser(updated);
      void loadCache()
        .then(({ writeCachedUser }) => writeCachedUser(updated))
        .catch((error: unknown) => console.warn('Could not cache the current user', error));
    },
    [setUser, userRef],
  );

  const chooseLanguage = useCallback(
    async (language: LanguageName | null) => {
      const saved = await json(client.api.user.language.$put({ json: { language } }));
      changeUser({ language: saved.language });
      await showLanguageOf(userRef.current);
    },
    [changeUser, userRef],
  );

  const schoolLanguageSaved = useCallback(
    async (schoolLanguage: LanguageName) => {
      if (userRef.current?.schoolLanguage !== schoolLanguage) changeUser({ schoolLanguage });
      await showLanguageOf(userRef.current);
    },
    [changeUser, userRef],
  );

  // the app speaks the user's language, else the school's; until the user is known, the one it started in.
  const language = user ? userLanguage(user) : null;
  useEffect(() => {
    if (!language) return;
    setLanguage(language).catch((error: unknown) => console.warn(`Could not load the ${language} texts`, error));
  }, [language]);

  return { chooseLanguage, schoolLanguageSaved };
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** The last signed-in user of this device: the `userId` session key and that user's record in IndexedDB. */
async function restoreLastUser(): Promise<CurrentUser | null> {
  const userId = readSessionKey('userId');
  if (!userId) return null;
  const cache = await loadCache().catch((error: unknown) => console.warn('Could not load the cache code', error));
  if (!cache) return null;
  const cached = await cache.readCachedUser(userId);
  return cached ? toCurrentUser(cached.user) : null;
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
