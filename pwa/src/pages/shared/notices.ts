/**
 * Notices as the screen holds them (spec §3 "Notice") and the list rules of
 * spec §4 "Notices", as pure functions.
 */
import { getJson } from '../../data/api';

/** A notice (`GET /api/admin/notice`): id, title, description (and ISO timestamps). */
export interface Notice {
  id: string;
  title: string;
  description: string;
  /** ISO 8601, when the API sends it */
  createdAt?: string;
  /** ISO 8601, when the API sends it */
  updatedAt?: string;
}

/** The path every role reads notices from (spec §6 "Notices": "the admin notice endpoint for every role"). */
export const NOTICES_PATH = '/api/admin/notice';

/** Loads the notices, newest first (`GET /api/admin/notice`). @throws the errors of `getJson` */
export function loadNotices(signal: AbortSignal): Promise<Notice[]> {
  return getJson<Notice[]>(NOTICES_PATH, { signal });
}

/** A created notice is appended to the list (spec §4). */
export function appendNotice(list: readonly Notice[] | undefined, notice: Notice): Notice[] {
  return [...(list ?? []), notice];
}

/** An updated notice replaces the one with the same id (spec §4). */
export function replaceNotice(list: readonly Notice[] | undefined, notice: Notice): Notice[] {
  return (list ?? []).map((item) => (item.id === notice.id ? notice : item));
}

/** A deleted notice is removed (spec §4). */
export function removeNotice(list: readonly Notice[] | undefined, id: string): Notice[] {
  return (list ?? []).filter((item) => item.id !== id);
}
