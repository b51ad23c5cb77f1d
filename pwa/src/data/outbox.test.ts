import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, type FakeRoute } from '../test/fetchMock';
import { useFakeIndexedDb } from '../test/fakeIndexedDb';
import { closeUserDb } from './db';
import {
  countUnsent,
  discardOutboxItem,
  editOutboxItem,
  enqueueComplaint,
  listOutbox,
  replayOutbox,
  retryDelay,
  startOutboxTriggers,
  submitComplaint,
  subscribeOutbox,
} from './outbox';

useFakeIndexedDb();

const USER = 'u-student';
const STUDENT_PATH = 'POST /api/student/complaints';
const offline = () => new TypeError('Failed to fetch');
const draft = (n: number) => ({ title: `Complaint ${n}`, description: `Description ${n}` });

/** A fake endpoint that answers each call with the next answer of `answers` (the last one repeats), echoing a complaint on 2xx. */
function endpoint(...answers: Array<number | Error>): FakeRoute {
  let call = 0;
  return async (request) => {
    const answer = answers[Math.min(call++, answers.length - 1)] ?? 201;
    if (answer instanceof Error) return answer;
    const body = (await request.json()) as { title: string; clientId: string };
    if (answer >= 400) return { status: answer, body: { error: { code: 'refused', message: `Refused: ${body.title}` } } };
    return { status: answer, body: { id: `c-${body.clientId}`, title: body.title, status: null } };
  };
}

const sentTitles = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.map((call) => (sentJson(call) as { title: string }).title);
const sentKeys = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.map((call) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key'));

afterEach(() => {
  vi.useRealTimers();
});

describe('submitComplaint ', () => {
  it('sends at once when online, with the client id as body clientId and Idempotency-Key, and leaves nothing queued', async () => {
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const outcome = await submitComplaint(USER, 3, draft(1));

    expect(outcome.state).toBe('sent');
    const body = sentJson(spy.mock.calls[0]) as Record<string, string>;
    expect(body).toMatchObject({ title: 'Complaint 1', description: 'Description 1', sId: USER, userId: USER });
    expect(body.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sentKeys(spy)).toEqual([body.clientId]);
    expect(outcome).toEqual({ state: 'sent', result: { id: `c-${body.clientId}`, title: 'Complaint 1', status: null } });
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('uses tId and the teacher endpoint for a teacher', async () => {
    const spy = mockFetch({ 'POST /api/teacher/complaints': endpoint(201) });
    expect((await submitComplaint('u-teacher', 2, draft(1))).state).toBe('sent');
    expect(sentJson(spy.mock.calls[0])).toMatchObject({ tId: 'u-teacher', userId: 'u-teacher' });
  });

  it.each([
    ['a network error', offline()],
    ['a 503', 503],
    ['a 500', 500],
  ] as const)('queues the complaint on %s, with its key and time', async (_name, answer) => {
    mockFetch({ [STUDENT_PATH]: endpoint(answer) });
    const outcome = await submitComplaint(USER, 3, draft(1));

    expect(outcome.state).toBe('queued');
    const [item] = await listOutbox(USER);
    expect(item).toMatchObject({ kind: 'complaint', role: 3, path: '/api/student/complaints', draft: draft(1), status: 'queued', attempts: 1, error: null });
    expect(item?.clientId).toBe(outcome.state === 'queued' ? outcome.item.clientId : '');
    expect(item?.createdAt).toBeGreaterThan(0);
  });

  it('queues without a request while the browser says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    expect((await submitComplaint(USER, 3, draft(1))).state).toBe('queued');
    expect(spy).not.toHaveBeenCalled();
    expect(await countUnsent(USER)).toBe(1);
  });

  it('marks a complaint the server refuses (4xx) as failed, with the server message', async () => {
    mockFetch({ [STUDENT_PATH]: endpoint(400) });
    const outcome = await submitComplaint(USER, 3, draft(1));
    expect(outcome.state).toBe('failed');
    expect(await listOutbox(USER)).toMatchObject([{ status: 'failed', error: 'Refused: Complaint 1' }]);
  });

  it('sends directly, as without an outbox, where IndexedDB is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    closeUserDb();
    vi.stubGlobal('indexedDB', undefined);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    expect((await submitComplaint(USER, 3, draft(1))).state).toBe('sent');
    expect(spy).toHaveBeenCalledTimes(1);

    mockFetch({ [STUDENT_PATH]: offline() });
    await expect(submitComplaint(USER, 3, draft(2))).rejects.toThrow();
  });
});

describe('replayOutbox (docs/contributing.md#the-outbox)', () => {
  async function queueOffline(count: number) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (let n = 1; n <= count; n++) await submitComplaint(USER, 3, draft(n));
    vi.restoreAllMocks();
  }

  it('sends the queued complaints in the order they were written, then the outbox is empty', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const report = await replayOutbox(USER);

    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
    expect(report.sent.map((s) => s.item.draft.title)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
    expect(report.stopped).toBeNull();
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('stops at the first item that cannot be sent; it stays at the head and the rest wait', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201, 503) });
    const report = await replayOutbox(USER);

    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2']);
    expect(report.stopped).toBe('unreachable');
    const left = await listOutbox(USER);
    expect(left.map((item) => [item.draft.title, item.status, item.attempts])).toEqual([
      ['Complaint 2', 'queued', 1],
      ['Complaint 3', 'queued', 0],
    ]);

    // The next trigger goes on from the head.
    const again = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await replayOutbox(USER);
    expect(sentTitles(again)).toEqual(['Complaint 2', 'Complaint 3']);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('retries with the same idempotency key (and body clientId) after a failure', async () => {
    mockFetch({ [STUDENT_PATH]: offline() });
    const outcome = await submitComplaint(USER, 3, draft(1));
    const key = outcome.state === 'queued' ? outcome.item.clientId : 'missing';

    const timeout = mockFetch({ [STUDENT_PATH]: endpoint(504) });
    await replayOutbox(USER);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await replayOutbox(USER);

    expect(sentKeys(timeout)).toEqual([key]);
    expect(sentKeys(spy)).toEqual([key]);
    expect((sentJson(spy.mock.calls[0]) as { clientId: string }).clientId).toBe(key);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('marks a 4xx item failed and goes on with the next; a failed item is not sent again', async () => {
    await queueOffline(2);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(422, 201) });
    const report = await replayOutbox(USER);
    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2']);
    expect(report.failed.map((item) => item.error)).toEqual(['Refused: Complaint 1']);
    expect(await listOutbox(USER)).toMatchObject([{ draft: draft(1), status: 'failed', error: 'Refused: Complaint 1' }]);

    const later = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await replayOutbox(USER);
    expect(later).not.toHaveBeenCalled();
  });

  it('keeps the items queued on a 401 (signed out) and stops', async () => {
    await queueOffline(2);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(401) });
    expect((await replayOutbox(USER)).stopped).toBe('unauthorized');
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await listOutbox(USER)).map((item) => item.status)).toEqual(['queued', 'queued']);
  });

  it('runs one replay at a time: calls during a replay never send an item twice', async () => {
    await queueOffline(3);
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    await Promise.all([replayOutbox(USER), replayOutbox(USER), replayOutbox(USER)]);
    expect(sentTitles(spy)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
  });

  it('keeps the outbox across a reload (a new connection reads the same items)', async () => {
    await queueOffline(2);
    closeUserDb();
    expect((await listOutbox(USER)).map((item) => item.draft.title)).toEqual(['Complaint 1', 'Complaint 2']);
  });

  it('keeps each user’s outbox and each role’s items apart', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await submitComplaint('u-a', 3, draft(1));
    await submitComplaint('u-b', 2, draft(2));
    expect((await listOutbox('u-a')).map((i) => i.draft.title)).toEqual(['Complaint 1']);
    expect(await listOutbox('u-a', 2)).toEqual([]);
    expect((await listOutbox('u-b', 2)).map((i) => i.draft.title)).toEqual(['Complaint 2']);
  });
});

describe('discarding and editing unsent complaints', () => {
  it('discards a queued complaint without any request', async () => {
    const spy = mockFetch({ [STUDENT_PATH]: offline() });
    const outcome = await submitComplaint(USER, 3, draft(1));
    spy.mockClear();
    await discardOutboxItem(USER, outcome.state === 'queued' ? outcome.item.clientId : '');
    expect(spy).not.toHaveBeenCalled();
    expect(await countUnsent(USER)).toBe(0);
  });

  it('edits a failed complaint: a new key, queued again in its place, and sent', async () => {
    mockFetch({ [STUDENT_PATH]: endpoint(400) });
    const outcome = await submitComplaint(USER, 3, draft(1));
    const oldKey = outcome.state === 'failed' ? outcome.item.clientId : '';
    const spy = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    const sent = new Promise((resolve) => {
      const off = subscribeOutbox((event) => {
        if (event.type === 'sent') {
          off();
          resolve(event.result);
        }
      });
    });

    const edited = await editOutboxItem(USER, oldKey, { title: 'Fixed', description: 'Better' });
    expect(edited?.clientId).not.toBe(oldKey);
    expect(await sent).toMatchObject({ title: 'Fixed' });
    expect(sentKeys(spy)).toEqual([edited?.clientId]);
    expect(await countUnsent(USER)).toBe(0);
  });

  it('enqueueComplaint keeps the order of complaints written in the same millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    for (let n = 1; n <= 3; n++) await enqueueComplaint(USER, 3, draft(n));
    expect((await listOutbox(USER)).map((i) => i.draft.title)).toEqual(['Complaint 1', 'Complaint 2', 'Complaint 3']);
  });
});

describe('replay triggers', () => {
  it('retries with backoff: 5 s, 10 s, 20 s … at most 5 min', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(20)).toBe(300_000);
  });

  it('replays on start, on the online event and on focus', async () => {
    mockFetch({ [STUDENT_PATH]: offline() });
    await submitComplaint(USER, 3, draft(1));
    const spy = mockFetch({ [STUDENT_PATH]: offline() });

    const stop = startOutboxTriggers(USER);
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1)); // app start

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));

    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(3));

    const ok = mockFetch({ [STUDENT_PATH]: endpoint(201) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(ok).toHaveBeenCalledTimes(1));
    expect(await countUnsent(USER)).toBe(0);
    stop();
  });

  it('schedules the next replay after a failed one and stops when told', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await submitComplaint(USER, 3, draft(1));
    vi.restoreAllMocks();
    const spy = mockFetch({ [STUDENT_PATH]: offline() });

    const stop = startOutboxTriggers(USER);
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
