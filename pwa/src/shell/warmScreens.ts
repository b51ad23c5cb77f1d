import { findRoute } from './routes';
import { MENU_ENTRIES, TAB_ENTRIES } from './navigation';
import type { Role } from '../auth';

/** Roles whose screens this page has fetched already: once a page is enough. */
const warmed = new Set<Role>();

/**
 * Fetches the chunks of a role's menu and tab screens once the service worker is active and the
 * browser is idle (docs/architecture.md#the-offline-layer). The service worker precaches only the
 * shell and the homes and caches the rest as it is fetched, so this keeps every screen of the role
 * opening offline after one online visit, without competing with the home's first load. Does
 * nothing without a service worker (the dev server, tests).
 */
export function warmRoleScreens(role: Role): void {
  if (warmed.has(role) || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  warmed.add(role);
  const paths = [...MENU_ENTRIES[role], ...TAB_ENTRIES[role]].map((entry) => entry.path);
  const preload = () => {
    for (const path of new Set(paths)) findRoute(path)?.screen.preload().catch(() => undefined);
  };
  void navigator.serviceWorker.ready.then(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload, { timeout: 5000 });
    else window.setTimeout(preload, 1000);
  });
}
