import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { requestHeader, setResponseHeader, withDefaultHeaders, type HeaderList } from '../security/headers.js';

/** Bodies smaller than this are sent as they are, in bytes: gzip would not make them smaller enough to pay for itself. */
export const COMPRESSION_THRESHOLD = 1024;

/** Every response varies by `Accept-Encoding` (set up front by `withDefaultHeaders`). */
const VARY: HeaderList = [['vary', 'Accept-Encoding']];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** `gzip` or `deflate` when the client's `Accept-Encoding` allows one (gzip preferred), else undefined. */
export function chooseEncoding(accept: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!accept) return undefined;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  let wildcard: number | undefined;
  const explicit = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const key = name.trim().toLowerCase();
    if (!Number.isFinite(q)) continue;
    if (key === '*') wildcard = q;
    else explicit.set(key, q);
  }
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = explicit.get(encoding) ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Adds `Accept-Encoding` to the response's `Vary` unless it is there (or `Vary` is `*`). */
function varyOnAcceptEncoding(c: Context): void {
  const current = c.res.headers.get('Vary');
  if (current === '*' || (current && VARY_ACCEPT_ENCODING.test(current))) return;
  setResponseHeader(c, 'Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** A stream of `first` then the rest of `reader`. */
function prepend(first: Uint8Array<ArrayBuffer>[], reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const queued = [...first];
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      const next = queued.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Compression of text responses ("compression for text responses"),
 * replacing `hono/compress` with the same rules — gzip (or deflate) when the
 * client accepts it, for compressible content types, never for a 206, a HEAD,
 * an already encoded body or `Cache-Control: no-transform` — and three differences:
 * - `Vary: Accept-Encoding` is on every response, set through
 *   `withDefaultHeaders` before the route runs, so that a client that accepts
 *   no encoding (a load-testing tool, for one) leaves the response's headers
 *   untouched;
 * - a body under `COMPRESSION_THRESHOLD` (1,024 bytes) is never compressed,
 *   even without a `Content-Length` (a `c.json()` answer has none): the first
 *   kilobyte is read before deciding;
 * - never `c.header()` after the route: `hono/compress` sets `Vary` that way,
 *   which rebuilds a finished response as a full web `Response` with a body
 *   stream, on every JSON answer.
 */
export function compressText(opts: { threshold?: number } = {}) {
  const threshold = opts.threshold ?? COMPRESSION_THRESHOLD;
  return createMiddleware((c, next) => {
    // Decided before the route runs: a client that takes no encoding costs nothing more.
    const encoding = chooseEncoding(requestHeader(c, 'accept-encoding'));
    return encoding ? compressAfterRoute(c, next, encoding, threshold) : withDefaultHeaders(c, next, VARY);
  });
}

/** `compressText` for a client that accepts `encoding`: the route runs, then its answer is compressed when it should be. */
async function compressAfterRoute(c: Context, next: Next, encoding: 'gzip' | 'deflate', threshold: number): Promise<void> {
  await withDefaultHeaders(c, next, VARY);
  if (c.req.method === 'HEAD' || c.res.status === 206 || c.res.status === 204 || c.res.status === 304) return;
  const headers = c.res.headers;
  const type = headers.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  if (headers.has('Content-Encoding') || headers.has('Transfer-Encoding') || NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
  varyOnAcceptEncoding(c);
  const declared = headers.get('Content-Length');
  if (declared !== null && Number(declared) < threshold) return;
  const body = c.res.body;
  if (!body) return;

  // Read up to the threshold: a short body goes out whole and uncompressed.
  const reader = (body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  const head: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  while (size < threshold) {
    const { done, value } = await reader.read();
    if (done) {
      c.res = new Response(head.length === 1 ? head[0]! : Buffer.concat(head), c.res);
      return;
    }
    head.push(value);
    size += value.byteLength;
  }
  c.res = new Response(prepend(head, reader).pipeThrough(new CompressionStream(encoding)), c.res);
  c.res.headers.delete('Content-Length');
  c.res.headers.set('Content-Encoding', encoding);
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
}
