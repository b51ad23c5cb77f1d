/**
 * Delivery feedback's measuring module (docs/product.md#delivery-feedback): the report's shape and
 * bands, `analyseDelivery` and `mixToMono`. Pure TypeScript, imported by the API and by the PWA
 * (the server's decoder, `./decode.ts`, is Node only and not exported here).
 */
export * from './report.js';
export { analyseDelivery } from './analyse.js';
export { mixToMono } from './signal.js';
