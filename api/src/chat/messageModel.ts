import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';

/**
 * A discussion message (docs/product.md#chat-message-records). Attachments are stored by
 * the upload storage and referenced by URL, never embedded (docs/product.md#derived-and-stored-data).
 * `userId` is null once the sender is deleted; the message then shows
 * "Deleted user".
 */
const chatMessageSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** sender's display name at the time of sending */
    senderName: { type: String, required: true, maxlength: 201 },
    content: { type: String, default: '', maxlength: 5000 },
    file: {
      type: new Schema(
        {
          url: { type: String, required: true },
          name: { type: String, required: true, maxlength: 255 },
          type: { type: String, required: true, maxlength: 100 },
          /** bytes */
          size: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    /** client-generated id of the outgoing message, for acknowledgement and de-duplication */
    tempId: { type: String, default: null, maxlength: 100 },
  },
  baseSchemaOptions,
);
// pages sort by createdAt then _id, newest first; the index covers both, so no page sorts in memory.
chatMessageSchema.index({ createdAt: -1, _id: -1 });
chatMessageSchema.index({ userId: 1, tempId: 1 });

export const ChatMessage = model('ChatMessage', chatMessageSchema);
