/**
 * Multipart uploads with progress (docs/product.md#recordings): `fetch` cannot report how much
 * of a request body has gone, so the outbox sends its `form` bodies with `XMLHttpRequest`, whose
 * `upload.onprogress` can. Failures are the same typed errors as `api.ts`'s, so the outbox
 * treats an upload like any other request.
 */
import { API_ORIGIN } from '../config';
import { HttpError, NetworkError, noteNoAnswer, noteServerAnswer, OfflineError, toHttpError } from './api';

/** The time limit of an upload, in ms: a 10 MB recording on a slow phone network takes a while. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** What {@link uploadForm} sends. */
export interface UploadRequest {
  method: string;
  /** The API path, e.g. `/api/student/speaking-tasks/{taskId}/recordings`. */
  path: string;
  /** A fresh form for this send: its boundary is the browser's. */
  form: FormData;
  /** Extra headers, e.g. `Idempotency-Key` (never `Content-Type`: the browser sets it with the boundary). */
  headers?: Record<string, string>;
  /** Called as the body goes out with the share sent so far, 0–1 (when the browser knows the total). */
  onProgress?: (fraction: number) => void;
  /** Time limit in ms; default {@link UPLOAD_TIMEOUT_MS}, `0` disables it. */
  timeoutMs?: number;
}

/**
 * Sends a multipart form to the API with `XMLHttpRequest` and resolves the answer's
 * text once its status is 2xx (docs/product.md#recordings). Sends the session cookie (as
 * `api.ts` does, also to a separate `API_ORIGIN`) and `Accept: application/json`.
 * @throws {OfflineError} when no answer arrives (offline, connection dropped, aborted).
 * @throws {NetworkError} when the time limit passes.
 * @throws {HttpError} when the status is not 2xx, with the API's code and message.
 */
export function uploadForm({ method, path, form, headers = {}, onProgress, timeoutMs = UPLOAD_TIMEOUT_MS }: UploadRequest): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_ORIGIN}${path}`);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        noteServerAnswer(xhr.status, null, null);
        onProgress?.(1);
        resolve(text);
        return;
      }
      if (xhr.status === 0) {
        reject(new OfflineError());
        return;
      }
      const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
      void toHttpError(new Response(text, { status, statusText: xhr.statusText })).then(
        (error) => {
          noteServerAnswer(status, error, xhr.getResponseHeader('Retry-After'));
          reject(error);
        },
        () => reject(new HttpError(xhr.status, `http_${xhr.status}`, xhr.statusText || `HTTP ${xhr.status}`)),
      );
    };
    xhr.onerror = () => {
      noteNoAnswer();
      reject(new OfflineError());
    };
    xhr.onabort = () => reject(new OfflineError('The upload was interrupted.', { reason: 'uploadInterrupted' }));
    xhr.ontimeout = () => reject(new NetworkError('The request timed out.', { reason: 'timedOut' }));
    xhr.send(form);
  });
}
