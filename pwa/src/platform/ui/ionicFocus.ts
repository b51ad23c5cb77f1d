/**
 * Giving the focus back to one of Ionic's controls (docs/contributing.md#accessibility-rules).
 * An Ionic control's host takes no focus and most have no `setFocus()`: the focusable part is the
 * native button in its shadow root. And a focus given back must not take it from where the person
 * has moved it since, only from nowhere (the page) or from an overlay that is closing.
 */

/**
 * Whether the focus may be given back now: nothing has it, or what has it lies in an element
 * matching `closing` (the drawer or dialog that is going away).
 * @param closing a selector, e.g. `'ion-menu'`; none means only an unfocused page counts as free
 */
export function focusIsFree(closing?: string): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (closing !== undefined && active.closest(closing) !== null);
}

/**
 * Focuses the native button in an Ionic control's shadow root (`ion-button`, `ion-menu-button`,
 * `ion-select`).
 * @returns false when there is none yet, or it is disabled
 */
export function focusIonicControl(host: Element | null | undefined): boolean {
  const button = host?.shadowRoot?.querySelector('button');
  if (!button || button.disabled) return false;
  button.focus();
  return true;
}

/** Frames {@link returnFocusTo} waits at most (about 1 s at 60 Hz). */
const RETURN_FRAMES = 60;

/**
 * Gives the focus back to an Ionic control once it can take it: when no overlay matching
 * `closing` holds the focus any more (a closing dialog gives the focus to what had it before it
 * opened) and Ionic has drawn the control enabled (it draws a change of `disabled` a frame later
 * than React). Gives up when something else takes the focus, the control leaves the page, or
 * after {@link RETURN_FRAMES} frames.
 */
export function returnFocusTo(host: Element, closing: string, frames = RETURN_FRAMES): void {
  if (!focusIsFree(closing)) return;
  if (focusIsFree() && focusIonicControl(host)) return;
  if (frames > 0 && host.isConnected) requestAnimationFrame(() => returnFocusTo(host, closing, frames - 1));
}
