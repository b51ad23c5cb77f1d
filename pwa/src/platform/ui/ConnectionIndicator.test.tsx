import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportAnswered, reportNoAnswer, reportUnavailable } from '../api/serverStatus';
import { mockFetch } from '../../test/fetchMock';
import { ConnectionIndicator } from './OfflineBanner';

/**
 * The shell's one offline indicator (docs/product.md#offline-behaviour): it follows the browser's
 * `online` / `offline` events and the server's answers live, without a reload.
 */
const OFFLINE = "You're offline — your changes are kept and sent when you're back online";
const UNAVAILABLE = 'Oracy is unavailable — your changes are kept and sent when it is back';

/** Sets `navigator.onLine` and sends the matching event, as a browser does when the connection changes. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConnectionIndicator', () => {
  it('appears on the offline event and goes on the online event, as a polite status message', () => {
    render(<ConnectionIndicator />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE);

    goOnline(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the server is unavailable when a request gets no answer while the browser is online, until it answers again', () => {
    mockFetch({ 'GET /readyz': { body: { status: 'ok' } } });
    render(<ConnectionIndicator />);
    act(() => reportNoAnswer());
    expect(screen.getByRole('status')).toHaveTextContent(UNAVAILABLE);
    act(() => reportAnswered());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so while the server answers 503 unavailable, and "offline" when the browser goes offline too', () => {
    mockFetch({ 'GET /readyz': { body: { status: 'ok' } } });
    render(<ConnectionIndicator />);
    act(() => reportUnavailable('30'));
    expect(screen.getByRole('status')).toHaveTextContent(UNAVAILABLE);
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE);
    goOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent(UNAVAILABLE);
    act(() => reportAnswered());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('ignores a request without an answer while the browser itself is offline', () => {
    render(<ConnectionIndicator />);
    goOnline(false);
    act(() => reportNoAnswer());
    goOnline(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
