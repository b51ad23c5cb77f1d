import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline, timeOutline } from './shellIcons';
import { useEffect, useState } from 'react';
import { apiFetch } from '../api/api';
import { DEFAULT_RETRY_MS, MAX_RETRY_MS, serverStatus, useConnection } from '../api/serverStatus';
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
 * The note of a cached screen that shows data it could not refresh: "Showing data from {relative
 * time}", a polite status message, shown only while the screen shows such data. Why it could not
 * refresh (offline, the server unavailable) is for the layout's one {@link ConnectionIndicator}
 * to say (docs/product.md#offline-behaviour). The relative time keeps itself current.
 */
export function OfflineBanner({ offline, savedAt }: OfflineBannerProps) {
  const { t: translate } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  const visible = offline && savedAt !== null;
  useEffect(() => {
    if (!visible) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [visible, savedAt]);

  if (!visible) return null;
  const since = formatRelativeTime(savedAt, now);
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={timeOutline} aria-hidden="true" />
      <p>{translate('components.offlineBanner.showingDataFrom', { since })}</p>
    </div>
  );
}

/**
 * While the server says it is unavailable, or gave no answer although the browser is online
 * (`serverStatus.ts`): asks `GET /readyz` again after its `Retry-After` (at least 1 s; 5 s after
 * no answer), doubling the wait per failed check up to 30 s; the fetch wrapper marks the server
 * available on an answer, which ends the checks.
 */
function useRecheckWhileUnavailable(unavailable: boolean): void {
  useEffect(() => {
    if (!unavailable) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const current = serverStatus();
    let wait = current.unavailable ? Math.max(MIN_RECHECK_MS, current.retryAfterMs) : DEFAULT_RETRY_MS;
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
 * The app's one offline indicator, in the shell (the dashboard layout and the self-assessment
 * page; docs/product.md#offline-behaviour). It follows the connection live (`useConnection`):
 * while the browser is offline, "You're offline — your changes are kept and sent when you're back
 * online"; while the server answers 503 `unavailable` or gives no answer, "Oracy is unavailable —
 * your changes are kept and sent when it is back", asking the server again by itself meanwhile, so
 * the indicator goes, the outbox replays and cached screens reload as soon as it is back; nothing
 * otherwise. A polite status message (like the app's toasts), in the flow above the content, never
 * over it or the tab bar.
 */
export function ConnectionIndicator() {
  const { t: translate } = useI18n();
  const connection = useConnection();
  useRecheckWhileUnavailable(connection === 'unavailable');
  if (connection === 'online') return null;
  return (
    <div className="connection-indicator" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>{translate(connection === 'offline' ? 'components.offlineBanner.offline' : 'components.offlineBanner.serverUnavailable')}</p>
    </div>
  );
}
