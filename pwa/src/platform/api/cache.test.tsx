import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBanner, formatRelativeTime } from '../ui/OfflineBanner';
import { SessionProvider, useRequiredUser } from '../../auth/SessionProvider';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { apiFetch, HttpError, NetworkError, OfflineError } from './api';
import { isUnreachable, readCache, readCachedUser, writeCache, writeCachedUser } from './cache';
import { openUserDb } from './db';
import { useCachedResource, type CachedResource } from './useCachedResource';
import { loadNotices } from '../../notices/notices';

useFakeIndexedDb();

type Notice = { id: string; title: string };
const NOTICES = '/api/admin/notice';

describe('the per-user cache (cache.ts)', () => {
  it('reads back what was written, per user', async () => {
    await writeCache('alice', NOTICES, [{ id: 'n1', title: 'Alice sees this' }], 1_000);
    await writeCache('bob', NOTICES, [{ id: 'n2', title: 'Bob sees this' }], 2_000);
    expect(await readCache('alice', NOTICES)).toEqual({ key: NOTICES, data: [{ id: 'n1', title: 'Alice sees this' }], savedAt: 1_000 });
    expect(await readCache('bob', NOTICES)).toMatchObject({ data: [{ id: 'n2', title: 'Bob sees this' }], savedAt: 2_000 });
    expect(await readCache('carol', NOTICES)).toBeNull();
  });

  it('keeps the current user in that user’s own database only', async () => {
    await writeCachedUser({ ...USERS.student }, 5);
    expect(await readCachedUser('u-student')).toEqual({ user: USERS.student, savedAt: 5 });
    expect(await readCachedUser('u-teacher')).toBeNull();
  });

  it('logs and never throws when a read or write fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = await openUserDb('alice');
    vi.spyOn(db!, 'get').mockRejectedValue(new DOMException('broken', 'UnknownError'));
    vi.spyOn(db!, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    expect(await readCache('alice', NOTICES)).toBeNull();
    expect(await writeCache('alice', NOTICES, [])).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('treats offline, time-outs, unreadable answers and 5xx as unreachable — not 4xx', () => {
    expect(isUnreachable(new OfflineError())).toBe(true);
    expect(isUnreachable(new NetworkError())).toBe(true);
    expect(isUnreachable(new HttpError(503, 'unavailable', 'x'))).toBe(true);
    expect(isUnreachable(new HttpError(401, 'unauthorized', 'x'))).toBe(false);
    expect(isUnreachable(new HttpError(404, 'not_found', 'x'))).toBe(false);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2025, 0, 10, 12);
  it.each([
    [now - 10_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 2 * 3_600_000, '2 hours ago'],
    [now - 26 * 3_600_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
  ])('%i → %s', (savedAt, text) => {
    expect(formatRelativeTime(savedAt, now)).toBe(text);
  });
});

let latest: CachedResource<Notice[]>;

/** A cached screen: notices with the offline banner, like the real ones. */
function NoticesProbe() {
  const notices = useCachedResource<Notice[]>(NOTICES, loadNotices);
  latest = notices;
  if (notices.loading) return <p>Loading…</p>;
  if (notices.error) return <p role="alert">Failed to load notices.</p>;
  return (
    <>
      <OfflineBanner offline={notices.offline} savedAt={notices.savedAt} />
      <ul>
        {notices.data?.map((notice) => (
          <li key={notice.id}>{notice.title}</li>
        ))}
      </ul>
    </>
  );
}

function Screen() {
  return useRequiredUser() ? <NoticesProbe /> : null;
}

function renderScreen(notices: FakeRoute) {
  const spy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, [`GET ${NOTICES}`]: notices });
  render(
    <SessionProvider redirect={vi.fn()}>
      <Screen />
    </SessionProvider>,
  );
  return spy;
}

describe('useCachedResource (stale-while-revalidate)', () => {
  it('shows the server’s data and caches it for this user', async () => {
    renderScreen({ body: [{ id: 'n1', title: 'Fresh notice' }] });
    expect(await screen.findByText('Fresh notice')).toBeInTheDocument();
    await waitFor(async () => expect((await readCache('u-student', NOTICES))?.data).toEqual([{ id: 'n1', title: 'Fresh notice' }]));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows cached data at once, then the fresh data when it arrives', async () => {
    await writeCache('u-student', NOTICES, [{ id: 'n1', title: 'Cached notice' }], Date.now() - 60 * 60_000);
    let answer: (value: { body: Notice[] }) => void = () => undefined;
    renderScreen(() => new Promise((resolve) => (answer = resolve)));

    expect(await screen.findByText('Cached notice')).toBeInTheDocument();
    expect(latest).toMatchObject({ fromCache: true, refreshing: true, offline: false, loading: false });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => answer({ body: [{ id: 'n2', title: 'Fresh notice' }] }));
    expect(await screen.findByText('Fresh notice')).toBeInTheDocument();
    expect(screen.queryByText('Cached notice')).not.toBeInTheDocument();
    expect(latest).toMatchObject({ fromCache: false, refreshing: false });
  });

  it.each([
    ['offline', new TypeError('Failed to fetch')],
    ['the server fails', { status: 502, body: 'Bad gateway' }],
  ])('keeps the cached data with the offline banner when %s', async (_name, answer) => {
    await writeCache('u-student', NOTICES, [{ id: 'n1', title: 'Cached notice' }], Date.now() - 5 * 60_000);
    renderScreen(answer);
    expect(await screen.findByText('Showing data from 5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Cached notice')).toBeInTheDocument();
    expect(latest).toMatchObject({ offline: true, error: undefined });
  });

  it('shows the normal error state when offline with nothing cached', async () => {
    renderScreen(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notices.');
    expect(latest.offline).toBe(true);
  });

  it('shows the error, not the cache, for a real answer such as 403', async () => {
    await writeCache('u-student', NOTICES, [{ id: 'n1', title: 'Cached notice' }]);
    renderScreen({ status: 403, body: { error: { code: 'forbidden', message: 'No' } } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(latest.offline).toBe(false);
  });

  it('loads again by itself when the browser comes back online', async () => {
    await writeCache('u-student', NOTICES, [{ id: 'n1', title: 'Cached notice' }]);
    let online = false;
    renderScreen(() => (online ? { body: [{ id: 'n2', title: 'Back online' }] } : new TypeError('Failed to fetch')));
    await screen.findByText(/Showing data from/);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    expect(screen.queryByText(/Showing data from/)).not.toBeInTheDocument();
  });

  it('keeps the cache while the server answers 503 unavailable, with “Showing data from …”, and loads again when the server is back', async () => {
    await writeCache('u-student', NOTICES, [{ id: 'n1', title: 'Cached notice' }], Date.now() - 2 * 60_000);
    let up = false;
    renderScreen(() =>
      up
        ? { body: [{ id: 'n2', title: 'Back again' }] }
        : { status: 503, headers: { 'Retry-After': '5' }, body: { error: { code: 'unavailable', message: 'Oracy cannot reach its database right now.' } } },
    );
    expect(await screen.findByText('Showing data from 2 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Cached notice')).toBeInTheDocument();
    expect(latest.offline).toBe(true);

    // any answer of the server ends the outage: the screen loads again by itself.
    up = true;
    await act(async () => void (await apiFetch('/auth/current_user')));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('writes setData through to the cache', async () => {
    renderScreen({ body: [{ id: 'n1', title: 'One' }] });
    await screen.findByText('One');
    act(() => latest.setData((list) => [...(list ?? []), { id: 'n2', title: 'Two' }]));
    expect(await screen.findByText('Two')).toBeInTheDocument();
    await waitFor(async () => expect((await readCache<Notice[]>('u-student', NOTICES))?.data).toHaveLength(2));
  });

  it('still works, without a cache, when a cache read fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = await openUserDb('u-student');
    vi.spyOn(db!, 'get').mockRejectedValue(new Error('broken'));
    renderScreen({ body: [{ id: 'n1', title: 'Fresh notice' }] });
    expect(await screen.findByText('Fresh notice')).toBeInTheDocument();
  });
});
