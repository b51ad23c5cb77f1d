import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { payloadTooLarge } from '../errors.js';

/**
 * The request-body limits of the whole origin (issue 8 "Body and upload
 * limits"), in bytes. Routes may hold their bodies to less (a complaint
 * 64 KiB, a course 5 MB + 64 KiB); nothing may send more.
 */
export const BODY_LIMITS = {
  /** `multipart/form-data` (course images): 6 MiB, room for a 5 MB file and the fields */
  multipart: 6 * 1024 * 1024,
  /** every other body — JSON, forms, text: 1 MiB */
  other: 1024 * 1024,
} as const;

const limitMultipart = bodyLimit({
  maxSize: BODY_LIMITS.multipart,
  onError: () => {
    throw payloadTooLarge('The request is larger than 6 MB.');
  },
});

const limitOther = bodyLimit({
  maxSize: BODY_LIMITS.other,
  onError: () => {
    throw payloadTooLarge('The request body is larger than 1 MB.');
  },
});

/**
 * Middleware: 413 `payload_too_large` for a body over `BODY_LIMITS` — by its
 * `Content-Length` at once, or while it streams when the length is not
 * declared, so an oversized body is never buffered whole. GET and HEAD
 * requests pass untouched.
 */
export const requestBodyLimits = createMiddleware(async (c, next) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'multipart/form-data' ? limitMultipart(c, next) : limitOther(c, next);
});
