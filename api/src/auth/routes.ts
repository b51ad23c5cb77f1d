import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { User } from '../people/userModel.js';
import { ROLES } from './roles.js';
import { currentUserJsonSchema, presentCurrentUser } from '../people/userPresenter.js';
import { readSchoolLanguage } from '../settings/language.js';
import {
  ApiError,
  badRequest,
  conflict,
  forbidden,
  isDuplicateKeyError,
  payloadTooLarge,
  unauthorized,
  unsupportedMediaType,
  validationError,
  zodIssuesToProblems,
} from '../platform/http/errors.js';
import { isJsonRequest } from '../platform/http/validation.js';
import type { RegistrationPolicy } from '../platform/env.js';
import { NO_CHANGE_REQUIRED, replaceOneTimePassword } from '../people/accounts.js';
import { homePathFor } from './home.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { AppEnv, UserDoc } from './context.js';
import type { Text } from '../platform/i18n/index.js';
import { fieldTexts, pageLanguage, retryMinutes } from './pageTexts.js';
import { renderChangePasswordPage, renderLoginPage as renderLoginPageFor, renderRegisterPage, renderRegistrationClosedPage } from './pages.js';
import { clientIp, createAuthLimiters, type AuthLimiters } from './rateLimits.js';
import { EMAIL_DOMAIN_REFUSED, REGISTRATION_CLOSED, mayRegister } from './registration.js';
import { changePasswordSchema, loginSchema, registerSchema, type RegisterInput } from './schema.js';
import type { Logger } from '../platform/logger.js';
import { emailPseudonym, logSecurityEvent, type SecurityEvent } from '../platform/security/events.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { clearSessionCookie, deleteSessionByToken, isSecureRequest, readSessionCookie, startSession } from './sessions.js';
import { createDeviceCookies, type DeviceCookies } from './deviceCookies.js';
import { describe, json, noBody, okSchema, TOO_LARGE } from '../platform/http/describe.js';

/** The one answer to wrong credentials, whether or not the email exists (docs/product.md#sign-in-site). */
export const INVALID_CREDENTIALS = 'Invalid email or password';
/** The answer to registering an email that is taken (409). */
export const DUPLICATE_EMAIL = 'An account with this email already exists.';
/** Largest sign-in / registration body, in bytes. */
const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** The page where a user with a one-time password chooses their own (docs/product.md#one-time-passwords). */
export const CHANGE_PASSWORD_PATH = '/change-password';

/** The answer to a `GET /auth/logout` that another site started (403 `forbidden`). */
export const FOREIGN_LOGOUT_MESSAGE = 'Sign out from the app itself.';

/**
 * `Sec-Fetch-Site` values of a `GET /auth/logout` that another site (a link,
 * a redirect, an image) started: `SameSite=Lax` sends the cookie with such
 * top-level navigations, so they must not end the session
 * (docs/product.md#logout). `same-origin`, `none` (a typed URL or a
 * bookmark) and no header at all (older browsers, programs) pass.
 */
const FOREIGN_FETCH_SITES: ReadonlySet<string> = new Set(['cross-site', 'same-site']);

/** What the sign-in routes need from the configuration. */
export interface AuthRoutesOptions {
  /** Session lifetime in days (`SESSION_TTL_DAYS`). */
  sessionTtlDays: number;
  /** `TRUST_PROXY`: forwarded headers decide https and the client IP. */
  trustProxy: boolean;
  /** Rate limiters; fresh in-memory ones by default. */
  limiters?: AuthLimiters;
  /** Device cookies of trusted devices (`deviceCookies.ts`); by default signed with the database's key. */
  deviceCookies?: DeviceCookies;
  /** Where security events go: sign-ins, failures, registrations, sign-outs; none by default. */
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Ends a signed-out session's discussion sockets (`chat/revocation.ts`); none by default. */
  sockets?: SocketRevocation;
  /** `REGISTRATION`: who may create their own account (docs/product.md#registration-policy). */
  registration: RegistrationPolicy;
}

type BodyKind = 'json' | 'form';

const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** True when the request's body is a form (so the answer is a page, not JSON). */
function isFormRequest(c: Context): boolean {
  return FORM_MEDIA_TYPES.includes(c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '');
}

/**
 * Reads a JSON or form body into a plain record (form values that are files
 * are dropped). @throws 400 on malformed JSON/form data, 415 on other media types.
 */
async function readBody(c: Context): Promise<{ kind: BodyKind; data: Record<string, unknown> }> {
  if (isJsonRequest(c)) {
    let data: unknown;
    try {
      data = await c.req.json();
    } catch {
      throw badRequest('Malformed JSON in request body.');
    }
    // A non-object body still goes through zod so that the 400 names the problem.
    return { kind: 'json', data: data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { body: data } };
  }
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!FORM_MEDIA_TYPES.includes(type)) throw unsupportedMediaType('Send the body as application/json or as a form.');
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('Malformed form data.');
  }
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') data[key] = value;
  return { kind: 'form', data };
}

/**
 * Creates a student account (role 3).
 * @returns the new user, or null when the email is already taken.
 */
async function createStudent(input: RegisterInput): Promise<UserDoc | null> {
  if (await User.exists({ email: input.email })) return null;
  try {
    return await User.create({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: ROLES.student,
    });
  } catch (err) {
    // Two registrations racing for one email: the unique index decides.
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const authBodyLimit = bodyLimit({
  maxSize: AUTH_BODY_LIMIT_BYTES,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** What the auth routes share, built once per app by {@link createAuthRoutes}. */
interface AuthRoutesContext {
  opts: AuthRoutesOptions;
  limiters: AuthLimiters;
  devices: DeviceCookies;
  sessionOptions: { ttlDays: number; trustProxy: AuthRoutesOptions['trustProxy'] };
  audit: (c: Context, event: SecurityEvent, fields?: { userId?: string; [key: string]: unknown }) => void;
  registration: AuthRoutesOptions['registration'];
  renderLoginPage: (page?: Omit<NonNullable<Parameters<typeof renderLoginPageFor>[0]>, 'registration'>) => ReturnType<typeof renderLoginPageFor>;
}

/** `GET /login` and `POST /auth/login` (docs/product.md#users-and-sessions). */
function signInRoutes({ limiters, devices, sessionOptions, audit, renderLoginPage, opts }: AuthRoutesContext) {
  return new Hono<AppEnv>()
    .get('/login', async (c) => c.html(renderLoginPage({ language: await pageLanguage(c) })))
    .post(
      '/auth/login',
      describe({
        summary: 'Sign in',
        tag: 'Authentication',
        description:
          'Starts a session: sets the session cookie and a device cookie for the account (`oracy_device_…`, `Path=/auth/login`, 90 days), and answers the current user. A form post is answered with a redirect to `/`, or the sign-in page again (HTML) on failure (docs/product.md#users-and-sessions). Failed sign-ins are limited per email and address, per email and per address; a browser holding a valid device cookie for the email passes those limits (docs/architecture.md#sign-in-throttling).',
        success: { status: 200, answer: json('Signed in; the session cookie is set.', currentUserJsonSchema) },
        others: { 303: noBody('A form post signed in: redirect to `/`.') },
        errors: {
          400: 'Email or password missing or malformed (`validation_error` naming the fields), or a malformed body.',
          401: '`invalid_credentials`: "Invalid email or password", whether or not the email exists.',
          413: TOO_LARGE,
          415: 'The body is neither JSON nor a form.',
          429: 'Too many failed sign-ins for this email from this address, for this email, or from this address, and no device cookie trusted by the account; `Retry-After` says when to try again.',
        },
        body: { content: { 'application/json': loginSchema, 'application/x-www-form-urlencoded': loginSchema } },
      }),
      authBodyLimit,
      async (c) => {
        const { kind, data } = await readBody(c);
        const form = kind === 'form';

        const parsed = loginSchema.safeParse(data);
        if (!parsed.success) {
          if (form) return c.html(renderLoginPage({ email: text(data.email), error: { id: 'error.enterEmailAndPassword' }, language: await pageLanguage(c) }), 400);
          throw validationError(parsed.error);
        }
        const { email, password } = parsed.data;
        const ip = clientIp(c, opts.trustProxy);
        const secure = isSecureRequest(c, opts.trustProxy);

        // Known or not, the email costs one lookup; an unknown one has no device cookie to trust.
        const user = await User.findOne({ email });
        const device = user ? await devices.trustedDevice(c, { id: user.id as string, passwordHash: user.passwordHash }, secure) : undefined;
        let trusted: boolean;
        try {
          trusted = await limiters.checkLogin({ ip, email, device });
        } catch (err) {
          if (form && err instanceof ApiError && err.status === 429) {
            const error = { id: 'error.tooManySignIns', values: { minutes: retryMinutes(err) } } as const;
            return c.html(renderLoginPage({ email: text(data.email), error, language: await pageLanguage(c) }), 429, err.headers);
          }
          throw err;
        }
        const attempt = { ip, email, ...(trusted ? { device } : {}) };

        const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
        if (!user || !ok) {
          const outcome = await limiters.recordLoginFailure(attempt);
          const account = { userId: user?.id as string | undefined, account: emailPseudonym(email), knownAccount: Boolean(user) };
          audit(c, 'sign_in_failed', { ...account, trustedDevice: trusted });
          if (outcome.emailLocked) audit(c, 'sign_in_locked', { ...account, retryAfter: outcome.emailRetryAfterSeconds });
          if (form) return c.html(renderLoginPage({ email: text(data.email), error: { id: 'error.invalidCredentials' }, language: await pageLanguage(c) }), 401);
          throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS);
        }

        await limiters.recordLoginSuccess(attempt);
        await startSession(c, user._id, sessionOptions);
        await devices.issue(c, { id: user.id as string, passwordHash: user.passwordHash }, secure);
        audit(c, 'sign_in', { userId: user.id as string, trustedDevice: trusted });
        if (form) return c.redirect(user.mustChangePassword ? CHANGE_PASSWORD_PATH : homePathFor(user.role), 303);
        return c.json(presentCurrentUser(user, await readSchoolLanguage()), 200);
      },
    );
}

/** `GET /register` and `POST /auth/register` (docs/product.md#registration-policy). */
function registrationRoutes({ limiters, sessionOptions, audit, registration, opts }: AuthRoutesContext) {
  return new Hono<AppEnv>()
    .get('/register', async (c) => c.html(renderRegisterPage({ registration, language: await pageLanguage(c) })))
    .post(
      '/auth/register',
      describe({
        summary: 'Register a student account',
        tag: 'Authentication',
        description:
          'Creates a student (role 3) and signs them in, as far as `REGISTRATION` allows (docs/product.md#registration-policy). A form post is answered with a redirect to `/`, or the page again (HTML) on failure.',
        success: { status: 201, answer: json('Registered and signed in; the session cookie is set.', currentUserJsonSchema) },
        others: { 303: noBody('A form post registered: redirect to `/`.') },
        errors: {
          400: '`validation_error` naming the fields (e.g. a password that is too short or too common), or a malformed body.',
          403: 'Registration is closed, or the email is not of an allowed domain (`forbidden`; the domains are not named).',
          409: 'An account with this email already exists.',
          413: TOO_LARGE,
          415: 'The body is neither JSON nor a form.',
          429: 'Too many registrations from this address; `Retry-After` says when to try again.',
        },
        body: { content: { 'application/json': registerSchema, 'application/x-www-form-urlencoded': registerSchema } },
      }),
      authBodyLimit,
      async (c) => {
        if (registration.mode === 'closed') {
          if (isFormRequest(c)) return c.html(renderRegistrationClosedPage(await pageLanguage(c)), 403);
          throw forbidden(REGISTRATION_CLOSED);
        }
        const { kind, data } = await readBody(c);
        const form = kind === 'form';
        const values = { firstName: text(data.firstName), lastName: text(data.lastName), email: text(data.email) };

        try {
          await limiters.consumeRegistration(clientIp(c, opts.trustProxy));
        } catch (err) {
          if (form && err instanceof ApiError && err.status === 429) {
            const error = { id: 'error.tooManyAccounts', values: { minutes: retryMinutes(err) } } as const;
            return c.html(renderRegisterPage({ values, error, registration, language: await pageLanguage(c) }), 429, err.headers);
          }
          throw err;
        }

        const parsed = registerSchema.safeParse(data);
        if (!parsed.success) {
          if (form) {
            const fields = fieldTexts('register', zodIssuesToProblems(parsed.error.issues));
            return c.html(renderRegisterPage({ values, fields, error: { id: 'error.checkFields' }, registration, language: await pageLanguage(c) }), 400);
          }
          throw validationError(parsed.error);
        }
        const input = parsed.data;
        // Before the look-up: an address that may not register learns nothing about existing accounts.
        if (!mayRegister(registration, input.email)) {
          const fields = fieldTexts('register', { email: { reason: 'email_domain' } });
          if (form) return c.html(renderRegisterPage({ values, fields, error: { id: 'error.emailDomain' }, registration, language: await pageLanguage(c) }), 403);
          throw forbidden(EMAIL_DOMAIN_REFUSED);
        }

        const user = await createStudent(input);
        if (!user) {
          if (form) return c.html(renderRegisterPage({ values, error: { id: 'error.duplicateEmail' }, registration, language: await pageLanguage(c) }), 409);
          throw conflict(DUPLICATE_EMAIL);
        }

        await startSession(c, user._id, sessionOptions);
        audit(c, 'registered', { userId: user.id as string });
        if (form) return c.redirect(homePathFor(user.role), 303);
        return c.json(presentCurrentUser(user, await readSchoolLanguage()), 201);
      },
    );
}

/** `GET /change-password` and `POST /auth/change-password` (docs/product.md#one-time-passwords). */
function passwordRoutes({ sessionOptions, audit, opts }: AuthRoutesContext) {
  return new Hono<AppEnv>()
    .get(CHANGE_PASSWORD_PATH, async (c) => {
      const user = c.var.user;
      if (!user) return c.redirect('/login', 302);
      if (!user.mustChangePassword) return c.redirect(homePathFor(user.role), 302);
      return c.html(renderChangePasswordPage({ email: user.email, language: await pageLanguage(c, user) }));
    })

    .post(
      '/auth/change-password',
      describe({
        summary: 'Replace a one-time password',
        tag: 'Authentication',
        description:
          'For a user who signed in with a one-time password (docs/product.md#one-time-passwords): their own password, typed twice, replaces it. Every session of the user ends and this one continues in a fresh session (a new cookie). A form post is answered with a redirect to `/`, or the page again (HTML) on failure.',
        success: { status: 200, answer: json('Changed; a fresh session cookie is set.', currentUserJsonSchema) },
        others: { 303: noBody('A form post: redirect to `/` (changed, or nothing to change), or to `/login` without a session.') },
        errors: {
          400: '`validation_error` naming the fields: the password rules, a confirmation that differs, or the one-time password itself.',
          401: 'No valid session.',
          403: 'The user has no one-time password to replace (`forbidden`).',
          413: TOO_LARGE,
          415: 'The body is neither JSON nor a form.',
        },
        session: true,
        body: { content: { 'application/json': changePasswordSchema, 'application/x-www-form-urlencoded': changePasswordSchema } },
      }),
      authBodyLimit,
      async (c) => {
        const user = c.var.user;
        const formPost = isFormRequest(c);
        if (!user) {
          if (formPost) return c.redirect('/login', 303);
          throw unauthorized();
        }
        if (!user.mustChangePassword) {
          if (formPost) return c.redirect(homePathFor(user.role), 303);
          throw forbidden(NO_CHANGE_REQUIRED);
        }
        const { kind, data } = await readBody(c);
        const form = kind === 'form';
        const page = async (error: Text, fields: Record<string, Text>) => c.html(renderChangePasswordPage({ email: user.email, error, fields, language: await pageLanguage(c, user) }), 400);

        const parsed = changePasswordSchema.safeParse(data);
        if (!parsed.success) {
          if (form) return page({ id: 'error.checkFields' }, fieldTexts('changePassword', zodIssuesToProblems(parsed.error.issues)));
          throw validationError(parsed.error);
        }
        try {
          await replaceOneTimePassword(user, parsed.data.password);
        } catch (err) {
          if (form && err instanceof ApiError && err.reasons?.password === 'same_as_one_time') {
            return page({ id: 'field.password.sameAsOneTime' }, fieldTexts('changePassword', { password: { reason: 'same_as_one_time' } }));
          }
          if (form && err instanceof ApiError && err.status === 403) return c.redirect(homePathFor(user.role), 303);
          throw err;
        }
        // Every session of the user has ended; this browser goes on in a fresh one.
        opts.sockets?.endUserSockets(user.id as string);
        await startSession(c, user._id, sessionOptions);
        audit(c, 'password_changed', { userId: user.id as string });
        if (form) return c.redirect(homePathFor(user.role), 303);
        return c.json(presentCurrentUser(user, await readSchoolLanguage()), 200);
      },
    );
}

/** `GET /auth/current_user`, `POST /auth/logout` and `GET /auth/logout` (docs/product.md#logout). */
function sessionRoutes({ audit, opts }: AuthRoutesContext) {
  return new Hono<AppEnv>()
    .get(
      '/auth/current_user',
      describe({
        summary: 'The signed-in user',
        tag: 'Authentication',
        success: { status: 200, answer: json('The user of the session.', currentUserJsonSchema) },
        errors: { 401: 'No valid session.' },
        session: true,
      }),
      async (c) => {
        const user = c.var.user;
        if (!user) throw unauthorized();
        return c.json(presentCurrentUser(user, await readSchoolLanguage()), 200);
      },
    )

    .post(
      '/auth/logout',
      describe({
        summary: 'Sign out',
        tag: 'Authentication',
        description: 'Ends the session, if any, and clears the cookie (docs/product.md#logout). What the PWA sends; refused from other origins like every POST.',
        success: { status: 200, answer: json('Signed out.', okSchema) },
      }),
      async (c) => {
        await endSession(c);
        return c.json({ ok: true as const }, 200);
      },
    )

    .get(
      '/auth/logout',
      describe({
        summary: 'Sign out from a link of the app',
        tag: 'Authentication',
        description:
          'Ends the session, if any, and clears the cookie (docs/product.md#logout), from the app’s own pages only: a request that another site started (`Sec-Fetch-Site: cross-site` or `same-site`) is refused and the session lives.',
        success: { status: 200, answer: json('Signed out.', okSchema) },
        errors: { 403: 'Started by another site (`Sec-Fetch-Site: cross-site` or `same-site`).' },
      }),
      async (c) => {
        const site = c.req.header('Sec-Fetch-Site')?.trim().toLowerCase();
        if (site && FOREIGN_FETCH_SITES.has(site)) throw forbidden(FOREIGN_LOGOUT_MESSAGE);
        await endSession(c);
        return c.json({ ok: true as const }, 200);
      },
    );

  /** Deletes the request's session, if any, clears its cookie and logs the sign-out. */
  async function endSession(c: Context<AppEnv>): Promise<void> {
    const secure = isSecureRequest(c, opts.trustProxy);
    await deleteSessionByToken(readSessionCookie(c, secure));
    if (c.var.session) opts.sockets?.endSessionSockets(c.var.session.id as string);
    clearSessionCookie(c, secure);
    if (c.var.user) audit(c, 'signed_out', { userId: c.var.user.id as string });
  }
}

/**
 * Sign-in, registration, the password change and the session (docs/product.md#users-and-sessions), mounted
 * at `/`: the HTML pages (`/login`, `/register`, `/change-password`) and `/auth/*`. Forms and JSON posted
 * from another site are refused before these routes by `csrfProtection`; security events go to `opts.log`.
 */
export function createAuthRoutes(opts: AuthRoutesOptions) {
  const limiters = opts.limiters ?? createAuthLimiters();
  const devices = opts.deviceCookies ?? createDeviceCookies();
  const sessionOptions = { ttlDays: opts.sessionTtlDays, trustProxy: opts.trustProxy };
  const audit = (c: Context, event: SecurityEvent, fields: { userId?: string; [key: string]: unknown } = {}) => {
    if (opts.log) logSecurityEvent(opts.log, event, { ...fields, ip: clientIp(c, opts.trustProxy) });
  };
  const registration = opts.registration;
  // The sign-in page as this server shows it, wherever it is rendered: its registration line follows `REGISTRATION`.
  const renderLoginPage = (page: Omit<NonNullable<Parameters<typeof renderLoginPageFor>[0]>, 'registration'> = {}) => renderLoginPageFor({ ...page, registration });
  const context: AuthRoutesContext = { opts, limiters, devices, sessionOptions, audit, registration, renderLoginPage };
  return new Hono<AppEnv>().route('/', signInRoutes(context)).route('/', registrationRoutes(context)).route('/', passwordRoutes(context)).route('/', sessionRoutes(context));
}
