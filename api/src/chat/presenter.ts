import type { Types } from 'mongoose';

/** The name shown for a message whose sender was deleted (the model's `userId` is then null). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * A chat message as the socket sends it (docs/product.md#chat-message-records).
 * Attachment fields are null for a text-only message.
 */
export interface ChatMessageJson {
  /** the message's id (24 hex digits) */
  id: string;
  /** the sender's client-generated id for this message, or null (seeded / older messages) */
  tempId: string | null;
  /** the text, trimmed; may be empty when a file is attached */
  content: string;
  /** the sender's user id, or null once the sender was deleted */
  user_id: string | null;
  /** the sender's display name at the time of sending */
  sender: string;
  /** `/api/chat/attachments/{id}`: the attachment, for signed-in admins only; or null */
  file_url: string | null;
  /** the attachment's MIME type (detected from its bytes), or null */
  file_type: string | null;
  /** the attachment's size in bytes, or null */
  file_size: number | null;
  /** the attachment's original name and type, or null */
  file: { name: string; type: string } | null;
  /** ISO 8601 time the message was stored */
  timestamp: string;
}

/** The fields `presentChatMessage` reads (a lean or a hydrated document). */
export interface ChatMessageLike {
  _id: Types.ObjectId | string;
  userId?: Types.ObjectId | string | null;
  senderName: string;
  content?: string | null;
  file?: { url: string; name: string; type: string; size: number } | null;
  tempId?: string | null;
  createdAt?: Date | null;
}

/** The download path of a message's attachment (docs/product.md#files: fetched from `{host}{file_url}`). */
export function attachmentUrl(messageId: Types.ObjectId | string): string {
  return `/api/chat/attachments/${String(messageId)}`;
}

/**
 * Presents a stored message as `ChatMessageJson`. The stored `file.url` is
 * the attachment's name inside the private chat upload folder; clients only
 * ever see the admin-only `file_url` derived from the message id.
 */
export function presentChatMessage(message: ChatMessageLike): ChatMessageJson {
  const file = message.file ?? null;
  return {
    id: String(message._id),
    tempId: message.tempId ?? null,
    content: message.content ?? '',
    user_id: message.userId ? String(message.userId) : null,
    sender: message.userId ? message.senderName : DELETED_USER_NAME,
    file_url: file ? attachmentUrl(message._id) : null,
    file_type: file ? file.type : null,
    file_size: file ? file.size : null,
    file: file ? { name: file.name, type: file.type } : null,
    timestamp: (message.createdAt ?? new Date()).toISOString(),
  };
}
