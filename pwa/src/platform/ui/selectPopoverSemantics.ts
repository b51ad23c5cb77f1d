/**
 * Ionic's select popover (`IonSelect interface="popover"`) breaks two ARIA rules (WCAG 4.1.2,
 * docs/contributing.md#accessibility-checks): the popover is `aria-modal` without a role, while
 * the select's button announces `aria-haspopup="dialog"`; and the options' radio group sits
 * directly in a list (`role="list"` may hold only list items). {@link fixSelectPopover} makes
 * such a popover a dialog and its list presentational; {@link watchSelectPopovers} applies it to
 * every select popover of the app as it opens, whichever screen opened it.
 */

/** Ionic's overlay events around which a select popover is (about to be) shown. */
const PRESENT_EVENTS = ['ionPopoverWillPresent', 'ionPopoverDidPresent'] as const;

/**
 * Gives a select popover (an `ion-popover` holding an `ion-select-popover`) the dialog role it
 * lacks, and its options' list the role `presentation`. Leaves any other popover, and a role
 * already given, as they are.
 * @returns `true` when `popover` is a select popover
 */
export function fixSelectPopover(popover: Element): boolean {
  const options = popover.querySelector('ion-select-popover');
  if (!options) return false;
  if (!popover.hasAttribute('role')) popover.setAttribute('role', 'dialog');
  for (const list of options.querySelectorAll(':scope > ion-list')) list.setAttribute('role', 'presentation');
  return true;
}

/**
 * Applies {@link fixSelectPopover} to each popover presented in `root` (Ionic's overlay events
 * bubble to the document), before it shows and once more after (the list may render late).
 * @returns a function that stops watching
 */
export function watchSelectPopovers(root: Document = document): () => void {
  const onPresent = (event: Event) => {
    if (event.target instanceof Element) fixSelectPopover(event.target);
  };
  for (const name of PRESENT_EVENTS) root.addEventListener(name, onPresent);
  return () => {
    for (const name of PRESENT_EVENTS) root.removeEventListener(name, onPresent);
  };
}
