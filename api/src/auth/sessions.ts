import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { parseCookie } from 'cookie';
import type { Types } from 'mongoose';
import { Session } from './sessionModel.js';
import { User } from '../people/userModel.js';
import { onWrites } from '../platform/db/writes.js';
import { requestHeader } from '../platform/security/headers.js';
import type { SessionDoc, UserDoc } from './context.js';

/** Name of the session cookie over plain http (docs/product.md#sign-in-site). */
export const SESSION_COOKIE = 'oracy_session';
/**
 * Name of the session cookie over HTTPS: the `__Host-` prefix makes
 * browsers accept it only when Secure, with `Path=/` and no `Domain`, so no
 * other host (a sibling subdomain) can set or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for a request that came over HTTPS (`secure`) or not. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Default idle limit, in minutes (`SESSION_IDLE_MINUTES`): 24 hours. */
export const DEFAULT_SESSION_IDLE_MINUTES = 24 * 60;
/** `lastSeenAt` is written at most this often per session, in ms, so a busy session costs no write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Bytes of randomness in a session token (256 bits; docs/product.md#sign-in-site asks ≥ 128). */
const TOKEN_BYTES = 32;
/** A token is 32 bytes in base64url without padding: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const HTTPS_URL = /^https:/i;

/** Interval of the expired-session sweep used when the database has no TTL indexes, in ms (10 minutes). */
export const SESSION_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** A new opaque session token: 32 random bytes, base64url (43 characters). */
export function generateSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Hex SHA-256 of a token: the only form in which it is stored (`Session.tokenHash`). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new session for `userId` that expires `ttlDays` days from now.
 * @returns the cookie token (never stored) and the expiry date.
 */
export async function createSession(userId: Types.ObjectId | string, opts: { ttlDays: number; userAgent?: string }): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + opts.ttlDays * MS_PER_DAY);
  await Session.create({
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt,
    userAgent: (opts.userAgent ?? '').slice(0, 512),
  });
  return { token, expiresAt };
}

/** The limits a session is held to when it is read. */
export interface SessionLimits {
  /** minutes without a request after which the session ends (`SESSION_IDLE_MINUTES`); default 1440 */
  idleMinutes?: number;
}

/**
 * What {@link lookUpSession} found for a cookie token.
 * - `live`: the session and its user.
 * - `ended`: this lookup ended the session — past its absolute expiry (`expiresAt`), idle longer
 *   than the limit, or its user no longer exists — and deleted its record (the embedded database
 *   has no TTL index).
 * - `unknown`: a malformed token, or no session has it: never issued, or ended by another request
 *   (a sign-out, a password change or reset, the sweep of expired sessions).
 */
export type SessionLookup = { status: 'live'; session: SessionDoc; user: UserDoc } | { status: 'ended' } | { status: 'unknown' };

/**
 * Looks up the session of a cookie token and its user — from the short-lived
 * cache below, or from the database in one read shared by concurrent callers
 * (`readShared`). Records the use (`lastSeenAt`, written at most once a minute).
 * Ends (deletes) a session found expired, idle longer than `limits.idleMinutes`, or whose
 * user no longer exists (docs/product.md#sign-in-site).
 * @returns `live` with the session and user, `ended` when this lookup ended it, `unknown`
 * otherwise ({@link SessionLookup})
 */
export async function lookUpSession(token: string | undefined, limits: SessionLimits = {}): Promise<SessionLookup> {
  if (!token || !TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const generation = cacheGeneration;
  const cached = sessionCache.get(token);
  const fresh = cached && cached.until > Date.now() ? cached : undefined;
  const read = fresh ?? (await readShared(token));
  if (!read) return { status: 'unknown' };
  const { session } = read;
  const now = Date.now();
  const idleMs = (limits.idleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES) * 60 * 1000;
  const lastSeen = session.lastSeenAt?.getTime() ?? now;
  if (session.expiresAt.getTime() <= now || lastSeen + idleMs <= now) {
    await Session.deleteOne({ _id: session._id });
    return { status: 'ended' };
  }
  if (now - lastSeen >= Math.min(TOUCH_INTERVAL_MS, idleMs / 10)) {
    session.lastSeenAt = new Date(now);
    // Through the driver: recording a use is the one write that must not empty the session cache.
    await Session.collection.updateOne({ _id: session._id }, { $set: { lastSeenAt: session.lastSeenAt } });
  }
  const { user } = read;
  if (!user) {
    await Session.deleteOne({ _id: session._id });
    return { status: 'ended' };
  }
  // Not cached when a write happened while reading: it may have changed what was read.
  if (!fresh && generation === cacheGeneration) rememberSession(token, { session, user, until: now + SESSION_CACHE_TTL_MS });
  return { status: 'live', session, user };
}

/**
 * The session of a cookie token and its user, as {@link lookUpSession} finds them.
 * @returns `{session, user}`, or null when the token is malformed or unknown, or the session has
 * just ended (expired, idle too long, or its user no longer exists)
 */
export async function findSession(token: string | undefined, limits: SessionLimits = {}): Promise<{ session: SessionDoc; user: UserDoc } | null> {
  const found = await lookUpSession(token, limits);
  return found.status === 'live' ? { session: found.session, user: found.user } : null;
}

/**
 * How long `lookUpSession` reuses a session and its user without asking the
 * database, in ms (no database round trip on every request). Any
 * write through Mongoose to the sessions or the users — a logout, a role
 * change, a deletion, a profile edit, an expiry — empties the cache at once
 * (`platform/db/writes.ts`); the time limit only bounds what another process's
 * writes could leave stale. Expiry and idle limits are checked on every hit.
 */
export const SESSION_CACHE_TTL_MS = 5000;
/** Most sessions kept; the oldest go first. */
const SESSION_CACHE_MAX = 10000;

interface CachedSession {
  session: SessionDoc;
  user: UserDoc;
  /** epoch ms after which the entry is not used */
  until: number;
}

/**
 * By cookie token: a hit costs no hashing. The tokens stay in this
 * process's memory, where every request's cookie already passes; the
 * database keeps only their hashes.
 */
const sessionCache = new Map<string, CachedSession>();
/** Bumped on every emptying, so a read that raced a write is not cached. */
let cacheGeneration = 0;

function rememberSession(token: string, entry: CachedSession): void {
  sessionCache.delete(token);
  sessionCache.set(token, entry);
  if (sessionCache.size > SESSION_CACHE_MAX) sessionCache.delete(sessionCache.keys().next().value!);
}

/** Reads of the database under way, by token: callers that miss the cache together share one. */
const reading = new Map<string, Promise<{ session: SessionDoc; user: UserDoc | null } | null>>();

/**
 * The session of `token` and its user (null when the user is gone) from the
 * database, or null for an unknown token. Concurrent calls for one token
 * share one read — a burst of chat messages or of a page's requests arriving
 * just after the cache entry lapsed costs two queries, not two per request.
 */
function readShared(token: string): Promise<{ session: SessionDoc; user: UserDoc | null } | null> {
  const pending = reading.get(token);
  if (pending) return pending;
  const read = (async () => {
    const session = await Session.findOne({ tokenHash: hashSessionToken(token) });
    return session ? { session, user: await User.findById(session.userId) } : null;
  })().finally(() => {
    if (reading.get(token) === read) reading.delete(token);
  });
  reading.set(token, read);
  return read;
}

/** Forgets every cached session of this process; `findSession` reads the database again. */
function clearSessionCache(): void {
  cacheGeneration += 1;
  sessionCache.clear();
  // A read under way may predate the write that cleared the cache: later callers must not join it.
  reading.clear();
}

// Any Mongoose write to the sessions or the users, wherever in the code (or a test) it happens —
// in this process, or in another one that announced it through Redis.
onWrites('Session', clearSessionCache);
onWrites('User', clearSessionCache);

/** Deletes the session of a cookie token, if any. */
export async function deleteSessionByToken(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await Session.deleteOne({ tokenHash: hashSessionToken(token) });
}

/**
 * Ends every session of `userId` (a password reset or change, docs/product.md#one-time-passwords):
 * their next request is a 401. The discussion sockets of those sessions are the caller's to end
 * (`SocketRevocation.endUserSockets`). @returns how many sessions were deleted.
 */
export async function deleteUserSessions(userId: Types.ObjectId | string): Promise<number> {
  const { deletedCount } = await Session.deleteMany({ userId });
  return deletedCount;
}

/**
 * Deletes every expired session: past its absolute expiry, or — when
 * `idleMinutes` is given — unused for that long. @returns how many were deleted.
 */
export async function sweepExpiredSessions(now = new Date(), idleMinutes?: number): Promise<number> {
  const expired = await Session.deleteMany({ expiresAt: { $lte: now } });
  if (idleMinutes === undefined) return expired.deletedCount;
  const idle = await Session.deleteMany({ lastSeenAt: { $lte: new Date(now.getTime() - idleMinutes * 60 * 1000) } });
  return expired.deletedCount + idle.deletedCount;
}

/**
 * True when the request came over HTTPS: the request URL's scheme, or — when
 * `trustProxy` — the first value of `X-Forwarded-Proto` if the proxy sent one.
 */
export function isSecureRequest(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (forwarded) return forwarded === 'https';
  }
  // The request URL is absolute; its scheme is all that is needed (no URL parse per request).
  return HTTPS_URL.test(c.req.url);
}

/**
 * The session token from the request's cookie, if any: `__Host-oracy_session`
 * when the request came over HTTPS (`secure`), `oracy_session` otherwise — an
 * unprefixed cookie is never trusted over HTTPS.
 */
export function readSessionCookie(c: Context, secure = false): string | undefined {
  return getCookie(c, sessionCookieName(secure));
}

/**
 * The session token in a raw `Cookie` header (every request's `loadSession`,
 * the Socket.IO handshake), by the same rule as `readSessionCookie`; the
 * first cookie of that name wins. Parsed with the `cookie` package, about a
 * tenth of the cost of `hono/utils/cookie` per request; a value
 * that is not a token is refused later by `findSession`.
 */
export function sessionTokenFromCookieHeader(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[sessionCookieName(secure)];
}

/**
 * Sets the session cookie (docs/product.md#sign-in-site): HttpOnly, SameSite=Lax,
 * Path=/, expiring with the session (Max-Age in seconds and Expires); over
 * HTTPS also Secure and named `__Host-oracy_session`.
 */
export function setSessionCookie(c: Context, token: string, opts: { expiresAt: Date; secure: boolean }): void {
  setCookie(c, sessionCookieName(opts.secure), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: opts.secure,
    expires: opts.expiresAt,
    maxAge: Math.max(0, Math.round((opts.expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/** Clears the session cookie in the browser (same name and attributes, Max-Age=0). */
export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, sessionCookieName(secure), { httpOnly: true, sameSite: 'Lax', path: '/', secure });
}

/**
 * Signs a user in (docs/product.md#sign-in-site): deletes the session of the cookie the
 * request already carried, stores a freshly generated one, and sets its cookie.
 * A new session id at each sign-in prevents session fixation.
 */
export async function startSession(c: Context, userId: Types.ObjectId, opts: { ttlDays: number; trustProxy: boolean }): Promise<void> {
  const secure = isSecureRequest(c, opts.trustProxy);
  await deleteSessionByToken(readSessionCookie(c, secure));
  const { token, expiresAt } = await createSession(userId, { ttlDays: opts.ttlDays, userAgent: c.req.header('User-Agent') });
  setSessionCookie(c, token, { expiresAt, secure });
}

/** How expired sessions leave the database; `stop()` ends the sweep timer, if any. */
export interface SessionExpiry {
  mode: 'ttl' | 'sweep';
  stop(): void;
}

function errorCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * Makes expired sessions disappear (docs/product.md#sign-in-site): creates a TTL
 * index on `sessions.expiresAt` (converting the plain index with `collMod` on
 * MongoDB when it already exists). When the database cannot (FerretDB v1
 * answers code 238 NotImplemented), falls back to deleting expired sessions
 * now and every `SESSION_SWEEP_INTERVAL_MS` — idle ones too, when
 * `opts.idleMinutes` is given. Reads refuse expired and idle sessions either
 * way (`findSession`). Never throws.
 */
export async function ensureSessionExpiry(log: (message: string, err?: unknown) => void, opts: { idleMinutes?: number } = {}): Promise<SessionExpiry> {
  try {
    await Session.collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    return { mode: 'ttl', stop() {} };
  } catch (err) {
    // 85 IndexOptionsConflict / 86 IndexKeySpecsConflict: the plain index from the model exists.
    if (errorCode(err) === 85 || errorCode(err) === 86) {
      try {
        await Session.db.db!.command({ collMod: Session.collection.collectionName, index: { keyPattern: { expiresAt: 1 }, expireAfterSeconds: 0 } });
        return { mode: 'ttl', stop() {} };
      } catch (collModErr) {
        log('Could not turn sessions.expiresAt into a TTL index; sweeping expired sessions instead.', collModErr);
      }
    } else if (errorCode(err) !== 238) {
      log('Could not create the TTL index on sessions; sweeping expired sessions instead.', err);
    }
  }
  const sweep = () => {
    sweepExpiredSessions(new Date(), opts.idleMinutes).catch((err: unknown) => log('Sweeping expired sessions failed.', err));
  };
  sweep();
  const timer = setInterval(sweep, SESSION_SWEEP_INTERVAL_MS);
  timer.unref();
  return { mode: 'sweep', stop: () => clearInterval(timer) };
}
