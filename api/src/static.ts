import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** Cache-Control of content-addressed files (hashed PWA assets, uploads): one year, immutable. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of files that must be revalidated each time (index.html, sw.js …). */
export const CACHE_REVALIDATE = 'no-cache';

/** A safe file name for `/uploads/:name`: a letter or digit, then letters, digits, `.`, `_`, `-`. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Resolves a URL path inside `root`, or null when it would leave `root`
 * (`..`, encoded separators, NUL) or cannot be decoded.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..')) return null;
  const base = resolve(root);
  const full = resolve(join(base, decoded));
  return full === base || full.startsWith(base + sep) ? full : null;
}

/**
 * Answers a regular file with its content type (from the extension),
 * Content-Length, Last-Modified, a weak ETag and `cacheControl`, or 304 when
 * the client's `If-None-Match` matches.
 * @returns null when `path` is not a readable regular file.
 */
export async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response | null> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(path) ?? (extname(path) === '.webmanifest' ? 'application/manifest+json' : 'application/octet-stream'),
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(info.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}

/** Files of the PWA build that must never be cached without revalidation. */
const REVALIDATED_FILES = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);

/** Cache-Control for a file of the PWA build (decisions §2): hashed `/assets/*` immutable, the rest revalidated. */
export function pwaCacheControl(urlPath: string): string {
  if (REVALIDATED_FILES.has(urlPath) || /^\/workbox-[^/]*\.js$/.test(urlPath)) return CACHE_REVALIDATE;
  if (urlPath.startsWith('/assets/')) return CACHE_IMMUTABLE;
  return CACHE_REVALIDATE;
}
