import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { tooManyRequests, type ApiError } from '../errors.js';

/**
 * Every sign-in and registration limit (decisions §3: "Login attempts are
 * rate-limited per IP and per email"), in one place. Counts live in memory,
 * per app instance; durations in seconds.
 *
 * - `loginFailuresPerIp`: failed sign-ins from one IP address. Only failures
 *   count, so many people behind one address (a school network, the e2e
 *   suite) can still sign in, while guessing across many accounts is stopped.
 * - `loginFailuresPerEmail`: failed sign-ins for one email, whatever the IP;
 *   reset by a successful sign-in.
 * - `registrationsPerIp`: account creations (attempts) from one IP address.
 */
export const AUTH_RATE_LIMITS = {
  loginFailuresPerIp: { points: 100, durationSeconds: 15 * 60 },
  loginFailuresPerEmail: { points: 10, durationSeconds: 15 * 60 },
  registrationsPerIp: { points: 30, durationSeconds: 60 * 60 },
} as const;

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

/** Creates fresh in-memory limiters with the limits of `AUTH_RATE_LIMITS`. */
export function createAuthLimiters(limits = AUTH_RATE_LIMITS): AuthLimiters {
  const make = (l: { points: number; durationSeconds: number }) =>
    new RateLimiterMemory({ points: l.points, duration: l.durationSeconds });
  const perIp = make(limits.loginFailuresPerIp);
  const perEmail = make(limits.loginFailuresPerEmail);
  const registrations = make(limits.registrationsPerIp);

  return {
    async checkLogin(ip, email) {
      const [byIp, byEmail] = await Promise.all([perIp.get(ip), perEmail.get(email)]);
      const blocked = [byIp && byIp.consumedPoints >= perIp.points ? byIp : null, byEmail && byEmail.consumedPoints >= perEmail.points ? byEmail : null]
        .filter((r) => r !== null)
        .sort((a, b) => b.msBeforeNext - a.msBeforeNext)[0];
      if (blocked) throw limited('sign-in attempts', blocked.msBeforeNext);
    },
    async recordLoginFailure(ip, email) {
      await Promise.all([perIp.penalty(ip), perEmail.penalty(email)]);
    },
    async recordLoginSuccess(email) {
      await perEmail.delete(email);
    },
    async consumeRegistration(ip) {
      try {
        await registrations.consume(ip);
      } catch (res) {
        if (res instanceof Error) throw res;
        throw limited('accounts created from your network', (res as { msBeforeNext: number }).msBeforeNext);
      }
    },
  };
}

/**
 * The client's IP address for rate limiting: with `trustProxy`, the last
 * `X-Forwarded-For` entry (the one our proxy appended); otherwise the socket's
 * remote address; `unknown` when neither exists (e.g. `app.request()` in tests).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('X-Forwarded-For')?.split(',').pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
