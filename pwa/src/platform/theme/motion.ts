/**
 * Reduced motion (docs/architecture.md#dark-mode-and-reduced-motion): when the device asks for
 * it (`prefers-reduced-motion: reduce`), Ionic animates nothing — no page transitions, no
 * sliding menu or dialogs, no ripple, no shimmering placeholders — and `global.css` stops the
 * app's own transitions and animations. Spinners and indeterminate progress bars keep turning:
 * they are the only sign that something is under way.
 */

/** The media query of the device's "reduce motion" setting. */
// i18n-exempt: a media query, not a text
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** `true` when the device asks for reduced motion now; `false` where `matchMedia` is missing. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * The motion part of Ionic's configuration for `setupIonicReact`, read once at start:
 * `animated` (transitions of pages, menus and overlays, the placeholders' shimmer) and
 * `rippleEffect` (the ink ripple on taps), both off with reduced motion. A change of the setting
 * while the app runs reaches the page transitions at once (`App.tsx` follows the query) and the
 * rest at the next start.
 */
export function ionicMotionConfig(): { animated: boolean; rippleEffect: boolean } {
  const moving = !prefersReducedMotion();
  return { animated: moving, rippleEffect: moving };
}
