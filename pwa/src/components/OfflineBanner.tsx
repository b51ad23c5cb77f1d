import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { largestTimeUnit } from './relativeTime';
import './OfflineBanner.css';

/** How often the banner's relative time is refreshed, in ms. */
const TICK_MS = 30_000;

/**
 * `savedAt` relative to `now` (both ms since the epoch) in English: "just
 * now" under a minute, then "5 minutes ago", "2 hours ago", "yesterday",
 * "3 days ago", "last week" … (Intl.RelativeTimeFormat, `numeric: 'auto'`).
 */
export function formatRelativeTime(savedAt: number, now: number = Date.now()): string {
  const seconds = Math.round((savedAt - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const [unit, length] = largestTimeUnit(seconds);
  return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(Math.round(seconds / length), unit);
}

/** Props of {@link OfflineBanner}: pass a `useCachedResource` result's fields. */
export interface OfflineBannerProps {
  /** `true` when the last load could not reach the server. */
  offline: boolean;
  /** When the shown data was received, ms since the epoch; `null` when nothing is shown. */
  savedAt: number | null;
}

/**
 * The offline banner of a cached screen: "You're offline — showing
 * data from {relative time}", a polite status message, shown only while the
 * screen shows data it could not refresh. The relative time keeps itself current.
 */
export function OfflineBanner({ offline, savedAt }: OfflineBannerProps) {
  const [now, setNow] = useState(() => Date.now());
  const visible = offline && savedAt !== null;
  useEffect(() => {
    if (!visible) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [visible, savedAt]);

  if (!visible) return null;
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>You're offline — showing data from {formatRelativeTime(savedAt, now)}</p>
    </div>
  );
}
