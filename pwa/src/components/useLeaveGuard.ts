import { useIonAlert } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n';

/**
 * Asks before the screen is left while `dirty` (docs/product.md#settings: an unsaved edit):
 * - a link inside the app (the menu, the tabs, any `<a href>` to another path of this origin) is
 *   held, and an alert asks "Leave without saving?"; "Leave" follows it, "Stay" keeps the edit;
 * - reloading, closing the tab or typing another address gets the browser's own question
 *   (`beforeunload`).
 * The router has no blocking API (`IonReactRouter` is not a data router), so links are held in the
 * capture phase of the click, before React Router sees them. The browser's back button is not held.
 */
export function useLeaveGuard(dirty: boolean): void {
  const [present] = useIonAlert();
  const navigate = useNavigate();
  const { t } = useI18n();
  // the latest values for the listener, which is added once per dirty period.
  const latest = useRef({ present, navigate, t });
  latest.current = { present, navigate, t };

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const hold = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      const { present: ask, navigate: go, t: text } = latest.current;
      void ask({
        header: text('leaveGuard.header'),
        message: text('leaveGuard.message'),
        buttons: [
          { text: text('leaveGuard.stay'), role: 'cancel' },
          { text: text('leaveGuard.leave'), role: 'destructive', handler: () => go(url.pathname + url.search + url.hash) },
        ],
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', hold, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', hold, true);
    };
  }, [dirty]);
}
