import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { ChatMessage } from '../db/models/index.js';
import { ApiError, isDuplicateKeyError } from '../errors.js';
import { MAX_UPLOAD_BYTES, type StoredUpload, type UploadStore } from '../services/uploads.js';
import { presentChatMessage, type ChatMessageJson } from './presenter.js';
import { MAX_FILE_NAME_LENGTH, type OutgoingMessage } from './schema.js';

/** Messages per page of `initialMessages` and `moreMessages` (issue 6). */
export const CHAT_PAGE_SIZE = 50;

/** The spec's text for an attachment over 5,242,880 bytes (spec §8 "Chat"). */
export const FILE_TOO_LARGE_TEXT = 'File size exceeds 5MB limit';
/** The text for an attachment that is not an image, PDF, DOC or DOCX (spec §5 "Chat"). */
export const FILE_TYPE_TEXT = 'Only images, PDF, DOC and DOCX files can be attached.';

/** The disk store's private folder of chat attachments, `DATA_DIR/uploads/chat` (defined with the stores, issue 10). */
export { chatUploadsDir } from '../services/uploads.js';

/** A problem with what the client sent; its message is shown to the sender (`messageError`). */
export class ChatInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatInputError';
  }
}

/** One page of messages, oldest first, and whether older ones exist. */
export interface MessagePage {
  messages: ChatMessageJson[];
  hasMore: boolean;
}

/**
 * The `page`-th page of 50 counted from the newest (0 = newest), in
 * chronological order (issue 6: `initialMessages`, `moreMessages`).
 * Newest first by `createdAt`, then `_id`, so that equal times page stably.
 */
export async function listMessagePage(page: number): Promise<MessagePage> {
  const docs = await ChatMessage.find({})
    .sort({ createdAt: -1, _id: -1 })
    .skip(page * CHAT_PAGE_SIZE)
    .limit(CHAT_PAGE_SIZE + 1)
    .lean();
  const hasMore = docs.length > CHAT_PAGE_SIZE;
  return { messages: docs.slice(0, CHAT_PAGE_SIZE).reverse().map(presentChatMessage), hasMore };
}

/** The first stored message of `userId` with `tempId` (a retry's original), or null. */
export async function findByTempId(userId: Types.ObjectId | string, tempId: string): Promise<ChatMessageJson | null> {
  const doc = await ChatMessage.findOne({ userId, tempId }).sort({ createdAt: 1, _id: 1 }).lean();
  return doc ? presentChatMessage(doc) : null;
}

/**
 * The `_id` of the message `tempId` of sender `userId` (issue 9): the first
 * 12 bytes of SHA-256 over both, so a retry is found — and a second copy
 * refused by the unique `_id` — with one lookup by `_id`, which MongoDB
 * answers from its `_id` index (FerretDB 1.24 on SQLite scans even then, but
 * one `_id` filter is still its cheapest query: nothing is sorted or decoded
 * twice). Messages sort by `createdAt`, so the id carries no time.
 */
export function messageIdFor(userId: Types.ObjectId | string, tempId: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`${String(userId)}\n${tempId}`).digest().subarray(0, 12));
}

/** A decoded attachment, before its signature is checked. */
export interface DecodedAttachment {
  bytes: Buffer;
  /** the sanitised original name */
  name: string;
  /** the type the browser reported, lower case; may be empty */
  declaredType: string;
}

/** Which family a MIME type belongs to, for comparing the declared type with the detected one. */
function typeFamily(mime: string): 'image' | 'pdf' | 'word' | null {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'application/msword' || mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'word';
  return null;
}

/** The original name without any folder part or control characters, at most 255 characters. */
export function sanitizeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, MAX_FILE_NAME_LENGTH) || 'attachment';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes the `file` of an outgoing message (spec §5 "Chat").
 * @throws ChatInputError when the data is not a base64 data URL, decodes to
 * nothing or more than 5,242,880 bytes, or declares a type that is not an
 * image, PDF, DOC or DOCX.
 */
export function decodeAttachment(file: NonNullable<OutgoingMessage['file']>): DecodedAttachment {
  const declaredType = file.type;
  if (declaredType && !typeFamily(declaredType)) throw new ChatInputError(FILE_TYPE_TEXT);
  const comma = file.data.indexOf(',');
  const header = comma > 0 ? file.data.slice(5, comma) : '';
  if (comma < 0 || !header.split(';').includes('base64')) throw new ChatInputError('The file data must be a base64 data URL.');
  const payload = file.data.slice(comma + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  // Refuse before decoding: the decoded size follows from the base64 length.
  if (Math.floor((payload.length * 3) / 4) - padding > MAX_UPLOAD_BYTES) throw new ChatInputError(FILE_TOO_LARGE_TEXT);
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) throw new ChatInputError('The file data is not valid base64.');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.byteLength === 0) throw new ChatInputError('The file is empty.');
  return { bytes, name: sanitizeFileName(file.name), declaredType };
}

/** The sender of a message, as the handler knows them from the session. */
export interface ChatSender {
  id: Types.ObjectId | string;
  name: string;
}

/** The result of `storeMessage`: the stored message, and whether it had been stored before (a retry). */
export interface StoreResult {
  message: ChatMessageJson;
  duplicate: boolean;
}

/**
 * Stores an outgoing message (issue 6): a retry (same sender and `tempId`)
 * returns the stored original; otherwise the attachment, if any, is checked
 * by its signature and saved through `storage` (never as a data URL in the
 * document), and the message is inserted under `messageIdFor(sender,
 * tempId)`. Should two copies of one `tempId` race in, the unique `_id`
 * refuses the later one, so exactly one survives. A text message costs one
 * insert (a retry: the refused insert and one lookup by `_id`); a message
 * with a file is looked up by `_id` first (issue 9).
 * @throws ChatInputError for blank messages and unacceptable files (413/415 from the storage become their texts)
 */
export async function storeMessage(sender: ChatSender, input: OutgoingMessage, storage: UploadStore): Promise<StoreResult> {
  const id = messageIdFor(sender.id, input.tempId);
  // A text message is inserted straight away and a retry is recognised by the unique `_id` refusing it (one
  // round trip, no lookup, issue 9: the chat fan-out); a message with a file looks first, so that a retry
  // never stores its attachment a second time.
  if (input.file) {
    const existing = await ChatMessage.findById(id).lean();
    if (existing) return { message: presentChatMessage(existing), duplicate: true };
  }
  if (!input.content && !input.file) throw new ChatInputError('Type a message or attach a file.');

  let stored: (StoredUpload & { originalName: string }) | null = null;
  if (input.file) {
    const decoded = decodeAttachment(input.file);
    let saved: StoredUpload;
    try {
      saved = await storage.save(decoded.bytes, 'attachment', 'chat');
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) throw new ChatInputError(FILE_TOO_LARGE_TEXT);
      if (err instanceof ApiError && err.status === 415) throw new ChatInputError(FILE_TYPE_TEXT);
      throw err;
    }
    if (decoded.declaredType && typeFamily(decoded.declaredType) !== typeFamily(saved.type)) {
      await storage.remove(saved.name);
      throw new ChatInputError("The file's content does not match its type.");
    }
    stored = { ...saved, originalName: decoded.name };
  }

  let created;
  try {
    created = await ChatMessage.create({
      _id: id,
      userId: sender.id,
      senderName: sender.name,
      content: input.content,
      file: stored ? { url: stored.name, name: stored.originalName, type: stored.type, size: stored.size } : null,
      tempId: input.tempId,
    });
  } catch (err) {
    await storage.remove(stored?.name);
    // Two copies of one tempId raced in: the unique `_id` kept the first.
    const first = isDuplicateKeyError(err) ? await ChatMessage.findById(id).lean() : null;
    if (first) return { message: presentChatMessage(first), duplicate: true };
    throw err;
  }
  return { message: presentChatMessage(created), duplicate: false };
}
