/**
 * Delivery feedback's measuring module (docs/product.md#delivery-feedback): the report's shape and
 * bands, and `analyseDelivery`. Pure TypeScript, imported by the API and by the PWA.
 */
export * from './report.js';
export { analyseDelivery } from './analyse.js';
export { mixToMono } from './signal.js';
