import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { Types } from 'mongoose';
import type { AppEnv } from '../../auth/context.js';
import { IdempotencyKey } from './idempotencyKeyModel.js';
import { badRequest, conflict, isDuplicateKeyError } from './errors.js';

/**
 * Idempotent create requests (docs/contributing.md#the-outbox, after Stripe's idempotency keys):
 * the one mechanism that de-duplicates writes. The offline outbox may send
 * the same complaint more than once — a retry after a lost answer, two tabs,
 * a reload mid-request — with the same client-generated key; the server must
 * create it once and answer every repeat with the first result.
 */

/** The request header carrying the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Accepted key lengths, in characters (a UUID is 36). */
export const KEY_LENGTH = { min: 8, max: 100 } as const;
/** How long keys are kept, in days ("at least 7 days"). */
export const KEY_RETENTION_DAYS = 7;
/** Longest wait for the first request with a key to finish, in ms; then 409. */
export const WAIT_LIMIT_MS = 15_000;
/** A `pending` key older than this (ms) belongs to a request that died with its process; it is taken over. */
export const STALE_PENDING_MS = 60_000;
/** Bodies larger than this (bytes) are passed through untouched, for the route's own limit to answer. */
export const MAX_BODY_BYTES = 64 * 1024;

const POLL_MS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
let lastSweep = 0;

/** Key order-independent JSON, so `{a, b}` and `{b, a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the method, path and body (canonical JSON when it parses, the raw text otherwise). */
export function requestFingerprint(method: string, path: string, rawBody: string): string {
  let body = rawBody;
  try {
    body = canonicalJson(JSON.parse(rawBody));
  } catch {
    // not JSON: the raw text is the fingerprint's body
  }
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${body}`).digest('hex');
}

/**
 * The request body as bytes, read from a copy so the route still reads the
 * original (and its body limit still applies); `null` when it is larger than
 * `limit` bytes, which the route's own limit then answers.
 */
async function readBodyCopy(request: Request, limit: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const declared = Number(request.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  const reader = (request.clone().body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a tee branch's cancel settles only once the other branch (the route's body) is cancelled too,
      // so awaiting it here would hang a chunked body over the limit forever.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The body as the fingerprint reads it: UTF-8 text, or for `multipart/form-data` the bytes with
 * the boundary replaced by a constant — a client builds a new boundary for every send, so a
 * retry of the same form would otherwise look like another request.
 */
function fingerprintBody(body: Buffer, contentType: string | undefined): string {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return body.toString('utf8');
  return body.toString('latin1').split(boundary).join('BOUNDARY');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes keys past the retention, at most once an hour, in the background. */
function sweepExpiredKeys(now: number): void {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  const cutoff = new Date(now - KEY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  IdempotencyKey.deleteMany({ createdAt: { $lt: cutoff } }).catch(() => undefined);
}

/**
 * Middleware for `POST` create endpoints (the complaints resource, `routes/complaints/`). When a
 * signed-in user sends an `Idempotency-Key` header of 8–100 visible characters:
 *
 * - the first request reserves `{userId, key}` (a unique index, so only one
 *   of any number of concurrent repeats wins), runs, and a 2xx answer is
 *   stored; a non-2xx answer frees the key again;
 * - a repeat with the same method, path and body gets the stored answer —
 *   same status, same body (the same complaint id) — with the header
 *   `Idempotent-Replayed: true`, waiting up to {@link WAIT_LIMIT_MS} while
 *   the first is still running;
 * - a repeat with a different body (or path) → 409 `conflict`.
 *
 * Other requests pass through untouched: no user (the route answers 401),
 * no key, another method, or a body over `opts.maxBodyBytes` (default
 * {@link MAX_BODY_BYTES}; the route's body limit answers). Multipart bodies
 * (a recording) are compared without their boundary. A malformed header
 * → 400 naming `Idempotency-Key`.
 *
 * `opts.storedBody` chooses what of a 2xx answer is kept for the repeats: an answer that holds a
 * secret meant to be shown once (the import's one-time passwords, docs/product.md#import) is
 * stored without it, so the database never holds it in clear and a repeat does not show it again.
 * Default: the answer as sent.
 */
export function idempotency(opts: { maxBodyBytes?: number; storedBody?: (body: string) => string } = {}): MiddlewareHandler<AppEnv> {
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const storedBody = opts.storedBody ?? ((body: string) => body);
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (c.req.method !== 'POST' || !user) return next();
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    const rawBody = await readBodyCopy(c.req.raw, maxBodyBytes);
    if (rawBody === null) return next();
    if (key.length < KEY_LENGTH.min || key.length > KEY_LENGTH.max || !/^[\x21-\x7e]+$/.test(key)) {
      throw badRequest(`${IDEMPOTENCY_HEADER} must be ${KEY_LENGTH.min}–${KEY_LENGTH.max} visible characters.`, {
        [IDEMPOTENCY_HEADER]: `${KEY_LENGTH.min}–${KEY_LENGTH.max} visible ASCII characters.`,
      });
    }

    const userId = new Types.ObjectId(String(user.id));
    const fingerprint = requestFingerprint(c.req.method, c.req.path, fingerprintBody(rawBody, c.req.header('Content-Type')));
    const started = Date.now();
    sweepExpiredKeys(started);

    for (;;) {
      let reservation;
      try {
        reservation = await IdempotencyKey.create({ userId, key, fingerprint, state: 'pending' });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }

      if (reservation) {
        let stored = false;
        try {
          await next();
          const { status } = c.res;
          if (status >= 200 && status < 300) {
            const body = storedBody(await c.res.clone().text());
            await IdempotencyKey.updateOne({ _id: reservation._id }, { $set: { state: 'done', status, body, contentType: c.res.headers.get('Content-Type') } });
            stored = true;
          }
        } finally {
          if (!stored) await IdempotencyKey.deleteOne({ _id: reservation._id, state: 'pending' }).catch(() => undefined);
        }
        return;
      }

      const existing = await IdempotencyKey.findOne({ userId, key }).lean();
      if (!existing) continue; // the first request failed and freed the key: try to take it
      if (existing.fingerprint !== fingerprint) {
        throw conflict(`This ${IDEMPOTENCY_HEADER} was already used with a different request.`);
      }
      if (existing.state === 'done' && existing.status !== null && existing.status !== undefined) {
        const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
        if (existing.contentType) headers['Content-Type'] = existing.contentType;
        return new Response(existing.body ?? null, { status: existing.status, headers });
      }
      const age = Date.now() - new Date(existing.createdAt as Date).getTime();
      if (age > STALE_PENDING_MS) {
        await IdempotencyKey.deleteOne({ _id: existing._id, state: 'pending' });
        continue;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw conflict(`A request with this ${IDEMPOTENCY_HEADER} is still being processed. Try again shortly.`);
      }
      await sleep(POLL_MS);
    }
  });
}
