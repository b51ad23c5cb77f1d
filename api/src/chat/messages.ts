import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { ChatMessage } from './messageModel.js';
import { ApiError, isDuplicateKeyError } from '../platform/http/errors.js';
import { MAX_UPLOAD_BYTES, nameWithStoredExtension, type StoredUpload, type UploadStore } from '../platform/uploads.js';
import { presentChatMessage, type ChatMessageJson } from './presenter.js';
import { MAX_FILE_NAME_LENGTH, type OutgoingMessage } from './schema.js';

/** Messages per page of `initialMessages` and `moreMessages`. */
export const CHAT_PAGE_SIZE = 50;

/** The message for an attachment over 5,242,880 bytes, as docs/product.md#error-messages words it. */
export const FILE_TOO_LARGE_TEXT = 'File size exceeds 5MB limit';
/** The text for an attachment that is not an image, PDF, DOC or DOCX (docs/product.md#chat-validation). */
export const FILE_TYPE_TEXT = 'Only images, PDF, DOC and DOCX files can be attached.';

/** The disk store's private folder of chat attachments, `DATA_DIR/uploads/chat` (defined with the stores). */
export { chatUploadsDir } from '../platform/uploads.js';

/**
 * Why a message was refused or not stored: the second argument of `messageError`
 * (docs/product.md#real-time-socket), stable for clients, beside the readable text.
 */
export type ChatErrorCode = 'file_too_large' | 'unsupported_file' | 'invalid_message' | 'rate_limited' | 'session_ended' | 'not_saved';

/** A problem with what the client sent; its message is shown to the sender (`messageError`) with `code`. */
export class ChatInputError extends Error {
  constructor(
    message: string,
    readonly code: ChatErrorCode = 'invalid_message',
  ) {
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
 * chronological order (`initialMessages`, `moreMessages`).
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

/**
 * The `_id` of the message `tempId` of sender `userId`: the first
 * 12 bytes of SHA-256 over both, so a retry is found — and a second copy
 * refused by the unique `_id` — with one lookup by `_id`, which both MongoDB
 * and the embedded FerretDB (with the devdb's `id-index` patch) answer from
 * the `_id` index. Messages sort by `createdAt`, so the id carries no time.
 */
export function messageIdFor(userId: Types.ObjectId | string, tempId: string): Types.ObjectId {
  return new Types.ObjectId(
    createHash('sha256')
      .update(`${String(userId)}\n${tempId}`)
      .digest()
      .subarray(0, 12),
  );
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
 * Decodes the `file` of an outgoing message (docs/product.md#chat-validation).
 * @throws ChatInputError when the data is not a base64 data URL, decodes to
 * nothing or more than 5,242,880 bytes, or declares a type that is not an
 * image, PDF, DOC or DOCX.
 */
export function decodeAttachment(file: NonNullable<OutgoingMessage['file']>): DecodedAttachment {
  const declaredType = file.type;
  if (declaredType && !typeFamily(declaredType)) throw new ChatInputError(FILE_TYPE_TEXT, 'unsupported_file');
  const comma = file.data.indexOf(',');
  const header = comma > 0 ? file.data.slice(5, comma) : '';
  if (comma < 0 || !header.split(';').includes('base64')) throw new ChatInputError('The file data must be a base64 data URL.');
  const payload = file.data.slice(comma + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  // Refuse before decoding: the decoded size follows from the base64 length.
  if (Math.floor((payload.length * 3) / 4) - padding > MAX_UPLOAD_BYTES) throw new ChatInputError(FILE_TOO_LARGE_TEXT, 'file_too_large');
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

/** Most text messages inserted by one `insertMany` (group commit). */
export const MESSAGE_BATCH_MAX = 100;

/** The last `createdAt` handed out by `messageTime`, epoch ms. */
let lastMessageTime = 0;

/**
 * The time a message arriving now is stored under: the clock, but always at
 * least 1 ms after the previous one of this process, so that messages keep
 * the order they arrived in when they sort by `createdAt` (a group
 * insert would otherwise give them one time, and equal times sort by the
 * hash-derived `_id`).
 */
export function messageTime(now = Date.now()): Date {
  lastMessageTime = Math.max(now, lastMessageTime + 1);
  return new Date(lastMessageTime);
}

interface PendingInsert {
  doc: InstanceType<typeof ChatMessage>;
  resolve(result: StoreResult): void;
  reject(err: unknown): void;
}

/** The write error of one document of a failed unordered `insertMany` (Mongoose's `results`), or undefined when it was inserted. */
function writeErrorCode(result: unknown): number | undefined | null {
  if (result === undefined || result === null) return null;
  if (result instanceof ChatMessage) return undefined;
  const code = (result as { code?: unknown; err?: { code?: unknown } }).code ?? (result as { err?: { code?: unknown } }).err?.code;
  return typeof code === 'number' ? code : null;
}

/**
 * Group commit of text messages (chat fan-out): a message is
 * inserted at once when no insert is under way; the messages that arrive
 * meanwhile are inserted together by the next unordered `insertMany` — one
 * round trip for many, where the embedded database takes about as long for
 * twenty documents as for one. A message refused by the unique `_id` (a
 * retry) is answered with the stored original.
 */
class TextMessageWriter {
  private waiting: PendingInsert[] = [];
  private busy = false;

  store(doc: PendingInsert['doc']): Promise<StoreResult> {
    return new Promise<StoreResult>((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      if (!this.busy) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.busy = true;
    try {
      while (this.waiting.length > 0) await this.insert(this.waiting.splice(0, MESSAGE_BATCH_MAX));
    } finally {
      this.busy = false;
    }
  }

  private async insert(batch: PendingInsert[]): Promise<void> {
    let results: unknown[] | undefined;
    try {
      await ChatMessage.insertMany(
        batch.map((item) => item.doc),
        { ordered: false },
      );
    } catch (err) {
      results = (err as { results?: unknown[] }).results;
      if (!Array.isArray(results)) {
        for (const item of batch) item.reject(err);
        return;
      }
    }
    await Promise.all(
      batch.map(async (item, index) => {
        const code = results ? writeErrorCode(results[index]) : undefined;
        if (code === undefined) return item.resolve({ message: presentChatMessage(item.doc.toObject()), duplicate: false });
        // Two copies of one tempId: the unique `_id` kept the first.
        const first = code === 11000 ? await ChatMessage.findById(item.doc._id).lean() : null;
        if (first) item.resolve({ message: presentChatMessage(first), duplicate: true });
        else item.reject(new Error(`the message could not be stored (code ${String(code)})`));
      }),
    ).catch((err: unknown) => {
      for (const item of batch) item.reject(err);
    });
  }
}

const textWriter = new TextMessageWriter();

/**
 * Stores an outgoing message under `messageIdFor(sender, tempId)`
 * with `createdAt` = `receivedAt` (default `messageTime()`): a retry (same
 * sender and `tempId`) returns the stored original, refused as a second copy
 * by the unique `_id`, so exactly one survives even when two race in.
 * - A text message goes through the group commit above: no lookup first
 *   (the embedded database scans for one), one insert shared with the other
 *   messages waiting.
 * - A message with a file is looked up by `_id` first, so that a retry never
 *   stores its attachment twice; the attachment is checked by its signature
 *   and saved through `storage` (never as a data URL in the document); its
 *   name keeps the sender's base name but ends with the extension of the
 *   detected type (`nameWithStoredExtension`: `x.html` → `x.gif` for a GIF).
 * @throws ChatInputError for blank messages and unacceptable files (413/415 from the storage become their texts)
 */
export async function storeMessage(sender: ChatSender, input: OutgoingMessage, storage: UploadStore, receivedAt: Date = messageTime()): Promise<StoreResult> {
  const id = messageIdFor(sender.id, input.tempId);
  if (!input.content && !input.file) throw new ChatInputError('Type a message or attach a file.');
  const fields = { _id: id, userId: sender.id, senderName: sender.name, content: input.content, tempId: input.tempId, createdAt: receivedAt, updatedAt: receivedAt };
  if (!input.file) return textWriter.store(new ChatMessage({ ...fields, file: null }));

  const existing = await ChatMessage.findById(id).lean();
  if (existing) return { message: presentChatMessage(existing), duplicate: true };

  const decoded = decodeAttachment(input.file);
  let saved: StoredUpload;
  try {
    saved = await storage.save(decoded.bytes, 'attachment', 'chat');
  } catch (err) {
    if (err instanceof ApiError && err.status === 413) throw new ChatInputError(FILE_TOO_LARGE_TEXT, 'file_too_large');
    if (err instanceof ApiError && err.status === 415) throw new ChatInputError(FILE_TYPE_TEXT, 'unsupported_file');
    throw err;
  }
  if (decoded.declaredType && typeFamily(decoded.declaredType) !== typeFamily(saved.type)) {
    await storage.remove(saved.name);
    throw new ChatInputError("The file's content does not match its type.", 'unsupported_file');
  }

  let created;
  try {
    created = await ChatMessage.create({
      ...fields,
      file: { url: saved.name, name: nameWithStoredExtension(decoded.name, saved.name, MAX_FILE_NAME_LENGTH), type: saved.type, size: saved.size },
    });
  } catch (err) {
    await storage.remove(saved.name);
    // Two copies of one tempId raced in: the unique `_id` kept the first.
    const first = isDuplicateKeyError(err) ? await ChatMessage.findById(id).lean() : null;
    if (first) return { message: presentChatMessage(first), duplicate: true };
    throw err;
  }
  return { message: presentChatMessage(created), duplicate: false };
}
