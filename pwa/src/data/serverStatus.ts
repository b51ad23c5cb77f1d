/**
 * Whether Oracy's server said it is unavailable (docs/product.md#offline-behaviour): it answers
 * 503 `unavailable` while its database is down, and the app then behaves as if offline — cached
 * data stays with a banner, writes wait in the outbox — until the server answers again. The fetch
 * wrapper (`api.ts`) and the upload (`upload.ts`) report every answer here; screens read it with
 * {@link useServerUnavailable}. One state per page, like `navigator.onLine`.
 */
import { useSyncExternalStore } from 'react';

/** The wait before asking again when a 503 gave no `Retry-After`, in ms. */
export const DEFAULT_RETRY_MS = 5_000;
/** The longest wait between two checks while the server is unavailable, in ms. */
export const MAX_RETRY_MS = 30_000;

/** The state: `unavailable` with the server's `Retry-After` in ms, or available. */
export type ServerStatus = { unavailable: false } | { unavailable: true; retryAfterMs: number };

const AVAILABLE: ServerStatus = { unavailable: false };
let status: ServerStatus = AVAILABLE;
const listeners = new Set<() => void>();

/** The current state; the same object until it changes. */
export function serverStatus(): ServerStatus {
  return status;
}

function set(next: ServerStatus): void {
  status = next;
  for (const listener of [...listeners]) listener();
}

/**
 * The server answered 503 `unavailable`. `retryAfter` is its `Retry-After` header (seconds),
 * read as {@link DEFAULT_RETRY_MS} when missing or not a number.
 */
export function reportUnavailable(retryAfter: string | null): void {
  const seconds = Number(retryAfter);
  const retryAfterMs = retryAfter !== null && retryAfter.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_MS) : DEFAULT_RETRY_MS;
  if (status.unavailable && status.retryAfterMs === retryAfterMs) return;
  set({ unavailable: true, retryAfterMs });
}

/** The server answered a request successfully (2xx): it is available. */
export function reportAnswered(): void {
  if (status.unavailable) set(AVAILABLE);
}

/**
 * Calls `listener` on every change of {@link serverStatus}; returns the unsubscribe function.
 * The outbox replays and cached screens reload when it turns available.
 */
export function subscribeServerStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `onBack` each time the server turns available again after being unavailable; returns the
 * unsubscribe function.
 */
export function onServerBack(onBack: () => void): () => void {
  let wasUnavailable = status.unavailable;
  return subscribeServerStatus(() => {
    const now = status.unavailable;
    if (wasUnavailable && !now) onBack();
    wasUnavailable = now;
  });
}

/** `true` while the server says it is unavailable (a React hook over {@link serverStatus}). */
export function useServerUnavailable(): boolean {
  return useSyncExternalStore(subscribeServerStatus, () => status.unavailable, () => false);
}
