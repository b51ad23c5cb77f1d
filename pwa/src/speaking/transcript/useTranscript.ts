import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useConnection } from '../../platform/api/serverStatus';
import { useCachedResource, type CachedResource } from '../../platform/api/useCachedResource';
import { loadTranscript, transcriptKey, type Transcript } from './transcript';

/** The first wait before asking again about a transcript still `pending`, ms. */
export const TRANSCRIPT_POLL_FIRST_MS = 4_000;
/** The longest wait between two asks, ms: each wait is half as long again as the one before, up to this. */
export const TRANSCRIPT_POLL_MAX_MS = 30_000;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** true while the page is shown (a hidden tab or a phone's locked screen asks nothing). */
function usePageShown(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * A take's transcript, cached for offline use per take (docs/product.md#transcripts): loads
 * `GET /api/recordings/{id}/transcript` and, while it is `pending`, asks again after
 * {@link TRANSCRIPT_POLL_FIRST_MS}, each wait half as long again up to {@link TRANSCRIPT_POLL_MAX_MS};
 * never while the page is hidden or the server cannot be reached (shown again, it asks at once;
 * back online, the cached resource loads again by itself and the asking goes on). It stops once the
 * transcript is `ready`, `failed` or `unavailable`.
 */
export function useTranscript(recordingId: string, submittedAt: string): CachedResource<Transcript> {
  const resource = useCachedResource(transcriptKey(recordingId, submittedAt), (signal) => loadTranscript(recordingId, signal), [recordingId]);
  const shown = usePageShown();
  const connection = useConnection();
  const [asked, setAsked] = useState(0);
  const pending = resource.data?.status === 'pending';
  const { reload, refreshing, offline } = resource;
  const reachable = connection === 'online' && !offline;

  useEffect(() => {
    if (!pending || refreshing || !reachable || !shown) return undefined;
    const wait = Math.min(TRANSCRIPT_POLL_FIRST_MS * 1.5 ** asked, TRANSCRIPT_POLL_MAX_MS);
    const timer = setTimeout(() => {
      setAsked((count) => count + 1);
      void reload();
    }, wait);
    return () => clearTimeout(timer);
  }, [pending, refreshing, reachable, shown, asked, reload]);

  // Shown again after a while hidden: ask at once, and from the first wait again.
  const wasShown = useRef(shown);
  useEffect(() => {
    const back = shown && !wasShown.current;
    wasShown.current = shown;
    if (!back || !pending) return;
    setAsked(0);
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page comes back
  }, [shown]);

  return resource;
}
