/**
 * Every JSON presenter of the API and the answer types it produces, one file per entity
 * (docs/contributing.md#typed-client-from-the-servers-types): the PWA imports these types with
 * `import type` instead of restating the shapes.
 */
export * from './assignment.js';
export * from './chatMessage.js';
export * from './complaint.js';
export * from './course.js';
export * from './notice.js';
export * from './oracy.js';
export * from './speaking.js';
export * from './person.js';
export * from './user.js';
export * from './delivery.js';
export * from './backup.js';
export * from './privacy.js';
export * from './privacyExport.js';
