/**
 * The outbox (docs/contributing.md#the-outbox): a queue of API writes, kept
 * in the `outbox` store of the user's IndexedDB so that it survives reloads
 * and closing the browser. A write is first stored with a client-generated
 * UUID — its idempotency key, sent as the `Idempotency-Key` header — and then
 * sent. Whatever cannot be sent now (offline, a time-out, a 408, 429 or 5xx —
 * among them the 503 `unavailable` of a server whose database is down)
 * stays queued and is replayed from the head, in order, on app start, on the
 * `online` event, when the app regains focus, when the server answers again
 * after a 503 `unavailable` (`serverStatus.ts`) and on a retry with backoff
 * ({@link RequestQueue.startTriggers}). The first request that still cannot be
 * sent stays at the head and stops the replay until the next trigger, so the
 * order is kept; the server answers a repeated key with the first answer, so
 * a retry after a lost answer never writes twice. A 4xx other than
 * 401/408/429 (and the 403 of a user who must still replace a one-time password, which
 * stops the replay like a 401) keeps the request with the server's message (`lastError`); it
 * is not sent again until the user edits ({@link RequestQueue.update}) or
 * discards ({@link RequestQueue.remove}) it.
 *
 * The shape follows Workbox's background-sync `Queue`, run in the page:
 * Background Sync is not used, Safari lacks it (docs/contributing.md#the-outbox).
 */
import { apiFetch, HttpError, PASSWORD_CHANGE_REQUIRED } from '../api/api';
import { isUnreachable } from '../api/cache';
import { openUserDb, type QueuedRequest, type UserDb } from '../api/db';
import { onServerBack } from '../api/serverStatus';
import { uploadForm } from '../api/upload';

import { subjectOf, wireRequest, type OutboxItem, type OutboxSubject, type QueuedBody, type QueuedMethod } from './outboxItems';

export type { QueuedRequest } from '../api/db';
export type { OutboxItem } from './outboxItems';

/** The first retry delay after a replay that could not reach the server, in ms. */
export const RETRY_BASE_MS = 5_000;
/** The longest retry delay, in ms (the delay doubles per failed replay up to this). */
export const RETRY_MAX_MS = 5 * 60_000;

/** The retry delay after `failures` replays in a row stopped, in ms: 5 s, 10 s, 20 s … at most 5 min. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

/**
 * What happened to a user's queue, in this tab or another one: its requests
 * changed, one of them reached the server (`result`: the parsed JSON
 * answer, `undefined` for an empty one), or part of a multipart body went
 * out (`progress`: the share sent, 0–1; `form` bodies only,
 * docs/product.md#recordings). `subject` says what the write is, `method` and `path` what it was sent as.
 */
export type QueueEvent =
  | { type: 'changed' }
  | { type: 'sent'; id: number; subject: OutboxSubject; method: QueuedMethod; path: string; result: unknown }
  | { type: 'progress'; id: number; subject: OutboxSubject; path: string; progress: number };

/** Why a replay stopped before every sendable request was sent. */
export type ReplayStop = 'offline' | 'unreachable' | 'unauthorized' | 'unavailable';

/** What one {@link RequestQueue.replayRequests} call did. */
export interface ReplayReport {
  /** The requests the server accepted, in the order sent, with its answers. */
  sent: Array<{ item: QueuedRequest; result: unknown }>;
  /** The requests the server refused during this replay (now with `lastError`). */
  failed: QueuedRequest[];
  /** Why it stopped with sendable requests left, or `null` when none are left. */
  stopped: ReplayStop | null;
}

/** What {@link RequestQueue.submit} did with a request. */
export type SubmitOutcome<T> = { state: 'sent'; result: T } | { state: 'queued'; item: QueuedRequest } | { state: 'failed'; item: QueuedRequest };

/** A new idempotency key: a random UUID (v4). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (http on a LAN address) randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh `FormData` of a `form` body (docs/product.md#recordings): its text fields, then its files with their names. */
export function toFormData(body: Extract<QueuedBody, { type: 'form' }>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
  for (const [name, file] of Object.entries(body.files)) form.append(name, file.blob, file.filename);
  return form;
}

/** An answer's text as JSON; `undefined` when empty or not JSON. */
function parseAnswer(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request with its `Idempotency-Key`: through `apiFetch`, or, for
 * a `form` body, as a fresh `FormData` through `uploadForm` (XMLHttpRequest,
 * reporting upload progress to `onProgress`, 0–1). Resolves the parsed JSON
 * answer (`undefined` when empty or not JSON: a 2xx means the server has it,
 * so it is never sent again).
 * @throws the errors of `apiFetch` (`OfflineError`, `NetworkError`, `HttpError`).
 */
async function send(queued: OutboxItem & { idempotencyKey: string }, onProgress?: (progress: number) => void): Promise<unknown> {
  const headers: Record<string, string> = { 'Idempotency-Key': queued.idempotencyKey };
  const item = wireRequest(queued);
  const { body } = item;
  if (body?.type === 'form') {
    return parseAnswer(await uploadForm({ method: item.method, path: item.path, form: toFormData(body), headers, onProgress }));
  }
  const response =
    body?.type === 'blob'
      ? await apiFetch(item.path, { method: item.method, body: body.blob, headers: { ...headers, 'Content-Type': body.contentType } })
      : await apiFetch(item.path, { method: item.method, headers, ...(body?.type === 'json' ? { json: body.json } : {}) });
  try {
    return parseAnswer(await response.text());
  } catch {
    return undefined;
  }
}

/** Statuses that say "try again later" rather than "this request is wrong". */
function isRetryableStatus(error: HttpError): boolean {
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The name of the cross-tab lock and broadcast channel of a user's queue. */
function channelName(userId: string): string {
  return `oracy-outbox-${userId}`;
}

/** Runs `work` under a cross-tab lock where the browser has Web Locks, so two queues never send the same request at once. */
function withLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return work();
  return locks.request(channelName(userId), work) as Promise<T>;
}

/**
 * The outbox of one user: a view of the `outbox` store of their database,
 * which holds all of the queue's data. Any number of instances may exist for
 * the same user, in one tab or several: each replays one pass at a time, the
 * passes of all of them are serialised by a Web Lock where the browser has
 * Web Locks (elsewhere a request sent twice is answered once, by its key),
 * and every instance's subscribers hear what any of them did (a
 * `BroadcastChannel`). No method rejects except {@link RequestQueue.submit},
 * where IndexedDB is missing.
 */
export class RequestQueue {
  /** The user whose database holds this queue. */
  readonly userId: string;
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  /** Open while someone subscribes: hears the other instances, in this tab and others. */
  private channel: BroadcastChannel | null = null;
  private running: Promise<ReplayReport> | null = null;
  private again = false;
  /** Replays in a row that stopped with requests left; drives the backoff. */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private triggersRunning = false;
  /** The upload progress (0–1) of the `form` requests this instance is sending, by id. */
  private readonly sending = new Map<number, number>();

  /** A queue for `userId`; it holds no resources until subscribed to or its triggers start. */
  constructor(userId: string) {
    this.userId = userId;
  }

  /** The queued requests, oldest first, failed ones included; `[]` when they cannot be read (logged). */
  async getAll(): Promise<QueuedRequest[]> {
    try {
      const db = await openUserDb(this.userId);
      return db ? await db.getAll('outbox') : [];
    } catch (error) {
      console.warn('Could not read the outbox', error);
      return [];
    }
  }

  /** How many requests have not reached the server (queued or failed); 0 when unreadable. */
  async size(): Promise<number> {
    try {
      const db = await openUserDb(this.userId);
      return db ? await db.count('outbox') : 0;
    } catch (error) {
      console.warn('Could not read the outbox', error);
      return 0;
    }
  }

  /**
   * Adds a write at the end of the queue with a new idempotency key. Does
   * not send it (see {@link replayRequests}, {@link submit}). Resolves the
   * stored request, or `null` (logged) when the outbox is unavailable.
   */
  async pushRequest(entry: OutboxItem): Promise<QueuedRequest | null> {
    const record = {
      ...entry,
      idempotencyKey: newIdempotencyKey(),
      createdAt: Date.now(),
      attempts: 0,
      lastError: null,
    };
    let item: QueuedRequest;
    try {
      const db = await openUserDb(this.userId);
      if (!db) return null;
      // The store assigns `id`, after every id it gave before.
      const id = await db.add('outbox', record as QueuedRequest);
      item = { ...record, id };
    } catch (error) {
      console.warn('Could not queue the request', error);
      return null;
    }
    this.emit({ type: 'changed' });
    return item;
  }

  /** Removes a request without sending anything. Failures are logged. */
  async remove(id: number): Promise<void> {
    try {
      const db = await openUserDb(this.userId);
      await db?.delete('outbox', id);
    } catch (error) {
      console.warn('Could not discard the queued request', error);
    }
    this.emit({ type: 'changed' });
  }

  /**
   * Replaces a request's write (`entry`: a complaint's edited body …) and queues it again in its
   * place, under a NEW idempotency key (the old one may be bound to the refused body on the
   * server), with its error and attempts cleared. Does not send it. Resolves
   * the new request, or `null` when it is gone or the outbox is unavailable (logged).
   */
  async update(id: number, entry: OutboxItem): Promise<QueuedRequest | null> {
    let updated: QueuedRequest | null = null;
    try {
      const db = await openUserDb(this.userId);
      if (!db) return null;
      const tx = db.transaction('outbox', 'readwrite');
      const item = await tx.store.get(id);
      if (item) {
        updated = { ...entry, id: item.id, createdAt: item.createdAt, idempotencyKey: newIdempotencyKey(), attempts: 0, lastError: null } as QueuedRequest;
        await tx.store.put(updated);
      }
      await tx.done;
    } catch (error) {
      console.warn('Could not edit the queued request', error);
      return null;
    }
    this.emit({ type: 'changed' });
    return updated;
  }

  /**
   * Sends the queued requests from the head, in order (see the module
   * comment), skipping the failed ones. One replay per instance runs at a
   * time: a call during a replay makes it pass over the queue once more and
   * resolves when it is done. While {@link startTriggers} runs, a replay that
   * stops with requests left schedules the next one with backoff. Never rejects.
   */
  replayRequests(): Promise<ReplayReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = (async () => {
      const total: ReplayReport = { sent: [], failed: [], stopped: null };
      try {
        do {
          this.again = false;
          const report = await withLock(this.userId, () => this.replayOnce());
          total.sent.push(...report.sent);
          total.failed.push(...report.failed);
          total.stopped = report.stopped;
        } while (this.again && total.stopped === null);
      } catch (error) {
        console.error('The outbox replay failed', error);
        total.stopped = 'unavailable';
      }
      return total;
    })().then((total) => {
      this.running = null;
      this.scheduleRetry(total);
      return total;
    });
    return this.running;
  }

  /**
   * Queues a request and replays the queue at once. Resolves
   * - `sent` with the server's answer when it went through now;
   * - `queued` when the server cannot be reached (it is sent later);
   * - `failed` when the server refused it (a 4xx; the request keeps the message).
   * Where IndexedDB is unavailable it is sent directly, as without an outbox,
   * and the request's error is thrown (`OfflineError`, `HttpError` …).
   */
  async submit<T = unknown>(entry: OutboxItem): Promise<SubmitOutcome<T>> {
    const item = await this.pushRequest(entry);
    if (!item) {
      const result = await send({ ...entry, idempotencyKey: newIdempotencyKey() });
      return { state: 'sent', result: result as T };
    }
    const report = await this.replayRequests();
    const sent = report.sent.find((entry) => entry.item.id === item.id);
    if (sent) return { state: 'sent', result: sent.result as T };
    const stored = await this.get(item.id);
    if (stored && stored.lastError !== null) return { state: 'failed', item: stored };
    return { state: 'queued', item: stored ?? item };
  }

  /**
   * Calls `listener` on every {@link QueueEvent} of this user's queue, from
   * this instance or any other (in this tab or another); returns the
   * unsubscribe function.
   */
  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.channel && typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(channelName(this.userId));
      this.channel.onmessage = (message: MessageEvent<QueueEvent>) => this.notify(message.data);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.channel?.close();
        this.channel = null;
      }
    };
  }

  /**
   * Replays the queue now (app start) and again on the `online` event, when
   * the window regains focus or becomes visible, when the server is back after
   * a 503 `unavailable` (`onServerBack`), and on a backoff timer after
   * a replay that could not finish. Returns the function that stops all of
   * that (sign-out, another user).
   */
  startTriggers(): () => void {
    this.triggersRunning = true;
    this.failures = 0;
    const replay = () => void this.replayRequests();
    const onVisible = () => {
      if (document.visibilityState === 'visible') replay();
    };
    window.addEventListener('online', replay);
    window.addEventListener('focus', replay);
    document.addEventListener('visibilitychange', onVisible);
    const offServerBack = onServerBack(replay);
    replay();
    return () => {
      offServerBack();
      window.removeEventListener('online', replay);
      window.removeEventListener('focus', replay);
      document.removeEventListener('visibilitychange', onVisible);
      this.triggersRunning = false;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /**
   * How much of request `id`'s `form` body this instance has sent, 0–1, or
   * `null` when it is not sending it (docs/product.md#recordings). Other
   * instances' uploads are heard as `progress` events.
   */
  progressOf(id: number): number | null {
    return this.sending.get(id) ?? null;
  }

  /** The stored request `id`, or `null` when it is gone or unreadable. */
  private async get(id: number): Promise<QueuedRequest | null> {
    try {
      const db = await openUserDb(this.userId);
      return (await db?.get('outbox', id)) ?? null;
    } catch {
      return null;
    }
  }

  /** Tells this instance's subscribers, then the other instances. */
  private emit(event: QueueEvent): void {
    this.notify(event);
    if (typeof BroadcastChannel !== 'function') return;
    try {
      if (this.channel) {
        this.channel.postMessage(event);
      } else {
        const channel = new BroadcastChannel(channelName(this.userId));
        channel.postMessage(event);
        channel.close();
      }
    } catch (error) {
      // An answer that cannot be cloned reaches this instance's subscribers only.
      console.warn('Could not tell the other tabs about the outbox', error);
    }
  }

  private notify(event: QueueEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('An outbox listener failed', error);
      }
    }
  }

  /** One pass over the queue from the head, stopping at the first request that cannot be sent now. */
  private async replayOnce(): Promise<ReplayReport> {
    const report: ReplayReport = { sent: [], failed: [], stopped: null };
    const db = await openUserDb(this.userId);
    if (!db) return { ...report, stopped: 'unavailable' };
    let after: number | null = null;
    for (;;) {
      let head: QueuedRequest | null;
      try {
        head = await nextSendable(db, after);
      } catch (error) {
        console.warn('Could not read the outbox', error);
        return { ...report, stopped: 'unavailable' };
      }
      if (!head) return report;
      if (browserIsOffline()) return { ...report, stopped: 'offline' };
      after = head.id;
      const { id } = head;
      const subject = subjectOf(head);
      const { method, path, body } = wireRequest(head);
      try {
        const onProgress =
          body?.type === 'form'
            ? (progress: number) => {
                this.sending.set(id, progress);
                this.emit({ type: 'progress', id, subject, path, progress });
              }
            : undefined;
        let result: unknown;
        try {
          result = await send(head, onProgress);
        } finally {
          this.sending.delete(head.id);
        }
        await changeIfSame(db, head, null);
        report.sent.push({ item: head, result });
        this.emit({ type: 'sent', id, subject, method, path, result });
        this.emit({ type: 'changed' });
      } catch (error) {
        // Not refused for what it says: the user must sign in again, or first choose their own password.
        if (error instanceof HttpError && (error.status === 401 || error.code === PASSWORD_CHANGE_REQUIRED)) return { ...report, stopped: 'unauthorized' };
        if (isUnreachable(error) || !(error instanceof HttpError) || isRetryableStatus(error)) {
          // It stays at the head, one attempt more.
          await changeIfSame(db, head, (item) => ({ ...item, attempts: item.attempts + 1 }));
          this.emit({ type: 'changed' });
          return { ...report, stopped: 'unreachable' };
        }
        const failed = await changeIfSame(db, head, (item) => ({ ...item, attempts: item.attempts + 1, lastError: error.message }));
        if (failed) report.failed.push(failed);
        this.emit({ type: 'changed' });
      }
    }
  }

  private scheduleRetry(report: ReplayReport): void {
    if (report.stopped === null || report.stopped === 'unavailable' || report.stopped === 'unauthorized') {
      this.failures = 0;
      return;
    }
    this.failures += 1;
    if (!this.triggersRunning || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.triggersRunning) void this.replayRequests();
    }, retryDelay(this.failures));
  }
}

/** The first request after id `after` (from the head when `null`) that waits to be sent, i.e. has no `lastError`. */
async function nextSendable(db: UserDb, after: number | null): Promise<QueuedRequest | null> {
  const range = after === null ? undefined : IDBKeyRange.lowerBound(after, true);
  let cursor = await db.transaction('outbox').store.openCursor(range);
  while (cursor) {
    if (cursor.value.lastError === null) return cursor.value;
    cursor = await cursor.continue();
  }
  return null;
}

/**
 * Deletes (`change` null) or rewrites a request after a send, if it is still
 * the one that was sent: the user may have discarded it, or edited it under a
 * new key, meanwhile. Resolves the new record, or `null`. A failed write is
 * logged.
 */
async function changeIfSame(db: UserDb, sent: QueuedRequest, change: ((item: QueuedRequest) => QueuedRequest) | null): Promise<QueuedRequest | null> {
  let updated: QueuedRequest | null = null;
  try {
    const tx = db.transaction('outbox', 'readwrite');
    const item = await tx.store.get(sent.id);
    if (item && item.idempotencyKey === sent.idempotencyKey) {
      if (change) {
        updated = change(item);
        await tx.store.put(updated);
      } else {
        await tx.store.delete(sent.id);
      }
    }
    await tx.done;
  } catch (error) {
    console.warn('Could not update the queued request', error);
  }
  return updated;
}

/** How many writes of `userId` have not reached the server (queued or failed), for the logout warning (docs/product.md#logout). */
export function countUnsent(userId: string): Promise<number> {
  return new RequestQueue(userId).size();
}
