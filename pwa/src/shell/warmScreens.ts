import { findRoute } from './routes';
import { MENU_ENTRIES, TAB_ENTRIES } from './navigation';
import type { Role } from '../auth';

/** Roles whose screens this page has fetched already: once a page is enough. */
const warmed = new Set<Role>();

/**
 * Fetches the chunks of a role's menu and tab screens, one screen at a time, once a service worker
 * controls the page and the browser is idle (docs/architecture.md#the-offline-layer). The service
 * worker precaches only the shell and the homes and caches the rest as it is fetched, so this keeps
 * every screen of the role opening offline after one online visit, without competing with the
 * home's first load. It stops when the browser goes offline (a screen that failed is fetched again
 * when opened). Does nothing without a service worker (the dev server, tests).
 */
export function warmRoleScreens(role: Role): void {
  if (warmed.has(role) || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  warmed.add(role);
  const paths = [...new Set([...MENU_ENTRIES[role], ...TAB_ENTRIES[role]].map((entry) => entry.path))];
  const warm = async () => {
    for (const path of paths) {
      if (!navigator.onLine || !navigator.serviceWorker.controller) return;
      await findRoute(path)
        ?.screen.preload()
        .catch(() => undefined);
    }
  };
  const whenIdle = () => {
    const start = () => void warm();
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 5000 });
    else window.setTimeout(start, 1000);
  };
  // On the first visit the worker takes control of the page once it has installed.
  void navigator.serviceWorker.ready.then(() => {
    if (navigator.serviceWorker.controller) whenIdle();
    else navigator.serviceWorker.addEventListener('controllerchange', whenIdle, { once: true });
  });
}
