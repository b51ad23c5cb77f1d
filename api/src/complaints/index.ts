/** The complaints concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Complaint } from './model.js';
