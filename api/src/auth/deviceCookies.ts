import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ServerSecret } from '../platform/db/serverSecretModel.js';
import { isDuplicateKeyError } from '../platform/http/errors.js';

/**
 * Device cookies (OWASP's "device cookies" against lock-out abuse,
 * docs/architecture.md#trusted-devices): a successful sign-in leaves the
 * browser a signed cookie saying "this device once signed in to this
 * account". Such a device passes the per-email, per-(email, address) and
 * per-address sign-in limits, so an attacker who knows someone's email
 * cannot keep them out of it from the devices they use.
 *
 * One cookie per account on a device, named after a digest of the user id;
 * its value is `{issuedAt}.{mac}`: milliseconds since 1970 and the base64url
 * HMAC-SHA256, under the device cookie key, of the user id, `issuedAt` and a
 * SHA-256 of the user's current password hash — so any change of password
 * (a new hash, even of the same password) revokes every device cookie of the
 * account with no field to keep.
 */

/** Name prefix of device cookies over plain http: `oracy_device_{16 hex digits}`. */
export const DEVICE_COOKIE_PREFIX = 'oracy_device_';
/**
 * Name prefix over HTTPS: browsers accept a `__Secure-` cookie only when it is
 * `Secure` (and set over HTTPS), and an unprefixed one is never read over HTTPS.
 */
export const SECURE_DEVICE_COOKIE_PREFIX = `__Secure-${DEVICE_COOKIE_PREFIX}`;
/** The one path the browser sends device cookies to: the sign-in form's and the app's `POST /auth/login`. */
export const DEVICE_COOKIE_PATH = '/auth/login';
/** How long a device stays trusted after its last successful sign-in, in days. */
export const DEVICE_COOKIE_DAYS = 90;
/** The same, in seconds (`Max-Age`). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
/**
 * Most device cookies one browser keeps for this site (one per account signed
 * in from it); signing in to one more drops the oldest. 20 cookies of about
 * 100 bytes each, sent only to `POST /auth/login`.
 */
export const MAX_DEVICE_COOKIES = 20;
/** `_id` of the database key (`ServerSecret`) used when `DEVICE_COOKIE_KEY` is unset. */
export const DEVICE_COOKIE_KEY_ID = 'device-cookie-key';

/** How far in the future an `issuedAt` may lie (another process's clock), in ms. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** `{issuedAt}.{43 base64url characters}` (a 32-byte HMAC-SHA256). */
const VALUE_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** What a device cookie is bound to: the account and its current password hash. */
export interface DeviceCookieUser {
  /** the user id, 24 hex digits */
  id: string;
  /** the stored argon2id PHC string */
  passwordHash: string;
}

/** The device cookies of one app instance. */
export interface DeviceCookies {
  /**
   * The request's device cookie for `user`, when it is valid: signed with the
   * key, at most `DEVICE_COOKIE_DAYS` old, and made for the user's current
   * password hash. Over HTTPS (`secure`) only the `__Secure-` cookie counts.
   * @returns an id of that cookie for the limits (`{userId}.{issuedAt}`), or undefined
   * @throws when the key cannot be read from the database
   */
  trustedDevice(c: Context, user: DeviceCookieUser, secure: boolean): Promise<string | undefined>;
  /**
   * Sets a fresh device cookie for `user` (`HttpOnly`, `SameSite=Lax`,
   * `Path=/auth/login`, `Max-Age` 90 days; `Secure` over HTTPS), and deletes
   * the oldest of the request's other device cookies beyond `MAX_DEVICE_COOKIES`.
   * @throws when the key cannot be read from the database
   */
  issue(c: Context, user: DeviceCookieUser, secure: boolean): Promise<void>;
}

/**
 * The device cookie key kept in the database (`ServerSecret` `device-cookie-key`),
 * created with 32 random bytes by the first process that asks: an upsert that
 * sets the value only on insert, so every process sharing the database reads
 * the same key. Two processes racing to create it: the unique `_id` lets one
 * insert win, and the other reads the winner's key.
 */
export async function deviceCookieKeyFromDatabase(): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  let stored: { value: string } | null;
  try {
    stored = await ServerSecret.findOneAndUpdate({ _id: DEVICE_COOKIE_KEY_ID }, { $setOnInsert: { value: candidate } }, { upsert: true, returnDocument: 'after', lean: true });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    stored = await ServerSecret.findById(DEVICE_COOKIE_KEY_ID).lean();
  }
  if (!stored?.value) throw new Error('The device cookie key could not be created in the database.');
  return Buffer.from(stored.value, 'base64url');
}

/** The cookie name of `userId`'s device cookie: the prefix and 16 hex digits of a SHA-256 of the id. */
export function deviceCookieName(userId: string, secure: boolean): string {
  const digest = createHash('sha256').update(`oracy-device:${userId}`).digest('hex').slice(0, 16);
  return `${secure ? SECURE_DEVICE_COOKIE_PREFIX : DEVICE_COOKIE_PREFIX}${digest}`;
}

function mac(key: Buffer, user: DeviceCookieUser, issuedAt: number): Buffer {
  const passwordDigest = createHash('sha256').update(user.passwordHash).digest('hex');
  return createHmac('sha256', key).update(`oracy-device-cookie\n${user.id}\n${issuedAt}\n${passwordDigest}`).digest();
}

/** `issuedAt` of a device cookie value, or 0 when it is not one (such cookies go first). */
function issuedAtOf(value: string): number {
  const match = VALUE_PATTERN.exec(value);
  return match ? Number(match[1]) : 0;
}

/**
 * Creates the device cookies of an app.
 * @param opts.key `DEVICE_COOKIE_KEY`, the same on every process; unset →
 * `deviceCookieKeyFromDatabase()`, read once (again after a failed read).
 */
export function createDeviceCookies(opts: { key?: string } = {}): DeviceCookies {
  let key: Promise<Buffer> | undefined = opts.key ? Promise.resolve(Buffer.from(opts.key, 'utf8')) : undefined;
  const signingKey = (): Promise<Buffer> => {
    key ??= deviceCookieKeyFromDatabase().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  return {
    async trustedDevice(c, user, secure) {
      const value = getCookie(c, deviceCookieName(user.id, secure));
      const match = value ? VALUE_PATTERN.exec(value) : null;
      if (!match) return undefined;
      const issuedAt = Number(match[1]);
      const now = Date.now();
      if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt >= DEVICE_COOKIE_MAX_AGE_SECONDS * 1000) return undefined;
      const expected = mac(await signingKey(), user, issuedAt);
      const given = Buffer.from(match[2]!, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return `${user.id}.${issuedAt}`;
    },

    async issue(c, user, secure) {
      const name = deviceCookieName(user.id, secure);
      const prefix = secure ? SECURE_DEVICE_COOKIE_PREFIX : DEVICE_COOKIE_PREFIX;
      const attributes = { httpOnly: true, sameSite: 'Lax', path: DEVICE_COOKIE_PATH, secure } as const;
      const others = Object.entries(getCookie(c))
        .filter(([other]) => other !== name && other.startsWith(prefix))
        .sort(([, a], [, b]) => issuedAtOf(a) - issuedAtOf(b));
      for (const [other] of others.slice(0, Math.max(0, others.length - (MAX_DEVICE_COOKIES - 1)))) deleteCookie(c, other, attributes);

      const issuedAt = Date.now();
      const value = `${issuedAt}.${mac(await signingKey(), user, issuedAt).toString('base64url')}`;
      setCookie(c, name, value, {
        ...attributes,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        expires: new Date(issuedAt + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000),
      });
    },
  };
}
