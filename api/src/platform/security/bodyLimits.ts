import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { payloadTooLarge } from '../http/errors.js';

/**
 * The request-body limits of the whole origin, in bytes. Routes may hold their bodies to less (a complaint
 * 64 KiB, a course 5 MB + 64 KiB, a recording 10 MB + 64 KiB); nothing may send more.
 */
export const BODY_LIMITS = {
  /** `multipart/form-data` (course images, recordings): 11 MiB, room for a 10 MB recording and its fields */
  multipart: 11 * 1024 * 1024,
  /** every other body — JSON, forms, text: 1 MiB */
  other: 1024 * 1024,
} as const;

const tooLargeMultipart = (): never => {
  throw payloadTooLarge('The request is larger than 11 MB.');
};
const tooLargeOther = (): never => {
  throw payloadTooLarge('The request body is larger than 1 MB.');
};
const limitMultipart = bodyLimit({ maxSize: BODY_LIMITS.multipart, onError: tooLargeMultipart });
const limitOther = bodyLimit({ maxSize: BODY_LIMITS.other, onError: tooLargeOther });

/** Methods whose requests carry no body that the app reads. */
const BODILESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Middleware: 413 `payload_too_large` for a body over `BODY_LIMITS` — by its
 * `Content-Length` at once, or while it streams when the length is not
 * declared, so an oversized body is never buffered whole. GET, HEAD and
 * OPTIONS requests pass untouched.
 *
 * Only a body sent without a `Content-Length` goes through Hono's
 * `bodyLimit`: that middleware reads `c.req.raw.body`, which makes
 * `@hono/node-server` build a full web `Request` (an `AbortSignal`, a body
 * stream) for every request — work a GET, which has no body, must not pay for.
 */
export const requestBodyLimits = createMiddleware((c, next) => (BODILESS_METHODS.has(c.req.method) ? next() : limitBody(c, next)));

/** `requestBodyLimits` for a method that may carry a body. */
async function limitBody(c: Context, next: Next): Promise<Response | void> {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const multipart = type === 'multipart/form-data';
  const declared = c.req.header('Content-Length');
  if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
    const size = Number.parseInt(declared, 10);
    if (size > (multipart ? BODY_LIMITS.multipart : BODY_LIMITS.other)) return multipart ? tooLargeMultipart() : tooLargeOther();
    return next();
  }
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono's bodyLimit middleware takes any route's context
  return multipart ? limitMultipart(c, next) : limitOther(c, next);
}
