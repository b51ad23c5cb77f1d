import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Types } from 'mongoose';
import { Session, User } from '../db/models/index.js';
import type { SessionDoc, UserDoc } from './context.js';

/** Name of the session cookie (decisions §3). */
export const SESSION_COOKIE = 'oracy_session';

/** Bytes of randomness in a session token (256 bits; decisions §3 asks ≥ 128). */
const TOKEN_BYTES = 32;
/** A token is 32 bytes in base64url without padding: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

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
export async function createSession(
  userId: Types.ObjectId | string,
  opts: { ttlDays: number; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
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

/**
 * Looks up the session of a cookie token and re-reads its user.
 * @returns `{session, user}`, or null when the token is malformed or unknown,
 * the session has expired (it is then deleted, as the embedded database has
 * no TTL index), or its user no longer exists (the session is deleted too).
 */
export async function findSession(token: string | undefined): Promise<{ session: SessionDoc; user: UserDoc } | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const session = await Session.findOne({ tokenHash: hashSessionToken(token) });
  if (!session) return null;
  if (session.expiresAt.getTime() <= Date.now()) {
    await Session.deleteOne({ _id: session._id });
    return null;
  }
  const user = await User.findById(session.userId);
  if (!user) {
    await Session.deleteOne({ _id: session._id });
    return null;
  }
  return { session, user };
}

/** Deletes the session of a cookie token, if any. */
export async function deleteSessionByToken(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await Session.deleteOne({ tokenHash: hashSessionToken(token) });
}

/** Deletes every expired session. @returns how many were deleted. */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const result = await Session.deleteMany({ expiresAt: { $lte: now } });
  return result.deletedCount;
}

/**
 * True when the request came over HTTPS: the request URL's scheme, or — when
 * `trustProxy` — the first value of `X-Forwarded-Proto` if the proxy sent one.
 */
export function isSecureRequest(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (forwarded) return forwarded === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** The session token from the request's `oracy_session` cookie, if any. */
export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * Sets `oracy_session`: HttpOnly, SameSite=Lax, Path=/, Secure when `secure`,
 * expiring with the session (Max-Age in seconds and Expires).
 */
export function setSessionCookie(c: Context, token: string, opts: { expiresAt: Date; secure: boolean }): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: opts.secure,
    expires: opts.expiresAt,
    maxAge: Math.max(0, Math.round((opts.expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/** Clears `oracy_session` in the browser (same attributes, Max-Age=0). */
export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Lax', path: '/', secure });
}

/**
 * Signs a user in (decisions §3): deletes the session of the cookie the
 * request already carried, stores a freshly generated one, and sets its cookie.
 * A new session id at each sign-in prevents session fixation.
 */
export async function startSession(
  c: Context,
  userId: Types.ObjectId,
  opts: { ttlDays: number; trustProxy: boolean },
): Promise<void> {
  await deleteSessionByToken(readSessionCookie(c));
  const { token, expiresAt } = await createSession(userId, { ttlDays: opts.ttlDays, userAgent: c.req.header('User-Agent') });
  setSessionCookie(c, token, { expiresAt, secure: isSecureRequest(c, opts.trustProxy) });
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
 * Makes expired sessions disappear (decisions §3 "TTL index"): creates a TTL
 * index on `sessions.expiresAt` (converting the plain index with `collMod` on
 * MongoDB when it already exists). When the database cannot (FerretDB v1
 * answers code 238 NotImplemented), falls back to deleting expired sessions
 * now and every `SESSION_SWEEP_INTERVAL_MS`. Reads refuse expired sessions
 * either way. Never throws.
 */
export async function ensureSessionExpiry(log: (message: string, err?: unknown) => void): Promise<SessionExpiry> {
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
    sweepExpiredSessions().catch((err: unknown) => log('Sweeping expired sessions failed.', err));
  };
  sweep();
  const timer = setInterval(sweep, SESSION_SWEEP_INTERVAL_MS);
  timer.unref();
  return { mode: 'sweep', stop: () => clearInterval(timer) };
}
