import type { DeliveryReport } from '@oracy/api/delivery';
import type { RecordingDelivery } from '../delivery/delivery';

/** Partial changes to a report's parts, merged one level deep by {@link deliveryReportFixture}. */
export interface DeliveryReportChanges {
  durationMs?: number;
  speakingMs?: number;
  pauses?: Partial<DeliveryReport['pauses']>;
  rate?: Partial<DeliveryReport['rate']>;
  pitch?: Partial<DeliveryReport['pitch']>;
  loudness?: Partial<DeliveryReport['loudness']>;
  timeline?: Partial<DeliveryReport['timeline']>;
}

/**
 * A delivery report as `analyseDelivery` makes it (docs/product.md#delivery-feedback): by default a
 * 20 s take at a comfortable pace (4.2 syllables a second) with two pauses (the longest 0.7 s),
 * some variety of pitch and a good level; `changes` replace parts of it.
 */
export function deliveryReportFixture(changes: DeliveryReportChanges = {}): DeliveryReport {
  const durationMs = changes.durationMs ?? 20_000;
  const points = durationMs / 100 + 1;
  return {
    version: 1,
    durationMs,
    speakingMs: changes.speakingMs ?? 18_800,
    pauses: {
      count: 2,
      meanMs: 600,
      longestMs: 700,
      list: [
        { startMs: 3_400, endMs: 4_100 },
        { startMs: 9_000, endMs: 9_500 },
      ],
      ...changes.pauses,
    },
    rate: { syllables: 79, syllablesPerSecond: 4.2, pace: 'comfortable', ...changes.rate },
    pitch: { medianHz: 210, variationSemitones: 1.5, expression: 'some', ...changes.pitch },
    loudness: { speechDbfs: -24.5, quiet: false, clipped: false, ...changes.loudness },
    timeline: {
      stepMs: 100,
      levelDbfs: Array.from({ length: points }, (_, i) => -30 - (i % 10)),
      pitchHz: Array.from({ length: points }, (_, i) => (i % 5 === 0 ? null : 200 + (i % 20))),
      ...changes.timeline,
    },
  };
}

/** A report of a take without speech: silence throughout. */
export function silentReportFixture(durationMs = 5_000): DeliveryReport {
  return deliveryReportFixture({
    durationMs,
    speakingMs: 0,
    pauses: { count: 0, meanMs: 0, longestMs: 0, list: [] },
    rate: { syllables: 0, syllablesPerSecond: 0, pace: null },
    pitch: { medianHz: null, variationSemitones: null, expression: null },
    loudness: { speechDbfs: null, quiet: true, clipped: false },
    timeline: { levelDbfs: Array.from({ length: durationMs / 100 + 1 }, () => -100), pitchHz: Array.from({ length: durationMs / 100 + 1 }, () => null) },
  });
}

/**
 * A stored recording's measurement as `GET /api/recordings/:id/delivery` answers it
 * (docs/product.md#measured-by-the-server): by default the server's report of
 * {@link deliveryReportFixture}; `fields` override.
 */
export function recordingDeliveryFixture(fields: Partial<RecordingDelivery> = {}): RecordingDelivery {
  return {
    status: 'ready',
    source: 'server',
    version: 1,
    analyzedAt: '2026-02-01T10:01:00.000Z',
    reason: null,
    report: deliveryReportFixture(),
    ...fields,
  };
}

/** A measurement without a report, in the given state: `pending`, `failed` (with `reason`) or `unavailable`. */
export function unmeasuredFixture(status: 'pending' | 'failed' | 'unavailable', reason: string | null = null): RecordingDelivery {
  return { status, source: null, version: null, analyzedAt: null, reason, report: null };
}
