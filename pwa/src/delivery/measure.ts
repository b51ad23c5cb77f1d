/**
 * Measuring a take on the device (docs/product.md#how-did-it-sound): decode it, then analyse it in
 * a Web Worker. Loaded on demand by `useDeliveryReport`, so comlink is in no screen's chunk; the
 * worker, with the measuring module, is a chunk of its own, and this module imports nothing of
 * the measuring module at run time (its sample rate comes from the worker).
 */
import { releaseProxy, transfer, wrap, type Remote } from 'comlink';
import type { DeliveryReport } from '@oracy/api/delivery';
import { decodeTake } from './decodeTake';
import type { DeliveryWorker } from './delivery.worker';

/** The reason an aborted measurement rejects with. */
function abortReason(signal: AbortSignal): unknown {
  // i18n-exempt: an abort reason for developers, never shown
  return signal.reason ?? new DOMException('The measurement was aborted.', 'AbortError');
}

/** `work`, or a rejection with `signal`'s reason as soon as it aborts. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) throw abortReason(signal);
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an abort rejects with its signal's reason, as fetch does
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** A started delivery worker: its comlink proxy, and `close()`, which terminates it. */
export interface OpenDeliveryWorker {
  remote: Remote<DeliveryWorker>;
  close: () => void;
}

/** Starts a delivery worker (`delivery.worker.ts`, a module worker) and wraps it with comlink. */
export function openDeliveryWorker(): OpenDeliveryWorker {
  const worker = new Worker(new URL('./delivery.worker.ts', import.meta.url), { type: 'module', name: 'delivery' });
  const remote = wrap<DeliveryWorker>(worker);
  return {
    remote,
    close: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * Measures a recorded take's delivery on the device (docs/product.md#how-did-it-sound): starts a
 * worker, decodes the take to mono at the worker's sample rate ({@link decodeTake}), and analyses
 * it there; the samples' buffer is transferred, not copied. The worker is terminated when done,
 * or at once when `signal` aborts (the analysis cannot be interrupted otherwise).
 * @returns the report, checked by the server's schema.
 * @throws when the take cannot be decoded or analysed, or `signal`'s reason once aborted.
 */
export async function measureTake(blob: Blob, signal?: AbortSignal): Promise<DeliveryReport> {
  if (signal?.aborted) throw abortReason(signal);
  const { remote, close } = openDeliveryWorker();
  try {
    const sampleRate = await untilAborted(remote.sampleRate(), signal);
    const { samples } = await untilAborted(decodeTake(blob, sampleRate), signal);
    return await untilAborted(remote.analyse(transfer(samples, [samples.buffer]), sampleRate), signal);
  } finally {
    close();
  }
}
