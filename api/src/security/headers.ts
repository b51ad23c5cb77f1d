import type { IncomingHttpHeaders } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { ownOriginOf } from './origin.js';

/**
 * Sets a header on the response a middleware's `next()` produced, in place.
 * `c.header()` after `next()` rebuilds the finished response as a full web
 * `Response` with a body stream (`@hono/node-server` then copies it out
 * chunk by chunk), which cost every JSON answer about a tenth of its time
 * (issue 9, CPU profile of `GET /auth/current_user`). Falls back to
 * `c.header()` when the response's headers are immutable (a `Response`
 * from `fetch` or `Response.redirect`).
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * A request header by its lower-case `name`, or undefined. Under
 * `@hono/node-server` it is read from Node's already parsed
 * `IncomingMessage.headers` (repeated headers joined by Node's rules: `, `,
 * or `; ` for `Cookie`): the first `c.req.header()` of a request copies every
 * header into a web `Headers` object, a cost a signed-in GET otherwise pays
 * only for its cookie (issue 9). Elsewhere (`app.request()` in tests) it is
 * `c.req.header(name)`.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const headers = (c.env as { incoming?: { headers?: IncomingHttpHeaders } } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** HSTS over HTTPS: one year, subdomains included (issue 8). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every response (issue 8): no inline or
 * foreign script, no plugins, no `<base>`, never framed; images from this
 * origin plus `data:`/`blob:` (icons, upload previews); connections to this
 * origin and its socket only — `socketOrigin` is this origin's WebSocket
 * origin (`ws://host` over http, `wss://host` over https): CSP 3 lets
 * `'self'` match it, older Safari does not, so it is named. Inline styles
 * stay allowed: Ionic's web components set style attributes and inject their
 * own `<style>` elements.
 */
function contentSecurityPolicy(socketOrigin: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketOrigin],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

/** Most origins whose header sets are kept (the `Host` header is the client's, hence the bound). */
const ORIGINS_KEPT = 64;

/**
 * Middleware setting the security headers of every response (issue 8;
 * ASVS 5.0 V3.4): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`,
 * `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`,
 * a `Permissions-Policy` that turns off camera, microphone, geolocation and
 * payment, and — only when the request came over HTTPS (`X-Forwarded-Proto`
 * with `trustProxy`) — `Strict-Transport-Security: max-age=31536000; includeSubDomains`.
 *
 * The CSP names the request's own origin, so one `secureHeaders` is built per
 * origin seen and reused: a CSP assembled from its parts on every request
 * cost a signed-in read several microseconds (issue 9).
 */
export function securityHeaders(opts: { trustProxy: boolean }) {
  const perOrigin = new Map<string, MiddlewareHandler>();
  const headersFor = (own: string): MiddlewareHandler => {
    let set = perOrigin.get(own);
    if (!set) {
      set = secureHeaders({
        contentSecurityPolicy: contentSecurityPolicy(own.replace(/^http/, 'ws')),
        crossOriginResourcePolicy: 'same-origin',
        referrerPolicy: 'no-referrer',
        xFrameOptions: 'DENY',
        strictTransportSecurity: false,
        permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
      });
      if (perOrigin.size >= ORIGINS_KEPT) perOrigin.clear();
      perOrigin.set(own, set);
    }
    return set;
  };
  return createMiddleware<{ Variables: SecureHeadersVariables }>(async (c, next) => {
    const own = ownOriginOf(c.req.url, (name) => c.req.header(name), opts.trustProxy);
    await headersFor(own)(c, next);
    if (own.startsWith('https:')) c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
  });
}
