import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

/** One limit: at most `points` in a window of `durationSeconds` (a fixed window per key). */
export interface RateLimit {
  /** how many points (usually requests or failures) a key may use per window */
  points: number;
  /** the window, in seconds */
  durationSeconds: number;
}

/** Where a key stands within its window. */
export interface RateLimitState {
  /** points used in the current window */
  consumed: number;
  /** points left before the limit; 0 when used up */
  remaining: number;
  /** milliseconds until the window ends and the count starts again */
  msBeforeReset: number;
  /** true when the key has used more points than the limit allows (this hit is over) */
  exceeded: boolean;
}

/**
 * One named limit over many keys (an IP, an email, a user id). Counting and
 * asking are separate so that callers can count only failures (sign-in) or
 * every attempt (registration, chat messages).
 */
export interface RateLimiter {
  /** the limit this limiter enforces */
  readonly limit: RateLimit;
  /** Counts `points` (default 1) for `key`, whatever the state: `exceeded` says whether it went over. */
  hit(key: string, points?: number): Promise<RateLimitState>;
  /** The key's state without counting; null when the key has no points in the current window. */
  peek(key: string): Promise<RateLimitState | null>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/**
 * Makes named limiters (issue 8: "Limits live behind an interface that a
 * shared store (Redis) can back later"). The in-memory store counts per
 * process; a Redis-backed store built on `rate-limiter-flexible`'s
 * `RateLimiterRedis` (same API, see `fromFlexible`) would count across
 * processes, with `name` as the key prefix.
 */
export interface RateLimitStore {
  /** A limiter for `limit`; the same `name` always means the same counts within one store. */
  limiter(name: string, limit: RateLimit): RateLimiter;
}

function stateOf(res: RateLimiterRes, limit: RateLimit): RateLimitState {
  return {
    consumed: res.consumedPoints,
    remaining: Math.max(0, limit.points - res.consumedPoints),
    msBeforeReset: Math.max(0, res.msBeforeNext),
    exceeded: res.consumedPoints > limit.points,
  };
}

/**
 * Adapts any `rate-limiter-flexible` limiter (memory, Redis, Mongo …) to
 * `RateLimiter`. `penalty` adds points without rejecting, so `hit` never
 * throws for being over the limit; store failures still throw.
 */
export function fromFlexible(flexible: RateLimiterAbstract, limit: RateLimit): RateLimiter {
  return {
    limit,
    async hit(key, points = 1) {
      return stateOf(await flexible.penalty(key, points), limit);
    },
    async peek(key) {
      const res = await flexible.get(key);
      return res ? stateOf(res, limit) : null;
    },
    async reset(key) {
      await flexible.delete(key);
    },
  };
}

/** A fresh in-memory store (`RateLimiterMemory`): counts live in this process only. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const limiters = new Map<string, RateLimiter>();
  return {
    limiter(name, limit) {
      const existing = limiters.get(name);
      if (existing) return existing;
      const created = fromFlexible(new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSeconds }), limit);
      limiters.set(name, created);
      return created;
    },
  };
}
