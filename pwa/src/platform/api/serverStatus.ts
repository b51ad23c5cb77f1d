/**
 * Whether Oracy's server can be used (docs/product.md#offline-behaviour): it answers 503
 * `unavailable` while its database is down, or a request gets no answer at all while the browser
 * says it is online (the server, or the way to it, is down: "unreachable"). The app then behaves
 * as if offline — cached data stays, writes wait in the outbox — until the server answers again.
 * The fetch wrapper (`api.ts`) and the upload (`upload.ts`) report every answer here; screens read
 * it with {@link useConnection}. One state per page, like
 * `navigator.onLine`.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** The wait before asking again when a 503 gave no `Retry-After`, in ms. */
export const DEFAULT_RETRY_MS = 5_000;
/** The longest wait between two checks while the server is unavailable, in ms. */
export const MAX_RETRY_MS = 30_000;

/** The state: `unavailable` with the server's `Retry-After` in ms, or available. */
export type ServerStatus = { unavailable: false } | { unavailable: true; retryAfterMs: number };

const AVAILABLE: ServerStatus = { unavailable: false };
let status: ServerStatus = AVAILABLE;
/** `true` after a request got no answer while the browser said it was online, until one gets an answer. */
let unreachable = false;
const listeners = new Set<() => void>();

/** The current state; the same object until it changes. */
export function serverStatus(): ServerStatus {
  return status;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function set(next: ServerStatus): void {
  status = next;
  notify();
}

/** `true` while the server cannot be used: it said it is unavailable, or it gave no answer. */
function down(): boolean {
  return status.unavailable || unreachable;
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

/** The server answered a request successfully (2xx): it is available (and reachable). */
export function reportAnswered(): void {
  const wasUnreachable = unreachable;
  unreachable = false;
  if (status.unavailable) set(AVAILABLE);
  else if (wasUnreachable) notify();
}

/**
 * The server answered, whatever the status (a 4xx too): it can be reached. Whether it is
 * available is for {@link reportAnswered} and {@link reportUnavailable} to say.
 */
export function reportReached(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/**
 * A request got no answer (`fetch` rejected). While the browser says it is online this means the
 * server cannot be reached; while it says it is offline, the browser's own state tells already,
 * and nothing changes here.
 */
export function reportNoAnswer(): void {
  if (unreachable || typeof navigator === 'undefined' || navigator.onLine === false) return;
  unreachable = true;
  notify();
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
 * Calls `onBack` each time the server turns available again after answering 503 `unavailable`;
 * returns the unsubscribe function. The outbox replays then (a write that got no answer is retried
 * on the outbox's own timer and on `online`).
 */
export function onServerBack(onBack: () => void): () => void {
  let wasUnavailable = status.unavailable;
  return subscribeServerStatus(() => {
    const now = status.unavailable;
    if (wasUnavailable && !now) onBack();
    wasUnavailable = now;
  });
}

/**
 * Calls `onBack` each time the server can be used again after being unavailable or unreachable
 * (any answer after none); returns the unsubscribe function. Screens that could not load then
 * load again.
 */
export function onServerReachable(onBack: () => void): () => void {
  let wasDown = down();
  return subscribeServerStatus(() => {
    const now = down();
    if (wasDown && !now) onBack();
    wasDown = now;
  });
}

/**
 * The connection as the app's offline indicator shows it (docs/product.md#offline-behaviour):
 * `offline` while the browser says so (`navigator.onLine`), else `unavailable` while the server
 * answers 503 `unavailable` or gives no answer at all, else `online`.
 */
export type Connection = 'online' | 'offline' | 'unavailable';

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The current {@link Connection}. */
export function connection(): Connection {
  if (browserOffline()) return 'offline';
  return down() ? 'unavailable' : 'online';
}

function subscribeConnection(listener: () => void): () => void {
  // Back online, the next request says whether the server answers; until then it is taken as reachable.
  const onOnline = () => {
    reportReached();
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  const unsubscribe = subscribeServerStatus(listener);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
    unsubscribe();
  };
}

/**
 * The live {@link Connection} (a React hook): it follows the browser's `online` and `offline`
 * events and every answer, or missing answer, of the server.
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, connection, () => 'online');
}

/**
 * Calls `onReachable` when the browser comes back online or the server answers again after none
 * (docs/product.md#offline-behaviour), for as long as the component is mounted. The listener stays
 * attached and calls the latest `onReachable`, so an event right after a render is never missed.
 */
export function useOnReachableAgain(onReachable: () => void): void {
  const latest = useRef(onReachable);
  latest.current = onReachable;
  useEffect(() => {
    const onBack = () => latest.current();
    window.addEventListener('online', onBack);
    const offServerBack = onServerReachable(onBack);
    return () => {
      window.removeEventListener('online', onBack);
      offServerBack();
    };
  }, []);
}
