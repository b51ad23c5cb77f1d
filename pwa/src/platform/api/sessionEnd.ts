/**
 * The signal that the session has ended (docs/product.md#when-the-session-ends): the API answered
 * 401, so the session cookie no longer signs anyone in — signed out in another tab or device, a
 * password changed or reset elsewhere, the session expired. `api.ts` and `upload.ts` report every
 * 401 here; the session (`session/SessionProvider.tsx`) listens, clears the user's cached data and
 * leaves for the sign-in page.
 */

/** Called once per 401 answer. */
export type SessionEndListener = () => void;

const listeners = new Set<SessionEndListener>();

/** Calls `listener` on every 401 from the API until the returned function is called. */
export function onSessionEnded(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener that the API answered 401. A listener that throws is logged and the others still run. */
export function reportSessionEnded(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      console.error('A session-end listener failed', error);
    }
  }
}
