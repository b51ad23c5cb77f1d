import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import mongoose from 'mongoose';
import { z } from 'zod';
import type { Logger } from 'pino';
import { databaseRetryAfterSeconds } from '../db/availability.js';

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
 * Why one field was refused, for a screen to tell refusals apart without reading the English
 * `message` (docs/product.md#error-format): `required` (missing, empty or not of its type),
 * `too_short` / `too_long` (text or list length), `too_small` / `too_big` (numbers, dates),
 * `invalid_format`, `invalid_value` (not one of the allowed values), `unknown_field`,
 * `invisible_characters` and `no_letter` (docs/product.md#names-and-titles), `common_password`,
 * `passwords_differ`, `same_as_current`, `same_as_one_time`, `wrong_password`, `email_domain`
 * (docs/product.md#registration-policy); `invalid` for anything else.
 */
export type FieldReason =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'too_small'
  | 'too_big'
  | 'invalid_format'
  | 'invalid_value'
  | 'unknown_field'
  | 'invisible_characters'
  | 'no_letter'
  | 'common_password'
  | 'passwords_differ'
  | 'same_as_current'
  | 'same_as_one_time'
  | 'wrong_password'
  | 'email_domain'
  | 'invalid';

/**
 * The `params` of a zod `refine` / custom issue that names its {@link FieldReason}:
 * `.refine(check, { error: '…', params: reasonParams('common_password') })`.
 */
export function reasonParams(reason: FieldReason): { reason: FieldReason } {
  return { reason };
}

/**
 * The JSON body of every error (docs/product.md#error-format):
 * `{"error": {"code": "not_found", "message": "…", "fields"?: {field: message}, "reasons"?: {field: reason}}}`.
 * `fields` and `reasons` (the same keys) are present on 400 validation errors only.
 */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; reasons?: Record<string, FieldReason> };
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
    readonly reasons?: Record<string, FieldReason>,
  ) {
    super(status, { message });
    this.name = 'ApiError';
  }

  /** The error as its JSON body. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...(this.reasons ? { reasons: this.reasons } : {}) } };
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

/**
 * 400 `bad_request`, or `validation_error` when `fields` ({fieldName: message}) is given, with
 * `reasons` ({fieldName: FieldReason}; `invalid` for a field not named there).
 */
export function badRequest(message = 'The request is not valid.', fields?: Record<string, string>, reasons: Record<string, FieldReason> = {}): ApiError {
  if (!fields) return new ApiError(400, ERROR_CODES[400], message);
  const allReasons = Object.fromEntries(Object.keys(fields).map((name) => [name, reasons[name] ?? 'invalid'])) as Record<string, FieldReason>;
  return new ApiError(400, VALIDATION_ERROR, message, fields, {}, allReasons);
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

/** One refused field: its English message, its {@link FieldReason}, and the limit it broke (`{min}` or `{max}`). */
export interface FieldProblem {
  message: string;
  reason: FieldReason;
  values?: { min?: number; max?: number };
}

const LENGTH_ORIGINS: ReadonlySet<string> = new Set(['string', 'array', 'set', 'file']);

/** The {@link FieldReason} of a zod issue, read from its kind and limit (a refinement's from its `params.reason`). */
function issueProblem(issue: z.core.$ZodIssue): Omit<FieldProblem, 'message'> {
  switch (issue.code) {
    case 'invalid_type':
      return { reason: 'required' };
    case 'too_small': {
      const length = LENGTH_ORIGINS.has(issue.origin);
      if (length && Number(issue.minimum) <= 1) return { reason: 'required' };
      return { reason: length ? 'too_short' : 'too_small', values: { min: Number(issue.minimum) } };
    }
    case 'too_big':
      return { reason: LENGTH_ORIGINS.has(issue.origin) ? 'too_long' : 'too_big', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { reason: 'invalid_format' };
    case 'invalid_value':
      return { reason: 'invalid_value' };
    case 'custom': {
      const reason = (issue.params as { reason?: FieldReason } | undefined)?.reason;
      return { reason: reason ?? 'invalid' };
    }
    default:
      return { reason: 'invalid' };
  }
}

/**
 * Turns zod issues into `{fieldName: FieldProblem}`: paths joined with `.`
 * (`oracy_scores.eyeContact`), unknown keys named one by one, a root-level
 * problem under `body`. The first issue per field wins.
 */
export function zodIssuesToProblems(issues: readonly z.core.$ZodIssue[]): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const add = (path: readonly PropertyKey[], problem: FieldProblem) => {
    const name = path.length ? path.map(String).join('.') : 'body';
    problems[name] ??= problem;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], { message: 'Unknown field.', reason: 'unknown_field' });
    } else {
      add(issue.path, { message: issue.message, ...issueProblem(issue) });
    }
  }
  return problems;
}

/** "Invalid a, b." — or "Invalid a, b, c and 4 more." for long lists. */
function invalidFieldsMessage(fields: Record<string, string>): string {
  const names = Object.keys(fields);
  if (names.length <= 3) return `Invalid ${names.join(', ')}.`;
  return `Invalid ${names.slice(0, 3).join(', ')} and ${names.length - 3} more.`;
}

/** A 400 `validation_error` naming the failing fields of a zod error, with each field's reason. */
export function validationError(error: { issues: readonly z.core.$ZodIssue[] }): ApiError {
  const problems = Object.entries(zodIssuesToProblems(error.issues));
  const fields = Object.fromEntries(problems.map(([name, problem]) => [name, problem.message]));
  return badRequest(invalidFieldsMessage(fields), fields, Object.fromEntries(problems.map(([name, problem]) => [name, problem.reason])));
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
