import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Keyboard helpers for the keyboard journeys (docs/contributing.md#accessibility-checks): they
 * move the focus with Tab only, and read what has it through shadow roots (Ionic's buttons focus
 * the native button inside their shadow root).
 */

/** `true` when `target` (or an element inside its shadow root) has the focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    for (let active: Element | null = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null) {
      if (active === el) return true;
    }
    return false;
  });
}

/** What has the focus, as a short description (tag, role, name), through shadow roots. */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return 'nothing';
    const host = el.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).host : null;
    const name = (el.getAttribute('aria-label') ?? host?.getAttribute('aria-label') ?? host?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${(host ?? el).tagName.toLowerCase()}${name ? ` "${name}"` : ''}>`;
  });
}

/**
 * Whether what has the focus shows it: an outline or a box shadow on the focused element, on the
 * Ionic element whose shadow root holds it, on the label around it or on the Ionic text field it is in. Nothing focused (the Tab key
 * left the page after its last element, on its way back to the first) passes.
 * @returns `null` when it does, else a description of the element that shows nothing
 */
export async function missingFocusIndicator(page: Page): Promise<string | null> {
  const visible = await page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return true;
    const candidates: Element[] = [el];
    const root = el.getRootNode();
    if (root instanceof ShadowRoot) candidates.push(root.host);
    const label = el.closest('label') ?? (el instanceof HTMLInputElement ? el.labels?.[0] : null);
    if (label) candidates.push(label);
    // Ionic's text fields draw the focus around the whole field (pwa/src/platform/theme/global.css).
    const field = el.closest('ion-input, ion-textarea');
    if (field) candidates.push(field);
    return candidates.some((candidate) => {
      const style = getComputedStyle(candidate);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    });
  });
  return visible ? null : focusedElement(page);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking at each stop
 * that the focused element shows a focus indicator.
 * @throws when `target` is not reached within `max` presses, or a stop shows no focus
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false }: { max?: number; backwards?: boolean } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Polled briefly: Ionic marks its focused control (.ion-focused) as it handles the focus event.
    await expect.poll(() => missingFocusIndicator(page), { message: 'each element the Tab key reaches shows that it has the focus', timeout: 1_000 }).toBeNull();
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses (the focus is on ${await focusedElement(page)})`);
}

/** Waits until the focus is inside `container` (a dialog that just opened). */
export async function expectFocusWithin(page: Page, container: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        container.evaluate((box) => {
          // A dialog drawn in an Ionic element's shadow root shows that element's own children.
          const root = box.getRootNode();
          const scope = root instanceof ShadowRoot ? root.host : box;
          for (let active: Element | null = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null) {
            if (scope === active || scope.contains(active) || box.contains(active)) return true;
          }
          return false;
        }),
      { message: 'the focus moves into the dialog' },
    )
    .toBe(true);
}

/** Waits until `target` has the focus again (the opener, once its dialog closed). */
export async function expectFocusOn(target: Locator): Promise<void> {
  try {
    await expect.poll(() => isFocused(target)).toBe(true);
  } catch {
    throw new Error(`The focus is not back on ${String(target)}: it is on ${await focusedElement(target.page())}`);
  }
}
