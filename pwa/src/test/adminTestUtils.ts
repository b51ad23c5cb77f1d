import { configure, waitFor } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { WIDE_LAYOUT_QUERY } from '../platform/ui/useMediaQuery';
import { staticMediaQueryList } from './mediaQuery';

/** Makes the admin lists render as tables (tablet width) or cards (phone) in jsdom. */
export function useWideLayout(wide: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => staticMediaQueryList(query, wide && query === WIDE_LAYOUT_QUERY));
}

/** The query parameters of the fetch calls to `path`, in order. */
export function queriesTo(fetchSpy: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/**
 * Call once per test file of an admin screen:
 * - the lazily loaded screens take a while to compile on a busy test
 *   machine, so `findBy…` and `waitFor` get 10 s instead of 1 s;
 * - after each test, every toast is dismissed, so no 6 s auto-hide timer
 *   outlives the test environment.
 */
export function prepareScreenTests(): void {
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(async () => {
    const toasts = Array.from(document.querySelectorAll<HTMLElement & { dismiss?: () => Promise<boolean> }>('ion-toast'));
    await Promise.all(toasts.map((toast) => toast.dismiss?.().catch(() => false)));
  });
}

/** The properties of a presented `ion-toast` that tests read (its text lives in a shadow root jsdom queries cannot reach). */
export interface ToastElement extends HTMLElement {
  message?: string;
  duration?: number;
  color?: string;
  buttons?: { text?: string; role?: string }[];
}

/** Waits for a toast showing `message`. */
export async function findToast(message: string): Promise<ToastElement> {
  let found: ToastElement | undefined;
  await waitFor(() => {
    found = Array.from(document.querySelectorAll<ToastElement>('ion-toast')).find((toast) => toast.message === message);
    if (!found)
      throw new Error(
        `No toast "${message}"; toasts: ${Array.from(document.querySelectorAll<ToastElement>('ion-toast'))
          .map((t) => t.message)
          .join(' | ')}`,
      );
  });
  return found as ToastElement;
}

/**
 * Waits for the open Ionic alert and returns its dialog element (the one
 * with role `alertdialog`). Faster than a role query over the whole app.
 */
export async function findAlert(): Promise<HTMLElement> {
  let dialog: HTMLElement | null = null;
  await waitFor(() => {
    dialog = openAlertDialog();
    if (!dialog) throw new Error('No open alert');
  });
  return dialog as unknown as HTMLElement;
}

/** The open alert's dialog element, or null when none is open. */
export function openAlertDialog(): HTMLElement | null {
  for (const alert of Array.from(document.querySelectorAll('ion-alert'))) {
    if (alert.classList.contains('overlay-hidden')) continue;
    const dialog = alert.querySelector<HTMLElement>('[role="alertdialog"]');
    if (dialog) return dialog;
  }
  return null;
}
