import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Logger, ResponseObserver } from '../logger.js';
import { clientIp } from './clientIp.js';

/**
 * The security events Oracy logs (ASVS 5.0 V16, security logging): one
 * structured line each, `{security: true, event, userId?, ip, …}`,
 * never with a password, token or cookie.
 */
export type SecurityEvent =
  /** a sign-in with a wrong password or an unknown email */
  | 'sign_in_failed'
  /** a successful sign-in (a new session) */
  | 'sign_in'
  /**
   * an email's failed sign-ins from every address reached their limit: until
   * the window ends, only devices the account trusts sign in to it
   * (docs/architecture.md#sign-in-throttling); once per window
   */
  | 'sign_in_locked'
  /** a new account through self-registration */
  | 'registered'
  /** a session ended by the user */
  | 'signed_out'
  /** a 403: a signed-in user (or a cross-site request) reached for something not theirs */
  | 'forbidden'
  /** a 429: a rate limit refused the request */
  | 'rate_limited'
  /** an admin changed someone's role */
  | 'role_changed'
  /** a record was deleted (user, course, notice, complaint …) */
  | 'deleted'
  /** an admin made an account with a one-time password (docs/product.md#admin-made-accounts) */
  | 'account_created'
  /** an admin gave a user a new one-time password, ending their sessions (docs/product.md#password-reset) */
  | 'password_reset'
  /** a user replaced their one-time password with their own (docs/product.md#one-time-passwords) */
  | 'password_changed'
  /** the discussion socket refused a handshake */
  | 'socket_refused';

/** What a security line may carry besides the event. */
export interface SecurityEventFields {
  /** the acting user's id, when known */
  userId?: string;
  /** the client's IP address (`clientIp`) */
  ip: string;
  [key: string]: unknown;
}

/** Events that are worth a warning rather than an info line. */
const WARN_EVENTS: ReadonlySet<SecurityEvent> = new Set(['sign_in_failed', 'sign_in_locked', 'forbidden', 'rate_limited', 'socket_refused']);

/** Writes one security event line (`warn` for refusals, `info` for the rest). */
export function logSecurityEvent(log: Pick<Logger, 'info' | 'warn'>, event: SecurityEvent, fields: SecurityEventFields): void {
  const line = { security: true, event, ...fields };
  if (WARN_EVENTS.has(event)) log.warn(line, `security: ${event}`);
  else log.info(line, `security: ${event}`);
}

/**
 * A short, stable pseudonym of an email address (the first 16 hex digits of
 * its SHA-256), so that repeated failures for one account can be told apart
 * in the log without writing the address itself.
 */
export function emailPseudonym(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

/** The 24-hex-digit id that a path names last, e.g. the user of `/api/admin/users/:id/role`. */
function targetIdOf(path: string): string | undefined {
  const ids = path.match(/[a-f0-9]{24}/gi);
  return ids?.[ids.length - 1]?.toLowerCase();
}

const ROLE_CHANGE_PATH = /^\/api\/admin\/users\/[^/]+\/role$/;
const CREATE_USER_PATH = '/api/admin/users';
const PASSWORD_RESET_PATH = /^\/api\/admin\/users\/[^/]+\/reset-password$/;

/** The new user's id in the answer to `POST /api/admin/users` (`{user: {id}, …}`); never the one-time password. */
async function createdUserIdOf(c: Context): Promise<unknown> {
  try {
    const body = (await c.res.clone().json()) as { user?: { id?: unknown } };
    return body.user?.id;
  } catch {
    return undefined;
  }
}

async function newRoleOf(c: Context): Promise<unknown> {
  try {
    const body = (await c.res.clone().json()) as { role?: unknown };
    return body.role;
  } catch {
    return undefined;
  }
}

/**
 * Logs, after each answer, the events a route does not log itself: every
 * 403 (`forbidden`, with the refusal's message as `reason`), every 429
 * (`rate_limited`), a successful role change (`role_changed`, with
 * `targetId` and `newRole`), a successful DELETE (`deleted`, with
 * `targetId`), an account made by an admin (`account_created`, with the new `targetId`) and a
 * password reset (`password_reset`, with `targetId`). A `ResponseObserver` for `requestLogger` (one
 * middleware layer instead of two on every request); the signed-in user is
 * known by then. Returns a promise only for a role change and an account made (the new role or id
 * is read from the answer).
 */
export function securityEventObserver(log: Pick<Logger, 'info' | 'warn'>, opts: { trustProxy: boolean }): ResponseObserver {
  return (c) => {
    const status = c.res.status;
    const method = c.req.method;
    // Most answers log nothing here: leave before building anything.
    if (status !== 403 && status !== 429 && (status < 200 || status >= 300 || (method !== 'PUT' && method !== 'DELETE' && method !== 'POST'))) return;
    const path = c.req.path;
    const base = () => ({ userId: c.get('user')?.id, ip: clientIp(c, opts.trustProxy), method, path, status });
    if (status === 403) {
      logSecurityEvent(log, 'forbidden', { ...base(), reason: c.error?.message });
    } else if (status === 429) {
      logSecurityEvent(log, 'rate_limited', { ...base(), retryAfter: c.res.headers.get('Retry-After') ?? undefined });
    } else if (method === 'PUT' && ROLE_CHANGE_PATH.test(path)) {
      return newRoleOf(c).then((newRole) => logSecurityEvent(log, 'role_changed', { ...base(), targetId: targetIdOf(path), newRole }));
    } else if (method === 'DELETE') {
      logSecurityEvent(log, 'deleted', { ...base(), targetId: targetIdOf(path) });
    } else if (method === 'POST' && path === CREATE_USER_PATH) {
      return createdUserIdOf(c).then((targetId) => logSecurityEvent(log, 'account_created', { ...base(), targetId }));
    } else if (method === 'POST' && PASSWORD_RESET_PATH.test(path)) {
      logSecurityEvent(log, 'password_reset', { ...base(), targetId: targetIdOf(path) });
    }
  };
}
