/**
 * Requests of the delivery calls (docs/product.md#delivery-feedback-calls): a recording named by
 * `:recordingId`, as in speaking practice; the reanalysis takes no body.
 */
export { recordingIdParamSchema } from '../speaking/index.js';
