/** The oracy concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Assessment } from './assessmentModel.js';
export { round2, STRAND_KEYS, strandScores } from './profile.js';
