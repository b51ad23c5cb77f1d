import type { Env } from '../platform/env.js';
import { tooManyRequests, type ApiError } from '../platform/http/errors.js';
import { createMemoryRateLimitStore, type RateLimit, type RateLimitState, type RateLimitStore } from '../platform/security/rateLimit.js';

export { clientIp } from '../platform/security/clientIp.js';

/**
 * Every sign-in and registration limit, in one place; durations in seconds
 * (docs/architecture.md#sign-in-throttling). Only failed sign-ins count, so
 * the many people of a school behind one address sign in freely.
 *
 * - `loginFailuresPerEmailAndIp`: failed sign-ins for one email from one
 *   client address: 10 in 15 minutes, then 429 for that pair only. A
 *   successful sign-in resets it. A trusted device (`deviceCookies.ts`) gets
 *   the same number of failures of its own instead.
 * - `loginFailuresPerEmail`: failed sign-ins for one email from every address:
 *   50 in an hour, then 429 for that email from every device it does not trust.
 * - `loginFailuresPerIp`: failed sign-ins from one address for every email:
 *   300 in 15 minutes, which only guessing across many accounts reaches.
 * - `registrationsPerIp`: account creations (attempts) from one address: 30 an hour.
 */
export const AUTH_RATE_LIMITS = {
  loginFailuresPerEmailAndIp: { points: 10, durationSeconds: 15 * 60 },
  loginFailuresPerEmail: { points: 50, durationSeconds: 60 * 60 },
  loginFailuresPerIp: { points: 300, durationSeconds: 15 * 60 },
  registrationsPerIp: { points: 30, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** The limits `createAuthLimiters` enforces: `AUTH_RATE_LIMITS` or the configured ones. */
export type AuthRateLimits = { readonly [K in keyof typeof AUTH_RATE_LIMITS]: RateLimit };

/**
 * The sign-in limits of the configuration (`LOGIN_FAILURES_PER_*` and their
 * `…_MINUTES` windows, docs/architecture.md#sign-in-throttling) and the
 * registration limit (`REGISTRATIONS_PER_IP_HOUR`, an hour's window).
 */
export function authRateLimitsOf(
  env: Pick<
    Env,
    | 'LOGIN_FAILURES_PER_EMAIL_IP'
    | 'LOGIN_FAILURES_PER_EMAIL_IP_MINUTES'
    | 'LOGIN_FAILURES_PER_EMAIL'
    | 'LOGIN_FAILURES_PER_EMAIL_MINUTES'
    | 'LOGIN_FAILURES_PER_IP'
    | 'LOGIN_FAILURES_PER_IP_MINUTES'
    | 'REGISTRATIONS_PER_IP_HOUR'
  >,
): AuthRateLimits {
  return {
    loginFailuresPerEmailAndIp: { points: env.LOGIN_FAILURES_PER_EMAIL_IP, durationSeconds: env.LOGIN_FAILURES_PER_EMAIL_IP_MINUTES * 60 },
    loginFailuresPerEmail: { points: env.LOGIN_FAILURES_PER_EMAIL, durationSeconds: env.LOGIN_FAILURES_PER_EMAIL_MINUTES * 60 },
    loginFailuresPerIp: { points: env.LOGIN_FAILURES_PER_IP, durationSeconds: env.LOGIN_FAILURES_PER_IP_MINUTES * 60 },
    registrationsPerIp: { points: env.REGISTRATIONS_PER_IP_HOUR, durationSeconds: AUTH_RATE_LIMITS.registrationsPerIp.durationSeconds },
  };
}

/** One sign-in attempt, as the limits see it. */
export interface LoginAttempt {
  /** the client's address (`clientIp`) */
  ip: string;
  /** the email typed, normalised (trimmed, lower case) */
  email: string;
  /**
   * The id of the request's valid device cookie for this email
   * (`DeviceCookies.trustedDevice`), when it has one.
   */
  device?: string;
}

/** What counting a failed sign-in found. */
export interface LoginFailureOutcome {
  /**
   * True for the one failure that used up the email's failures from every
   * address (`loginFailuresPerEmail`): from now until the window ends, only
   * trusted devices sign in to it. Worth a security event.
   */
  emailLocked: boolean;
  /** seconds until the email's count starts again */
  emailRetryAfterSeconds: number;
}

/** The sign-in and registration limiters of one app instance (docs/architecture.md#sign-in-throttling). */
export interface AuthLimiters {
  /**
   * Decides whether an attempt may go on to the password check.
   * @returns true when `attempt.device` is a trusted device whose own
   * failures are not used up: it passes every limit and its failures count
   * against the device (`recordLoginFailure` with `device`); false when the
   * attempt is judged as coming from an untrusted device.
   * @throws ApiError 429 (with Retry-After, the longest wait among the used-up
   * limits) when an untrusted attempt's (email, address), email or address
   * has used up its failures.
   */
  checkLogin(attempt: LoginAttempt): Promise<boolean>;
  /**
   * Counts one failed sign-in: against the address and the email, and against
   * the device when `attempt.device` is given (a trusted device, as
   * `checkLogin` answered), else against the (email, address) pair.
   */
  recordLoginFailure(attempt: LoginAttempt): Promise<LoginFailureOutcome>;
  /** Forgets the failures of the (email, address) pair, and of the device when given, after a successful sign-in. */
  recordLoginSuccess(attempt: LoginAttempt): Promise<void>;
  /** Counts one registration attempt. @throws ApiError 429 (with Retry-After) over the limit. */
  consumeRegistration(ip: string): Promise<void>;
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function limited(what: string, msBeforeNext: number): ApiError {
  return tooManyRequests(`Too many ${what}. Please wait ${minutesText(msBeforeNext)} and try again.`, msBeforeNext / 1000);
}

/** True when a key has used every point of its window. */
function usedUp(state: RateLimitState | null): state is RateLimitState {
  return state !== null && state.remaining === 0;
}

/**
 * The key of one (email, address) pair: the address first, since it never
 * holds a line break (it comes from a header or the socket), so no two pairs share a key.
 */
function pairKey(email: string, ip: string): string {
  return `${ip}\n${email}`;
}

/**
 * Creates the sign-in and registration limiters on `store` (behind
 * the `RateLimitStore` interface; in memory per app instance by default,
 * in Redis across processes).
 * @param limits the limits to enforce; `AUTH_RATE_LIMITS` by default, `authRateLimitsOf(env)` in the app
 */
export function createAuthLimiters(store: RateLimitStore = createMemoryRateLimitStore(), limits: AuthRateLimits = AUTH_RATE_LIMITS): AuthLimiters {
  const perPair = store.limiter('login-failures-email-ip', limits.loginFailuresPerEmailAndIp);
  const perEmail = store.limiter('login-failures-email', limits.loginFailuresPerEmail);
  const perIp = store.limiter('login-failures-ip', limits.loginFailuresPerIp);
  // A trusted device's own failures, as many as one (email, address) pair gets.
  const perDevice = store.limiter('login-failures-device', limits.loginFailuresPerEmailAndIp);
  const registrations = store.limiter('registrations-ip', limits.registrationsPerIp);

  return {
    async checkLogin({ ip, email, device }) {
      if (device !== undefined && !usedUp(await perDevice.peek(device))) return true;
      const blocked = (await Promise.all([perPair.peek(pairKey(email, ip)), perEmail.peek(email), perIp.peek(ip)])).filter(usedUp).sort((a, b) => b.msBeforeReset - a.msBeforeReset)[0];
      if (blocked) throw limited('sign-in attempts', blocked.msBeforeReset);
      return false;
    },
    async recordLoginFailure({ ip, email, device }) {
      const [emailState] = await Promise.all([perEmail.hit(email), perIp.hit(ip), device !== undefined ? perDevice.hit(device) : perPair.hit(pairKey(email, ip))]);
      return {
        emailLocked: emailState.consumed === limits.loginFailuresPerEmail.points,
        emailRetryAfterSeconds: Math.ceil(emailState.msBeforeReset / 1000),
      };
    },
    async recordLoginSuccess({ ip, email, device }) {
      await Promise.all([perPair.reset(pairKey(email, ip)), ...(device !== undefined ? [perDevice.reset(device)] : [])]);
    },
    async consumeRegistration(ip) {
      const state = await registrations.hit(ip);
      if (state.exceeded) throw limited('accounts created from your network', state.msBeforeReset);
    },
  };
}
