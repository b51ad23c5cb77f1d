import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { loadRecordingDelivery, recordingDeliveryKey, type RecordingDelivery as Measurement } from './delivery';
import { useCachedResource } from '../platform/api/useCachedResource';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { DeliveryCard, type DeliveryCardTexts } from './DeliveryCard';
import type { DeliveryAudience } from './deliveryWords';
import type { MeasureStatus } from './useDeliveryReport';

/** How long the card waits before asking again about a recording the server is still measuring, ms. */
export const DELIVERY_POLL_MS = 5_000;

/** How many times the card asks again by itself; after that, "Check again" is there. */
export const DELIVERY_POLLS = 6;

/** The catalogue keys of the product's words for a stored recording's card (docs/product.md#delivery-for-teachers). */
export const RECORDING_DELIVERY_TEXTS = {
  loading: 'delivery.recording.loading',
  error: 'delivery.recording.error',
  measuring: 'delivery.measuring',
  unavailable: 'delivery.recording.unavailable',
  failed: 'delivery.recording.failed',
  server: 'delivery.recording.server',
  device: { student: 'delivery.recording.deviceStudent', teacher: 'delivery.recording.deviceTeacher' },
  measured: { student: 'delivery.recording.measuredStudent', teacher: 'delivery.recording.measuredTeacher' },
} as const satisfies Record<string, MessageId | Record<DeliveryAudience, MessageId>>;

/** Props of {@link RecordingDelivery}. */
export interface RecordingDeliveryProps {
  recordingId: string;
  /**
   * when the recording's take was submitted (ISO 8601): a new take keeps its recording's id
   * (docs/product.md#recordings), so the cached measurement is kept per take
   */
  submittedAt: string;
  audience: DeliveryAudience;
  /** plays the stored recording from a time in ms; with it the card shows the timeline, whose pauses play from there */
  onPlayFrom?: (ms: number) => void;
  /** the card heading's level; 2 by default */
  headingLevel?: 2 | 3;
}

/** The card's status and words (active language) for a measurement (or its load's state). */
function cardState(measurement: Measurement | undefined, failedToLoad: boolean, audience: DeliveryAudience): { status: MeasureStatus; texts: Partial<DeliveryCardTexts> } {
  const words = RECORDING_DELIVERY_TEXTS;
  if (!measurement) {
    return failedToLoad ? { status: 'failed', texts: { failed: t(words.error) } } : { status: 'measuring', texts: { measuring: t(words.loading) } };
  }
  switch (measurement.status) {
    case 'pending':
      return { status: 'measuring', texts: { measuring: t(words.measuring) } };
    case 'unavailable':
      return { status: 'failed', texts: { failed: t(words.unavailable) } };
    case 'failed':
      // the server's reason, in English (docs/product.md#delivery-for-teachers)
      return { status: 'failed', texts: { failed: measurement.reason || t(words.failed) } };
    case 'ready':
      return measurement.report ? { status: 'ready', texts: { measured: t(words.measured[audience]) } } : { status: 'failed', texts: { failed: t(words.failed) } };
  }
}

/**
 * Who measured a ready report, in the reader's words; for a phone's report the server could not
 * check, also the server's reason ("Measured on your phone · The recording could not be decoded: …").
 */
function sourceText(measurement: Measurement | undefined, audience: DeliveryAudience): string | undefined {
  if (measurement?.source === 'server') return t(RECORDING_DELIVERY_TEXTS.server);
  if (measurement?.source === 'device') {
    const device = t(RECORDING_DELIVERY_TEXTS.device[audience]);
    return measurement.reason ? `${device} · ${measurement.reason}` : device;
  }
  return undefined;
}

/**
 * "How did it sound?" for a stored recording (docs/product.md#delivery-for-teachers,
 * docs/product.md#speaking-practice-for-students): loads `GET /api/recordings/{id}/delivery`
 * (cached for offline use, per take) and shows the `DeliveryCard` of its report, labelled by who measured
 * it ("Measured by the server", "Measured on your phone" / "on the student's phone"), with the
 * timeline when `onPlayFrom` is given. While the server is measuring: "Measuring…", asked again
 * every {@link DELIVERY_POLL_MS} ms up to {@link DELIVERY_POLLS} times, and "Check again". A
 * failure says the server's reason in plain words; `unavailable` says "Delivery could not be
 * measured on this server."; a failed load says so with "Retry". It loads on its own, so the
 * screen around it never waits for it.
 */
export function RecordingDelivery({ recordingId, submittedAt, audience, onPlayFrom, headingLevel = 2 }: RecordingDeliveryProps) {
  const { t: translate } = useI18n();
  const delivery = useCachedResource(recordingDeliveryKey(recordingId, submittedAt), (signal) => loadRecordingDelivery(recordingId, signal), [recordingId]);
  const [polls, setPolls] = useState(0);
  const measurement = delivery.data;
  const pending = measurement?.status === 'pending';
  const { reload, refreshing, offline } = delivery;

  // Ask again politely while the server measures: a few times, one request at a time, never offline.
  useEffect(() => {
    if (!pending || refreshing || offline || polls >= DELIVERY_POLLS) return undefined;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void reload();
    }, DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, refreshing, offline, polls, reload]);

  const failedToLoad = !measurement && delivery.error !== undefined && delivery.error !== null;
  const { status, texts } = cardState(measurement, failedToLoad, audience);
  return (
    <DeliveryCard
      status={status}
      report={status === 'ready' ? (measurement?.report ?? null) : null}
      audience={audience}
      onPlayFrom={onPlayFrom}
      headingLevel={headingLevel}
      subtitle={sourceText(measurement, audience)}
      texts={texts}
    >
      {(failedToLoad || pending) && (
        <div className="delivery-card__actions">
          <IonButton fill="outline" disabled={refreshing} onClick={() => void reload()}>
            {translate(failedToLoad ? 'common.retry' : 'delivery.recording.checkAgain')}
          </IonButton>
        </div>
      )}
    </DeliveryCard>
  );
}
