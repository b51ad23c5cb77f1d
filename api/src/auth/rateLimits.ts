import { tooManyRequests, type ApiError } from '../errors.js';
import { createMemoryRateLimitStore, type RateLimit, type RateLimitState, type RateLimitStore } from '../security/rateLimit.js';

export { clientIp } from '../security/clientIp.js';

/**
 * Every sign-in and registration limit (docs/product.md#sign-in-site: "Login attempts are
 * rate-limited per IP and per email": 429 with Retry-After after 10
 * failures in 15 minutes), in one place; durations in seconds.
 *
 * - `loginFailuresPerIp`: failed sign-ins from one IP address. Only failures
 *   count, so many people behind one address (a school network, the e2e
 *   suite) can still sign in, while guessing across many accounts is stopped.
 * - `loginFailuresPerEmail`: failed sign-ins for one email, whatever the IP;
 *   reset by a successful sign-in.
 * - `registrationsPerIp`: account creations (attempts) from one IP address.
 */
export const AUTH_RATE_LIMITS = {
  loginFailuresPerIp: { points: 10, durationSeconds: 15 * 60 },
  loginFailuresPerEmail: { points: 10, durationSeconds: 15 * 60 },
  registrationsPerIp: { points: 30, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** The sign-in and registration limiters of one app instance. */
export interface AuthLimiters {
  /** @throws ApiError 429 (with Retry-After) when `ip` or `email` has used up its failed sign-ins. */
  checkLogin(ip: string, email: string): Promise<void>;
  /** Counts one failed sign-in against the IP and the email. */
  recordLoginFailure(ip: string, email: string): Promise<void>;
  /** Forgets the email's failures after a successful sign-in. */
  recordLoginSuccess(email: string): Promise<void>;
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
 * Creates the sign-in and registration limiters on `store` (behind
 * the `RateLimitStore` interface; in memory per app instance by default).
 */
export function createAuthLimiters(store: RateLimitStore = createMemoryRateLimitStore(), limits = AUTH_RATE_LIMITS): AuthLimiters {
  const perIp = store.limiter('login-failures-ip', limits.loginFailuresPerIp);
  const perEmail = store.limiter('login-failures-email', limits.loginFailuresPerEmail);
  const registrations = store.limiter('registrations-ip', limits.registrationsPerIp);

  return {
    async checkLogin(ip, email) {
      const blocked = (await Promise.all([perIp.peek(ip), perEmail.peek(email)]))
        .filter(usedUp)
        .sort((a, b) => b.msBeforeReset - a.msBeforeReset)[0];
      if (blocked) throw limited('sign-in attempts', blocked.msBeforeReset);
    },
    async recordLoginFailure(ip, email) {
      await Promise.all([perIp.hit(ip), perEmail.hit(email)]);
    },
    async recordLoginSuccess(email) {
      await perEmail.reset(email);
    },
    async consumeRegistration(ip) {
      const state = await registrations.hit(ip);
      if (state.exceeded) throw limited('accounts created from your network', state.msBeforeReset);
    },
  };
}
