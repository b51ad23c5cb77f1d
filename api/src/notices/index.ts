/** The notices concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Notice } from './model.js';
