// The worker thread that runs the delivery analysis for the server (docs/product.md#measured-by-the-server),
// so that measuring a recording (up to about a second of CPU for a long take) never holds up
// requests or sockets. Plain JavaScript, because a worker thread does not inherit the main
// thread's TypeScript loader. In the compiled API (api/dist, docs/architecture.md#production-build)
// it imports the analysis's JavaScript beside it; in the sources (tests, `npm run dev`) it loads
// the TypeScript through tsx's API.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../delivery/analyse.js', import.meta.url);
const { analyseDelivery } = existsSync(fileURLToPath(compiled))
  ? await import(compiled.href)
  : await (await import('tsx/esm/api')).tsImport('../delivery/analyse.ts', import.meta.url);

/**
 * One task of the pool: `{samples: Float32Array (moved, not copied), sampleRate: Hz}` → the
 * `DeliveryReport` of `analyseDelivery`. Throws what the analysis throws.
 */
export default function analyse({ samples, sampleRate }) {
  return analyseDelivery(samples, sampleRate);
}
