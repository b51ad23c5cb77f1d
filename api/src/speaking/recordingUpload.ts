import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Busboy } from '@fastify/busboy';
import { ApiError, badRequest, payloadTooLarge, unsupportedMediaType } from '../platform/http/errors.js';

/**
 * A recording's multipart body received to disk (docs/product.md#speaking-practice): the file part
 * streamed into a private temporary file under a byte limit, never held whole in memory, and the
 * form's other fields as text.
 */
export interface ReceivedRecording {
  /** absolute path of the temporary file (mode 0600, in a folder of its own) */
  path: string;
  /** bytes written */
  size: number;
  /** the other fields of the form, by name (the last one wins), each at most `maxFieldBytes` */
  fields: Record<string, string>;
  /** Removes the temporary folder and file; never throws. Call it on every path, success or failure. */
  cleanup(): Promise<void>;
}

/** Limits of {@link receiveRecording}, bytes. */
export interface ReceiveLimits {
  /** the largest file part (the recording) */
  maxFileBytes: number;
  /** the largest other field (the phone's delivery report) */
  maxFieldBytes: number;
  /** the file part's field name, e.g. `audio` */
  fileField: string;
}

/**
 * Streams a `multipart/form-data` request into a temporary file (docs/product.md#speaking-practice).
 * The caller checks who may send before calling this: nothing of the body is read until then.
 * @returns the file and the other fields; `cleanup()` must be called
 * @throws 415 when the body is not multipart; 413 when the file part is over `maxFileBytes` or a
 *   field over `maxFieldBytes`; 400 `validation_error` naming `fileField` when no file part came;
 *   400 for a malformed body. The temporary file is removed before any of these is thrown.
 */
export async function receiveRecording(request: Request, limits: ReceiveLimits, tooLargeMessage: string): Promise<ReceivedRecording> {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw unsupportedMediaType('Send the recording as multipart/form-data.');
  const dir = await mkdtemp(join(tmpdir(), `oracy-upload-${process.pid}-`));
  const path = join(dir, 'audio');
  const cleanup = () => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  const fields: Record<string, string> = {};
  let size = 0;
  let fileSeen = false;
  let failure: Error | null = null;
  // Read through a function: the parser's callbacks set it, which the type checker's narrowing cannot see.
  const failed = (): Error | null => failure;
  const writes: Promise<void>[] = [];

  try {
    const parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: limits.maxFileBytes, fieldSize: limits.maxFieldBytes, files: 1, fields: 10, parts: 12 },
    });
    parser.on('file', (name, stream) => {
      if (name !== limits.fileField || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      stream.on('limit', () => {
        failure ??= payloadTooLarge(tooLargeMessage);
      });
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      writes.push(pipeline(stream, createWriteStream(path, { mode: 0o600, flags: 'wx' })));
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) failure ??= payloadTooLarge(tooLargeMessage);
      else fields[name] = value;
    });
    const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
    try {
      await pipeline(body, parser);
    } catch (err) {
      // the body limit in front (413) or a malformed envelope
      const early = failed();
      if (early) throw early;
      if (err instanceof ApiError || (err instanceof Error && err.name === 'BodyLimitError')) throw err;
      throw badRequest('The form could not be read.');
    }
    await Promise.all(writes);
    const late = failed();
    if (late) throw late;
    if (!fileSeen) throw badRequest('The request is not valid.', { [limits.fileField]: `Attach the recording as the file field "${limits.fileField}".` });
    return { path, size, fields, cleanup };
  } catch (err) {
    await Promise.allSettled(writes);
    await cleanup();
    throw err;
  }
}
