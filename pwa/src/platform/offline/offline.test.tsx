import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestQueue } from './outbox';
import { complaintRequest } from '../../complaints/useComplaintOutbox';
import { mockFetch, USERS } from '../../test/fetchMock';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { renderAt } from '../../test/renderApp';
import { iosInstallHelp, InstallAppItem } from './InstallAppItem';
import { isIosSafari, listenForInstallPrompt } from './installPrompt';
import { dismissUpdate, registerServiceWorker } from './serviceWorker';
import { UpdateToast } from './UpdateToast';

useFakeIndexedDb();

/** The `Workbox`es the app created, in place of workbox-window's: a test fires their events. */
const workboxes = vi.hoisted(() => [] as { url: string; emit: (type: string) => void }[]);
vi.mock('workbox-window', () => ({
  Workbox: class {
    private readonly listeners = new Map<string, (() => void)[]>();
    constructor(readonly url: string) {
      workboxes.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
    register = vi.fn(async () => undefined);
    messageSkipWaiting = vi.fn();
  },
}));

describe('the update toast ', () => {
  it('offers "Reload" when a new version is waiting, and nothing before', async () => {
    render(<UpdateToast />);
    const toast = document.querySelector('ion-toast') as (HTMLElement & { isOpen: boolean; message: string; buttons: Array<{ text: string }> }) | null;
    expect(toast?.isOpen).toBe(false);

    // A production build registers the worker; workbox-window then reports the new version waiting.
    vi.stubEnv('PROD', true);
    registerServiceWorker({} as ServiceWorkerContainer);
    vi.unstubAllEnvs();
    await waitFor(() => expect(workboxes).toHaveLength(1));
    act(() => workboxes[0]!.emit('waiting'));
    await waitFor(() => expect(toast?.isOpen).toBe(true));
    expect(toast?.message).toBe('A new version is available');
    expect(toast?.buttons.map((button) => button.text)).toEqual(['Reload', 'Close']);
    act(() => dismissUpdate());
    await waitFor(() => expect(toast?.isOpen).toBe(false));
  });
});

describe('the "Install app" menu item ', () => {
  it('appears when the browser offers installation and opens its prompt', async () => {
    listenForInstallPrompt();
    render(<InstallAppItem />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // A prompt can be shown once.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument());
  });

  it('explains Share → Add to Home Screen on iOS Safari', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    render(<InstallAppItem />);
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Install Oracy' });
    expect(dialog).toHaveAccessibleDescription(iosInstallHelp());
  });

  it('recognises iOS Safari only', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const chromeIos = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    expect(isIosSafari(iphone)).toBe(true);
    expect(isIosSafari(chromeIos)).toBe(false);
    expect(isIosSafari(ipad, 5)).toBe(true);
    expect(isIosSafari(ipad, 0)).toBe(false);
    expect(isIosSafari(android)).toBe(false);
  });
});

describe('logging out with unsent complaints', () => {
  async function confirmLogout() {
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Logout' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    return user;
  }

  it('asks "You have N unsent complaints. Log out anyway?" and stays on Cancel', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'POST /auth/logout': { body: { ok: true } }, 'GET /api/admin/notice': { body: [] } });
    const { redirect } = renderAt('/student/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' }, { timeout: 5000 });
    await new RequestQueue('u-student').pushRequest(complaintRequest(3, { title: 'One', description: 'first' }));
    await new RequestQueue('u-student').pushRequest(complaintRequest(3, { title: 'Two', description: 'second' }));

    const user = await confirmLogout();
    const question = await screen.findByRole('alertdialog', { name: 'Unsent complaints' });
    expect(question).toHaveAccessibleDescription('You have 2 unsent complaints. Log out anyway?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Unsent complaints' })).not.toBeInTheDocument());
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).not.toContain('/auth/logout');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('logs out when the user insists, deleting the unsent complaints with the rest', async () => {
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.teacher }, 'POST /auth/logout': { body: { ok: true } }, 'GET /api/admin/notice': { body: [] } });
    const { redirect } = renderAt('/teacher/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' }, { timeout: 5000 });
    await new RequestQueue('u-teacher').pushRequest(complaintRequest(2, { title: 'One', description: 'first' }));

    const user = await confirmLogout();
    const question = await screen.findByRole('alertdialog', { name: 'Unsent complaints' });
    expect(question).toHaveAccessibleDescription('You have 1 unsent complaint. Log out anyway?');
    await user.click(within(question).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toContain('/auth/logout');
  });

  it('does not ask when nothing is unsent', async () => {
    mockFetch({ 'GET /auth/current_user': { body: USERS.student }, 'POST /auth/logout': { body: { ok: true } }, 'GET /api/admin/notice': { body: [] } });
    const { redirect } = renderAt('/student/notice');
    await screen.findByRole('heading', { level: 1, name: 'Notices' }, { timeout: 5000 });
    await confirmLogout();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(screen.queryByRole('alertdialog', { name: 'Unsent complaints' })).not.toBeInTheDocument();
  });
});
