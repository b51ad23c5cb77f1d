import { useEffect } from 'react';
import { useSession } from '../session/SessionProvider';

/**
 * Runs the signed-in user's outbox replay for as long as the app is open
 *: at start, on `online`, on focus and with backoff. Renders nothing.
 * The outbox code is fetched once a user is signed in, not with the first
 * load.
 */
export function OutboxReplayer() {
  const { user, status } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('../data/outbox')
      .then(({ startOutboxTriggers }) => {
        if (!cancelled) stop = startOutboxTriggers(userId);
      })
      .catch((error: unknown) => console.error('Could not start the outbox replay', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
