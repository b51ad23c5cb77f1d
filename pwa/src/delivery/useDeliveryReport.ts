import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeliveryReport } from '@oracy/api/delivery';

/** Where the device's measurement of a take is: none asked for, running, done, or failed. */
export type MeasureStatus = 'idle' | 'measuring' | 'ready' | 'failed';

/** A take's measurement as a screen shows it. */
export interface DeliveryMeasurement {
  status: MeasureStatus;
  /** the report once `ready`, otherwise null */
  report: DeliveryReport | null;
  /** why it `failed`, otherwise null */
  error: Error | null;
}

/** What {@link useDeliveryReport} returns. */
export interface DeliveryReportState extends DeliveryMeasurement {
  /**
   * Resolves with `blob`'s report once its measurement ends, or null when it fails, is replaced
   * by another take's, or takes longer than `timeoutMs` (ms); null at once when `blob` is not the
   * take being measured. For Submit, which sends the report with the take when there is one.
   */
  settled: (blob: Blob, timeoutMs: number) => Promise<DeliveryReport | null>;
}

/** The measuring module, loaded on the first take (it brings comlink and starts the worker). */
const loadMeasure = () => import('./measure');

interface Result extends DeliveryMeasurement {
  blob: Blob;
}

/**
 * Measures the delivery of a recorded take on the device (docs/product.md#how-did-it-sound):
 * `measureTake` decodes it and analyses it in a Web Worker, so the main thread never blocks.
 * `measuring` from the moment `blob` arrives, then `ready` with the report or `failed` with the
 * error (logged, never thrown). A new `blob` (or null) aborts the previous take's work and its
 * result is never shown; `idle` while `blob` is null.
 */
export function useDeliveryReport(blob: Blob | null): DeliveryReportState {
  const [result, setResult] = useState<Result | null>(null);
  const pending = useRef<{ blob: Blob; done: Promise<DeliveryReport | null> } | null>(null);

  useEffect(() => {
    if (!blob) {
      pending.current = null;
      return undefined;
    }
    const controller = new AbortController();
    let finish: (report: DeliveryReport | null) => void = () => undefined;
    pending.current = { blob, done: new Promise((resolve) => (finish = resolve)) };
    void (async () => {
      try {
        const { measureTake } = await loadMeasure();
        const report = await measureTake(blob, controller.signal);
        if (controller.signal.aborted) return;
        setResult({ blob, status: 'ready', report, error: null });
        finish(report);
      } catch (caught) {
        if (controller.signal.aborted) return;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        console.warn('Could not measure the take', error);
        setResult({ blob, status: 'failed', report: null, error });
        finish(null);
      }
    })();
    return () => {
      controller.abort();
      finish(null);
    };
  }, [blob]);

  const settled = useCallback((take: Blob, timeoutMs: number): Promise<DeliveryReport | null> => {
    const current = pending.current;
    if (current?.blob !== take) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      void current.done.then((report) => {
        clearTimeout(timer);
        resolve(report);
      });
    });
  }, []);

  if (!blob) return { status: 'idle', report: null, error: null, settled };
  if (result?.blob !== blob) return { status: 'measuring', report: null, error: null, settled };
  return { status: result.status, report: result.report, error: result.error, settled };
}
