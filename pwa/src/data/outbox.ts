/**
 * The complaint outbox (docs/contributing.md#the-outbox, issue 7 "The complaint
 * outbox"): a complaint is first written to the `outbox` store of the user's
 * IndexedDB with a client-generated UUID — its idempotency key — and then
 * sent. Whatever cannot be sent now (offline, a time-out, a 5xx) stays queued
 * and is replayed, oldest first, on app start, on the `online` event, when
 * the app regains focus, on socket reconnect ({@link requestOutboxReplay})
 * and on a periodic retry with backoff. The first item that still cannot be
 * sent stays at the head and stops the replay until the next trigger, so the
 * order is kept; the server answers a repeated key with the first complaint,
 * so a retry after a lost answer never files a second one. A 4xx other than
 * 401/408/429 marks the item `failed` with the server's message; the user
 * edits or discards it. Items survive reloads and closing the browser.
 *
 * Background Sync is not used: Safari lacks it (docs/contributing.md#the-outbox).
 */
import { HttpError, postJson } from './api';
import { isUnreachable } from './cache';
import { openUserDb, type ComplaintDraft, type OutboxRecord, type UserDb } from './db';

export type { ComplaintDraft, OutboxRecord } from './db';

/** Where each role files complaints (docs/product.md#student-calls, docs/product.md#teacher-calls). */
export const COMPLAINT_PATHS = { 2: '/api/teacher/complaints', 3: '/api/student/complaints' } as const;

/** The first retry delay after a replay that could not reach the server, in ms. */
export const RETRY_BASE_MS = 5_000;
/** The longest retry delay, in ms (the delay doubles per failed replay up to this). */
export const RETRY_MAX_MS = 5 * 60_000;

/** What happened to the outbox: its items changed, or one of them reached the server. */
export type OutboxEvent =
  | { type: 'changed'; userId: string }
  | { type: 'sent'; userId: string; item: OutboxRecord; result: unknown };

/** Why a replay stopped before the outbox was empty. */
export type ReplayStop = 'offline' | 'unreachable' | 'unauthorized' | 'unavailable';

/** What one {@link replayOutbox} call did. */
export interface ReplayReport {
  /** The items the server accepted, in the order sent, with its answers (the complaints). */
  sent: Array<{ item: OutboxRecord; result: unknown }>;
  /** Items the server refused during this replay (now `failed`). */
  failed: OutboxRecord[];
  /** Why it stopped with queued items left, or `null` when none are left. */
  stopped: ReplayStop | null;
}

/** What {@link submitComplaint} did with a complaint. */
export type SubmitOutcome<T> =
  | { state: 'sent'; result: T }
  | { state: 'queued'; item: OutboxRecord }
  | { state: 'failed'; item: OutboxRecord };

const listeners = new Set<(event: OutboxEvent) => void>();

/** Calls `listener` on every {@link OutboxEvent}; returns the unsubscribe function. */
export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: OutboxEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('An outbox listener failed', error);
    }
  }
}

/** A new idempotency key: a random UUID (v4). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (http on a LAN address) randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let lastCreatedAt = 0;
/** Strictly increasing timestamps, so two complaints written in one millisecond keep their order. */
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

/**
 * The outbox of `userId`, oldest first, optionally only one role's items;
 * `[]` when it cannot be read (logged).
 */
export async function listOutbox(userId: string, role?: 2 | 3): Promise<OutboxRecord[]> {
  try {
    const db = await openUserDb(userId);
    if (!db) return [];
    const items = await db.getAllFromIndex('outbox', 'byCreatedAt');
    return role === undefined ? items : items.filter((item) => item.role === role);
  } catch (error) {
    console.warn('Could not read the outbox', error);
    return [];
  }
}

/** How many items of `userId` have not reached the server (queued or failed). */
export async function countUnsent(userId: string): Promise<number> {
  return (await listOutbox(userId)).length;
}

/**
 * Writes a complaint to the outbox as `queued` with a new idempotency key.
 * Resolves the stored item, or `null` (logged) when the outbox is unavailable.
 */
export async function enqueueComplaint(userId: string, role: 2 | 3, draft: ComplaintDraft): Promise<OutboxRecord | null> {
  const item: OutboxRecord = {
    clientId: newClientId(),
    kind: 'complaint',
    role,
    path: COMPLAINT_PATHS[role],
    draft: { title: draft.title, description: draft.description },
    createdAt: nextCreatedAt(),
    status: 'queued',
    attempts: 0,
    error: null,
    lastAttemptAt: null,
  };
  try {
    const db = await openUserDb(userId);
    if (!db) return null;
    await db.add('outbox', item);
  } catch (error) {
    console.warn('Could not queue the complaint', error);
    return null;
  }
  emit({ type: 'changed', userId });
  return item;
}

/**
 * Removes an item without sending anything . Failures are logged.
 */
export async function discardOutboxItem(userId: string, clientId: string): Promise<void> {
  try {
    const db = await openUserDb(userId);
    await db?.delete('outbox', clientId);
  } catch (error) {
    console.warn('Could not discard the queued complaint', error);
  }
  emit({ type: 'changed', userId });
}

/**
 * Replaces a failed (or queued) item's fields and queues it again in its
 * place, under a NEW idempotency key (the old one may be bound to the refused
 * body on the server), then replays the outbox. Resolves the new item, or
 * `null` when the item is gone.
 */
export async function editOutboxItem(userId: string, clientId: string, draft: ComplaintDraft): Promise<OutboxRecord | null> {
  let updated: OutboxRecord | null = null;
  try {
    const db = await openUserDb(userId);
    if (!db) return null;
    const tx = db.transaction('outbox', 'readwrite');
    const item = await tx.store.get(clientId);
    if (item) {
      updated = { ...item, clientId: newClientId(), draft: { ...draft }, status: 'queued', error: null, attempts: 0, lastAttemptAt: null };
      await tx.store.delete(clientId);
      await tx.store.add(updated);
    }
    await tx.done;
  } catch (error) {
    console.warn('Could not edit the queued complaint', error);
    return null;
  }
  emit({ type: 'changed', userId });
  if (updated) void replayOutbox(userId);
  return updated;
}

/** The JSON body sent for an item (docs/product.md#api `{title, description, sId|tId, userId}` plus the key). */
function requestBody(userId: string, item: OutboxRecord): Record<string, string> {
  return {
    title: item.draft.title,
    description: item.draft.description,
    [item.role === 3 ? 'sId' : 'tId']: userId,
    userId,
    clientId: item.clientId,
  };
}

/** Sends one item: the body carries `clientId`, the `Idempotency-Key` header the same key. */
function send(userId: string, item: OutboxRecord): Promise<unknown> {
  return postJson(item.path, requestBody(userId, item), { headers: { 'Idempotency-Key': item.clientId } });
}

/** Statuses that say "try again later" rather than "this request is wrong". */
function isRetryableStatus(error: HttpError): boolean {
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** One pass over the outbox, oldest first, stopping at the first item that cannot be sent now. */
async function replayOnce(userId: string): Promise<ReplayReport> {
  const report: ReplayReport = { sent: [], failed: [], stopped: null };
  const db = await openUserDb(userId);
  if (!db) return { ...report, stopped: 'unavailable' };
  const seen = new Set<string>();
  for (;;) {
    let head: OutboxRecord | undefined;
    try {
      head = (await db.getAllFromIndex('outbox', 'byCreatedAt')).find((item) => item.status === 'queued');
    } catch (error) {
      console.warn('Could not read the outbox', error);
      return { ...report, stopped: 'unavailable' };
    }
    if (!head) return report;
    if (browserIsOffline()) return { ...report, stopped: 'offline' };
    // An item met twice in one pass means the store did not take our writes.
    if (seen.has(head.clientId)) return { ...report, stopped: 'unavailable' };
    seen.add(head.clientId);

    const attempt = await updateIfPresent(db, head.clientId, (item) => ({ ...item, attempts: item.attempts + 1, lastAttemptAt: Date.now() }));
    if (!attempt) continue; // discarded meanwhile
    try {
      const result = await send(userId, attempt);
      await db.delete('outbox', attempt.clientId);
      report.sent.push({ item: attempt, result });
      emit({ type: 'sent', userId, item: attempt, result });
      emit({ type: 'changed', userId });
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return { ...report, stopped: 'unauthorized' };
      if (isUnreachable(error) || !(error instanceof HttpError) || isRetryableStatus(error)) {
        emit({ type: 'changed', userId });
        return { ...report, stopped: 'unreachable' };
      }
      const failed = await updateIfPresent(db, attempt.clientId, (item) => ({ ...item, status: 'failed', error: error.message }));
      if (failed) report.failed.push(failed);
      emit({ type: 'changed', userId });
    }
  }
}

/**
 * Rewrites an item if it is still there (the user may have discarded it
 * meanwhile); resolves the new record, or `null` when it is gone or the
 * item could not be read. A failed write is logged; the change is still returned.
 */
async function updateIfPresent(db: UserDb, clientId: string, change: (item: OutboxRecord) => OutboxRecord): Promise<OutboxRecord | null> {
  let updated: OutboxRecord | null = null;
  try {
    const tx = db.transaction('outbox', 'readwrite');
    const item = await tx.store.get(clientId);
    updated = item ? change(item) : null;
    if (updated) await tx.store.put(updated);
    await tx.done;
  } catch (error) {
    console.warn('Could not update the queued complaint', error);
  }
  return updated;
}

interface ReplayState {
  running: Promise<ReplayReport> | null;
  again: boolean;
  /** Replays in a row that stopped with items left; drives the backoff. */
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const replays = new Map<string, ReplayState>();
let activeUserId: string | null = null;

function stateOf(userId: string): ReplayState {
  let state = replays.get(userId);
  if (!state) {
    state = { running: null, again: false, failures: 0, timer: null };
    replays.set(userId, state);
  }
  return state;
}

/** Runs `work` under a cross-tab lock where the browser has Web Locks, so two tabs never send the same item at once. */
function withLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return work();
  return locks.request(`oracy-outbox-${userId}`, work) as Promise<T>;
}

/** The retry delay after `failures` replays in a row stopped, in ms: 5 s, 10 s, 20 s … at most 5 min. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

/**
 * Sends the queued items of `userId`, oldest first (see the module comment).
 * Only one replay per user runs at a time: a call during a replay makes it
 * pass over the outbox once more and resolves when it is done. While the
 * triggers of {@link startOutboxTriggers} run for this user, a replay that
 * stops with items left schedules the next one with backoff. Never rejects.
 */
export function replayOutbox(userId: string): Promise<ReplayReport> {
  const state = stateOf(userId);
  if (state.running) {
    state.again = true;
    return state.running;
  }
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  state.running = (async () => {
    const total: ReplayReport = { sent: [], failed: [], stopped: null };
    try {
      do {
        state.again = false;
        const report = await withLock(userId, () => replayOnce(userId));
        total.sent.push(...report.sent);
        total.failed.push(...report.failed);
        total.stopped = report.stopped;
      } while (state.again && total.stopped === null);
    } catch (error) {
      console.error('The outbox replay failed', error);
      total.stopped = 'unavailable';
    }
    return total;
  })().then((total) => {
    state.running = null;
    scheduleRetry(userId, state, total);
    return total;
  });
  return state.running;
}

function scheduleRetry(userId: string, state: ReplayState, report: ReplayReport): void {
  if (report.stopped === null || report.stopped === 'unavailable' || report.stopped === 'unauthorized') {
    state.failures = 0;
    return;
  }
  state.failures += 1;
  if (activeUserId !== userId || state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    if (activeUserId === userId) void replayOutbox(userId);
  }, retryDelay(state.failures));
}

/**
 * Files a complaint through the outbox: writes it (queued, with its
 * idempotency key) and replays the outbox at once. Resolves
 * - `sent` with the server's answer (the complaint) when it went through now;
 * - `queued` when the network is unavailable (it will be sent later);
 * - `failed` when the server refused it (4xx; the item keeps the message).
 * Where IndexedDB is unavailable it is sent directly, as without an outbox,
 * and the request's error is thrown (`OfflineError`, `HttpError` …).
 */
export async function submitComplaint<T = unknown>(userId: string, role: 2 | 3, draft: ComplaintDraft): Promise<SubmitOutcome<T>> {
  const item = await enqueueComplaint(userId, role, draft);
  if (!item) {
    const result = await send(userId, { ...itemTemplate(role, draft), clientId: newClientId() });
    return { state: 'sent', result: result as T };
  }
  let result: { value: unknown } | null = null;
  const unsubscribe = subscribeOutbox((event) => {
    if (event.type === 'sent' && event.item.clientId === item.clientId) result = { value: event.result };
  });
  try {
    await replayOutbox(userId);
  } finally {
    unsubscribe();
  }
  if (result) return { state: 'sent', result: (result as { value: unknown }).value as T };
  const stored = (await listOutbox(userId)).find((entry) => entry.clientId === item.clientId);
  if (stored?.status === 'failed') return { state: 'failed', item: stored };
  return { state: 'queued', item: stored ?? item };
}

function itemTemplate(role: 2 | 3, draft: ComplaintDraft): OutboxRecord {
  return {
    clientId: '',
    kind: 'complaint',
    role,
    path: COMPLAINT_PATHS[role],
    draft,
    createdAt: Date.now(),
    status: 'queued',
    attempts: 0,
    error: null,
    lastAttemptAt: null,
  };
}

/**
 * Starts replaying `userId`'s outbox now (app start) and again on the
 * `online` event, when the window regains focus or becomes visible, and on a
 * backoff timer after a replay that could not finish. Returns the function
 * that stops all of that (sign-out, another user).
 */
export function startOutboxTriggers(userId: string): () => void {
  activeUserId = userId;
  stateOf(userId).failures = 0;
  const replay = () => void replayOutbox(userId);
  const onVisible = () => {
    if (document.visibilityState === 'visible') replay();
  };
  window.addEventListener('online', replay);
  window.addEventListener('focus', replay);
  document.addEventListener('visibilitychange', onVisible);
  replay();
  return () => {
    window.removeEventListener('online', replay);
    window.removeEventListener('focus', replay);
    document.removeEventListener('visibilitychange', onVisible);
    const state = replays.get(userId);
    if (state?.timer) clearTimeout(state.timer);
    if (state) state.timer = null;
    if (activeUserId === userId) activeUserId = null;
  };
}

/**
 * Replays the outbox of the user whose triggers run, if any. For other
 * reconnect signals, such as the chat socket's `connect` (docs/contributing.md#the-outbox).
 */
export function requestOutboxReplay(): void {
  if (activeUserId) void replayOutbox(activeUserId);
}
