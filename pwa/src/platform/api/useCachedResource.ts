import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../auth';
import { isUnreachable, readCache, writeCache } from './cache';
import { useOnReachableAgain } from './serverStatus';
import type { Resource } from './useResource';

/** What {@link useCachedResource} returns: {@link Resource}'s fields plus where the data came from. */
export interface CachedResource<T> extends Resource<T> {
  /**
   * When `data` was received from the server, in ms since the epoch; `null`
   * before any data. For cached data, the time it was originally received.
   */
  savedAt: number | null;
  /** `true` while `data` comes from the device's cache rather than this visit's answer. */
  fromCache: boolean;
  /**
   * `true` when the last load could not reach the server (offline, time-out,
   * 5xx). With data, the screen shows it with the offline banner; without, `error` is set.
   */
  offline: boolean;
  /** `true` while a request to the server is in flight, even when cached data is shown. */
  refreshing: boolean;
}

interface State<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  savedAt: number | null;
  fromCache: boolean;
  offline: boolean;
  refreshing: boolean;
  /** Counts `setData` calls, so each local change is written to the cache once. */
  localEdits: number;
}

/** A mounted {@link useCachedResource}: its key, and how to change or reload what it shows. */
interface Mounted {
  key: () => string | null;
  update: (change: (value: unknown) => unknown) => void;
  reload: () => void;
}

/** Every {@link useCachedResource} on a screen now, shown or kept hidden by Ionic's outlets. */
const mounted = new Set<Mounted>();

/**
 * Changes at once what the screens hold under `key` (docs/product.md#lists-reload-after-changes):
 * after a write that the server accepted, every mounted {@link useCachedResource} with exactly this
 * key and data shows `change(data)`, written through to the cache, without waiting for a new answer.
 * Screens not mounted load the server's answer when they are next shown.
 */
export function updateCachedResource<T>(key: string, change: (value: T) => T): void {
  for (const entry of mounted) if (entry.key() === key) entry.update(change as (value: unknown) => unknown);
}

/**
 * Loads again, from the server, every mounted {@link useCachedResource} whose key starts with
 * `prefix` (docs/product.md#lists-reload-after-changes), keeping what it shows until the answer
 * comes: a screen kept hidden by Ionic's outlets is up to date when it is shown again.
 */
export function reloadCachedResources(prefix: string): void {
  for (const entry of mounted) if (entry.key()?.startsWith(prefix)) entry.reload();
}

const INITIAL: State<never> = {
  data: undefined,
  error: undefined,
  loading: true,
  savedAt: null,
  fromCache: false,
  offline: false,
  refreshing: false,
  localEdits: 0,
};

/**
 * Stale-while-revalidate for a screen's data (docs/contributing.md#indexeddb-as-a-cache-the-server-overrides):
 * the same contract as `useResource` — `load` receives an AbortSignal, a later
 * load wins, it runs again when `deps` change — plus a per-user IndexedDB
 * cache under `key` (e.g. the API path `/api/student/courses/{id}`):
 *
 * - the cached answer is shown at once (`loading` false, `fromCache` true),
 *   and replaced by the server's answer when it arrives, which is then cached;
 * - when the server cannot be reached (`OfflineError`, `NetworkError`, 5xx),
 *   the cached data stays with `offline` true and no `error` — the screen
 *   shows `<OfflineBanner>`; with nothing cached, `error` is set as usual
 *   (the screen's normal error state);
 * - any other failure (401, 403, 404 …) sets `error` as `useResource` does;
 * - while offline it loads again by itself on the browser's `online` event, and when the server
 *   answers again after a 503 `unavailable` (`serverStatus.ts`, docs/product.md#offline-behaviour);
 * - `setData` also updates the cached copy; `reload` keeps the shown data
 *   visible (only the first load without a cached copy has `loading` true);
 * - another screen's write reaches it while mounted (kept hidden by Ionic's outlets too) through
 *   {@link updateCachedResource} and {@link reloadCachedResources}.
 *
 * Caching needs the signed-in user (the session) and IndexedDB; without
 * either, or with `key` `null`, it behaves exactly like `useResource`. Cache
 * failures are logged, never shown.
 */
export function useCachedResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[] = []): CachedResource<T> {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [state, setState] = useState<State<T>>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const current = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const target = useRef({ userId, key });
  target.current = { userId, key };

  const reload = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const { userId: owner, key: cacheKey } = target.current;
    const cacheable = owner !== null && cacheKey !== null;
    setState((s) => ({ ...s, loading: s.data === undefined, error: undefined, refreshing: true }));

    let answered = false;
    const cached = cacheable ? readCache<T>(owner, cacheKey) : Promise.resolve(null);
    void cached.then((entry) => {
      if (!entry || answered || controller.signal.aborted) return;
      setState((s) => (s.data === undefined || s.fromCache ? { ...s, data: entry.data, savedAt: entry.savedAt, fromCache: true, loading: false } : s));
    });

    try {
      const value = await loadRef.current(controller.signal);
      answered = true;
      if (controller.signal.aborted) return;
      const savedAt = Date.now();
      setState((s) => ({ ...s, data: value, error: undefined, loading: false, savedAt, fromCache: false, offline: false, refreshing: false }));
      if (cacheable) void writeCache(owner, cacheKey, value, savedAt);
    } catch (error) {
      answered = true;
      if (controller.signal.aborted) return;
      if (!isUnreachable(error)) {
        setState((s) => ({ ...s, error, loading: false, offline: false, refreshing: false }));
        return;
      }
      const entry = await cached;
      if (controller.signal.aborted) return;
      setState((s) => {
        if (s.data !== undefined && !s.fromCache) return { ...s, loading: false, offline: true, refreshing: false };
        if (entry) return { ...s, data: entry.data, savedAt: entry.savedAt, fromCache: true, error: undefined, loading: false, offline: true, refreshing: false };
        return { ...s, error, loading: false, offline: true, refreshing: false };
      });
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => current.current?.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, key, ...deps]);

  // Back online, or the server back: fetch what is only shown from the cache. The listener stays
  // attached and reads the rendered state, so an `online` event right after
  // the offline render is never missed while an effect re-subscribes.
  useOnReachableAgain(() => {
    if (stateRef.current.offline) void reload();
  });

  // Reached by updateCachedResource and reloadCachedResources while mounted.
  useEffect(() => {
    const entry: Mounted = {
      key: () => target.current.key,
      update: (change) => setState((s) => (s.data === undefined ? s : { ...s, data: change(s.data) as T, localEdits: s.localEdits + 1 })),
      reload: () => void reload(),
    };
    mounted.add(entry);
    return () => {
      mounted.delete(entry);
    };
  }, [reload]);

  // A local change (setData) is written through to the cache once rendered.
  const { localEdits } = state;
  useEffect(() => {
    if (localEdits === 0) return;
    const { userId: owner, key: cacheKey } = target.current;
    if (owner !== null && cacheKey !== null && stateRef.current.data !== undefined) {
      void writeCache(owner, cacheKey, stateRef.current.data, stateRef.current.savedAt ?? Date.now());
    }
  }, [localEdits]);

  const setData = useCallback((update: T | ((value: T | undefined) => T)) => {
    setState((s) => ({
      ...s,
      data: typeof update === 'function' ? (update as (v: T | undefined) => T)(s.data) : update,
      localEdits: s.localEdits + 1,
    }));
  }, []);

  const { localEdits: _edits, ...shown } = state;
  return { ...shown, reload, setData };
}
