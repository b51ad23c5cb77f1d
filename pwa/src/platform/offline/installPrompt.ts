/**
 * The "Install app" offer : Chromium browsers fire
 * `beforeinstallprompt` when the app is installable; the event is kept and
 * replayed when the user picks "Install app". iOS Safari has no such event:
 * there the offer is a short how-to (Share → Add to Home Screen).
 */
import { useSyncExternalStore } from 'react';

/** The non-standard event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** What the menu can offer: the browser's prompt, the iOS how-to, or nothing. */
export type InstallOffer = 'prompt' | 'ios' | null;

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

/**
 * Starts listening for the browser's install prompt and for `appinstalled`.
 * Call once at start-up, before the browser fires them. Idempotent.
 */
export function listenForInstallPrompt(target: Window = window): void {
  if ((target as Window & { __oracyInstallListening?: boolean }).__oracyInstallListening) return;
  (target as Window & { __oracyInstallListening?: boolean }).__oracyInstallListening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // show our menu item instead of the browser's mini-infobar
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** `true` when the page runs as the installed app (standalone display, or iOS's home-screen app). */
export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

/** `true` for Safari on iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch). */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !otherBrowser;
}

function currentOffer(): InstallOffer {
  if (installed || isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : null;
}

/** The install offer to show now; re-renders when the browser offers or the app gets installed. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentOffer,
    () => null,
  );
}

/**
 * Shows the browser's install prompt kept from `beforeinstallprompt`;
 * resolves the user's choice, or `null` when there is no prompt to show. A
 * prompt can be shown once, so the offer disappears afterwards.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = deferred;
  if (!event) return null;
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
