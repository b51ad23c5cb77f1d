import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, stubHangingFetch } from '../../test/fetchMock';
import { browserLocation } from './redirect';
import { apiFetch, HttpError, isApiError, isServerUnavailable, NetworkError, OfflineError, readJson } from './api';
import { DEFAULT_RETRY_MS, MAX_RETRY_MS, onServerBack, serverStatus } from './serverStatus';

const getJson = async (path: string, init?: Parameters<typeof apiFetch>[1]) => readJson(await apiFetch(path, init));
const postJson = async (path: string, json: unknown) => readJson(await apiFetch(path, { method: 'POST', json }));

describe('api (docs/contributing.md#one-way-to-the-network)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends cookies and asks for JSON', async () => {
    const fetchSpy = mockFetch({ 'GET /api/admin/notice': { body: [{ id: 'n1' }] } });
    await expect(getJson('/api/admin/notice')).resolves.toEqual([{ id: 'n1' }]);
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('posts a JSON body', async () => {
    const fetchSpy = mockFetch({ 'POST /api/things': { status: 201, body: { id: 't1' } } });
    await expect(postJson('/api/things', { name: 'x' })).resolves.toEqual({ id: 't1' });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(sentJson(fetchSpy.mock.calls[0])).toEqual({ name: 'x' });
  });

  it('returns undefined for an empty body', async () => {
    mockFetch({ 'POST /api/empty': { status: 201 } });
    await expect(postJson('/api/empty', {})).resolves.toBeUndefined();
  });

  it('turns an error body into an HttpError with its status, code and message', async () => {
    mockFetch({ 'POST /api/things': { status: 400, body: { error: { code: 'validation_failed', message: 'title is required' } } } });
    const error = await postJson('/api/things', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'title is required' });
    expect(isApiError(error)).toBe(true);
  });

  it('sends the browser to "Choose a new password" on 403 password_change_required, and still rejects with the HttpError', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/admin/notice': { status: 403, body: { error: { code: 'password_change_required', message: 'Choose a new password before you go on.' } } },
      'GET /api/admin/stats': { status: 403, body: { error: { code: 'forbidden', message: 'You are not allowed to do this.' } } },
    });
    await expect(apiFetch('/api/admin/notice')).rejects.toMatchObject({ name: 'HttpError', status: 403, code: 'password_change_required' });
    expect(assign).toHaveBeenCalledWith('/change-password');
    await expect(apiFetch('/api/admin/stats')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('still gives an HttpError when the error body is not the API shape', async () => {
    mockFetch({ 'GET /api/x': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ name: 'HttpError', status: 502, code: 'http_502' });
  });

  it('gives an OfflineError when fetch rejects', async () => {
    mockFetch({ 'GET /api/x': new TypeError('Failed to fetch') });
    await expect(getJson('/api/x')).rejects.toBeInstanceOf(OfflineError);
  });

  it('gives a NetworkError for an unparseable 2xx body', async () => {
    mockFetch({ 'GET /api/x': { body: '{not json' } });
    await expect(getJson('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives a NetworkError when the time limit passes', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    const pending = getJson('/api/slow', { timeoutMs: 1000 });
    vi.advanceTimersByTime(1000);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });

  it('marks the server unavailable on a 503 unavailable, with its Retry-After, until any answer comes', async () => {
    const unavailable = (retryAfter?: string) => ({
      status: 503,
      ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
      body: { error: { code: 'unavailable', message: 'Oracy cannot reach its database right now.' } },
    });
    let answer: { status: number; body: unknown; headers?: Record<string, string> } = unavailable('3');
    mockFetch({ 'GET /api/things': () => answer });
    const back = vi.fn();
    const off = onServerBack(back);

    const error = await getJson('/api/things').catch((e: unknown) => e);
    expect(isServerUnavailable(error)).toBe(true);
    expect(serverStatus()).toEqual({ unavailable: true, retryAfterMs: 3000 });
    answer = unavailable();
    await getJson('/api/things').catch(() => undefined);
    expect(serverStatus()).toEqual({ unavailable: true, retryAfterMs: DEFAULT_RETRY_MS });
    answer = unavailable('3600');
    await getJson('/api/things').catch(() => undefined);
    expect(serverStatus()).toEqual({ unavailable: true, retryAfterMs: MAX_RETRY_MS });

    // another refusal says nothing about the database; an answer says it is back.
    answer = { status: 500, body: { error: { code: 'internal_error', message: 'Boom.' } } };
    const other = await getJson('/api/things').catch((e: unknown) => e);
    expect(isServerUnavailable(other)).toBe(false);
    expect(serverStatus().unavailable).toBe(true);
    expect(back).not.toHaveBeenCalled();
    answer = { status: 200, body: [] };
    await getJson('/api/things');
    expect(serverStatus()).toEqual({ unavailable: false });
    expect(back).toHaveBeenCalledTimes(1);
    off();
  });

  it("passes the caller's abort through unchanged", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
      ),
    );
    const controller = new AbortController();
    const pending = getJson('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
