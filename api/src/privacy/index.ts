/** The privacy concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { recordAccess, recordFileRead } from './accessLog.js';
export { erasePerson } from './erasure.js';
export { queueExportSweep } from './exports.js';
