import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { applyRemoteWrite, setWriteBroadcast } from '../db/writes.js';
import type { Logger } from '../logger.js';
import { createRedisRateLimitStore, type RateLimitStore } from '../security/rateLimit.js';

/** The pub/sub channel on which a process announces a write to a watched model: payload `{from, model}` (JSON). */
export const WRITES_CHANNEL = 'oracy:writes';
/** Prefix of the Socket.IO adapter's channels (`{prefix}#/#…`). */
export const SOCKET_CHANNEL_PREFIX = 'oracy:socket.io';
/** Longest wait for Redis at start-up, in ms; Oracy refuses to start without it when `REDIS_URL` is set. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest wait for the publish of a write, in ms: a slow Redis must not hold a logout for long. */
const PUBLISH_TIMEOUT_MS = 1000;

/** Socket.IO's adapter constructor, as `io.adapter()` takes it. */
export type SocketAdapterFactory = ReturnType<typeof createAdapter>;

/** What a process shares with the others through Redis. */
export interface RedisLink {
  /** `REDIS_URL` with any password hidden, for logs */
  safeUrl: string;
  /** Where rate limits count: Redis, shared by every process. */
  rateLimits: RateLimitStore;
  /** The Socket.IO Redis adapter: a room emit reaches the sockets of every process. */
  socketAdapter: SocketAdapterFactory;
  /** True while the command connection is ready (readiness, `GET /readyz`). */
  ready: () => boolean;
  /** Stops announcing writes and closes the three connections. Idempotent. */
  close(): Promise<void>;
}

/** `redis://user:secret@host` → `redis://user:***@host`. */
export function redactRedisUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@]*@/, '$1***@');
}

/** `{from, model}` from a `WRITES_CHANNEL` message, or null when it is not one. */
function parseWrite(payload: string): { from: string; model: string } | null {
  try {
    const value = JSON.parse(payload) as { from?: unknown; model?: unknown };
    return typeof value.from === 'string' && typeof value.model === 'string' ? { from: value.from, model: value.model } : null;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Connects this API process to the Redis of `url` (several
 * identical processes behind a load balancer) and sets up:
 * - the rate-limit store in Redis (`createRedisRateLimitStore`);
 * - the Socket.IO Redis adapter (`@socket.io/redis-adapter`) on its own
 *   publish and subscribe connections;
 * - cache invalidation: every Mongoose write here to a watched model
 *   (`platform/db/writes.ts`: sessions, users, and what the read caches of
 *   `platform/readCache.ts` hold) is published on `WRITES_CHANNEL` — the
 *   write's caller waits for the publish, at most 1 s — and every other
 *   process runs its own listeners for that model (`applyRemoteWrite`),
 *   emptying its session and read caches. Their 5 s time limit still bounds
 *   staleness if a message is lost.
 * Three connections: commands (rate limits and publishing), the adapter's
 * subscriber, and ours.
 * @throws Error with a readable message when Redis does not answer within 10 s.
 */
export async function connectRedis(url: string, log: Logger): Promise<RedisLink> {
  const safeUrl = redactRedisUrl(url);
  const instanceId = randomBytes(8).toString('hex');
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: `oracy-${instanceId}` };
  const client = new Redis(url, options);
  const adapterSub = client.duplicate();
  const changesSub = client.duplicate();
  const connections = [client, adapterSub, changesSub];
  for (const connection of connections) {
    connection.on('error', (err: Error) => log.warn({ err: err.message, redis: safeUrl }, 'redis connection error'));
  }

  try {
    await withTimeout(
      Promise.all(connections.map((c) => c.connect())),
      CONNECT_TIMEOUT_MS,
      `Redis at ${safeUrl} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s. Start it or fix REDIS_URL.`,
    );
    await changesSub.subscribe(WRITES_CHANNEL);
  } catch (err) {
    connections.forEach((c) => c.disconnect());
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(reason.startsWith('Redis at') ? reason : `Redis at ${safeUrl} cannot be used: ${reason}`, { cause: err });
  }

  changesSub.on('message', (channel: string, payload: string) => {
    if (channel !== WRITES_CHANNEL) return;
    const write = parseWrite(payload);
    if (write && write.from !== instanceId) {
      applyRemoteWrite(write.model).catch((err: unknown) => log.warn({ err, model: write.model }, 'a write announced by another process failed here'));
    }
  });
  setWriteBroadcast(async (model) => {
    try {
      await withTimeout(client.publish(WRITES_CHANNEL, JSON.stringify({ from: instanceId, model })), PUBLISH_TIMEOUT_MS, 'publish timed out');
    } catch (err) {
      // The others' caches then end within their time limit (5 s).
      log.warn({ err: err instanceof Error ? err.message : String(err), model }, 'could not tell the other processes about a write');
    }
  });

  let closing: Promise<void> | undefined;
  return {
    safeUrl,
    rateLimits: createRedisRateLimitStore(client),
    socketAdapter: createAdapter(client, adapterSub, { key: SOCKET_CHANNEL_PREFIX }),
    ready: () => client.status === 'ready',
    close() {
      closing ??= (async () => {
        setWriteBroadcast(undefined);
        await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
      })();
      return closing;
    },
  };
}
