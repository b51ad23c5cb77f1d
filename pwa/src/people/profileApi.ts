/**
 * The profile screens' calls (docs/product.md#teacher-and-student-profiles, docs/product.md#admin-profile,
 * docs/product.md#edit-profile, docs/product.md#change-password), through the typed client.
 */
import { HttpError } from '../platform/api/api';
import { callOptions, client, done, json, type Answer, type JsonBody } from '../platform/api/client';
import { t } from '../platform/i18n';

/** A profile: name, email, role, photo, language and the role's figures (`student` or `teacher`, else null). */
export type Profile = Answer<(typeof client.api.user.profile)[':userId']['$get']>;
/** One badge of a student's profile (docs/product.md#badges). */
export type Badge = NonNullable<Profile['student']>['badges'][number];
/** What `POST /api/user/password` takes. */
export type PasswordChange = JsonBody<typeof client.api.user.password.$post>;

/** The device cache key of the signed-in user's profile (per user: `useCachedResource` keys by user). */
export const PROFILE_CACHE_KEY = '/api/user/profile';

/** Time limit of a photo upload, in ms: 5 MB on a slow phone network takes a while. */
export const PHOTO_TIMEOUT_MS = 60_000;

/** Largest photo the server takes, in bytes (5 MB, docs/product.md#edit-profile). */
export const MAX_PHOTO_BYTES = 5_242_880;

/** `GET /api/user/profile/{userId}`. @throws the errors of `data/api.ts` */
export function fetchProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  return json(client.api.user.profile[':userId'].$get({ param: { userId } }, callOptions({ signal })));
}

/**
 * `PUT /api/user/photo` with the chosen file as `photo` (multipart).
 * @returns the photo's path, e.g. `/uploads/photo-….png`
 * @throws the errors of `data/api.ts`: 413 over 5 MB, 415 not an image
 */
export async function uploadPhoto(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('photo', file);
  const answer = await json(client.api.user.photo.$put(undefined, { ...callOptions({ timeoutMs: PHOTO_TIMEOUT_MS }), init: { body: form } }));
  return answer.profilePicture;
}

/** `DELETE /api/user/photo`: back to initials. @throws the errors of `data/api.ts` */
export function removePhoto(): Promise<void> {
  return done(client.api.user.photo.$delete(undefined, callOptions()));
}

/** `POST /api/user/password`; the server ends the user's other sessions. @throws the errors of `data/api.ts` */
export function changePassword(body: PasswordChange): Promise<void> {
  return done(client.api.user.password.$post({ json: body }, callOptions()));
}

/** The words for a photo the server refused, in the active language. */
export function photoErrorText(error: unknown): string {
  if (error instanceof HttpError && error.status === 413) return t('profile.photo.tooBig');
  if (error instanceof HttpError && error.status === 415) return t('profile.photo.notImage');
  return t('profile.edit.saveFailed');
}

/** Initials of a name for the avatar: the first letters of its first two words, e.g. "SS" for "Sam Student". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
