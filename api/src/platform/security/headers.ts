import type { IncomingHttpHeaders } from 'node:http';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { ownOriginOf } from './origin.js';

/**
 * Sets a header on the response a middleware's `next()` produced, in place.
 * `c.header()` after `next()` rebuilds the finished response as a full web
 * `Response` with a body stream (`@hono/node-server` then copies it out
 * chunk by chunk), which cost every JSON answer about a tenth of its time
 * (CPU profile of `GET /auth/current_user`). Falls back to
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
 * only for its cookie. Elsewhere (`app.request()` in tests) it is
 * `c.req.header(name)`.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const headers = (c.env as { incoming?: { headers?: IncomingHttpHeaders } } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** HSTS over HTTPS: one year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every response: no inline or
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

/** Response headers as `[lower-case name, value]` pairs. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** The part of Node's `ServerResponse` that `withDefaultHeaders` uses. */
interface NodeResponse {
  headersSent: boolean;
  setHeader(name: string, value: string): unknown;
}

/** Node's response for this request under `@hono/node-server` while its head is unwritten, else undefined (`app.request()`). */
function nodeResponseOf(c: Context): NodeResponse | undefined {
  const outgoing = (c.env as { outgoing?: Partial<NodeResponse> } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === 'function' && outgoing.headersSent === false ? (outgoing as NodeResponse) : undefined;
}

/** `current` with the comma-separated `tokens` it lacks appended (case-insensitive), e.g. for `Vary`. */
function mergeTokens(current: string, tokens: string): string {
  const have = new Set(current.split(',').map((t) => t.trim().toLowerCase()));
  if (have.has('*')) return current;
  const missing = tokens
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !have.has(t.toLowerCase()));
  return missing.length ? `${current}, ${missing.join(', ')}` : current;
}

/**
 * Runs `next` so that the response carries `headers` unless the route set its
 * own value for a name (for `Vary`, the route's list is kept and the missing
 * tokens are added). Under `@hono/node-server` they are written on Node's
 * `ServerResponse` before the route runs, and the route's own headers, which
 * `@hono/node-server` passes to `writeHead`, replace them: the route's
 * response keeps its plain header record, so no web `Headers` object is built
 * and copied for it — on a signed-in JSON read that was most of the cost of
 * the security headers (CPU profiles of `GET /auth/current_user`).
 * A route's own `Vary` replaces the default there; no route sets one.
 * Without Node (`app.request()` in tests) they are added after the route.
 */
export function withDefaultHeaders(c: Context, next: () => Promise<void>, headers: HeaderList): Promise<void> {
  const node = nodeResponseOf(c);
  if (!node) return addAfterRoute(c, next, headers);
  // Not an async function: on every request, one promise fewer.
  for (const [name, value] of headers) node.setHeader(name, value);
  return next();
}

/** `withDefaultHeaders` without Node's response: the route runs, then the headers it lacks are added. */
async function addAfterRoute(c: Context, next: () => Promise<void>, headers: HeaderList): Promise<void> {
  await next();
  for (const [name, value] of headers) {
    const current = c.res.headers.get(name);
    if (current === null) setResponseHeader(c, name, value);
    else if (name === 'vary') setResponseHeader(c, name, mergeTokens(current, value));
  }
}

/** The header list `hono/secure-headers` gives every response of origin `own`, read once from a probe request. */
async function secureHeaderList(own: string, https: boolean): Promise<HeaderList> {
  const probe = new Hono()
    .use(
      secureHeaders({
        contentSecurityPolicy: contentSecurityPolicy(own.replace(/^http/, 'ws')),
        crossOriginResourcePolicy: 'same-origin',
        referrerPolicy: 'no-referrer',
        xFrameOptions: 'DENY',
        strictTransportSecurity: false,
        // the microphone for this origin's own pages only: speaking practice records answers (docs/product.md#speaking-practice).
        permissionsPolicy: { camera: [], microphone: ['self'], geolocation: [], payment: [] },
      }),
    )
    .get('*', (c) => c.body(null));
  const list: Array<readonly [string, string]> = [...(await probe.request('http://probe/')).headers];
  if (https) list.push(['strict-transport-security', HSTS_VALUE]);
  return list;
}

/** Headers for the responses of some paths only, in `securityHeaders`. */
export interface PathHeaders {
  /** which paths (`c.req.path`) */
  path: RegExp;
  /** what they get besides the security headers, unless the route sets its own */
  headers: HeaderList;
}

/**
 * Middleware setting the security headers of every response (ASVS 5.0
 * V3.4): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`,
 * `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`,
 * a `Permissions-Policy` that turns off camera, geolocation and payment and
 * allows the microphone to this origin only (speaking practice), and — only when the request came over HTTPS (`X-Forwarded-Proto`
 * with `trustProxy`) — `Strict-Transport-Security: max-age=31536000; includeSubDomains`;
 * plus `opts.personal.headers` on the paths `opts.personal.path` matches
 * (the app's `Cache-Control: no-store` for personal JSON), so that they cost
 * no middleware layer of their own.
 *
 * The values come from `hono/secure-headers`, asked once per origin seen (the
 * CSP names the request's own origin, or `opts.publicOrigin` — `PUBLIC_ORIGIN` — when set,
 * which also decides HSTS by its scheme) and kept as a list; they are applied by
 * `withDefaultHeaders`, so a route may set its own value for one of them.
 */
export function securityHeaders(opts: { trustProxy: boolean; publicOrigin?: string; personal?: PathHeaders }) {
  const perOrigin = new Map<string, { all: HeaderList; personal: HeaderList }>();
  const listsFor = async (own: string) => {
    let lists = perOrigin.get(own);
    if (!lists) {
      const all = await secureHeaderList(own, own.startsWith('https:'));
      lists = { all, personal: [...all, ...(opts.personal?.headers ?? [])] };
      if (perOrigin.size >= ORIGINS_KEPT) perOrigin.clear();
      perOrigin.set(own, lists);
    }
    return lists;
  };
  const pick = (c: Context, lists: { all: HeaderList; personal: HeaderList }) => (opts.personal?.path.test(c.req.path) ? lists.personal : lists.all);
  return createMiddleware((c, next) => {
    const own = opts.publicOrigin ?? ownOriginOf(c.req.url, (name) => requestHeader(c, name.toLowerCase() as Lowercase<string>), opts.trustProxy);
    const lists = perOrigin.get(own);
    // Known origin (nearly every request): no promise of its own.
    if (lists) return withDefaultHeaders(c, next, pick(c, lists));
    return listsFor(own).then((made) => withDefaultHeaders(c, next, pick(c, made)));
  });
}
