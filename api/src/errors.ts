import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import mongoose from 'mongoose';
import { z } from 'zod';
import type { Logger } from 'pino';
import { databaseRetryAfterSeconds } from './db/availability.js';

/** The machine-readable codes of docs/product.md#error-format, one per status we answer. */
export const ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  421: 'misdirected_request',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'unavailable',
} as const;

/** Code of a 400 whose body names the failing fields. */
export const VALIDATION_ERROR = 'validation_error';

/**
 * The JSON body of every error (docs/product.md#error-format):
 * `{"error": {"code": "not_found", "message": "…", "fields"?: {field: message}}}`.
 * `fields` is present on 400 validation errors only.
 */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * An HTTPException that knows its JSON body. Thrown by the factories below
 * and answered by `onError` as `ErrorBody`, with `headers` added (e.g. Retry-After).
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
    this.name = 'ApiError';
  }

  /** The error as its JSON body. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }

  /** A JSON Response for this error; used when thrown outside `app.onError`'s reach. */
  override getResponse(): Response {
    return Response.json(this.toBody(), { status: this.status, headers: this.headers });
  }
}

/** 416 `range_not_satisfiable`, with a `Content-Range` header that gives the file's size in bytes (RFC 9110 §15.5.17). */
export function rangeNotSatisfiable(size: number): ApiError {
  return new ApiError(416, ERROR_CODES[416], 'The requested range is outside the file.', undefined, { 'Content-Range': `bytes */${size}` });
}

/** 410 with `code` (default `gone`): what was asked for existed and was removed on purpose, e.g. `audio_removed` (docs/product.md#retention). */
export function gone(message = 'This was removed.', code = 'gone'): ApiError {
  return new ApiError(410, code, message);
}

/** 400 `bad_request`, or `validation_error` when `fields` ({fieldName: message}) is given. */
export function badRequest(message = 'The request is not valid.', fields?: Record<string, string>): ApiError {
  return new ApiError(400, fields ? VALIDATION_ERROR : ERROR_CODES[400], message, fields);
}
/** 401 `unauthorized`: no valid session (docs/product.md#authorization-matrix). */
export function unauthorized(message = 'You need to sign in.'): ApiError {
  return new ApiError(401, ERROR_CODES[401], message);
}
/** 403 `forbidden`: signed in but not allowed (docs/product.md#authorization-matrix). */
export function forbidden(message = 'You are not allowed to do this.'): ApiError {
  return new ApiError(403, ERROR_CODES[403], message);
}
/** Code of the 403 that a user with a one-time password gets from every `/api` call (docs/product.md#one-time-passwords). */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';

/**
 * 403 `password_change_required`: the user signed in with a one-time password and must choose
 * their own at `/change-password` before anything else (docs/product.md#one-time-passwords).
 */
export function passwordChangeRequired(message = 'Choose a new password before you go on.'): ApiError {
  return new ApiError(403, PASSWORD_CHANGE_REQUIRED, message);
}
/** 404 `not_found`. */
export function notFound(message = 'Not found.'): ApiError {
  return new ApiError(404, ERROR_CODES[404], message);
}
/**
 * 409 `conflict`, e.g. a duplicate email or deleting an approved complaint; `code` names a more
 * particular conflict a screen tells apart (`backup_running`, docs/product.md#error-format).
 */
export function conflict(message = 'This conflicts with existing data.', code: string = ERROR_CODES[409]): ApiError {
  return new ApiError(409, code, message);
}
/** 413 `payload_too_large`. */
export function payloadTooLarge(message = 'The request body is too large.'): ApiError {
  return new ApiError(413, ERROR_CODES[413], message);
}
/** 415 `unsupported_media_type`. */
export function unsupportedMediaType(message = 'Send the body as application/json.'): ApiError {
  return new ApiError(415, ERROR_CODES[415], message);
}
/** 421 `misdirected_request`: the request names a host this server does not answer for (`PUBLIC_ORIGIN`, docs/architecture.md#running-it). */
export function misdirected(message = 'This server does not answer for that host.'): ApiError {
  return new ApiError(421, ERROR_CODES[421], message);
}
/** 429 `rate_limited` with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, ERROR_CODES[429], message, undefined, { 'Retry-After': String(seconds) });
}

/** The message of every 503 `unavailable` (docs/product.md#error-format). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Oracy cannot reach its database right now. Please try again in a moment.';

/**
 * 503 `unavailable` with `Retry-After` in whole seconds (at least 1): the database is down for now
 * (docs/architecture.md#when-the-database-stops). Default wait: `databaseRetryAfterSeconds()`.
 */
export function serviceUnavailable(retryAfterSeconds: number = databaseRetryAfterSeconds(), message = DATABASE_UNAVAILABLE_MESSAGE): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(503, ERROR_CODES[503], message, undefined, { 'Retry-After': String(seconds) });
}

/**
 * Turns zod issues into `{fieldName: message}`: paths joined with `.`
 * (`oracy_scores.eyeContact`), unknown keys named one by one, a root-level
 * problem under `body`. The first message per field wins.
 */
export function zodIssuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const name = path.length ? path.map(String).join('.') : 'body';
    fields[name] ??= message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'Unknown field.');
    } else {
      add(issue.path, issue.message);
    }
  }
  return fields;
}

/** "Invalid a, b." — or "Invalid a, b, c and 4 more." for long lists. */
function invalidFieldsMessage(fields: Record<string, string>): string {
  const names = Object.keys(fields);
  if (names.length <= 3) return `Invalid ${names.join(', ')}.`;
  return `Invalid ${names.slice(0, 3).join(', ')} and ${names.length - 3} more.`;
}

/** A 400 `validation_error` naming the failing fields of a zod error. */
export function validationError(error: { issues: readonly z.core.$ZodIssue[] }): ApiError {
  const fields = zodIssuesToFields(error.issues);
  return badRequest(invalidFieldsMessage(fields), fields);
}

/** Status → default message for HTTPExceptions that are not ApiErrors (e.g. Hono's own). */
const DEFAULT_MESSAGES: Partial<Record<number, string>> = {
  400: 'The request is not valid.',
  401: 'You need to sign in.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'This conflicts with existing data.',
  413: 'The request body is too large.',
  415: 'Unsupported media type.',
  421: 'This server does not answer for that host.',
  429: 'Too many requests. Try again later.',
};

/** True when `err` (or its cause) is a MongoDB duplicate-key error (code 11000). */
export function isDuplicateKeyError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === 11000) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when an unordered bulk insert failed only on duplicate keys: every one of its write errors
 * (`MongoBulkWriteError.writeErrors`, an array or a single one) has code 11000, or it is a single
 * duplicate-key error. The records that were new are stored.
 */
export function isBulkDuplicateOnly(err: unknown): boolean {
  const found = (err as { writeErrors?: unknown } | null)?.writeErrors;
  const errors = (Array.isArray(found) ? found : found ? [found] : []) as { code?: number; err?: { code?: number } }[];
  if (errors.length === 0) return isDuplicateKeyError(err);
  return errors.every((e) => (e.code ?? e.err?.code) === 11000);
}

/** Names of the driver's errors that mean "the database cannot be reached now", not "this request is wrong". */
const UNREACHABLE_ERROR_NAMES: ReadonlySet<string> = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoPoolClearedError',
  'MongoPoolClosedError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

/**
 * Socket errors the driver can let through unwrapped when the database's connection closes under
 * a command (a write to a socket the database end has closed: `EPIPE`, "This socket has been ended
 * by the other party"). No route handler opens sockets of its own, so in a request they mean the
 * database went away.
 */
const UNREACHABLE_SOCKET_CODES: ReadonlySet<string> = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/**
 * True when `err` (or its cause, 3 levels deep) says the database cannot be reached now: the
 * driver's network, server-selection, pool-cleared or -closed, not-connected and topology-closed errors
 * (by class through `mongoose.mongo`, or by name), a socket error the driver did not wrap
 * (`EPIPE`, `ECONNRESET`, `ECONNREFUSED`), and Mongoose's "buffering timed out" (an operation
 * waited `bufferTimeoutMS` for a connection that did not come back).
 */
export function isDatabaseUnreachableError(err: unknown): boolean {
  const { mongo } = mongoose;
  let current: unknown = err;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    // the pool-cleared error is a MongoNetworkError
    if (current instanceof mongo.MongoNetworkError || current instanceof mongo.MongoServerSelectionError) return true;
    if (current instanceof mongo.MongoNotConnectedError || current instanceof mongo.MongoTopologyClosedError) return true;
    const { name, message } = current as { name?: unknown; message?: unknown };
    if (typeof name === 'string' && UNREACHABLE_ERROR_NAMES.has(name)) return true;
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNREACHABLE_SOCKET_CODES.has(code)) return true;
    if (current instanceof mongoose.Error && typeof message === 'string' && /buffering timed out/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Maps any thrown value to an ApiError (docs/product.md#error-format): ApiError as is; other
 * HTTPExceptions by status (malformed JSON → 400); zod errors → 400 with
 * fields; Mongoose CastError → 400; ValidationError → 400 with fields;
 * duplicate key (11000) → 409; a body that is not valid JSON → 400; a database that cannot be
 * reached (`isDatabaseUnreachableError`) → 503 `unavailable` with `Retry-After`
 * (docs/architecture.md#when-the-database-stops).
 * @returns undefined for anything else (an internal error).
 */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status >= 500) return undefined;
    const code = (ERROR_CODES as Record<number, string>)[status] ?? 'error';
    // Hono's own messages (e.g. "Malformed JSON in request body") are safe and helpful.
    return new ApiError(status, code, err.message || DEFAULT_MESSAGES[status] || 'The request failed.');
  }
  if (err instanceof z.ZodError) return validationError(err);
  if (err instanceof mongoose.Error.CastError) {
    return badRequest(`Invalid ${err.path}.`, { [err.path]: `Invalid value for ${err.path}.` });
  }
  if (err instanceof mongoose.Error.ValidationError) {
    const fields: Record<string, string> = {};
    for (const [path, e] of Object.entries(err.errors)) fields[path] = e.message;
    return badRequest(invalidFieldsMessage(fields), fields);
  }
  if (isDuplicateKeyError(err)) return conflict('A record with this value already exists.');
  if (isDatabaseUnreachableError(err)) return serviceUnavailable();
  if (err instanceof SyntaxError && /JSON/i.test(err.message)) return badRequest('Malformed JSON in request body.');
  return undefined;
}

/**
 * The `app.onError` handler (docs/contributing.md#one-error-shape): answers `ErrorBody` JSON
 * for every known error, and a generic 500 `internal_error` for anything else
 * — logged with its stack, never showing internals to the client.
 */
export function createErrorHandler(log: Pick<Logger, 'error'>): ErrorHandler {
  return (err, c) => {
    const apiError = toApiError(err);
    if (apiError) return c.json(apiError.toBody(), apiError.status, apiError.headers);
    log.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    const body: ErrorBody = { error: { code: ERROR_CODES[500], message: 'Something went wrong on our side. Please try again.' } };
    return c.json(body, 500);
  };
}
