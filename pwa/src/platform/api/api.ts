/**
 * The one way to the network (docs/contributing.md#one-way-to-the-network). Every screen and hook
 * calls the API through this module or the typed client built on it
 * (`data/client.ts`); none sees a raw `fetch`.
 *
 * - Every request sends cookies (docs/product.md#conventions) and asks for JSON.
 * - Failures become one of three typed errors, so a screen can choose its
 *   message (docs/product.md#error-messages) with `instanceof` instead of parsing strings:
 *   {@link OfflineError}, {@link NetworkError} and {@link HttpError}. Their `message` is English;
 *   `errorMessage()` (`errorMessage.ts`) gives the text to show in the active language.
 * - A 403 `password_change_required` (a user who signed in with a one-time password) also sends
 *   the browser to the "Choose a new password" page (docs/product.md#one-time-passwords).
 */
import { API_ORIGIN, CHANGE_PASSWORD_URL } from '../config';
import { redirectTo } from './redirect';
import { reportAnswered, reportNoAnswer, reportReached, reportUnavailable } from './serverStatus';
import { reportSessionEnded } from './sessionEnd';

/**
 * The error code of every API call by a user who must still replace a one-time password
 * (403; docs/product.md#one-time-passwords).
 */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';

/** Default time limit of a request, in milliseconds (docs/product.md#api: a time-out is a generic error). */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The request never reached the server, or no answer came back: the browser
 * is offline, the host is unreachable, or the connection dropped (`fetch`
 * rejected with a `TypeError`).
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  /** What happened, for the text people see (`errors.network.<reason>`, see `errorMessage.ts`). */
  readonly reason: OfflineReason;
  /**
   * @param message the developer's description, in English (people see `errorMessage()`'s text)
   * @param options `cause`, and `reason` (default `offline`)
   */
  // i18n-exempt: a developer message; people see errorMessage()'s translated text
  constructor(message = 'You appear to be offline.', options?: ErrorOptions & { reason?: OfflineReason }) {
    super(message, options);
    this.reason = options?.reason ?? 'offline';
  }
}

/** Why no answer came: `offline` (none at all), `connectionClosed` (it broke off), `uploadInterrupted`. */
export type OfflineReason = 'offline' | 'connectionClosed' | 'uploadInterrupted';

/** Why an answer was unusable: `unreadableResponse` (not the JSON expected) or `timedOut`. */
export type NetworkReason = 'unreadableResponse' | 'timedOut';

/**
 * The server could not give a usable answer: a successful response whose
 * body is not the JSON the caller expects, or a request that exceeded its
 * time limit.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** What happened, for the text people see (`errors.network.<reason>`, see `errorMessage.ts`). */
  readonly reason: NetworkReason;
  /**
   * @param message the developer's description, in English (people see `errorMessage()`'s text)
   * @param options `cause`, and `reason` (default `unreadableResponse`)
   */
  // i18n-exempt: a developer message; people see errorMessage()'s translated text
  constructor(message = 'The server sent a response that could not be read.', options?: ErrorOptions & { reason?: NetworkReason }) {
    super(message, options);
    this.reason = options?.reason ?? 'unreadableResponse';
  }
}

/**
 * The server answered with a non-2xx status. `code`, `message`, `fields` and `reasons` come from
 * the API's error body `{"error": {"code", "message", "fields"?, "reasons"?}}` (docs/product.md#error-format); when
 * the body is not in that shape, `code` is `"http_<status>"`, `message`
 * the status text and `fields` and `reasons` empty.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** The HTTP status, e.g. 400, 401, 403, 404, 409, 429. */
  readonly status: number;
  /** The API's machine-readable error code, e.g. `"validation_failed"`. */
  readonly code: string;
  /** A 400 `validation_error`'s message per failing field (`{title: "Enter a title."}`); empty otherwise. */
  readonly fields: Readonly<Record<string, string>>;
  /**
   * A 400's machine-readable reason per failing field (`{password: "too_short"}`), for a screen to
   * word each refusal itself (docs/product.md#error-format); empty otherwise.
   */
  readonly reasons: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, options?: ErrorOptions, fields: Readonly<Record<string, string>> = {}, reasons: Readonly<Record<string, string>> = {}) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reasons = reasons;
  }
}

/** The `code` of the 503 the server answers while its database is down (docs/product.md#error-format). */
export const UNAVAILABLE_CODE = 'unavailable';

/**
 * `true` when `error` is the server's 503 `unavailable`: it is running but cannot reach its
 * database for now. The app treats it like being offline (docs/product.md#offline-behaviour):
 * cached data stays, writes in the outbox wait and are sent when it is back.
 */
export function isServerUnavailable(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 503 && error.code === UNAVAILABLE_CODE;
}

/**
 * `true` when a load failed only because the server could not be reached: no answer came
 * (`OfflineError`: the browser offline, or the server down) or the server said it is unavailable
 * (503 `unavailable`). Such a screen says it is offline and loads by itself when the connection
 * returns (docs/product.md#offline-behaviour); any other failure is a real error.
 */
export function isOfflineFailure(error: unknown): error is OfflineError | HttpError {
  return error instanceof OfflineError || isServerUnavailable(error);
}

/**
 * Tells `serverStatus.ts` what an answer says about the server: available after a 2xx,
 * unavailable after a 503 `unavailable` (with its `Retry-After`, in seconds); reachable after
 * any other answer. A 401 is also reported to `sessionEnd.ts` (docs/product.md#when-the-session-ends).
 */
export function noteServerAnswer(status: number, error: HttpError | null, retryAfter: string | null): void {
  if (status >= 200 && status < 300) reportAnswered();
  else if (isServerUnavailable(error)) reportUnavailable(retryAfter);
  else reportReached();
  // The session cookie signs nobody in any more (docs/product.md#when-the-session-ends).
  if (status === 401) reportSessionEnded();
}

/**
 * Tells `serverStatus.ts` that a request got no answer: while the browser says it is online,
 * the server cannot be reached (docs/product.md#offline-behaviour).
 */
export function noteNoAnswer(): void {
  reportNoAnswer();
}

/** Any error this module throws. */
export type ApiError = OfflineError | NetworkError | HttpError;

/** `true` when `error` is one of this module's typed errors. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof OfflineError || error instanceof NetworkError || error instanceof HttpError;
}

/** Options of {@link apiFetch}: `fetch`'s, plus a JSON body and a time limit. */
export interface ApiRequestInit extends Omit<RequestInit, 'body' | 'credentials'> {
  /** A raw body (e.g. `FormData` for a file upload). Ignored when `json` is set. */
  body?: BodyInit | null;
  /** A value sent as a JSON body with `Content-Type: application/json`. */
  json?: unknown;
  /** Time limit in milliseconds; default {@link DEFAULT_TIMEOUT_MS}. `0` disables it. */
  timeoutMs?: number;
}

/**
 * Sends a request to the API and returns the response once its status is
 * 2xx. The body is left unread, for callers that only need the status
 * (docs/product.md#api: the logout body "is not read") or read it as a blob.
 *
 * @param path An API path such as `/api/admin/notice` or `/auth/current_user`.
 * @throws {OfflineError} when no response arrives.
 * @throws {NetworkError} when the time limit passes.
 * @throws {HttpError} when the status is not 2xx (after sending the browser to
 *   `CHANGE_PASSWORD_URL` when its code is {@link PASSWORD_CHANGE_REQUIRED}).
 * @throws {DOMException} `AbortError`, unchanged, when the caller's `signal` aborts.
 */
export function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  return send(`${API_ORIGIN}${path}`, init);
}

/**
 * A `fetch` for the typed client (`data/client.ts`): the same cookies,
 * `Accept`, time limit and typed errors as {@link apiFetch}, for a full URL.
 * The global `fetch` is read at each call, so a test's stub applies.
 *
 * @param timeoutMs time limit in milliseconds; default {@link DEFAULT_TIMEOUT_MS}, `0` disables it
 * @throws {OfflineError} | {NetworkError} | {HttpError} as {@link apiFetch}
 */
export function clientFetch(timeoutMs = DEFAULT_TIMEOUT_MS): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const { body, ...rest } = init ?? {};
    return send(url, { ...rest, body: body ?? null, timeoutMs });
  };
}

async function send(url: string, init: ApiRequestInit): Promise<Response> {
  const { json, body, timeoutMs = DEFAULT_TIMEOUT_MS, signal, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  let requestBody = body;
  if (json !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(json);
  }

  const limit = withTimeout(signal ?? undefined, timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: requestHeaders,
      body: requestBody,
      credentials: 'include',
      signal: limit.signal,
    });
  } catch (error) {
    if (limit.timedOut()) throw new NetworkError('The request timed out.', { cause: error, reason: 'timedOut' });
    if (signal?.aborted) throw error;
    noteNoAnswer();
    throw new OfflineError(undefined, { cause: error });
  } finally {
    limit.clear();
  }

  if (!response.ok) {
    const error = await toHttpError(response);
    noteServerAnswer(response.status, error, response.headers.get('Retry-After'));
    if (error.code === PASSWORD_CHANGE_REQUIRED) redirectTo(CHANGE_PASSWORD_URL);
    throw error;
  }
  noteServerAnswer(response.status, null, null);
  return response;
}

/**
 * The parsed JSON body of a response; `undefined` for an empty body (such as a 204).
 *
 * @throws {OfflineError} when the connection closes while the body is read.
 * @throws {NetworkError} when the body is not valid JSON.
 */
export async function readJson(response: Pick<Response, 'text'>): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new OfflineError('The connection closed while reading the response.', { cause: error, reason: 'connectionClosed' });
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new NetworkError(undefined, { cause: error });
  }
}

/**
 * The {@link HttpError} of a non-2xx response, from the API's error body
 * `{"error": {"code", "message"}}` or, failing that, its status; also used for uploads
 * (docs/product.md#recordings). Reads the body. Never rejects.
 */
export async function toHttpError(response: Response): Promise<HttpError> {
  const fallback = new HttpError(response.status, `http_${response.status}`, response.statusText || `HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return fallback;
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return fallback;
  const { code, message, fields, reasons } = error as { code?: unknown; message?: unknown; fields?: unknown; reasons?: unknown };
  return new HttpError(
    response.status,
    typeof code === 'string' ? code : fallback.code,
    typeof message === 'string' ? message : fallback.message,
    undefined,
    stringFields(fields),
    stringFields(reasons),
  );
}

/** The `fields` (or `reasons`) of an error body, keeping only string values; `{}` when absent or malformed. */
function stringFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** An abort signal that fires on the caller's signal or after `timeoutMs`. */
function withTimeout(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          // i18n-exempt: the abort reason, for developers; the caller throws a NetworkError
          controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
