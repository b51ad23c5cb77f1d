import { useEffect } from 'react';
import { useSession } from '../../auth';

/**
 * Runs the signed-in user's outbox replay for as long as the app is open
 * (docs/contributing.md#the-outbox): at start, on `online`, on focus or
 * visibility and with backoff (`RequestQueue.startTriggers`). Renders
 * nothing. The outbox code is fetched once a user is signed in, not with the
 * first load.
 */
export function OutboxReplayer() {
  const { user, status } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./outbox')
      .then(({ RequestQueue }) => {
        if (!cancelled) stop = new RequestQueue(userId).startTriggers();
      })
      .catch((error: unknown) => console.error('Could not start the outbox replay', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
