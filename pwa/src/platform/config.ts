/**
 * Build-time configuration, read once (docs/contributing.md#configuration-in-one-place: the PWA reads
 * only `import.meta.env.VITE_*`).
 */

/**
 * Origin prefixed to every API path; `''` (the default) means the origin the
 * app was served from (docs/architecture.md#one-origin). Never ends with a slash.
 */
export const API_ORIGIN: string = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');

/**
 * The external sign-in page (docs/product.md#self-assessment, docs/product.md#sign-in-site: `{host}/login`), where
 * the app sends anyone whose current user cannot be loaded.
 */
export const LOGIN_URL = `${API_ORIGIN}/login`;

/**
 * The server-rendered "Choose a new password" page (docs/product.md#one-time-passwords), where the
 * app sends a user who signed in with a one-time password and has not chosen their own yet.
 */
export const CHANGE_PASSWORD_URL = `${API_ORIGIN}/change-password`;

/**
 * The product's home site (docs/product.md#sign-in-site `SITE_URL`): where logout lands and
 * where "Explore our Website" points. `VITE_SITE_URL`, default `/login`.
 */
export const SITE_URL: string = import.meta.env.VITE_SITE_URL || '/login';
