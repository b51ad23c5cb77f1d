import { useCallback, useEffect, useRef, useState } from 'react';
import { isOfflineFailure } from './api';
import { useOnReachableAgain } from './serverStatus';

/** What {@link useResource} returns. */
export interface Resource<T> {
  /** the loaded value, or undefined before the first success */
  data: T | undefined;
  /** the last load's error (cleared when a new load starts) */
  error: unknown;
  /** true while a load is running */
  loading: boolean;
  /** loads again (docs/product.md#lists-reload-after-changes, the Retry buttons of docs/product.md#screen-data) */
  reload: () => Promise<void>;
  /** replaces the value locally, e.g. after a create or delete (docs/product.md#notice-visibility) */
  setData: (update: T | ((current: T | undefined) => T)) => void;
}

/**
 * Loads a value for a screen and tracks the loading, error and loaded states
 * every data screen has (docs/product.md#screen-data). `load` receives an
 * AbortSignal; a load started later wins over an earlier one. The load runs
 * again whenever a value in `deps` changes. A load that failed only because the server could not
 * be reached (`isOfflineFailure`) runs again by itself on the browser's `online` event and when
 * the server answers again (docs/product.md#offline-behaviour).
 * @param load e.g. `(signal) => json(client.api.admin.notice.$get(undefined, callOptions({ signal })))`
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[] = []): Resource<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const current = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const errorRef = useRef<unknown>(undefined);
  errorRef.current = error;

  const reload = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    setError(undefined);
    try {
      const value = await loadRef.current(controller.signal);
      if (controller.signal.aborted) return;
      setDataState(value);
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(err);
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => current.current?.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  // Back online, or the server back: load what could not be loaded. The listener reads the
  // rendered error, so an `online` event right after the failed render is never missed.
  useOnReachableAgain(() => {
    if (isOfflineFailure(errorRef.current)) void reload();
  });

  const setData = useCallback((update: T | ((value: T | undefined) => T)) => {
    setDataState((value) => (typeof update === 'function' ? (update as (v: T | undefined) => T)(value) : update));
  }, []);

  return { data, error, loading, reload, setData };
}
