/**
 * `GET /auth/current_user` (docs/product.md#sign-in-site), and its early start: the
 * app's start-up calls {@link prefetchCurrentUser} before React renders, so
 * the answer travels while the first screen is being built instead of after;
 * `SessionProvider` then takes that request ({@link takePrefetchedCurrentUser})
 * rather than sending a second one.
 */
import { NetworkError } from '../platform/api/api';
import { client, json, type Answer } from '../platform/api/client';
import { languageCode, type Language, type LanguageName } from '../platform/i18n';

/**
 * The signed-in person, as `GET /auth/current_user` answers (docs/product.md#sign-in-site).
 * `role` is 1 (admin), 2 (teacher) or 3 (student) on the server; it is
 * widened to any number here because a copy kept on the device may hold
 * another code, and every role-dependent screen treats such a value as "no role".
 */
export type CurrentUser = Omit<Answer<typeof client.auth.current_user.$get>, 'role'> & { role: number };

let prefetched: Promise<CurrentUser> | null = null;

/**
 * Loads the current user.
 * @throws {HttpError} 401 when nobody is signed in (and any other non-2xx answer)
 * @throws {OfflineError} | {NetworkError} when no usable answer came (as `data/api.ts`);
 *   {NetworkError} also when the answer lacks `id`, `role` or `firstName`
 */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = toCurrentUser(await json(client.auth.current_user.$get()));
  if (!user) throw new NetworkError('The current user has an unexpected shape.');
  return user;
}

/**
 * Starts loading the current user now, once, for the first
 * {@link takePrefetchedCurrentUser}. Only sends the request: nothing
 * redirects or signs out until a screen asks for the user, so the 404 page
 * stays public. Its failure is reported to whoever takes it, never as an
 * unhandled rejection.
 */
export function prefetchCurrentUser(): void {
  if (prefetched) return;
  prefetched = fetchCurrentUser();
  prefetched.catch(() => undefined);
}

/**
 * The request {@link prefetchCurrentUser} started, handed out once (a later
 * check, e.g. when the app comes back online, must ask the server again);
 * `null` when there is none.
 */
export function takePrefetchedCurrentUser(): Promise<CurrentUser> | null {
  const request = prefetched;
  prefetched = null;
  return request;
}

/** Checks the fields the app relies on (`id`, `role`, `firstName`) and fills the rest; `null` for any other shape. */
export function toCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, role, firstName, lastName, name, email, language, schoolLanguage } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof role !== 'number' || typeof firstName !== 'string') return null;
  const last = typeof lastName === 'string' ? lastName : '';
  return {
    id,
    role,
    firstName,
    lastName: last,
    name: typeof name === 'string' ? name : `${firstName} ${last}`.trim(),
    email: typeof email === 'string' ? email : '',
    // a copy kept on the device by an older version has neither: the school's default, English.
    language: isLanguageName(language) ? language : null,
    schoolLanguage: isLanguageName(schoolLanguage) ? schoolLanguage : 'English',
  };
}

function isLanguageName(value: unknown): value is LanguageName {
  return value === 'English' || value === 'Spanish' || value === 'French';
}

/** The language the app shows `user`: their own choice, else the school's (docs/product.md#language). */
export function userLanguage(user: Pick<CurrentUser, 'language' | 'schoolLanguage'>): Language {
  return languageCode(user.language ?? user.schoolLanguage);
}
