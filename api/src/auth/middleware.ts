import { createMiddleware } from 'hono/factory';
import { databaseAvailable } from '../platform/db/availability.js';
import { ROLES, type Role } from './roles.js';
import { badRequest, forbidden, passwordChangeRequired, unauthorized } from '../platform/http/errors.js';
import type { AppEnv, AuthedEnv } from './context.js';
import { requestHeader } from '../platform/security/headers.js';
import { describeGuard } from '../platform/http/openApiSecurity.js';
import { clearSessionCookie, isSecureRequest, lookUpSession, sessionTokenFromCookieHeader } from './sessions.js';

/** A 24-hex-digit MongoDB ObjectId, the only id shape the API accepts (docs/product.md#authorization-matrix). */
export const OBJECT_ID_PATTERN = /^[a-f0-9]{24}$/i;

/**
 * Reads the session cookie (`oracy_session`, or `__Host-oracy_session` over
 * HTTPS) and sets `c.var.user` / `c.var.session` (docs/product.md#sign-in-site, docs/product.md#identity-on-the-device), both
 * `null` when the cookie is missing, malformed, unknown, expired, idle too
 * long, or its user was deleted. The answer clears the cookie only when this request ended its
 * session (expired, idle, user deleted: `lookUpSession`'s `ended`). An unknown session was ended
 * by another request — a sign-out, or a password change that already set a new cookie: a request
 * the browser sent with the old cookie just before (a service worker fetching the app's files
 * does) may be answered after that change, and a clearing `Set-Cookie` names the cookie, not its
 * value, so it would delete the new session's cookie. Such a cookie is refused on every request
 * until a sign-in replaces it or it expires.
 * The user comes from `lookUpSession`'s short-lived cache, which any write to the
 * sessions or users empties, so a role change or a deletion applies at once.
 * While the database is down the session is not looked up (the user is `null`, the cookie kept):
 * only pages that need no database get this far then (`platform/db/gate.ts`). Never answers by itself.
 * @param opts.trustProxy whether `X-Forwarded-Proto` decides https (the cookie's name and Secure flag).
 * @param opts.idleMinutes the idle limit (`SESSION_IDLE_MINUTES`); default 1440.
 */
export function loadSession(opts: { trustProxy: boolean; idleMinutes?: number }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const secure = isSecureRequest(c, opts.trustProxy);
    // The same rule as `readSessionCookie`, from Node's parsed headers (see `requestHeader`).
    const token = sessionTokenFromCookieHeader(requestHeader(c, 'cookie'), secure);
    if (token && databaseAvailable()) {
      const found = await lookUpSession(token, { idleMinutes: opts.idleMinutes });
      if (found.status === 'live') {
        c.set('user', found.user);
        c.set('session', found.session);
      } else if (found.status === 'ended') {
        clearSessionCookie(c, secure);
      }
    }
    await next();
  });
}

/**
 * 403 `password_change_required` for a signed-in user who still has a one-time password
 * (docs/product.md#one-time-passwords); everyone else passes. Mounted on `/api/*`, so such a user
 * can do nothing but read `/auth/current_user`, sign out, and choose a password at
 * `/change-password`. Runs after `loadSession`.
 */
export const requireOwnPassword = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user?.mustChangePassword) throw passwordChangeRequired();
  await next();
});

/**
 * 401 `unauthorized` unless a user is signed in (docs/product.md#authorization-matrix). Narrows `c.var.user` to a user.
 * Its routes carry the session-cookie security and the 401 in the OpenAPI document.
 */
export const requireAuth = describeGuard(
  createMiddleware<AuthedEnv>(async (c, next) => {
    if (!c.get('user')) throw unauthorized();
    await next();
  }),
  [401],
);

/**
 * Only the given roles (1 admin, 2 teacher, 3 student; docs/product.md#roles-and-permissions) may pass:
 * 401 without a session, 403 `forbidden` for any other role. Its routes carry the session-cookie
 * security, the 401 and the 403 in the OpenAPI document.
 */
export function requireRole(...roles: Role[]) {
  return describeGuard(
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = c.get('user');
      if (!user) throw unauthorized();
      if (!roles.includes(user.role as Role)) throw forbidden();
      await next();
    }),
    [401, 403],
  );
}

/**
 * The caller themself or an admin (docs/product.md#authorization-matrix): the path parameter — or,
 * when the path has none, the query parameter — named `param` (e.g.
 * `studentId`, `sId`) must be the caller's id unless the caller is an admin.
 * 401 without a session; 400 `validation_error` naming `param` when it is
 * missing or not an ObjectId; 403 when it is someone else's id. Its routes carry the session-cookie
 * security, the 400, the 401 and the 403 in the OpenAPI document.
 */
export function requireSelfOrAdmin(param: string) {
  return describeGuard(
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = c.get('user');
      if (!user) throw unauthorized();
      const value = c.req.param(param) ?? c.req.query(param);
      if (!value) throw badRequest(`${param} is required.`, { [param]: 'Required.' });
      if (!OBJECT_ID_PATTERN.test(value)) throw badRequest(`Invalid ${param}.`, { [param]: 'Must be a valid id.' });
      if (user.role !== ROLES.admin && value.toLowerCase() !== user.id) throw forbidden();
      await next();
    }),
    [400, 401, 403],
  );
}
