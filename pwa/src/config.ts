/**
 * Build-time configuration, read once (style.md practice 5: the PWA reads
 * only `import.meta.env.VITE_*`).
 */

/**
 * Origin prefixed to every API path; `''` (the default) means the origin the
 * app was served from (decisions §2). Never ends with a slash.
 */
export const API_ORIGIN: string = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');

/**
 * The external sign-in page (spec §2.4, decisions §3: `{host}/login`), where
 * the app sends anyone whose current user cannot be loaded.
 */
export const LOGIN_URL = `${API_ORIGIN}/login`;

/**
 * The product's home site (decisions §3 `SITE_URL`): where logout lands and
 * where "Explore our Website" points. `VITE_SITE_URL`, default `/login`.
 */
export const SITE_URL: string = import.meta.env.VITE_SITE_URL || '/login';
