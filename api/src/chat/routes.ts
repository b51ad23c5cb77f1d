import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ChatMessage } from './messageModel.js';
import { ROLES } from '../auth/roles.js';
import { notFound } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { nameWithStoredExtension, type UploadStore } from '../platform/uploads.js';
import { sendServedFile, UPLOAD_NAME_PATTERN } from '../platform/http/static.js';
import { attachmentParamsSchema } from './schema.js';
import { describe, noBody } from '../platform/http/describe.js';

/**
 * Cache-Control of an attachment: the browser may keep it but must ask again
 * each time (a cheap 304 through the ETag), so that access is checked on
 * every use and shared caches never hold it.
 */
const ATTACHMENT_CACHE = 'private, no-cache';

/**
 * `Content-Disposition: attachment` naming the original file: an ASCII
 * `filename` fallback and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The stored file name of an attachment: the last part of `file.url` (older records may hold a path). */
function storedName(url: string): string | null {
  const name = url.split('/').pop() ?? '';
  return UPLOAD_NAME_PATTERN.test(name) ? name : null;
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#files (the reference: `/api/docs`). */
export function createChatRoutes(opts: { uploads: UploadStore }) {
  return new Hono<AppEnv>().get(
    '/chat/attachments/:id',
    describe({
      summary: 'Download a chat attachment',
      tag: 'Chat',
      description: 'Admins only; `:id` is the message id (its `file_url`). Answered with an ETag; `If-None-Match` gets a 304.',
      success: {
        status: 200,
        answer: {
          description: 'The file with its stored content type.',
          media: { 'application/octet-stream': { type: 'string', format: 'binary' } },
          headers: { 'Content-Disposition': { description: '`attachment` with the original file name', schema: { type: 'string' } } },
        },
      },
      others: { 304: noBody('Not modified (`If-None-Match` named the ETag).') },
      errors: { 404: 'No message has this id, or it has no file.' },
    }),
    requireRole(ROLES.admin),
    validate('param', attachmentParamsSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const message = await ChatMessage.findById(id).select('file').lean();
      const file = message?.file;
      const name = file ? storedName(file.url) : null;
      const stored = name ? await opts.uploads.open(name) : null;
      if (!file || !stored) throw notFound('No such attachment.');
      return sendServedFile(c, stored, ATTACHMENT_CACHE, {
        'Content-Type': file.type,
        // The store's key, named by the detected type, decides the extension whatever the record's name says.
        'Content-Disposition': contentDisposition(nameWithStoredExtension(file.name, stored.name)),
      });
    },
  );
}
