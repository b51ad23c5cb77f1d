import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import { chmod, copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { getMimeType } from 'hono/utils/mime';
import mongoose from 'mongoose';
import type { Env } from './env.js';
import { payloadTooLarge, unsupportedMediaType } from './http/errors.js';
import { localFile, UPLOAD_NAME_PATTERN, weakEtag, type ServedFile } from './http/static.js';

/** Largest accepted upload: 5,242,880 bytes (5 MB: docs/product.md#chat-validation, docs/product.md#course-calls, docs/product.md#constants-and-limits). */
export const MAX_UPLOAD_BYTES = 5_242_880;

/** What a stored upload is: its server-generated file name, detected MIME type and size in bytes. */
export interface StoredUpload {
  /** the key in its store (matches `UPLOAD_NAME_PATTERN`); course images are served at `/uploads/{name}` */
  name: string;
  /** MIME type detected from the bytes' signature (never the declared one) */
  type: string;
  /** bytes */
  size: number;
}

/** Largest accepted recording: 10,485,760 bytes (10 MB, docs/product.md#speaking-practice). */
export const MAX_AUDIO_BYTES = 10_485_760;

/** Which contents a caller accepts. */
export type UploadKind =
  /** course images: any raster image whose signature is recognised */
  | 'image'
  /** chat attachments (docs/product.md#validation-rules): images, PDF, DOC, DOCX */
  | 'attachment'
  /** speaking-practice recordings (docs/product.md#speaking-practice): WebM, Ogg, MP4/M4A, WAV, up to 10 MB */
  | 'audio';

/**
 * A stored file opened for reading: `name`, `type` (MIME), `size`
 * (bytes), `etag`, `lastModified?` and `stream()` (the bytes; call it at most
 * once). Answer it with `sendServedFile` (static.ts).
 */
export interface UploadFile extends ServedFile {
  /** the file's key in its store */
  name: string;
}

/**
 * Where uploaded files live. Every implementation checks what it
 * is given the same way (`checkUpload`: signature, size, server-generated
 * name), so a caller cannot tell the stores apart except by where the bytes go.
 */
export interface UploadStore {
  /**
   * Checks `bytes` by their signature (file-type) and stores them under a new
   * random name `{prefix}-{24 hex}.{detected extension}`.
   * @param prefix a short word that starts the name, e.g. `course` or `chat`
   * @throws 413 when larger than MAX_UPLOAD_BYTES; 415 when the content is not an accepted type
   */
  save(bytes: Uint8Array, kind: UploadKind, prefix: string): Promise<StoredUpload>;
  /**
   * `save` for a file on disk (a recording received to a temporary file): checked the same way,
   * copied without being read into memory; the file at `path` stays where it is.
   * @throws as `save`
   */
  saveFile(path: string, kind: UploadKind, prefix: string): Promise<StoredUpload>;
  /** Removes a stored file; unknown or unsafe names are ignored (never throws for a missing file). */
  remove(name: string | null | undefined): Promise<void>;
  /** The stored file called `name`, or null when there is none or the name is unsafe. */
  open(name: string): Promise<UploadFile | null>;
}

/** The areas of uploads: public course images, private chat attachments (admins only) and private recordings. */
export interface UploadStores {
  /** course images, served to anyone at `GET /uploads/:name` */
  public: UploadStore;
  /** chat attachments, served to admins only at `GET /api/chat/attachments/:id` */
  chat: UploadStore;
  /** speaking-practice recordings, served at `GET /api/recordings/:recordingId/audio` to their student, teacher and admins */
  recordings: UploadStore;
}

const DOC_TYPES = new Set([
  'application/pdf',
  'application/x-cfb', // legacy .doc (OLE compound file)
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** Types by the extensions we write that `getMimeType` does not know. */
const EXTRA_TYPES: Record<string, string> = {
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The audio containers a recording may come in, by the type file-type detects, with the type and
 * extension it is stored and served as: MediaRecorder writes WebM (Chrome, Firefox, Android) or
 * MP4 (Safari), which file-type names by their video types since the signature is the same.
 */
export const AUDIO_CONTAINERS: Readonly<Record<string, { type: string; ext: string }>> = {
  'video/webm': { type: 'audio/webm', ext: 'webm' },
  'audio/webm': { type: 'audio/webm', ext: 'webm' },
  'audio/ogg': { type: 'audio/ogg', ext: 'ogg' },
  'audio/opus': { type: 'audio/ogg', ext: 'ogg' },
  'video/ogg': { type: 'audio/ogg', ext: 'ogg' },
  'video/mp4': { type: 'audio/mp4', ext: 'm4a' },
  'audio/mp4': { type: 'audio/mp4', ext: 'm4a' },
  'audio/x-m4a': { type: 'audio/mp4', ext: 'm4a' },
  'audio/wav': { type: 'audio/wav', ext: 'wav' },
  'audio/vnd.wave': { type: 'audio/wav', ext: 'wav' },
  'audio/x-wav': { type: 'audio/wav', ext: 'wav' },
};

/** Whether a detected type is acceptable for `kind` (SVG never: it can carry scripts). */
function isAccepted(kind: UploadKind, mime: string): boolean {
  if (kind === 'audio') return mime in AUDIO_CONTAINERS;
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return true;
  return kind === 'attachment' && DOC_TYPES.has(mime);
}

const REFUSED_MESSAGES: Record<UploadKind, string> = {
  image: 'The file is not an image.',
  attachment: 'Only images, PDF, DOC and DOCX files can be attached.',
  audio: 'Only WebM, Ogg, MP4 (M4A) and WAV recordings can be sent.',
};

/**
 * The validation every store shares: size, signature, and the new name.
 * @returns what the file will be stored as (nothing is written yet)
 * @throws 413 over MAX_UPLOAD_BYTES (MAX_AUDIO_BYTES for audio); 415 for a type `kind` does not accept
 */
export async function checkUpload(bytes: Uint8Array, kind: UploadKind, prefix: string): Promise<StoredUpload> {
  if (kind === 'audio' && bytes.byteLength > MAX_AUDIO_BYTES) throw payloadTooLarge('The recording is larger than 10 MB.');
  if (kind !== 'audio' && bytes.byteLength > MAX_UPLOAD_BYTES) throw payloadTooLarge('The file is larger than 5 MB.');
  return accepted(await fileTypeFromBuffer(bytes), kind, prefix, bytes.byteLength);
}

/**
 * `checkUpload` for a file on disk: its size from the file system, its type from its first bytes.
 * @throws as `checkUpload`
 */
export async function checkUploadFile(path: string, kind: UploadKind, prefix: string): Promise<StoredUpload> {
  const { size } = await stat(path);
  if (kind === 'audio' && size > MAX_AUDIO_BYTES) throw payloadTooLarge('The recording is larger than 10 MB.');
  if (kind !== 'audio' && size > MAX_UPLOAD_BYTES) throw payloadTooLarge('The file is larger than 5 MB.');
  const detected = await fileTypeFromFile(path);
  return accepted(detected, kind, prefix, size);
}

/** The stored name and type of a detected type, or 415 when `kind` does not accept it. */
function accepted(detected: { mime: string; ext: string } | undefined, kind: UploadKind, prefix: string, size: number): StoredUpload {
  // file-type may add parameters (`audio/ogg; codecs=opus`): the container is what counts.
  const mime = detected?.mime.split(';')[0]?.trim() ?? '';
  if (!detected || !isAccepted(kind, mime)) throw unsupportedMediaType(REFUSED_MESSAGES[kind]);
  const audio = kind === 'audio' ? AUDIO_CONTAINERS[mime] : undefined;
  const type = audio?.type ?? (detected.mime === 'application/x-cfb' ? 'application/msword' : detected.mime);
  const ext = audio?.ext ?? (detected.mime === 'application/x-cfb' ? 'doc' : detected.ext);
  return { name: `${prefix}-${randomBytes(12).toString('hex')}.${ext}`, type, size };
}

/** The MIME type a file name's extension stands for (case-insensitive), or undefined. */
function typeOfName(name: string): string | undefined {
  const ext = extname(name).toLowerCase();
  return ext ? (getMimeType(`x${ext}`) ?? EXTRA_TYPES[ext]) : undefined;
}

/**
 * The name to save an upload under on the user's device (docs/product.md#files): the user's
 * `name` ending with the extension of `storedName`, the store's key, whose extension is the type
 * its bytes were detected as. A name whose extension already stands for that type keeps it
 * (`photo.JPEG` for a JPEG); any other loses it for the detected one (`x.html` → `x.gif` for a
 * GIF), so that the saved file opens as what it is, not as what its sender called it.
 * @param maxLength longest result, in characters; the base name is shortened to fit
 * @returns e.g. `x.gif`; `attachment.gif` when nothing of the base name is left
 */
export function nameWithStoredExtension(name: string, storedName: string, maxLength = 255): string {
  const ext = extname(storedName).toLowerCase();
  if (!ext) return name.slice(0, maxLength);
  const storedType = typeOfName(storedName);
  if (storedType !== undefined && typeOfName(name) === storedType && name.length <= maxLength) return name;
  const own = extname(name);
  const base = (own ? name.slice(0, -own.length) : name).slice(0, Math.max(0, maxLength - ext.length)) || 'attachment';
  return `${base}${ext}`;
}

/** True for a name a store may hold: `UPLOAD_NAME_PATTERN`, at most 255 characters. */
function isSafeName(name: string | null | undefined): name is string {
  return typeof name === 'string' && name.length <= 255 && UPLOAD_NAME_PATTERN.test(name);
}

/** `DATA_DIR/uploads`: the disk store's folder of course images (docs/architecture.md#running-it). */
export function publicUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * `DATA_DIR/uploads/chat`: the disk store's private folder of chat
 * attachments. It sits below the public folder but `/uploads/:name` serves
 * single names only, so attachments are reachable through
 * `GET /api/chat/attachments/:id` (admins only) and nowhere else.
 */
export function chatUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads', 'chat');
}

/**
 * `DATA_DIR/uploads/recordings`: the disk store's private folder of speaking-practice recordings,
 * reachable only through `GET /api/recordings/:recordingId/audio` (as the chat folder).
 */
export function recordingsDir(dataDir: string): string {
  return join(publicUploadsDir(dataDir), 'recordings');
}

/**
 * The local-disk store (the embedded default, docs/architecture.md#running-it): files live in
 * one folder under their server-generated names. Serves one machine only.
 */
export class DiskUploadStore implements UploadStore {
  /** @param dir absolute folder, e.g. `DATA_DIR/uploads`; created on the first save */
  constructor(readonly dir: string) {}

  /** `UploadStore.save`: writes `dir/{name}` (never over an existing file), mode 0600 in folders made 0700 (docs/architecture.md#private-files). */
  async save(bytes: Uint8Array, kind: UploadKind, prefix: string): Promise<StoredUpload> {
    const upload = await checkUpload(bytes, kind, prefix);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFile(join(this.dir, upload.name), bytes, { flag: 'wx', mode: 0o600 });
    return upload;
  }

  /** `UploadStore.saveFile`: copies `path` to `dir/{name}` (never over an existing file). */
  async saveFile(path: string, kind: UploadKind, prefix: string): Promise<StoredUpload> {
    const upload = await checkUploadFile(path, kind, prefix);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = join(this.dir, upload.name);
    await copyFile(path, target, fsConstants.COPYFILE_EXCL);
    await chmod(target, 0o600);
    return upload;
  }

  /** `UploadStore.remove`: deletes `dir/{name}` if it exists. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!isSafeName(name)) return;
    await rm(join(this.dir, name), { force: true });
  }

  /** `UploadStore.open`: the type comes from the extension (which `save` took from the signature), else from the signature again. */
  async open(name: string): Promise<UploadFile | null> {
    if (!isSafeName(name)) return null;
    const path = join(this.dir, name);
    const known = getMimeType(name) ?? EXTRA_TYPES[extname(name).toLowerCase()];
    const type = known ?? (await fileTypeFromFile(path).catch(() => undefined))?.mime ?? 'application/octet-stream';
    const file = await localFile(path, type);
    return file ? { ...file, name } : null;
  }
}

/** The files-collection document of a GridFS upload, as far as this store reads it. */
interface GridFsEntry {
  _id: mongoose.Types.ObjectId;
  length: number;
  uploadDate: Date;
  metadata?: { type?: unknown } | null;
}

/**
 * The MongoDB GridFS store: files in the bucket `bucketName`
 * (`{bucketName}.files` + `{bucketName}.chunks`) of Mongoose's default
 * connection, so that every API process serves every file. The stored name
 * is the GridFS `filename` (the key); the detected MIME type is kept in
 * `metadata.type`. Names are random and never reused, so a file never changes.
 *
 * On the embedded FerretDB v1 (docs/architecture.md#running-it) GridFS works as is, but no query
 * uses an index there (not even `_id`: its SQL filter `->'$._id'` does not
 * match the index expression `->"_id"`), so reading or removing a file scans
 * the bucket's chunks, in time that grows with every stored byte. Course images
 * and chat attachments therefore live in separate buckets; `open()` reads
 * only the small files document, so HEAD and 304 answers never touch the chunks.
 */
export class GridFsUploadStore implements UploadStore {
  private cached: { db: mongoose.mongo.Db; bucket: mongoose.mongo.GridFSBucket } | undefined;

  /**
   * @param bucketName e.g. `uploads` (course images) or `chatUploads` (chat attachments)
   * @param connection default Mongoose's default connection; it need not be open yet
   */
  constructor(
    readonly bucketName: string,
    private readonly connection: mongoose.Connection = mongoose.connection,
  ) {}

  /** The bucket on the connection's current database (re-made after a reconnect to another database). */
  private bucket(): mongoose.mongo.GridFSBucket {
    const db = this.connection.db;
    if (!db) throw new Error('The database is not connected.');
    if (this.cached?.db !== db) this.cached = { db, bucket: new mongoose.mongo.GridFSBucket(db, { bucketName: this.bucketName }) };
    return this.cached.bucket;
  }

  /** The newest files document called `name`, or null. */
  private async entry(name: string): Promise<GridFsEntry | null> {
    const [found] = await this.bucket()
      .find({ filename: name }, { sort: { uploadDate: -1 }, limit: 1 })
      .toArray();
    return (found as GridFsEntry | undefined) ?? null;
  }

  /** `UploadStore.save`: the chunks are written first and the files document last, so no process sees half a file. */
  async save(bytes: Uint8Array, kind: UploadKind, prefix: string): Promise<StoredUpload> {
    const upload = await checkUpload(bytes, kind, prefix);
    return this.write(upload, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  }

  /** `UploadStore.saveFile`: streams `path` into the bucket. */
  async saveFile(path: string, kind: UploadKind, prefix: string): Promise<StoredUpload> {
    const upload = await checkUploadFile(path, kind, prefix);
    return this.write(upload, createReadStream(path));
  }

  /** Writes `source` as `upload.name`; a failure removes the chunks it left. */
  private async write(upload: StoredUpload, source: Readable): Promise<StoredUpload> {
    const bucket = this.bucket();
    const stream = bucket.openUploadStream(upload.name, { metadata: { type: upload.type } });
    try {
      await pipeline(source, stream);
    } catch (err) {
      // A failed upload may have left chunks without a files document: remove them.
      await this.connection.db
        ?.collection(`${this.bucketName}.chunks`)
        .deleteMany({ files_id: stream.id })
        .catch(() => undefined);
      throw err;
    }
    return upload;
  }

  /** `UploadStore.remove`: deletes the files document, then its chunks; a file another process removed first is no error. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!isSafeName(name)) return;
    const bucket = this.bucket();
    const entries = await bucket.find({ filename: name }, { projection: { _id: 1 } }).toArray();
    for (const { _id } of entries) {
      try {
        await bucket.delete(_id);
      } catch (err) {
        // Another process removed it first: the file is gone, which is what was asked.
        if (!(err instanceof mongoose.mongo.MongoRuntimeError && /not found/i.test(err.message))) throw err;
      }
    }
  }

  /** `UploadStore.open`: ETag and Last-Modified come from the files document; the chunks are read only by `stream()`. */
  async open(name: string): Promise<UploadFile | null> {
    if (!isSafeName(name)) return null;
    const entry = await this.entry(name);
    if (!entry) return null;
    const stored = entry.metadata?.type;
    const type = typeof stored === 'string' && stored ? stored : (getMimeType(name) ?? 'application/octet-stream');
    const bucket = this.bucket();
    return {
      name,
      type,
      size: entry.length,
      etag: weakEtag(entry.length, entry.uploadDate.getTime()),
      lastModified: entry.uploadDate,
      stream: () => Readable.toWeb(bucket.openDownloadStream(entry._id)) as ReadableStream<Uint8Array>,
      // GridFS's `end` is exclusive.
      streamRange: (start, end) => Readable.toWeb(bucket.openDownloadStream(entry._id, { start, end: end + 1 })) as ReadableStream<Uint8Array>,
    };
  }
}

/** GridFS bucket names of the three areas. */
export const GRIDFS_BUCKETS = { public: 'uploads', chat: 'chatUploads', recordings: 'recordings' } as const;

/**
 * The upload stores `UPLOAD_STORE` asks for: `disk` →
 * `DATA_DIR/uploads` and `DATA_DIR/uploads/chat`; `gridfs` → the GridFS
 * buckets `uploads` and `chatUploads` in the app's database. Make them once
 * per process and hand the same objects to every user.
 */
export function createUploadStores(env: Pick<Env, 'UPLOAD_STORE' | 'DATA_DIR'>): UploadStores {
  if (env.UPLOAD_STORE === 'gridfs') {
    return {
      public: new GridFsUploadStore(GRIDFS_BUCKETS.public),
      chat: new GridFsUploadStore(GRIDFS_BUCKETS.chat),
      recordings: new GridFsUploadStore(GRIDFS_BUCKETS.recordings),
    };
  }
  return {
    public: new DiskUploadStore(publicUploadsDir(env.DATA_DIR)),
    chat: new DiskUploadStore(chatUploadsDir(env.DATA_DIR)),
    recordings: new DiskUploadStore(recordingsDir(env.DATA_DIR)),
  };
}
