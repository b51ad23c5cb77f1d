import { ROLES } from '../auth/roles.js';

/**
 * Chat's "who may" rule (docs/architecture.md#authorization, docs/product.md#authorization-matrix):
 * the chat room and its attachments are the admins'. The socket's handshake, its re-checks on every
 * message and the sweep of lapsed sockets all ask it; the attachment route's `requireRole` guard
 * names the same role.
 */

/** The one role that may use the chat. */
export const CHAT_ROLE = ROLES.admin;

/** True when someone with `user.role` may join the chat and send to it. */
export function mayUseChat(user: { role: number }): boolean {
  return user.role === CHAT_ROLE;
}
