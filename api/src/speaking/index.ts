/** The speaking concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Feedback, Recording, SpeakingTask } from './model.js';
export { readableRecording } from './queries.js';
export { mayReadStudent, teachesStudent } from './recordingAccess.js';
export { recordingIdParamSchema } from './schema.js';
export { removeCourseSpeaking } from './service.js';
