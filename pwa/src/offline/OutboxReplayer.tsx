import { useEffect } from 'react';
import { startOutboxTriggers } from '../data/outbox';
import { useSession } from '../session/SessionProvider';

/**
 * Runs the signed-in user's outbox replay for as long as the app is open
 * (issue 7): at start, on `online`, on focus and with backoff. Renders nothing.
 */
export function OutboxReplayer() {
  const { user, status } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  useEffect(() => (userId ? startOutboxTriggers(userId) : undefined), [userId]);
  return null;
}
