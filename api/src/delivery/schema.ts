export { recordingIdParamSchema } from '../speaking/schema.js';
