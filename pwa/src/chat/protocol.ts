/**
 * The discussion's wire types (docs/product.md#real-time-socket, docs/product.md#chat-message-records),
 * taken from the server's Socket.IO event maps (`api/src/chat/socket.ts`) and
 * its payload schemas (`api/src/chat/schema.ts`): a change there fails the
 * PWA's typecheck. Only types cross (`import type`).
 */
import type { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '@oracy/api/chat/socket';
import type { outgoingMessageSchema } from '@oracy/api/chat/schema';

/** The discussion's one event map, both directions, as the server declares it. */
export type { ClientToServerEvents, ServerToClientEvents };

/** A stored chat message, as the server sends it. Attachment fields are null for a text message. */
export type ChatMessage = Parameters<ServerToClientEvents['message']>[0];

/**
 * The payload of the client's `message` event in the form the server's
 * schema gives it (text trimmed, `file` or null), which the schema also
 * accepts: what the screen keeps to send again.
 */
export type OutgoingPayload = z.output<typeof outgoingMessageSchema>;

/** An attachment as the `message` event carries it: `data` is `data:{type};base64,…`. */
export type OutgoingFile = NonNullable<OutgoingPayload['file']>;
