/**
 * Notices as the screen holds them (docs/product.md#notice-and-complaint-records) and the list rules of
 * docs/product.md#notice-visibility, as pure functions.
 */
import { callOptions, client, json, type Answer } from '../platform/api/client';

/** A notice (`GET /api/admin/notice`): id, title, description and ISO 8601 timestamps. */
export type Notice = Answer<typeof client.api.admin.notice.$get>[number];

/** The path every role reads notices from (docs/product.md#who-sees-which-notices: "the admin notice endpoint for every role"). */
export const NOTICES_PATH = client.api.admin.notice.$path();

/** Loads the notices, newest first (`GET /api/admin/notice`). @throws the errors of `data/api.ts` */
export function loadNotices(signal: AbortSignal): Promise<Notice[]> {
  return json(client.api.admin.notice.$get(undefined, callOptions({ signal })));
}

/** A created notice is appended to the list (docs/product.md#states-and-transitions). */
export function appendNotice(list: readonly Notice[] | undefined, notice: Notice): Notice[] {
  return [...(list ?? []), notice];
}

/** An updated notice replaces the one with the same id (docs/product.md#states-and-transitions). */
export function replaceNotice(list: readonly Notice[] | undefined, notice: Notice): Notice[] {
  return (list ?? []).map((item) => (item.id === notice.id ? notice : item));
}

/** A deleted notice is removed (docs/product.md#states-and-transitions). */
export function removeNotice(list: readonly Notice[] | undefined, id: string): Notice[] {
  return (list ?? []).filter((item) => item.id !== id);
}
