// The worker thread that runs the delivery analysis for the server (docs/product.md#measured-by-the-server),
// so that measuring a recording (up to about a second of CPU for a long take) never holds up
// requests or sockets. Plain JavaScript, because a worker thread does not inherit the main
// thread's TypeScript loader: it loads the analysis through tsx's API.
import { tsImport } from 'tsx/esm/api';

const { analyseDelivery } = await tsImport('../delivery/analyse.ts', import.meta.url);

/**
 * One task of the pool: `{samples: Float32Array (moved, not copied), sampleRate: Hz}` → the
 * `DeliveryReport` of `analyseDelivery`. Throws what the analysis throws.
 */
export default function analyse({ samples, sampleRate }) {
  return analyseDelivery(samples, sampleRate);
}
