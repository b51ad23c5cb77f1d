/** The chat concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { DELETED_USER_NAME } from './presenter.js';
export { type SocketRevocation } from './revocation.js';
