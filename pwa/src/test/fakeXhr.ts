/**
 * Uploads in tests (docs/product.md#recordings): the outbox sends multipart bodies with
 * `XMLHttpRequest` for its upload progress. {@link installFakeXhr} replaces it with one that
 * hands each request to the (mocked) `fetch`, so `mockFetch`'s routes answer uploads too, and
 * reports upload progress at half and at the end of the body. {@link useNodeBlobs} gives a test
 * Node's `Blob` and `FormData`, which, unlike jsdom's, survive fake-indexeddb's structured clone
 * (as a browser's do) and serialise into a `Request`.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { vi } from 'vitest';

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** Node's own `FormData` (undici's), which jsdom's global hides. */
async function nodeFormData(): Promise<typeof FormData> {
  const parsed = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  return parsed.constructor as typeof FormData;
}

/** Stubs `Blob` and `FormData` with Node's for the current test, so recordings can be queued (docs/product.md#recordings); the pwa project unstubs globals after each test. */
export async function useNodeBlobs(): Promise<void> {
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('FormData', await nodeFormData());
}

/** An `XMLHttpRequest` that sends through the global `fetch`: what the outbox's upload uses of it (docs/product.md#recordings). */
export class FakeXhr {
  /** Every request made, in order. */
  static sent: FakeXhr[] = [];
  /** Progress steps reported before the answer (fractions of the body). */
  static steps = [0.5, 1];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  body: unknown = null;
  /** The answer's headers, once it has come. */
  responseHeaders = new Headers();
  readonly upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
    void (async () => {
      let response: Response;
      try {
        response = await fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit });
      } catch {
        this.onerror?.();
        return;
      }
      for (const step of FakeXhr.steps) this.upload.onprogress?.({ lengthComputable: true, loaded: step * 100, total: 100 });
      this.status = response.status;
      this.statusText = response.statusText;
      this.responseHeaders = response.headers;
      this.responseText = await response.text();
      this.onload?.();
    })();
  }
}

/** Installs {@link FakeXhr} as `XMLHttpRequest` for the current test (uploads, docs/product.md#recordings); returns it, its `sent` emptied. */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  FakeXhr.steps = [0.5, 1];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
