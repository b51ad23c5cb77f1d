import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { ownOriginOf } from './origin.js';

/** HSTS over HTTPS: one year, subdomains included (issue 8). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The WebSocket origin of the socket on this origin (`ws://host` over http,
 * `wss://host` over https), for `connect-src`: CSP 3 lets `'self'` match it,
 * older Safari does not, so it is named.
 */
function socketOrigin(c: Context, trustProxy: boolean): string {
  const own = ownOriginOf(c.req.url, (name) => c.req.header(name), trustProxy);
  return own.replace(/^http/, 'ws');
}

/**
 * The Content-Security-Policy of every response (issue 8): no inline or
 * foreign script, no plugins, no `<base>`, never framed; images from this
 * origin plus `data:`/`blob:` (icons, upload previews); connections to this
 * origin and its socket only. Inline styles stay allowed: Ionic's web
 * components set style attributes and inject their own `<style>` elements.
 */
function contentSecurityPolicy(trustProxy: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", (c: Context) => socketOrigin(c, trustProxy)],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

/**
 * Middleware setting the security headers of every response (issue 8;
 * ASVS 5.0 V3.4): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`,
 * `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`,
 * a `Permissions-Policy` that turns off camera, microphone, geolocation and
 * payment, and — only when the request came over HTTPS (`X-Forwarded-Proto`
 * with `trustProxy`) — `Strict-Transport-Security: max-age=31536000; includeSubDomains`.
 */
export function securityHeaders(opts: { trustProxy: boolean }) {
  const base = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(opts.trustProxy),
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return createMiddleware<{ Variables: SecureHeadersVariables }>(async (c, next) => {
    await base(c, next);
    if (ownOriginOf(c.req.url, (name) => c.req.header(name), opts.trustProxy).startsWith('https:')) {
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    }
  });
}
