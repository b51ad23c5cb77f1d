/**
 * Delivery feedback's calls (docs/product.md#delivery-feedback-calls): the shapes come from the
 * typed client, so a change of the server's answer fails the PWA's typecheck.
 */
import { callOptions, client, json, type Answer } from '../platform/api/client';
import type { StudentOracy } from '../oracy';
import type { Recording } from '../speaking';

const api = client.api;

/**
 * A stored recording's measurement, `GET /api/recordings/{recordingId}/delivery`: `{status:
 * pending | ready | failed | unavailable, source: device | server | null, version, analyzedAt (ISO
 * 8601 or null), reason (plain words or null), report (the delivery report or null)}`
 * (docs/product.md#measured-by-the-server).
 */
export type RecordingDelivery = Answer<(typeof api.recordings)[':recordingId']['delivery']['$get']>;

/** The few figures lists carry of a recording's measurement: `{status, pace, pausesCount, expression, quiet, clipped}`, figures null without a report. */
export type DeliverySummary = Recording['delivery'];

/**
 * One point of "Delivery over time" (docs/product.md#delivery-over-time): `{recordingId,
 * taskTitle, submittedAt (ISO 8601), syllablesPerSecond, pausesPerMinute, variationSemitones}`,
 * each figure null when the take did not give it.
 */
export type DeliveryTrendPoint = StudentOracy['delivery'][number];

/**
 * The offline-cache key of a take's measurement: its API path and the take's `submittedAt` (ISO
 * 8601), as a new take keeps its recording's id (docs/product.md#recordings).
 */
export const recordingDeliveryKey = (recordingId: string, submittedAt: string): string => `/api/recordings/${recordingId}/delivery#${submittedAt}`;

/**
 * `GET /api/recordings/{recordingId}/delivery`.
 * @throws the errors of `api.ts` (403 for another's recording, 404 for no such recording)
 */
export function loadRecordingDelivery(recordingId: string, signal?: AbortSignal): Promise<RecordingDelivery> {
  return json(api.recordings[':recordingId'].delivery.$get({ param: { recordingId } }, callOptions({ signal })));
}
