import { Piscina } from 'piscina';
import { DecodeError, type DecodedAudio, type DecodeFailure } from './analysis/decode.js';
import type { DeliveryReport } from './analysis/report.js';

/**
 * The delivery analysis off the main thread (docs/product.md#measured-by-the-server): one worker
 * thread (Piscina) that decodes WAV recordings and runs `analyseDelivery`, started on the first
 * measurement and ended after {@link IDLE_MS} without one, so a process that measures nothing
 * holds no thread. Measurements wait their turn: the server measures one recording at a time per
 * process anyway. The thread's heap is capped ({@link RESOURCE_LIMITS}): a recording that would
 * need more ends the thread with an error, never the server.
 */

/** How long the worker thread waits for more work before it ends, ms. */
const IDLE_MS = 30_000;

/**
 * The worker's memory cap, MB. Samples live in typed arrays outside this heap, and a recording's
 * are bounded before it is stored (10 MB, the task's length: docs/product.md#speaking-practice).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 } as const;

let pool: Piscina | null = null;

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./analysisWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
    resourceLimits: RESOURCE_LIMITS,
  });
  return pool;
}

/**
 * `analyseDelivery(samples, sampleRate)` in the worker thread. `samples` is moved to the thread,
 * not copied: it is empty here afterwards.
 * @param samples mono samples, −1…1
 * @param sampleRate Hz
 * @throws what the analysis throws (e.g. `RangeError` for a sample rate it cannot take), or an
 *   Error when the thread could not run
 */
export async function analyseInThread(samples: Float32Array, sampleRate: number): Promise<DeliveryReport> {
  const buffer = samples.buffer;
  const moved = samples.byteOffset === 0 && samples.byteLength === buffer.byteLength && buffer instanceof ArrayBuffer;
  const task = { samples: moved ? samples : samples.slice(), sampleRate };
  return (await thePool().run(task, { transferList: [task.samples.buffer as ArrayBuffer] })) as DeliveryReport;
}

/**
 * `decodeForAnalysis(bytes, 'audio/wav')` in the worker thread (docs/product.md#how-delivery-is-measured).
 * `bytes` is copied to the thread.
 * @returns mono samples and their rate, Hz
 * @throws DecodeError as `decodeForAnalysis`; an Error when the thread could not run (e.g. past its memory cap)
 */
export async function decodeWavInThread(bytes: Uint8Array): Promise<DecodedAudio> {
  const wav = bytes.slice();
  const result = (await thePool().run({ wav }, { transferList: [wav.buffer] })) as DecodedAudio | { failure: { reason: DecodeFailure; message: string } };
  if ('failure' in result) throw new DecodeError(result.failure.reason, result.failure.message);
  return result;
}

/** Ends the worker thread, if one runs (at shutdown). */
export async function stopAnalysisThread(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
