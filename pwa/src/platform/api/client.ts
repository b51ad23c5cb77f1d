/**
 * The typed client of the API (docs/contributing.md#typed-client-from-the-servers-types): Hono's
 * `hc` over the server's own app type, so every path, parameter, request
 * body and answer shape the PWA uses is checked against the server's code.
 * A change of an answer's shape on the server fails the PWA's typecheck.
 *
 * Requests go through `clientFetch` of `api.ts` (docs/contributing.md#one-way-to-the-network): cookies,
 * `Accept: application/json`, the time limit, and the typed errors
 * `OfflineError`, `NetworkError`, `HttpError(status, code)` on a non-2xx
 * answer. Only types cross from the API workspace (`import type`): nothing
 * of the server is bundled.
 */
import { hc, type ClientRequestOptions, type ClientResponse, type InferRequestType, type InferResponseType } from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '@oracy/api/app';
import { API_ORIGIN } from '../config';
import { clientFetch, readJson } from './api';

/** The API, typed from the server's routes: `client.api.admin.notice.$get()` and so on. */
export const client = hc<AppType>(API_ORIGIN, { fetch: clientFetch() });

/** Options of one call: its abort signal, and a time limit other than the default, in milliseconds. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** time limit in milliseconds; default `DEFAULT_TIMEOUT_MS` of `api.ts`, `0` disables it */
  timeoutMs?: number;
}

/** `hc`'s per-call options for {@link CallOptions} (pass as the method's second argument). */
export function callOptions({ signal, timeoutMs }: CallOptions = {}): ClientRequestOptions {
  return {
    ...(timeoutMs === undefined ? {} : { fetch: clientFetch(timeoutMs) }),
    ...(signal ? { init: { signal } } : {}),
  };
}

/** The JSON body of the 2xx answers among the client responses `R`. */
export type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer F> ? (S extends SuccessStatusCode ? (F extends 'json' ? T : never) : never) : never;

/** The 2xx JSON answer of a client method, e.g. `Answer<typeof client.api.admin.stats.$get>`. */
export type Answer<M> = InferResponseType<M, SuccessStatusCode>;

/** The JSON request body of a client method, as the server's validator takes it (the schema's input type). */
export type JsonBody<M> = InferRequestType<M> extends { json: infer B } ? B : never;

/**
 * Waits for a typed call and returns its parsed 2xx JSON body.
 *
 * @example `const stats = await json(client.api.admin.stats.$get(undefined, callOptions({ signal })))`
 * @throws {OfflineError} | {NetworkError} | {HttpError} as `apiFetch` (a non-2xx answer is an `HttpError`);
 *   {NetworkError} also when the body is not valid JSON.
 */
export async function json<R extends ClientResponse<unknown, number, ResponseFormat>>(request: Promise<R>): Promise<SuccessBody<R>> {
  const response = await request;
  return (await readJson(response)) as SuccessBody<R>;
}

/**
 * Waits for a typed call whose answer is not read (e.g. a 204).
 *
 * @throws {OfflineError} | {NetworkError} | {HttpError} as `apiFetch`.
 */
export async function done(request: Promise<unknown>): Promise<void> {
  await request;
}
