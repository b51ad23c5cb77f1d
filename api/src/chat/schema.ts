import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';

/** Longest message text after trimming, in characters (the model's `content` limit). */
export const MAX_CONTENT_LENGTH = 5000;
/** Longest client-generated `tempId`, in characters (the model's `tempId` limit). */
export const MAX_TEMP_ID_LENGTH = 100;
/** Longest attachment name kept, in characters (the model's `file.name` limit). */
export const MAX_FILE_NAME_LENGTH = 255;
/** Longest declared MIME type, in characters (the model's `file.type` limit). */
export const MAX_FILE_TYPE_LENGTH = 100;

/**
 * The `file` of an outgoing message (docs/product.md#real-time-socket): the bytes
 * as a data URL plus the name and type the browser reported. The size and
 * the real type are checked later, against the decoded bytes.
 */
export const outgoingFileSchema = z.object({
  /** `data:{type};base64,{bytes}`; decoded at most 5,242,880 bytes (docs/product.md#chat-validation). */
  data: z.string({ error: 'The file has no data.' }).startsWith('data:', { error: 'The file data must be a data URL.' }),
  /** the original file name, shown to readers and used for the download (path parts are dropped). */
  name: z.string({ error: 'The file has no name.' }).trim().min(1, { error: 'The file has no name.' }),
  /** the type the browser reported: image/*, PDF, DOC or DOCX (docs/product.md#chat-validation). */
  type: z.string({ error: 'The file has no type.' }).trim().toLowerCase().max(MAX_FILE_TYPE_LENGTH, { error: 'The file type is not valid.' }),
});

/**
 * The payload of the client's `message` event (docs/product.md#real-time-socket,
 * docs/product.md#outgoing-chat-message). Text or a file is required (checked by the
 * handler after trimming, so that a retry of a stored message is recognised
 * first).
 */
export const outgoingMessageSchema = z.object({
  /** the text, trimmed; at most 5,000 characters; may be empty when a file is attached. */
  content: z
    .string({ error: 'The message text must be a string.' })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(MAX_CONTENT_LENGTH, { error: `A message can have at most ${MAX_CONTENT_LENGTH} characters.` })),
  /** the attachment, or null / absent for a text message. */
  file: outgoingFileSchema.nullish().transform((value) => value ?? null),
  /** client-generated id (time + random string): the acknowledgement's `id` and the retry key. 1–100 characters. */
  tempId: z.string({ error: 'The message has no tempId.' }).trim().min(1, { error: 'The message has no tempId.' }).max(MAX_TEMP_ID_LENGTH, { error: 'The tempId is too long.' }),
});
/** A validated outgoing message: `{content: string (trimmed), file: {data, name, type} | null, tempId: string}`. */
export type OutgoingMessage = z.output<typeof outgoingMessageSchema>;

/** The payload of `loadMoreMessages` (docs/product.md#api, docs/product.md#loading-older-chat-messages). */
export const loadMoreSchema = z.object({
  /** 0-based page of 50, counted from the newest: 0 is the newest page, n the n-th older one. */
  page: z.coerce
    .number({ error: 'The page must be a whole number from 0.' })
    .int({ error: 'The page must be a whole number from 0.' })
    .min(0, { error: 'The page must be a whole number from 0.' })
    .max(1_000_000, { error: 'The page must be a whole number from 0.' }),
});

/** The auth payload of the handshake (docs/product.md#real-time-socket, docs/product.md#authorization-matrix). */
export const handshakeAuthSchema = z.object({
  /** the signed-in user's id, as stored in localStorage `userId`. */
  userId: z.string().regex(OBJECT_ID_PATTERN),
  /** the role as stored in localStorage `userRole` ("1", "2", "3") or as a number. */
  userRole: z.union([z.string(), z.number()]).transform((value) => Number(value)),
});

/** Path parameters of `GET /api/chat/attachments/:id`. */
export const attachmentParamsSchema = z.object({
  /** the message's id (24 hex digits). */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});
