/**
 * The calls of "Download my data" (docs/product.md#download-my-data), typed, through the one
 * network module (`data/api.ts`).
 */
import { API_ORIGIN } from '../platform/config';
import { HttpError } from '../platform/api/api';
import { callOptions, client, json, type Answer } from '../platform/api/client';

const exports = client.api.privacy.exports;

/** One export: `{id, status: 'pending' | 'ready' | 'failed', createdAt, expiresAt, size (bytes, null until ready)}`. */
export type PrivacyExport = Answer<typeof exports.$get>[number];

/** How often the card asks again while an export is pending, ms. */
export const EXPORT_POLL_MS = 3_000;

/** One export a day per person, ms (docs/product.md#download-my-data). */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** `GET /api/privacy/exports`: the signed-in user's exports still kept, newest first. @throws the errors of `data/api.ts` */
export function fetchExports(signal?: AbortSignal): Promise<PrivacyExport[]> {
  return json(exports.$get(undefined, callOptions({ signal })));
}

/**
 * `POST /api/privacy/exports`: starts an export of the signed-in user's data.
 * @throws HttpError 429 `rate_limited` within a day of the last ({@link isExportLimited}); the other errors of `data/api.ts`
 */
export function startExport(): Promise<{ id: string; status: 'pending' }> {
  return json(exports.$post());
}

/** True for the 429 of a second export within a day. */
export function isExportLimited(err: unknown): boolean {
  return err instanceof HttpError && err.status === 429;
}

/**
 * Where an export downloads from: `GET /api/privacy/exports/{id}/download` (the session cookie
 * goes along; the answer is an attachment). Written out: the client's `$url` throws when
 * `API_ORIGIN` is `''` (one origin).
 */
export function exportUrl(id: string): string {
  return `${API_ORIGIN}/api/privacy/exports/${encodeURIComponent(id)}/download`;
}

/** A size in the largest unit of 1000 it reaches: `[value, unit]` for `Intl.NumberFormat`'s `style: 'unit'`. */
export function sizeUnit(bytes: number): [number, 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte'] {
  if (bytes >= 1e9) return [bytes / 1e9, 'gigabyte'];
  if (bytes >= 1e6) return [bytes / 1e6, 'megabyte'];
  if (bytes >= 1e3) return [bytes / 1e3, 'kilobyte'];
  return [bytes, 'byte'];
}
