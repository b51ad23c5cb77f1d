import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { apiFetch } from '../data/api';
import { MAX_RETRY_MS, serverStatus, useServerUnavailable } from '../data/serverStatus';
import { intl, t, useI18n } from '../i18n';
import { largestTimeUnit } from './relativeTime';
import './OfflineBanner.css';

/** How often the banner's relative time is refreshed, in ms. */
const TICK_MS = 30_000;

/** The shortest wait before asking the server again, in ms. */
const MIN_RECHECK_MS = 1_000;
/** Time limit of one check, in ms. */
const RECHECK_TIMEOUT_MS = 5_000;

/**
 * `savedAt` relative to `now` (both ms since the epoch) in the active language: "just
 * now" under a minute, then "5 minutes ago", "2 hours ago", "yesterday",
 * "3 days ago", "last week" … (`intl.formatRelativeTime`, `numeric: 'auto'`).
 */
export function formatRelativeTime(savedAt: number, now: number = Date.now()): string {
  const seconds = Math.round((savedAt - now) / 1000);
  if (Math.abs(seconds) < 60) return t('common.justNow');
  const [unit, length] = largestTimeUnit(seconds);
  return intl().formatRelativeTime(Math.round(seconds / length), unit, { numeric: 'auto' });
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
 * screen shows data it could not refresh. While the server answers 503 `unavailable` and the
 * browser is online it reads "Showing data from {relative time}", under the layout's
 * {@link ServerUnavailableBanner}, which says why. The relative time keeps itself current.
 */
export function OfflineBanner({ offline, savedAt }: OfflineBannerProps) {
  const { t: translate } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  const serverUnavailable = useServerUnavailable();
  const visible = offline && savedAt !== null;
  useEffect(() => {
    if (!visible) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [visible, savedAt]);

  if (!visible) return null;
  const since = formatRelativeTime(savedAt, now);
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>{translate(serverUnavailable && !browserOffline ? 'components.offlineBanner.showingDataFrom' : 'components.offlineBanner.offlineShowingDataFrom', { since })}</p>
    </div>
  );
}

/**
 * While the server says it is unavailable (`serverStatus.ts`): asks `GET /readyz` again after its
 * `Retry-After` (at least 1 s), doubling the wait per failed check up to 30 s; the fetch wrapper
 * marks the server available on a 200, which ends the checks.
 */
function useRecheckWhileUnavailable(unavailable: boolean): void {
  useEffect(() => {
    if (!unavailable) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const current = serverStatus();
    let wait = Math.max(MIN_RECHECK_MS, current.unavailable ? current.retryAfterMs : MIN_RECHECK_MS);
    const schedule = () => {
      timer = setTimeout(() => {
        apiFetch('/readyz', { timeoutMs: RECHECK_TIMEOUT_MS }).then(
          () => undefined,
          () => {
            if (stopped) return;
            wait = Math.min(wait * 2, MAX_RETRY_MS);
            schedule();
          },
        );
      }, wait);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [unavailable]);
}

/**
 * The layout's banner while the server answers 503 `unavailable` — it runs but cannot reach its
 * database (docs/product.md#offline-behaviour): "Oracy is unavailable — your changes are kept
 * and sent when it is back", a polite status message; nothing otherwise. Meanwhile it asks the
 * server again by itself, so the banner goes, the outbox replays and cached screens reload as
 * soon as the server is back.
 */
export function ServerUnavailableBanner() {
  const { t: translate } = useI18n();
  const unavailable = useServerUnavailable();
  useRecheckWhileUnavailable(unavailable);
  if (!unavailable) return null;
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>{translate('components.offlineBanner.serverUnavailable')}</p>
    </div>
  );
}
