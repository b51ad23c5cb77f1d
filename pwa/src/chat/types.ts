/**
 * The discussion's data shapes (docs/product.md#chat-message-records, docs/product.md#api "Real-time
 * socket"), as the API's `api/src/chat/` sends them.
 */

/** A stored chat message, as the server sends it. Attachment fields are null for a text message. */
export interface ChatMessage {
  /** the message's id (a tempId until the server's copy arrives) */
  id: string;
  /** the sender's client-generated id, or null for messages from before tempIds */
  tempId: string | null;
  content: string;
  /** the sender's user id, or null once the sender was deleted */
  user_id: string | null;
  /** display name; local outgoing messages use "You" */
  sender: string;
  /** `/api/chat/attachments/{id}`: the attachment, fetched from `{host}{file_url}` */
  file_url: string | null;
  file_type: string | null;
  /** bytes */
  file_size: number | null;
  file: { name: string; type: string } | null;
  /** ISO 8601 */
  timestamp: string;
}

/** The delivery state of one's own message (docs/product.md#data): ⏳ sending, ✓✓ sent, ✗ failed. */
export type MessageStatus = 'sending' | 'sent' | 'failed';

/** An attachment as the `message` event carries it (docs/product.md#real-time-socket). */
export interface OutgoingFile {
  /** `data:{type};base64,…` */
  data: string;
  name: string;
  type: string;
}

/** The payload of the client's `message` event. */
export interface OutgoingPayload {
  content: string;
  file: OutgoingFile | null;
  tempId: string;
}

/**
 * A message on the screen: a stored one, or one of ours still on its way.
 * `status` is set on our own messages only; `outgoing` keeps what to send
 * again (a retry or a reconnection) until the server's copy arrives.
 */
export interface ChatEntry extends ChatMessage {
  status?: MessageStatus;
  outgoing?: OutgoingPayload;
}

/** The answer to `loadMoreMessages` (docs/product.md#real-time-socket). */
export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** Events the server sends. `loadError` is the API's addition: a page could not be loaded. */
export interface ServerToClientEvents {
  initialMessages: (messages: ChatMessage[]) => void;
  message: (message: ChatMessage) => void;
  messageAck: (ack: { id: string }) => void;
  messageError: (error: string) => void;
  moreMessages: (page: MessagePage) => void;
  loadError: (error: string) => void;
}

/** Events the client sends. */
export interface ClientToServerEvents {
  message: (payload: OutgoingPayload) => void;
  loadMoreMessages: (payload: { page: number }) => void;
}
