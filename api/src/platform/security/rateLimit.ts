import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

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
 * Makes named limiters ("Limits live behind an interface that a
 * shared store (Redis) can back later"). The in-memory store counts per
 * process (`createMemoryRateLimitStore`); the Redis store counts across
 * every process that shares the Redis (`createRedisRateLimitStore`).
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

/** A store that builds each named limiter once and hands out the same one afterwards. */
function storeOf(build: (name: string, limit: RateLimit) => RateLimiterAbstract): RateLimitStore {
  const limiters = new Map<string, RateLimiter>();
  return {
    limiter(name, limit) {
      const existing = limiters.get(name);
      if (existing) return existing;
      const created = fromFlexible(build(name, limit), limit);
      limiters.set(name, created);
      return created;
    },
  };
}

const memoryLimiter = (name: string, limit: RateLimit) => new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSeconds });

/** A fresh in-memory store (`RateLimiterMemory`): counts live in this process only. */
export function createMemoryRateLimitStore(): RateLimitStore {
  return storeOf(memoryLimiter);
}

/** Prefix of every rate-limit key in Redis: `oracy:rl:{name}:{key}`. */
export const REDIS_RATE_LIMIT_PREFIX = 'oracy:rl';

/**
 * A store whose counts live in Redis (`RateLimiterRedis`, atomic per hit),
 * shared by every API process on the same Redis ("the sign-in
 * rate limit counts attempts made across both"). When Redis is not ready a
 * hit falls back at once to an in-memory count in this process
 * (`insuranceLimiter`), so an outage weakens the limit to per-process
 * instead of failing sign-ins.
 * @param client a connected ioredis client (commands, not subscriber mode)
 */
export function createRedisRateLimitStore(client: Redis, prefix = REDIS_RATE_LIMIT_PREFIX): RateLimitStore {
  return storeOf(
    (name, limit) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}:${name}`,
        points: limit.points,
        duration: limit.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memoryLimiter(name, limit),
      }),
  );
}
