import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { payloadTooLarge, unsupportedMediaType } from '../errors.js';
import { UPLOAD_NAME_PATTERN } from '../static.js';

/** Largest accepted upload: 5,242,880 bytes (spec §5 "Chat", §9; issue "Admin: courses" 5 MB). */
export const MAX_UPLOAD_BYTES = 5_242_880;

/** What a stored upload is: its server-generated file name, detected MIME type and size in bytes. */
export interface StoredUpload {
  /** file name under `DATA_DIR/uploads`, served at `/uploads/{name}` */
  name: string;
  /** MIME type detected from the bytes' signature (never the declared one) */
  type: string;
  /** bytes */
  size: number;
}

/** Which contents a caller accepts. */
export type UploadKind =
  /** course images: any raster image whose signature is recognised */
  | 'image'
  /** chat attachments (spec §5): images, PDF, DOC, DOCX */
  | 'attachment';

const DOC_TYPES = new Set([
  'application/pdf',
  'application/x-cfb', // legacy .doc (OLE compound file)
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** Extensions of the detected types we write (the name never comes from the client). */
function isAccepted(kind: UploadKind, mime: string): boolean {
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return true;
  return kind === 'attachment' && DOC_TYPES.has(mime);
}

/**
 * The upload storage (issue "Admin: courses"; reused by chat attachments):
 * files live in one folder under server-generated names.
 */
export class UploadStorage {
  /** @param dir absolute folder, normally `DATA_DIR/uploads` */
  constructor(readonly dir: string) {}

  /**
   * Checks `bytes` by their signature (file-type) and stores them under a new
   * random name with the detected extension.
   * @param prefix a short word that starts the name, e.g. `course` or `chat`
   * @throws 413 when larger than MAX_UPLOAD_BYTES; 415 when the content is not an accepted type
   */
  async save(bytes: Uint8Array, kind: UploadKind, prefix: string): Promise<StoredUpload> {
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw payloadTooLarge('The file is larger than 5 MB.');
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !isAccepted(kind, detected.mime)) {
      throw unsupportedMediaType(kind === 'image' ? 'The file is not an image.' : 'Only images, PDF, DOC and DOCX files can be attached.');
    }
    const type = detected.mime === 'application/x-cfb' ? 'application/msword' : detected.mime;
    const ext = detected.mime === 'application/x-cfb' ? 'doc' : detected.ext;
    const name = `${prefix}-${randomBytes(12).toString('hex')}.${ext}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return { name, type, size: bytes.byteLength };
  }

  /** Removes a stored file; unknown or unsafe names are ignored (never throws for a missing file). */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !UPLOAD_NAME_PATTERN.test(name)) return;
    await rm(join(this.dir, name), { force: true });
  }
}
