import { type DeliveryReport } from './report.js';

/**
 * Measures a take's delivery (docs/product.md#delivery-feedback).
 * @param samples mono samples, −1…1
 * @param sampleRate Hz
 */
export function analyseDelivery(samples: Float32Array, sampleRate: number): DeliveryReport {
  void samples;
  void sampleRate;
  throw new Error('analyseDelivery: not written yet');
}
