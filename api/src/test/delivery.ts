import { DecodeError, type DecodeFailure } from '../delivery/analysis/decode.js';
import { DELIVERY_VERSION, TIMELINE_STEP_MS, type DeliveryReport } from '../delivery/analysis/report.js';
import type { DeliveryTools } from '../delivery/service.js';

/**
 * A valid delivery report of a 2 s take (docs/product.md#delivery-feedback): comfortable pace,
 * one pause, some expression; `over` replaces whole parts.
 */
export function sampleReport(over: Partial<DeliveryReport> = {}): DeliveryReport {
  const points = 2000 / TIMELINE_STEP_MS + 1;
  return {
    version: DELIVERY_VERSION,
    durationMs: 2000,
    speakingMs: 1400,
    pauses: { count: 1, meanMs: 600, longestMs: 600, list: [{ startMs: 700, endMs: 1300 }] },
    rate: { syllables: 6, syllablesPerSecond: 4.29, pace: 'comfortable' },
    pitch: { medianHz: 180, variationSemitones: 1.5, expression: 'some' },
    loudness: { speechDbfs: -21.5, quiet: false, clipped: false },
    timeline: { stepMs: TIMELINE_STEP_MS, levelDbfs: Array.from({ length: points }, () => -30), pitchHz: Array.from({ length: points }, () => 180) },
    ...over,
  };
}

/** What a fake decoder does with each call: decode, throw a `DecodeError` with this reason, or throw this error. */
export type FakeStep = 'ok' | DecodeFailure | Error;

/**
 * Fake measuring tools (`DeliveryTools`) for route tests: `decode` follows `steps` one call at a
 * time (the last one repeats) and records the types it was given; `analyse` answers `report()`.
 */
export function fakeDeliveryTools(opts: { steps?: FakeStep[]; report?: () => DeliveryReport } = {}) {
  const decoded: string[] = [];
  let call = 0;
  const tools: DeliveryTools = {
    async decode(_bytes, type) {
      const steps = opts.steps ?? ['ok'];
      const step = steps[Math.min(call++, steps.length - 1)]!;
      decoded.push(type);
      if (step instanceof Error) throw step;
      if (step !== 'ok') throw new DecodeError(step, `decoding failed: ${step}`);
      return { samples: new Float32Array(32_000), sampleRate: 16_000 };
    },
    analyse: () => (opts.report ?? (() => sampleReport()))(),
  };
  return { tools, decoded };
}
