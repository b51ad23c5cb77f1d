import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentJson, stubHangingFetch } from '../../test/fetchMock';
import { HttpError, NetworkError, OfflineError } from './api';
import { callOptions, client, done, json } from './client';

describe('the typed client (docs/contributing.md#typed-client-from-the-servers-types)', () => {
  afterEach(() => vi.useRealTimers());

  it('goes through the one network module: cookies, Accept JSON, the parsed answer', async () => {
    const fetchSpy = mockFetch({ 'GET /api/admin/stats': { body: { totalStudents: 3, totalTeachers: 2, totalCourses: 1 } } });
    await expect(json(client.api.admin.stats.$get())).resolves.toEqual({ totalStudents: 3, totalTeachers: 2, totalCourses: 1 });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('fills path parameters and sends a JSON body', async () => {
    const fetchSpy = mockFetch({ 'PUT /api/admin/notice/n1': { body: { id: 'n1', title: 'T', description: 'D', createdAt: '', updatedAt: '' } } });
    await json(client.api.admin.notice[':id'].$put({ param: { id: 'n1' }, json: { title: 'T', description: 'D' } }));
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(sentJson(fetchSpy.mock.calls[0])).toEqual({ title: 'T', description: 'D' });
  });

  it('turns a non-2xx answer into an HttpError with its status and code', async () => {
    mockFetch({ 'DELETE /api/admin/notice/n1': { status: 404, body: { error: { code: 'not_found', message: 'No such notice.' } } } });
    await expect(done(client.api.admin.notice[':id'].$delete({ param: { id: 'n1' } }))).rejects.toMatchObject({
      name: 'HttpError',
      status: 404,
      code: 'not_found',
      message: 'No such notice.',
    });
    await expect(done(client.api.admin.notice[':id'].$delete({ param: { id: 'n1' } }))).rejects.toBeInstanceOf(HttpError);
  });

  it('gives an OfflineError when fetch rejects, and a NetworkError for an unreadable body', async () => {
    mockFetch({ 'GET /api/admin/stats': new TypeError('Failed to fetch') });
    await expect(json(client.api.admin.stats.$get())).rejects.toBeInstanceOf(OfflineError);
    mockFetch({ 'GET /api/admin/stats': { body: '{not json' } });
    await expect(json(client.api.admin.stats.$get())).rejects.toBeInstanceOf(NetworkError);
  });

  it('applies a per-call time limit and passes the caller’s abort through', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    const slow = json(client.api.admin.stats.$get(undefined, callOptions({ timeoutMs: 1000 })));
    vi.advanceTimersByTime(1000);
    await expect(slow).rejects.toBeInstanceOf(NetworkError);

    const controller = new AbortController();
    const aborted = json(client.api.admin.stats.$get(undefined, callOptions({ signal: controller.signal })));
    controller.abort(new DOMException('Aborted', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
