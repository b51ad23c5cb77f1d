/**
 * The delivery worker (docs/product.md#how-did-it-sound): measures a take off the main thread, so
 * the screen stays responsive while a minute of speech is analysed. Exposed through comlink as
 * {@link DeliveryWorker}; started by `openDeliveryWorker` (`measure.ts`) for one take and
 * terminated after it. The measuring module (with zod, for its schema) is bundled here only.
 */
import { expose } from 'comlink';
import { ANALYSIS_SAMPLE_RATE, analyseDelivery, deliveryReportSchema, type DeliveryReport } from '@oracy/api/delivery';

/** What the worker offers through comlink. */
export interface DeliveryWorker {
  /** The sample rate the analysis expects, Hz ({@link ANALYSIS_SAMPLE_RATE}): the take is resampled to it before {@link analyse}. */
  sampleRate(): number;
  /**
   * The delivery report of `samples` (mono, −1…1) at `sampleRate` Hz, checked by the schema the
   * server checks the form's `delivery` field with, so that a report the server would refuse is
   * never sent (docs/product.md#delivery-feedback).
   * @throws when the analysis fails or its report does not match the schema.
   */
  analyse(samples: Float32Array, sampleRate: number): DeliveryReport;
}

const worker: DeliveryWorker = {
  sampleRate: () => ANALYSIS_SAMPLE_RATE,
  analyse(samples, sampleRate) {
    return deliveryReportSchema.parse(analyseDelivery(samples, sampleRate));
  },
};

expose(worker);
