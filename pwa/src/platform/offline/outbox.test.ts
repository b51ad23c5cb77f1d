import { Blob as NodeBlob } from 'node:buffer';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, type FakeRoute } from '../../test/fetchMock';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { browserLocation } from '../api/redirect';
import { installFakeXhr, useNodeBlobs } from '../../test/fakeXhr';
import { apiFetch } from '../api/api';
import { closeUserDb, openUserDb, upgradeUserDb, userDbName, type UserDb } from '../api/db';
import { countUnsent, RequestQueue, retryDelay, type OutboxItem, type QueueEvent } from './outbox';
import { wireRequest, type ComplaintArea } from './outboxItems';
import { serverStatus } from '../api/serverStatus';

useFakeIndexedDb();

const USER = 'u-student';
const STUDENT_PATH = 'POST /api/student/complaints';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const offline = () => new TypeError('Failed to fetch');
const draft = (n: number) => ({ title: `Complaint ${n}`, description: `Description ${n}` });
/** The item that files complaint `n` as a student (`area` for a teacher's). */
const complaint = (n: number, area: ComplaintArea = 'student'): OutboxItem => ({ kind: 'complaint.file', area, json: draft(n) });

/** Triggers and subscriptions a test started, ended after it. */
const made: Array<{ stop?: () => void; off?: () => void }> = [];
function queueOf(userId = USER): RequestQueue {
  return new RequestQueue(userId);
}

/** A fake endpoint that answers each call with the next answer of `answers` (the last one repeats), echoing a complaint on 2xx. */
function endpoint(...answers: Array<number | Error>): FakeRoute {
  let call = 0;
  return async (request) => {
    const answer = answers[Math.min(call++, answers.length - 1)] ?? 201;
    if (answer instanceof Error) return answer;
    const body = (await request.json()) as { title: string };
    if (answer >= 400) return { status: answer, body: { error: { code: 'refused', message: `Refused: ${body.title}` } } };
    return { status: answer, body: { id: `c-${request.headers.get('Idempotency-Key')}`, title: body.title, status: null } };
  };
}

const sentTitles = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.map((call) => (sentJson(call) as { title: string }).title);
const sentKeys = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.map((call) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key'));
const titles = (items: OutboxItem[]) => items.map((item) => (wireRequest(item).body as unknown as { json: { title: string } }).json.title);

afterEach(() => {
  for (const { stop, off } of made.splice(0)) {
    stop?.();
    off?.();
  }
  vi.useRealTimers();
});

describe('RequestQueue.submit', () => {
  it('sends at once when online, with the key as the Idempotency-Key header only, and leaves nothing queued', async () => {
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const outcome = await queueOf().submit(complaint(1));

    expect(outcome.state).toBe('sent');
    expect(sentJson(spy.mock.calls[0])).toEqual(draft(1));
    const [key] = sentKeys(spy);
    expect(key).toMatch(UUID);
    expect(new Headers((spy.mock.calls[0]?.[1] as RequestInit).headers).get('Content-Type')).toBe('application/json');
    expect(outcome).toEqual({ state: 'sent', result: { id: `c-${key}`, title: 'Complaint 1', status: null } });
    expect(await queueOf().getAll()).toEqual([]);
  });

  it('sends to the path of the request (a teacher’s complaint)', async () => {
    const spy = mockFetch({ 'POST /api/teacher/complaints': endpoint(201) });
    expect((await queueOf('u-teacher').submit(complaint(1, 'teacher'))).state).toBe('sent');
    expect(String(spy.mock.calls[0]?.[0])).toBe('/api/teacher/complaints');
  });

  it.each([
    ['a network error', offline()],
    ['a 503', 503],
    ['a 500', 500],
  ] as const)('queues the request on %s, with its key and time', async (_name, answer) => {
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(answer) });
    const outcome = await queueOf().submit(complaint(1));

    expect(outcome.state).toBe('queued');
    const [item] = await queueOf().getAll();
    expect(item).toMatchObject({ kind: 'complaint.file', area: 'student', json: draft(1), attempts: 1, lastError: null });
    expect(item?.idempotencyKey).toBe(outcome.state === 'queued' ? outcome.item.idempotencyKey : '');
    expect(sentKeys(spy)).toEqual([item?.idempotencyKey]);
    expect(item?.createdAt).toBeGreaterThan(0);
  });

  it('queues without a request while the browser says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    expect((await queueOf().submit(complaint(1))).state).toBe('queued');
    expect(spy).not.toHaveBeenCalled();
    expect(await countUnsent(USER)).toBe(1);
  });

  it('keeps a request the server refuses (4xx) as failed, with the server message', async () => {
    mockFetch({ [STUDENT_PATH]: endpoint(400) });
    const outcome = await queueOf().submit(complaint(1));
    expect(outcome.state).toBe('failed');
    expect(await queueOf().getAll()).toMatchObject([{ attempts: 1, lastError: 'Refused: Complaint 1' }]);
  });

  it('sends directly, as without an outbox, where IndexedDB is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    closeUserDb();
    vi.stubGlobal('indexedDB', undefined);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    expect((await queueOf().submit(complaint(1))).state).toBe('sent');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(sentKeys(spy)[0]).toMatch(UUID);

    mockFetch({ [STUDENT_PATH]: offline() });
    await expect(queueOf().submit(complaint(2))).rejects.toThrow();
  });
});

describe('RequestQueue.replayRequests (docs/contributing.md#the-outbox)', () => {
  async function queueOffline(count: number) {
    for (let n = 1; n <= count; n++) await queueOf().pushRequest(complaint(n));
  }

  it('sends the queued requests in the order they were pushed, then the queue is empty', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const report = await queueOf().replayRequests();

    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
    expect(titles(report.sent.map((s) => s.item))).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
    expect(report.stopped).toBeNull();
    expect(await queueOf().size()).toBe(0);
  });

  it('stops at the first request that cannot be sent; it stays at the head, one attempt more, and the rest wait', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201, 503) });
    const report = await queueOf().replayRequests();

    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2']);
    expect(report.stopped).toBe('unreachable');
    const left = await queueOf().getAll();
    expect(left.map((item) => [titles([item])[0], item.lastError, item.attempts])).toEqual([
      ['Complaint 2', null, 1],
      ['Complaint 3', null, 0],
    ]);

    // The next trigger goes on from the head.
    const again = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await queueOf().replayRequests();
    expect(sentTitles(again)).toEqual(['Complaint 2', 'Complaint 3']);
    expect(await queueOf().getAll()).toEqual([]);
  });

  it('retries with the same idempotency key after a failure', async () => {
    mockFetch({ [STUDENT_PATH]: offline() });
    const outcome = await queueOf().submit(complaint(1));
    const key = outcome.state === 'queued' ? outcome.item.idempotencyKey : 'missing';

    const timeout = mockFetch({ [STUDENT_PATH]: endpoint(504) });
    await queueOf().replayRequests();
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await queueOf().replayRequests();

    expect(sentKeys(timeout)).toEqual([key]);
    expect(sentKeys(spy)).toEqual([key]);
    expect(sentJson(spy.mock.calls[0])).toEqual(draft(1));
    expect(await queueOf().getAll()).toEqual([]);
  });

  it('keeps a 4xx request as failed and goes on with the next; a failed request is not sent again', async () => {
    await queueOffline(2);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(422, 201) });
    const report = await queueOf().replayRequests();
    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2']);
    expect(report.failed.map((item) => item.lastError)).toEqual(['Refused: Complaint 1']);
    expect(await queueOf().getAll()).toMatchObject([{ json: draft(1), lastError: 'Refused: Complaint 1' }]);

    const later = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await queueOf().replayRequests();
    expect(later).not.toHaveBeenCalled();
  });

  it.each([408, 429])('treats a %s as "try again later"', async (status) => {
    await queueOffline(1);
    mockFetch({ [STUDENT_PATH]: endpoint(status) });
    expect((await queueOf().replayRequests()).stopped).toBe('unreachable');
    expect(await queueOf().getAll()).toMatchObject([{ lastError: null, attempts: 1 }]);
  });

  it('keeps the requests queued on a 401 (signed out) and stops', async () => {
    await queueOffline(2);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(401) });
    expect((await queueOf().replayRequests()).stopped).toBe('unauthorized');
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await queueOf().getAll()).map((item) => item.lastError)).toEqual([null, null]);
  });

  it('keeps the requests queued and stops while the user must replace a one-time password (403 password_change_required)', async () => {
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await queueOffline(2);
    const spy = mockFetch({
      [STUDENT_PATH]: { status: 403, body: { error: { code: 'password_change_required', message: 'Choose a new password before you go on.' } } },
    });
    expect((await queueOf().replayRequests()).stopped).toBe('unauthorized');
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await queueOf().getAll()).map((item) => item.lastError)).toEqual([null, null]);
  });

  it('runs one replay at a time: calls during a replay never send a request twice', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const queue = queueOf();
    await Promise.all([queue.replayRequests(), queue.replayRequests(), queue.replayRequests()]);
    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
  });

  it('keeps the queue across a reload (a new connection reads the same requests)', async () => {
    await queueOffline(2);
    closeUserDb();
    expect(titles(await queueOf().getAll())).toEqual(['Complaint 1', 'Complaint 2']);
  });

  it('keeps each user’s queue apart', async () => {
    await queueOf('u-a').pushRequest(complaint(1));
    await queueOf('u-b').pushRequest(complaint(2, 'teacher'));
    expect(titles(await queueOf('u-a').getAll())).toEqual(['Complaint 1']);
    expect(titles(await queueOf('u-b').getAll())).toEqual(['Complaint 2']);
  });

  it('keeps the order of requests pushed in the same millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    for (let n = 1; n <= 3; n++) await queueOf().pushRequest(complaint(n));
    expect(titles(await queueOf().getAll())).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
  });

  it('queues a Blob with its content type and sends it exactly once, as it was', async () => {
    // jsdom's Blob does not survive fake-indexeddb's structured clone; a browser's does, like Node's.
    const blob = new NodeBlob(['RIFF-recording-bytes'], { type: 'audio/webm' }) as unknown as Blob;
    const received: Array<{ type: string | null; key: string | null; text: string }> = [];
    const spy = mockFetch({
      'PUT /api/student/recordings/r1': async (request) => {
        received.push({ type: request.headers.get('Content-Type'), key: request.headers.get('Idempotency-Key'), text: await request.text() });
        return { status: 201, body: { id: 'r1' } };
      },
    });
    const queued = await queueOf().pushRequest({ kind: 'request', method: 'PUT', path: '/api/student/recordings/r1', body: { type: 'blob', blob, contentType: 'audio/webm' } });
    closeUserDb(); // read back from the store, not from memory

    const report = await queueOf().replayRequests();
    await queueOf().replayRequests();

    expect(spy).toHaveBeenCalledTimes(1);
    expect(received).toEqual([{ type: 'audio/webm', key: queued?.idempotencyKey ?? 'missing', text: 'RIFF-recording-bytes' }]);
    expect(report.sent.map((s) => s.result)).toEqual([{ id: 'r1' }]);
    expect(await queueOf().size()).toBe(0);
  });
});

describe('removing and editing queued requests', () => {
  it('removes a queued request without any request', async () => {
    const spy = mockFetch({ [STUDENT_PATH]: offline() });
    const outcome = await queueOf().submit(complaint(1));
    spy.mockClear();
    await queueOf().remove(outcome.state === 'queued' ? outcome.item.id : -1);
    expect(spy).not.toHaveBeenCalled();
    expect(await countUnsent(USER)).toBe(0);
  });

  it('updates a failed request: a new key, queued again in its place, and sent once', async () => {
    for (let n = 1; n <= 3; n++) await queueOf().pushRequest(complaint(n));
    mockFetch({ [STUDENT_PATH]: endpoint(400, 503) });
    const report = await queueOf().replayRequests();
    const [old] = report.failed;
    expect(old).toMatchObject({ lastError: 'Refused: Complaint 1' });

    const edited = await queueOf().update(old?.id ?? -1, { kind: 'complaint.file', area: 'student', json: { title: 'Fixed', description: 'Better' } });
    expect(edited).toMatchObject({ id: old?.id, attempts: 0, lastError: null });
    expect(edited?.idempotencyKey).toMatch(UUID);
    expect(edited?.idempotencyKey).not.toBe(old?.idempotencyKey);
    expect(titles(await queueOf().getAll())).toEqual(['Fixed', 'Complaint 2', 'Complaint 3']);

    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await queueOf().replayRequests();
    await queueOf().replayRequests();
    expect(sentTitles(spy)).toEqual(['Fixed', 'Complaint 2', 'Complaint 3']);
    expect(sentKeys(spy)[0]).toBe(edited?.idempotencyKey);
    expect(await countUnsent(USER)).toBe(0);
  });

  it('resolves null when updating a request that is gone', async () => {
    expect(await queueOf().update(42, complaint(1))).toBeNull();
  });
});

describe('queue events', () => {
  it('tells the subscribers of every instance of the user’s queue what another one did', async () => {
    const events: QueueEvent[] = [];
    const listening = queueOf();
    made.push({ off: listening.subscribe((event) => events.push(event)) });
    const other: QueueEvent[] = [];
    made.push({ off: queueOf('u-other').subscribe((event) => other.push(event)) });

    mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const outcome = await queueOf().submit(complaint(1));
    const result = outcome.state === 'sent' ? outcome.result : null;

    await vi.waitFor(() => expect(events.filter((event) => event.type === 'sent')).toHaveLength(1));
    expect(events.find((event) => event.type === 'sent')).toMatchObject({ method: 'POST', path: '/api/student/complaints', result });
    expect(events.some((event) => event.type === 'changed')).toBe(true);
    expect(other).toEqual([]);
  });
});

describe('replay triggers', () => {
  it('retries with backoff: 5 s, 10 s, 20 s … at most 5 min', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(20)).toBe(300_000);
  });

  it('replays on start, on the online event, on focus and when the page becomes visible', async () => {
    await queueOf().pushRequest(complaint(1));
    const spy = mockFetch({ [STUDENT_PATH]: offline() });

    const stop = queueOf().startTriggers();
    made.push({ stop });
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1)); // app start

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));

    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(3));

    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(4));

    const ok = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(ok).toHaveBeenCalledTimes(1));
    expect(await countUnsent(USER)).toBe(0);
  });

  it('keeps a write answered 503 unavailable queued, not failed, and replays it as soon as the server answers again', async () => {
    let up = false;
    const spy = mockFetch({
      [STUDENT_PATH]: () =>
        up
          ? { status: 201, body: { id: 'c-1', title: 'Complaint 1', status: null } }
          : { status: 503, headers: { 'Retry-After': '2' }, body: { error: { code: 'unavailable', message: 'Oracy cannot reach its database right now.' } } },
      'GET /api/health': { body: { ok: true } },
    });
    const queue = queueOf();
    made.push({ stop: queue.startTriggers() });

    expect((await queue.submit(complaint(1))).state).toBe('queued');
    expect(await queue.getAll()).toMatchObject([{ attempts: 1, lastError: null }]);
    expect(serverStatus()).toEqual({ unavailable: true, retryAfterMs: 2000 });

    // any answer of the server ends the outage; the queue follows at once, long before its 5 s backoff.
    up = true;
    await apiFetch('/api/health');
    await vi.waitFor(() => expect(spy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2));
    await vi.waitFor(async () => expect(await countUnsent(USER)).toBe(0));
  });

  it('schedules the next replay after a failed one and stops when told', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await queueOf().pushRequest(complaint(1));
    const spy = mockFetch({ [STUDENT_PATH]: offline() });

    const stop = queueOf().startTriggers();
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    await vi.advanceTimersByTimeAsync(retryDelay(2));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(3));

    stop();
    await vi.advanceTimersByTimeAsync(retryDelay(10));
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('the upgrade from the complaint outbox (database version 2)', () => {
  /** What version 2 of the app left behind: two queued complaints and a refused one, keyed by their client ids. */
  async function version2Outbox(userId: string) {
    const old = await openDB(userDbName(userId), 2, {
      upgrade: (db, oldVersion, newVersion, tx) => void upgradeUserDb(db as unknown as UserDb, oldVersion, newVersion ?? 2, tx as never),
    });
    const record = (clientId: string, n: number, createdAt: number, status = 'queued', error: string | null = null) => ({
      clientId,
      kind: 'complaint',
      role: 3,
      path: '/api/student/complaints',
      draft: draft(n),
      createdAt,
      status,
      attempts: 1,
      error,
      lastAttemptAt: createdAt,
    });
    // Stored out of key order: version 2 read them by createdAt.
    const tx = old.transaction('outbox', 'readwrite');
    await tx.store.add(record('bbbbbbbb-0000-4000-8000-000000000002', 2, 2_000));
    await tx.store.add(record('aaaaaaaa-0000-4000-8000-000000000001', 1, 1_000));
    await tx.store.add(record('cccccccc-0000-4000-8000-000000000003', 3, 3_000, 'failed', 'Title is too rude.'));
    await tx.done;
    old.close();
  }

  it('keeps every queued complaint, in order, with its client id as the idempotency key, and sends it as before', async () => {
    await version2Outbox(USER);
    expect((await openUserDb(USER))?.version).toBe(4);

    const items = await queueOf().getAll();
    expect(items.map((item) => [item.idempotencyKey, titles([item])[0], item.lastError, item.attempts])).toEqual([
      ['aaaaaaaa-0000-4000-8000-000000000001', 'Complaint 1', null, 1],
      ['bbbbbbbb-0000-4000-8000-000000000002', 'Complaint 2', null, 1],
      ['cccccccc-0000-4000-8000-000000000003', 'Complaint 3', 'Title is too rude.', 1],
    ]);

    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await queueOf().replayRequests();
    expect(sentKeys(spy)).toEqual(['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002']);
    // The body version 2 sent, so a repeat of a send whose answer was lost matches it on the server.
    expect(sentJson(spy.mock.calls[0])).toEqual({ ...draft(1), sId: USER, userId: USER, clientId: 'aaaaaaaa-0000-4000-8000-000000000001' });
    expect(await countUnsent(USER)).toBe(1);
  });
});

describe('multipart bodies (docs/product.md#recordings)', () => {
  const RECORDING_PATH = '/api/student/speaking-tasks/t1/recordings';
  type Received = { key: string | null; contentType: string | null; durationMs: unknown; name: string; type: string; text: string };

  /** A recording endpoint that records what each call carried, answering each with the next of `answers`. */
  function recordingEndpoint(received: Received[], ...answers: Array<number | Error>): FakeRoute {
    let call = 0;
    return async (request) => {
      const answer = answers[Math.min(call++, answers.length - 1)] ?? 201;
      if (answer instanceof Error) return answer;
      const form = await request.formData();
      const audio = form.get('audio') as File;
      received.push({
        key: request.headers.get('Idempotency-Key'),
        contentType: request.headers.get('Content-Type'),
        durationMs: form.get('durationMs'),
        name: audio.name,
        type: audio.type,
        text: await audio.text(),
      });
      if (answer >= 400) return { status: answer, body: { error: { code: 'unsupported_media_type', message: 'This is not audio.' } } };
      return { status: answer, body: { id: 'r1', taskId: 't1', status: 'pending' } };
    };
  }

  const recording = (): OutboxItem => ({
    kind: 'recording.submit',
    taskId: 't1',
    durationMs: 4200,
    delivery: null,
    audio: { blob: new Blob(['fake audio'], { type: 'audio/webm' }), filename: 'answer.webm' },
  });

  it('sends a fresh multipart form once, with the key and the browser’s boundary, and reports progress', async () => {
    await useNodeBlobs();
    const xhr = installFakeXhr();
    const received: Received[] = [];
    mockFetch({ [`POST ${RECORDING_PATH}`]: recordingEndpoint(received, 201) });
    const queue = queueOf();
    const events: QueueEvent[] = [];
    made.push({ off: queue.subscribe((event) => events.push(event)) });

    const outcome = await queue.submit(recording());

    expect(outcome).toEqual({ state: 'sent', result: { id: 'r1', taskId: 't1', status: 'pending' } });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ durationMs: '4200', name: 'answer.webm', type: 'audio/webm', text: 'fake audio' });
    expect(received[0]?.key).toMatch(UUID);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(xhr.sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(xhr.sent[0]?.withCredentials).toBe(true);
    expect(xhr.sent[0]?.body).toBeInstanceOf(FormData);
    const progress = events.flatMap((event) => (event.type === 'progress' ? [event] : []));
    expect(progress.map((event) => event.progress)).toEqual([0.5, 1, 1]);
    expect(progress.every((event) => event.path === RECORDING_PATH)).toBe(true);
    expect(queue.progressOf(progress[0]?.id ?? -1)).toBeNull();
    expect(await queueOf().getAll()).toEqual([]);
  });

  it('keeps a form queued across a reload and delivers it exactly once, with its first key, when back online', async () => {
    await useNodeBlobs();
    installFakeXhr();
    const received: Received[] = [];
    mockFetch({ [`POST ${RECORDING_PATH}`]: recordingEndpoint(received, offline(), 201) });

    const outcome = await queueOf().submit(recording());
    expect(outcome.state).toBe('queued');
    const key = outcome.state === 'queued' ? outcome.item.idempotencyKey : '';
    closeUserDb(); // a reload: a new queue reads the store

    const [stored] = await queueOf().getAll();
    expect(stored && wireRequest(stored).body).toMatchObject({ type: 'form', fields: { durationMs: '4200' }, files: { audio: { filename: 'answer.webm' } } });
    await queueOf().replayRequests();
    await queueOf().replayRequests();

    expect(received.map((r) => r.key)).toEqual([key]);
    expect(received[0]).toMatchObject({ name: 'answer.webm', text: 'fake audio', durationMs: '4200' });
    expect(await queueOf().size()).toBe(0);
  });

  it('keeps a form the server refuses with its message, and retries one answered 503', async () => {
    await useNodeBlobs();
    installFakeXhr();
    const received: Received[] = [];
    mockFetch({ [`POST ${RECORDING_PATH}`]: recordingEndpoint(received, 503, 415) });

    expect((await queueOf().submit(recording())).state).toBe('queued');
    expect((await queueOf().replayRequests()).failed).toHaveLength(1);
    expect(await queueOf().getAll()).toMatchObject([{ attempts: 2, lastError: 'This is not audio.' }]);
    expect(new Set(received.map((r) => r.key)).size).toBe(1);
  });
});

describe('outbox items by kind (docs/contributing.md#the-outbox)', () => {
  const audio = { blob: new Blob(['fake audio'], { type: 'audio/webm' }), filename: 'answer.webm' };

  it('files a complaint at its area’s complaints path, with its JSON body', () => {
    expect(wireRequest(complaint(1))).toEqual({ method: 'POST', path: '/api/student/complaints', body: { type: 'json', json: draft(1) } });
    expect(wireRequest(complaint(1, 'teacher')).path).toBe('/api/teacher/complaints');
  });

  it('sends a recording to its task’s recordings path, as a form with its length and its report', () => {
    const delivery = { pace: 120 } as never;
    expect(wireRequest({ kind: 'recording.submit', taskId: 'a b/c', durationMs: 4200, delivery, audio })).toEqual({
      method: 'POST',
      path: '/api/student/speaking-tasks/a%20b%2Fc/recordings',
      body: { type: 'form', fields: { durationMs: '4200', delivery: JSON.stringify(delivery) }, files: { audio } },
    });
    expect(wireRequest({ kind: 'recording.submit', taskId: 't1', durationMs: 0, delivery: null, audio }).body).toMatchObject({ fields: { durationMs: '0' } });
  });

  it('sends a raw request as it is', () => {
    const request = { method: 'DELETE', path: '/api/student/complaints/c1', body: null } as const;
    expect(wireRequest({ kind: 'request', ...request })).toEqual(request);
  });
});

describe('the upgrade to kinds (database version 3)', () => {
  /** What version 3 left behind: a complaint, a recording and another write, each as its method, path and body. */
  async function version3Outbox(userId: string) {
    const old = await openDB(userDbName(userId), 3, {
      upgrade: (db, oldVersion, newVersion, tx) => void upgradeUserDb(db as unknown as UserDb, oldVersion, newVersion ?? 3, tx as never),
    });
    const state = (n: number) => ({ idempotencyKey: `key-${n}`, createdAt: n, attempts: 1, lastError: null });
    const tx = old.transaction('outbox', 'readwrite');
    await tx.objectStore('outbox').add({ method: 'POST', path: '/api/teacher/complaints', body: { type: 'json', json: draft(1) }, ...state(1) });
    const fields = { durationMs: '4200', delivery: JSON.stringify({ pace: 120 }) };
    const audio = { blob: new NodeBlob(['fake audio'], { type: 'audio/webm' }), filename: 'answer.webm' };
    await tx.objectStore('outbox').add({ method: 'POST', path: '/api/student/speaking-tasks/t%201/recordings', body: { type: 'form', fields, files: { audio } }, ...state(2) });
    await tx.objectStore('outbox').add({ method: 'DELETE', path: '/api/student/complaints/c1', body: null, ...state(3) });
    await tx.done;
    old.close();
  }

  it('gives every stored request its kind, keeping its key, its place and what it sends', async () => {
    await version3Outbox(USER);
    const items = await queueOf().getAll();
    expect(items).toMatchObject([
      { id: 1, kind: 'complaint.file', area: 'teacher', json: draft(1), idempotencyKey: 'key-1', attempts: 1 },
      { id: 2, kind: 'recording.submit', taskId: 't 1', durationMs: 4200, delivery: { pace: 120 }, audio: { filename: 'answer.webm' }, idempotencyKey: 'key-2' },
      { id: 3, kind: 'request', method: 'DELETE', path: '/api/student/complaints/c1', body: null, idempotencyKey: 'key-3' },
    ]);
    expect(items.map((item) => wireRequest(item).path)).toEqual(['/api/teacher/complaints', '/api/student/speaking-tasks/t%201/recordings', '/api/student/complaints/c1']);
    expect(items[1] && wireRequest(items[1]).body).toMatchObject({ type: 'form', fields: { durationMs: '4200', delivery: JSON.stringify({ pace: 120 }) } });
  });
});
