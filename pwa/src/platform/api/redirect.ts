/**
 * Leaving the app for a page outside it (the sign-in page, the home site).
 * Kept in one replaceable place so tests can spy on it instead of letting
 * jsdom attempt a navigation.
 */

/** The browser navigation behind {@link redirectTo}; tests replace `assign`. */
export const browserLocation = {
  assign(url: string): void {
    window.location.href = url;
  },
};

/** Sends the browser to `url` with a full page load (not a router navigation). */
export function redirectTo(url: string): void {
  browserLocation.assign(url);
}
