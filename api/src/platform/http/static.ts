import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import parseRange from 'range-parser';
import { rangeNotSatisfiable } from './errors.js';

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
 * A file ready to be answered over HTTP, whichever store holds it:
 * what `sendServedFile` needs.
 */
export interface ServedFile {
  /** MIME type, sent as Content-Type */
  type: string;
  /** length in bytes, sent as Content-Length */
  size: number;
  /** validator compared with If-None-Match, e.g. `W/"1f4-18c2e0a1b2c"` */
  etag: string;
  /** sent as Last-Modified when known */
  lastModified?: Date;
  /** The content. Called at most once per answer, and never for HEAD or a 304. */
  stream(): ReadableStream<Uint8Array>;
  /** Bytes `start`…`end` (inclusive, 0-based) of the content, for a 206 answer; absent where ranges are not served. */
  streamRange?(start: number, end: number): ReadableStream<Uint8Array>;
}

/** The weak ETag of `size` bytes last changed at `mtimeMs` (ms since 1970): `W/"<size hex>-<mtime hex>"`. */
export function weakEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** Content-Type of a PWA or upload file by its extension; `application/octet-stream` when unknown. */
function typeByExtension(path: string): string {
  return getMimeType(path) ?? (extname(path) === '.webmanifest' ? 'application/manifest+json' : 'application/octet-stream');
}

/**
 * A regular file on disk as a `ServedFile`: size, mtime-based weak ETag,
 * Last-Modified, and `type` (default: from the extension).
 * @returns null when `path` is not a readable regular file.
 */
export async function localFile(path: string, type?: string): Promise<ServedFile | null> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  return {
    type: type ?? typeByExtension(path),
    size: info.size,
    etag: weakEtag(info.size, info.mtimeMs),
    lastModified: info.mtime,
    stream: () => Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
    streamRange: (start, end) => Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>,
  };
}

/** True when an `If-None-Match` header names `etag` (weak comparison, lists and `*` included). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answers `file` (one answer for every upload store and the PWA
 * files): Content-Type, Content-Length, ETag, Last-Modified when known,
 * `cacheControl`, `X-Content-Type-Options: nosniff` and `headers` (which win
 * over the defaults, e.g. a Content-Disposition); 304 without a body when
 * If-None-Match names the ETag; no body for HEAD.
 */
export function sendServedFile(c: Context, file: ServedFile, cacheControl: string, headers: Record<string, string> = {}): Response {
  const ranged = file.streamRange !== undefined;
  const common: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': cacheControl,
    ETag: file.etag,
    ...(file.lastModified ? { 'Last-Modified': file.lastModified.toUTCString() } : {}),
    'X-Content-Type-Options': 'nosniff',
    ...(ranged ? { 'Accept-Ranges': 'bytes' } : {}),
    ...headers,
  };
  if (matchesEtag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, common);
  const range = ranged ? requestedRange(c.req.header('Range'), c.req.header('If-Range'), file) : undefined;
  if (range === 'unsatisfiable') throw rangeNotSatisfiable(file.size);
  if (range && file.streamRange) {
    const partial = { ...common, 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': String(range.end - range.start + 1) };
    if (c.req.method === 'HEAD') return c.body(null, 206, partial);
    return c.body(file.streamRange(range.start, range.end), 206, partial);
  }
  const full = { ...common, 'Content-Length': String(file.size) };
  if (c.req.method === 'HEAD') return c.body(null, 200, full);
  return c.body(file.stream(), 200, full);
}

/**
 * A `Range` header with each suffix range longer than the file (`bytes=-<more than its size>`)
 * shortened to the file's size: RFC 9110 §14.1.3 serves such a suffix as the whole file, where
 * `range-parser` would find it unsatisfiable.
 */
function clampSuffixes(header: string, size: number): string {
  const at = header.indexOf('=');
  if (at < 0 || header.slice(0, at).trim().toLowerCase() !== 'bytes') return header;
  const specs = header
    .slice(at + 1)
    .split(',')
    .map((spec) => {
      const suffix = /^\s*-\s*(\d+)\s*$/.exec(spec);
      return suffix && size > 0 && Number(suffix[1]) > size ? `-${size}` : spec;
    });
  return `${header.slice(0, at)}=${specs.join(',')}`;
}

/**
 * The one byte range a `Range` header asks of `file` (RFC 9110 §14, parsed by `range-parser`):
 * `bytes=0-99`, `bytes=100-` and the suffix `bytes=-500` (longer than the file: the whole file)
 * are served; several ranges that overlap or meet are answered as the one range they make
 * (`bytes=1-,0-0` is `bytes=0-`); ranges apart, another unit, a malformed header or an `If-Range`
 * that no longer names the file's ETag get the whole file (undefined), as the RFC allows; a
 * range wholly past the end is `'unsatisfiable'` (416).
 */
function requestedRange(header: string | undefined, ifRange: string | undefined, file: ServedFile): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  if (ifRange && ifRange.trim().replace(/^W\//, '') !== file.etag.replace(/^W\//, '')) return undefined;
  const parsed = parseRange(file.size, clampSuffixes(header, file.size), { combine: true });
  if (parsed === -1) return 'unsatisfiable';
  if (parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1) return undefined;
  return { start: parsed[0]!.start, end: parsed[0]!.end };
}

/**
 * Answers a regular file with its content type (from the extension),
 * Content-Length, Last-Modified, a weak ETag and `cacheControl`, or 304 when
 * the client's `If-None-Match` matches (through `sendServedFile`).
 * @returns null when `path` is not a readable regular file.
 */
export async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response | null> {
  const file = await localFile(path);
  return file ? sendServedFile(c, file, cacheControl) : null;
}

/** Files of the PWA build that must never be cached without revalidation. */
const REVALIDATED_FILES = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);

/** Cache-Control for a file of the PWA build (docs/architecture.md#one-origin): hashed `/assets/*` immutable, the rest revalidated. */
export function pwaCacheControl(urlPath: string): string {
  if (REVALIDATED_FILES.has(urlPath) || /^\/workbox-[^/]*\.js$/.test(urlPath)) return CACHE_REVALIDATE;
  if (urlPath.startsWith('/assets/')) return CACHE_IMMUTABLE;
  return CACHE_REVALIDATE;
}

/** The encodings the PWA build is precompressed in (`scripts/build.mjs` `precompress`), preferred first, with their file suffix. */
const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The precompressed encoding to send for an `Accept-Encoding` header: `br` when it is accepted
 * (q > 0, named or through `*`), else `gzip`, else undefined (send the file as it is). Among
 * accepted encodings a higher q wins; on a tie Brotli, which is smaller.
 */
export function choosePrecompressed(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const explicit = new Map<string, number>();
  let wildcard: number | undefined;
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const key = name.trim().toLowerCase();
    if (key === '*') wildcard = q;
    else explicit.set(key, q);
  }
  let best: { encoding: 'br' | 'gzip'; q: number } | undefined;
  for (const { encoding } of PRECOMPRESSED_ENCODINGS) {
    const q = explicit.get(encoding) ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * Answers a file of the PWA build (docs/architecture.md#one-origin): its Brotli or gzip copy
 * (`<path>.br`, `<path>.gz`, written by the build) with `Content-Encoding` when the client's
 * `Accept-Encoding` takes it and the copy exists, else the file itself (which the compression
 * middleware may still compress). Always `Vary: Accept-Encoding`; the copy has an ETag of its own
 * and no byte ranges. Content-Type is the original file's.
 * @returns null when `path` is not a readable regular file.
 */
export async function sendPwaFile(c: Context, path: string, cacheControl: string): Promise<Response | null> {
  const original = await localFile(path);
  if (!original) return null;
  const encoding = choosePrecompressed(c.req.header('Accept-Encoding'));
  const variant = PRECOMPRESSED_ENCODINGS.find((candidate) => candidate.encoding === encoding);
  const encoded = variant ? await localFile(path + variant.suffix, original.type) : null;
  if (!variant || !encoded) return sendServedFile(c, original, cacheControl, { Vary: 'Accept-Encoding' });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- left out of the copy, never called
  const { streamRange: _noRanges, ...whole } = encoded;
  return sendServedFile(c, whole, cacheControl, { 'Content-Encoding': variant.encoding, Vary: 'Accept-Encoding' });
}
