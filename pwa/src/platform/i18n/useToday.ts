import { useEffect, useState } from 'react';

/**
 * The time now (ms since the epoch), taken again just after each local midnight and whenever the
 * page becomes visible again, so that a screen naming days ("Today", "Yesterday";
 * docs/product.md#discussion) re-renders when the day changes under an open screen.
 */
export function useToday(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    // A second past midnight, so that the new day has surely begun when it fires.
    const timer = setTimeout(() => setNow(Date.now()), midnight.getTime() - Date.now() + 1_000);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && new Date().toDateString() !== new Date(now).toDateString()) setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [now]);
  return now;
}
