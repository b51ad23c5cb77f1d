import { useIonAlert } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n';

/** A screen with an unsaved edit, as {@link useLeaveGuard} registers it while `dirty`. */
interface Held {
  /** the path of the screen, as it was when the edit began */
  path: string;
  /** drops the edit once the person chose "Leave" (Ionic keeps the screen left behind mounted) */
  discard: () => void;
}

/** The screens with an unsaved edit now (Ionic's outlets keep screens that were left mounted). */
const held = new Set<Held>();
/** The path shown now, as the shell's router has it ({@link LeaveGuard} keeps it). */
let shownPath: string | null = null;

/** The screen on show that holds an unsaved edit, if any: the only one whose leaving is asked about. */
function heldHere(): Held | undefined {
  return [...held].reverse().find((entry) => entry.path === shownPath);
}

/** The history index React Router keeps in each entry's state (`idx`), or null in a foreign entry. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : null;
}

/**
 * What a click inside the app would navigate by, or null: a link (`<a href>`, also the one inside
 * an Ionic control's shadow root) to another path of this origin, or a bottom tab
 * (`ion-tab-button`, which Ionic routes itself) other than the path on show.
 */
function navigatingTarget(event: MouseEvent): HTMLElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  for (const node of event.composedPath()) {
    if (!(node instanceof HTMLElement)) continue;
    if (node.tagName === 'ION-TAB-BUTTON') {
      const href = (node as HTMLElement & { href?: string }).href ?? node.getAttribute('href');
      return href && href !== shownPath ? node : null;
    }
    if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) {
      if ((node.target && node.target !== '_self') || node.hasAttribute('download')) return null;
      const url = new URL(node.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === shownPath) return null;
      // a link inside a tab button: the tab button decides
      const tab = node.closest('ion-tab-button') ?? (node.getRootNode() as ShadowRoot).host;
      if (tab?.tagName === 'ION-TAB-BUTTON') continue;
      return node;
    }
  }
  return null;
}

/**
 * The one leave guard of the app (docs/product.md#settings, docs/architecture.md#the-shell-and-navigation),
 * rendered once in the shell inside the router. While the screen on show holds an unsaved edit
 * ({@link useLeaveGuard}), every way out of it passes here first and an alert asks "Leave without
 * saving?" — "Stay" keeps the screen and the edit, "Leave" goes on as first asked and drops the edit:
 *
 * - a link or a bottom tab (the side menu's links, the tab bar, any `<a href>` to another path of this
 *   origin): the click is held in the capture phase, before React Router or Ionic's tab bar see it,
 *   and "Leave" clicks it again;
 * - the browser's back and forward buttons and the phone's back button (Ionic turns it into a step
 *   back in the history): the `popstate` is held before React Router's own listener sees it
 *   ({@link onPopState}), the address put back, and "Leave" takes the same step again;
 * - reloading, closing the tab or typing another address: the browser's own question (`beforeunload`).
 *
 * The router has no blocking API (`IonReactRouter` is not a data router), hence the listeners.
 * Navigation the app starts itself (`navigate()` after a save) is not held.
 */
export function LeaveGuard(): null {
  const { pathname } = useLocation();
  const [present] = useIonAlert();
  const { t } = useI18n();
  const latest = useRef({ present, t });
  latest.current = { present, t };

  useEffect(() => {
    let asking = false;
    shell.ask = (entry, leave) => {
      if (asking) return;
      asking = true;
      const { present: show, t: text } = latest.current;
      void show({
        header: text('leaveGuard.header'),
        message: text('leaveGuard.message'),
        buttons: [
          { text: text('leaveGuard.stay'), role: 'cancel' },
          {
            text: text('leaveGuard.leave'),
            role: 'destructive',
            handler: () => {
              leave();
              entry.discard();
            },
          },
        ],
        onDidDismiss: () => {
          asking = false;
        },
      });
    };

    const onClick = (event: MouseEvent) => {
      if (shell.passing) {
        shell.passing = false;
        return;
      }
      const entry = heldHere();
      if (!entry) return;
      const target = navigatingTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      shell.ask?.(entry, () => {
        shell.passing = true;
        target.click();
        shell.passing = false;
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (heldHere()) event.preventDefault();
    };

    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      shell.ask = null;
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  // After every change of address: the path on show, and its history entry's index (the step a
  // later popstate takes is counted from it).
  useEffect(() => {
    shownPath = pathname;
    shell.shownIndex = historyIndex();
  }, [pathname]);

  return null;
}

/** What the shell's guard shares with its `popstate` listener, which lives outside React. */
const shell: {
  /** asks "Leave without saving?" for `entry`; `leave` goes on. Null while no {@link LeaveGuard} is mounted. */
  ask: ((entry: Held, leave: () => void) => void) | null;
  /** `true` while a held navigation is let through after "Leave" (the click or the history step) */
  passing: boolean;
  /** `true` while the address is being put back after a held `popstate` */
  restoring: boolean;
  /** the history index of the entry on show */
  shownIndex: number | null;
} = { ask: null, passing: false, restoring: false, shownIndex: null };

/**
 * The browser's back and forward buttons: a `popstate` leaving a screen with an unsaved edit is kept
 * from React Router, the address put back, and the question asked; "Leave" takes the same step again.
 */
function onPopState(event: PopStateEvent): void {
  if (shell.restoring) {
    shell.restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  const entry = shell.passing || !shell.ask ? undefined : heldHere();
  shell.passing = false;
  if (!entry) return;
  event.stopImmediatePropagation();
  const arrived = historyIndex();
  const from = shell.shownIndex;
  const step = from !== null && arrived !== null ? arrived - from : -1;
  shell.restoring = true;
  window.history.go(-step);
  shell.ask?.(entry, () => {
    shell.passing = true;
    window.history.go(step);
  });
}

// Added when this module loads, before React Router's own listener: listeners on the window run in
// the order they were added (a capturing one too), and stopImmediatePropagation then keeps the held
// step from the router.
if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/**
 * Asks before the screen is left while `dirty` (docs/product.md#settings: an unsaved edit), by
 * a link, a tab, the menu, the back button, a reload or closing: registers the screen with the
 * shell's {@link LeaveGuard}, which does the asking. `discard` is called after "Leave", so that the
 * screen, which Ionic keeps mounted, shows what is saved when it is opened again.
 */
export function useLeaveGuard(dirty: boolean, discard?: () => void): void {
  const { pathname } = useLocation();
  const latest = useRef({ pathname, discard });
  latest.current = { pathname, discard };

  useEffect(() => {
    if (!dirty) return undefined;
    const entry: Held = { path: latest.current.pathname, discard: () => latest.current.discard?.() };
    held.add(entry);
    return () => {
      held.delete(entry);
    };
  }, [dirty]);
}
