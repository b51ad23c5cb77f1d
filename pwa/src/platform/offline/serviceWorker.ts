/**
 * Registers the service worker `/sw.js` (the installable app shell, docs/architecture.md;
 * built by vite-plugin-pwa, see `vite.config.ts`) through `workbox-window`,
 * and tracks whether a new version is waiting. A waiting version takes over
 * only when the user asks ({@link applyUpdate}, the "Reload" of the update
 * toast): never a silent reload that loses typed text.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/** The service worker's URL; its scope is the whole origin. */
export const SERVICE_WORKER_URL = '/sw.js';

let workbox: Workbox | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  for (const listener of [...listeners]) listener();
}

/**
 * Registers the service worker once the page has loaded, where the browser
 * supports service workers and this is a production build (the dev server
 * has none). Registration failures are logged.
 * @param container the browser's `navigator.serviceWorker` (tests pass a fake)
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): void {
  if (!container || !import.meta.env.PROD || registering) return;
  registering = true;
  // workbox-window is fetched after the page has loaded, not with the first load.
  import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(SERVICE_WORKER_URL);
      wb.addEventListener('waiting', () => setUpdateWaiting(true));
      workbox = wb;
      return wb.register();
    })
    .catch((error: unknown) => console.error('Could not register the service worker', error));
}

/**
 * Lets the waiting version take over and reloads this page once it controls
 * it. Does nothing when no version is waiting.
 */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb || !updateWaiting) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
  setUpdateWaiting(false);
}

/** Hides the update offer until the next new version (the toast's "Close"). */
export function dismissUpdate(): void {
  setUpdateWaiting(false);
}

/** `true` while a new version of the app is installed and waiting. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
