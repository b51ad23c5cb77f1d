import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { forbidden, misdirected } from '../http/errors.js';

/**
 * Which pages may send state-changing requests: CSRF protection for every
 * unsafe method, JSON included (ASVS 5.0 V3.5). Built once from the
 * environment (`TRUST_PROXY`, `ALLOWED_ORIGINS`, `CSRF_REQUIRE_ORIGIN`, `PUBLIC_ORIGIN`).
 */
export interface OriginPolicy {
  /**
   * `PUBLIC_ORIGIN`: the app's own origin, lower-case, e.g. `https://oracy.school.example`; when set
   * it is the own origin whatever the `Host` header (or the forwarded headers) name.
   */
  publicOrigin?: string;
  /** `TRUST_PROXY`: the app's own origin comes from `X-Forwarded-Proto` / `X-Forwarded-Host` when present. */
  trustProxy: boolean;
  /** Further allowed origins, lower-case, e.g. `http://localhost:5173` (the Vite dev server). */
  allowedOrigins: readonly string[];
  /**
   * Refuse requests that carry neither `Origin` nor `Sec-Fetch-Site`. Every
   * browser in support sends at least one of them on an unsafe request, so
   * such a request comes from a program (curl, a test client), which cannot
   * borrow a victim's cookie; by default it passes.
   */
  requireOrigin: boolean;
}

/** Methods that may change state: every one of them is checked, whatever the body's content type. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a request says about where it comes from, and where it arrived. */
export interface RequestSource {
  /** the `Origin` header, if sent */
  origin: string | undefined;
  /** the `Sec-Fetch-Site` header, if sent (`same-origin`, `same-site`, `cross-site`, `none`) */
  secFetchSite: string | undefined;
  /** this app's origin as the client addressed it, e.g. `https://oracy.example` */
  ownOrigin: string;
}

/** Why a request was refused; null when it may pass. */
export type OriginRefusal = 'foreign_origin' | 'cross_site' | 'no_origin' | null;

function first(value: string | undefined): string | undefined {
  const part = value?.split(',')[0]?.trim();
  return part ? part : undefined;
}

/** The scheme and the authority (`user@host:port`) of an absolute URL. */
const SCHEME_AND_AUTHORITY = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/;
/** `scheme://host` as a request named it → its serialised origin; the `Host` header is the client's, hence the bound. */
const knownOrigins = new Map<string, string>();
const KNOWN_ORIGINS_MAX = 256;

/**
 * The app's own origin, lower-case: the scheme and host the client used. With
 * `trustProxy`, `X-Forwarded-Proto` and `X-Forwarded-Host` (first values) win
 * over the connection's own scheme and `Host`.
 * @param url the request URL as the server sees it (scheme + Host header)
 * @param header reads a request header by name
 */
export function ownOriginOf(url: string, header: (name: string) => string | undefined, trustProxy: boolean): string {
  // Every response's CSP needs this: split the URL by hand and remember the few origins seen,
  // rather than parse two URLs a request. Anything unusual takes the full parse.
  const parts = SCHEME_AND_AUTHORITY.exec(url);
  if (!parts) return parsedOwnOrigin(url, header, trustProxy);
  const raw = withForwarding(parts[1]!.toLowerCase(), parts[2]!, header, trustProxy);
  const known = knownOrigins.get(raw);
  if (known !== undefined) return known;
  const own = normalizeOrigin(raw);
  if (own === null) return parsedOwnOrigin(url, header, trustProxy);
  if (knownOrigins.size >= KNOWN_ORIGINS_MAX) knownOrigins.clear();
  knownOrigins.set(raw, own);
  return own;
}

/** `scheme://host`, the forwarded ones when `trustProxy` and the proxy sent them. */
function withForwarding(scheme: string, host: string, header: (name: string) => string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const proto = first(header('X-Forwarded-Proto'))?.toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    host = first(header('X-Forwarded-Host')) ?? host;
  }
  return `${scheme}://${host}`;
}

/** `ownOriginOf` through the URL parser: throws on a URL it rejects. */
function parsedOwnOrigin(url: string, header: (name: string) => string | undefined, trustProxy: boolean): string {
  const parsed = new URL(url);
  const raw = withForwarding(parsed.protocol.replace(/:$/, ''), parsed.host, header, trustProxy);
  return normalizeOrigin(raw) ?? raw.toLowerCase();
}

/** An origin in its serialised form (`https://host[:port]`, default ports dropped), or null when it is not one. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The CSRF rule: an unsafe request passes when its `Origin` is the
 * app's own or an allowed one; without a usable `Origin` (absent or `null`),
 * when `Sec-Fetch-Site` is `same-origin`; with neither header, only when the
 * policy does not `requireOrigin`.
 * @returns null to let it pass, or why it is refused
 */
export function checkSource(source: RequestSource, policy: OriginPolicy): OriginRefusal {
  const origin = source.origin?.trim();
  if (origin && origin !== 'null') {
    const normalized = normalizeOrigin(origin);
    if (normalized && (normalized === source.ownOrigin || policy.allowedOrigins.includes(normalized))) return null;
    return 'foreign_origin';
  }
  const site = source.secFetchSite?.trim().toLowerCase();
  if (site) return site === 'same-origin' ? null : 'cross_site';
  if (origin === 'null') return 'foreign_origin';
  return policy.requireOrigin ? 'no_origin' : null;
}

/** The request source of a Hono request; its own origin is `policy.publicOrigin` when set. */
export function sourceOf(c: Context, policy: Pick<OriginPolicy, 'trustProxy' | 'publicOrigin'>): RequestSource {
  return {
    origin: c.req.header('Origin'),
    secFetchSite: c.req.header('Sec-Fetch-Site'),
    ownOrigin: policy.publicOrigin ?? ownOriginOf(c.req.url, (name) => c.req.header(name), policy.trustProxy),
  };
}

/** The message of a refused request (403 `forbidden`). */
export const CROSS_SITE_MESSAGE = 'Requests from other sites are not allowed.';

/**
 * Middleware: refuses every POST/PUT/PATCH/DELETE that `checkSource` does not
 * let pass with 403 `forbidden` ("Requests from other sites are not
 * allowed."), before any handler reads the body — JSON, forms and multipart
 * alike (Hono's own `csrf()` checks only form content types). Safe methods
 * pass untouched.
 */
export function csrfProtection(policy: OriginPolicy) {
  return createMiddleware((c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && checkSource(sourceOf(c, policy), policy) !== null) {
      throw forbidden(CROSS_SITE_MESSAGE);
    }
    return next();
  });
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The same rule for the Socket.IO handshake (a GET or a WebSocket upgrade,
 * both able to carry the session cookie): browsers send `Origin` on every
 * WebSocket and cross-origin request, and `Sec-Fetch-Site` on the rest. With
 * `policy.publicOrigin`, a handshake whose `Host` names another host is refused too.
 * @returns null when the handshake may go on, or why it is refused
 */
export function checkHandshake(req: IncomingMessage, policy: OriginPolicy): OriginRefusal {
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  const url = `${encrypted ? 'https' : 'http'}://${headerOf(req, 'host') ?? 'localhost'}${req.url ?? '/'}`;
  let ownOrigin: string;
  try {
    ownOrigin = ownOriginOf(url, (name) => headerOf(req, name), policy.trustProxy);
  } catch {
    return 'foreign_origin';
  }
  // With a public origin, a handshake addressed to another host is refused as HTTP's 421 is.
  if (policy.publicOrigin) {
    if (!isPublicHost(ownOrigin, policy.publicOrigin)) return 'foreign_origin';
    ownOrigin = policy.publicOrigin;
  }
  return checkSource({ origin: headerOf(req, 'origin'), secFetchSite: headerOf(req, 'sec-fetch-site'), ownOrigin }, policy);
}

/** The default port of an origin's scheme. */
function defaultPort(origin: URL): string {
  return origin.protocol === 'https:' ? '443' : '80';
}

/** `request origin → is it the public origin's host`, for the few origins seen (the `Host` header is the client's, hence the bound). */
const hostVerdicts = new Map<string, boolean>();

/**
 * Whether a request addressed to `requestOrigin` (as `ownOriginOf` reads it) is for the host of
 * `publicOrigin`: the same host name, and the same port when the request names one (a proxy in
 * front usually forwards the bare host name). The scheme is not compared: behind a
 * TLS-terminating proxy without `TRUST_PROXY` the app sees plain http.
 */
export function isPublicHost(requestOrigin: string, publicOrigin: string): boolean {
  const key = `${requestOrigin} ${publicOrigin}`;
  const known = hostVerdicts.get(key);
  if (known !== undefined) return known;
  let verdict: boolean;
  try {
    const request = new URL(requestOrigin);
    const own = new URL(publicOrigin);
    verdict = request.hostname === own.hostname && (!request.port || request.port === (own.port || defaultPort(own)));
  } catch {
    verdict = false;
  }
  if (hostVerdicts.size >= KNOWN_ORIGINS_MAX) hostVerdicts.clear();
  hostVerdicts.set(key, verdict);
  return verdict;
}

/**
 * Middleware for a fixed `PUBLIC_ORIGIN` (docs/architecture.md#running-it): a request whose
 * `Host` (with `trustProxy`, `X-Forwarded-Host`) names another host gets 421
 * `misdirected_request` in the error shape, before any session is read, so that the app never
 * answers as another site (DNS rebinding, a stray virtual host). `exempt` paths (the load
 * balancer's `/healthz` and `/readyz`, probed by IP address) answer whatever the host.
 */
export function publicHostOnly(opts: { publicOrigin: string; trustProxy: boolean; exempt: ReadonlySet<string> }) {
  return createMiddleware((c, next) => {
    if (opts.exempt.has(c.req.path)) return next();
    let requested: string;
    try {
      requested = ownOriginOf(c.req.url, (name) => c.req.header(name), opts.trustProxy);
    } catch {
      throw misdirected();
    }
    if (!isPublicHost(requested, opts.publicOrigin)) throw misdirected();
    return next();
  });
}
