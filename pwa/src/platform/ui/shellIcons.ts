/**
 * The icons of the shell's first load (the connection indicator and the cached-data note): the
 * same SVG data URLs `ionicons/icons` exports, for `IonIcon`'s `icon`. First-load code must not
 * import `ionicons/icons`: that module is shared by every screen, so the bundler would put every
 * icon any screen uses into the first-load chunk (docs/architecture.md#the-shell-and-navigation).
 * `shellIcons.test.ts` keeps these equal to the package's.
 */

/** ionicons' `cloud-offline-outline`. */
export const cloudOfflineOutline =
  // i18n-exempt: an SVG icon, not a text
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 512 512' class='ionicon'><path d='M93.72 183.25C49.49 198.05 16 233.1 16 288c0 66 54 112 120 112h184.37M467.82 377.74C485.24 363.3 496 341.61 496 312c0-59.82-53-85.76-96-88-8.89-89.54-71-144-144-144-26.16 0-48.79 6.93-67.6 18.14' stroke-linecap='round' stroke-linejoin='round' class='ionicon-fill-none ionicon-stroke-width'/><path d='M448 448 64 64' stroke-linecap='round' stroke-miterlimit='10' class='ionicon-fill-none ionicon-stroke-width'/></svg>";
/** ionicons' `time-outline`. */
export const timeOutline =
  // i18n-exempt: an SVG icon, not a text
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 512 512' class='ionicon'><path d='M256 64C150 64 64 150 64 256s86 192 192 192 192-86 192-192S362 64 256 64Z' stroke-miterlimit='10' class='ionicon-fill-none ionicon-stroke-width'/><path d='M256 128v144h96' stroke-linecap='round' stroke-linejoin='round' class='ionicon-fill-none ionicon-stroke-width'/></svg>";
