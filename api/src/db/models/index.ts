/** Every Mongoose model of docs/product.md#data and docs/product.md#derived-and-stored-data. */
export * from './common.js';
export * from './user.js';
export * from './session.js';
export * from './course.js';
export * from './enrollment.js';
export * from './assignment.js';
export * from './notice.js';
export * from './complaint.js';
export * from './assessment.js';
export * from './chatMessage.js';
export * from './speaking.js';
export * from './job.js';
export * from './delivery.js';
export * from './schoolSettings.js';
export * from './backupRun.js';
export * from './privacyExport.js';
export * from './accessLog.js';
