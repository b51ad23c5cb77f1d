// The worker thread that decodes WAV recordings and runs the delivery analysis for the server
// (docs/product.md#measured-by-the-server), so that measuring a recording (up to about a second of
// CPU for a long take) never holds up requests or sockets, and its memory is capped. Plain JavaScript, because a worker thread does not inherit the main
// thread's TypeScript loader. In the compiled API (api/dist, docs/architecture.md#production-build)
// it imports the analysis's JavaScript beside it; in the sources (tests, `npm run dev`) it loads
// the TypeScript through tsx's API.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const load = async (name) => {
  const compiled = new URL(`./analysis/${name}.js`, import.meta.url);
  return existsSync(fileURLToPath(compiled)) ? import(compiled.href) : (await import('tsx/esm/api')).tsImport(`./analysis/${name}.ts`, import.meta.url);
};
const { analyseDelivery } = await load('analyse');
const { decodeForAnalysis, DecodeError } = await load('decode');

/**
 * One task of the pool:
 * - `{samples: Float32Array (moved, not copied), sampleRate: Hz}` → the `DeliveryReport` of
 *   `analyseDelivery`; throws what the analysis throws;
 * - `{wav: Uint8Array (moved)}` → `{samples, sampleRate}` decoded by `decodeForAnalysis`, or
 *   `{failure: {reason, message}}` when it throws a `DecodeError` (an error's class does not
 *   survive the trip between threads).
 */
export default async function run(task) {
  if (task.wav) {
    try {
      return await decodeForAnalysis(task.wav, 'audio/wav');
    } catch (err) {
      if (err instanceof DecodeError) return { failure: { reason: err.reason, message: err.message } };
      throw err;
    }
  }
  return analyseDelivery(task.samples, task.sampleRate);
}
