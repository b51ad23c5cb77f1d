import { z } from 'zod';
import { Hono } from 'hono';
import mongoose from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { databaseAvailable } from './db/availability.js';
import { describe, json } from './http/describe.js';

/** Longest wait for the database's answer to a ping, in ms. */
export const HEALTH_PING_TIMEOUT_MS = 2000;

/** What the health endpoints ask about the process. */
export interface HealthOptions {
  /** True once the process has begun shutting down: readiness turns 503 so the load balancer stops sending requests. */
  draining?: () => boolean;
  /** Whether Redis is ready; absent when `REDIS_URL` is not set (one process). */
  redisReady?: () => boolean;
}

/** The body of `GET /healthz` and `GET /readyz`. */
export interface HealthReport {
  /** `ok` / `ready` when healthy; `unavailable` / `not_ready` otherwise */
  status: 'ok' | 'unavailable' | 'ready' | 'not_ready';
  /** `up` when the database answered a ping within 2 s */
  database: 'up' | 'down';
  /** `up` / `down` when `REDIS_URL` is set; `off` without Redis */
  redis?: 'up' | 'down' | 'off';
  /** true while the process is shutting down (readiness only) */
  draining?: boolean;
}

/**
 * True when the database is not known to be down (`databaseAvailable()`: the supervisor's state and
 * Mongoose's connection; false at once otherwise, docs/architecture.md#when-the-database-stops) and
 * answers `ping` within `HEALTH_PING_TIMEOUT_MS`.
 */
export async function databaseReachable(): Promise<boolean> {
  const db = databaseAvailable() ? mongoose.connection.db : undefined;
  if (!db) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_PING_TIMEOUT_MS);
    });
    return await Promise.race([db.command({ ping: 1 }).then((r) => r.ok === 1), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The load balancer's endpoints (README "Deploying"), outside
 * `/api` and without a session, never cached:
 * - `GET /healthz` (liveness): 200 `{status: 'ok', database: 'up'}` when the
 *   database answers a ping within 2 s, else 503 `{status: 'unavailable', database: 'down'}`;
 * - `GET /readyz` (readiness): 200 `{status: 'ready', database, redis, draining: false}`
 *   when the database is up, Redis (if configured) is ready and the process
 *   is not shutting down; else 503 with `status: 'not_ready'` and the same fields.
 */
export function healthRoutes(opts: HealthOptions = {}) {
  return new Hono<AppEnv>()
    .get(
      '/healthz',
      describe({
        summary: 'Liveness',
        tag: 'Health',
        description: 'Up when the database answers a ping within 2 s.',
        success: { status: 200, answer: json('Healthy.', healthReportSchema) },
        others: { 503: json('The database did not answer.', healthReportSchema) },
      }),
      async (c) => {
        const up = await databaseReachable();
        const report: HealthReport = { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' };
        return c.json(report, up ? 200 : 503, { 'Cache-Control': 'no-store' });
      },
    )
    .get(
      '/readyz',
      describe({
        summary: 'Readiness',
        tag: 'Health',
        description: 'Ready when the database is up, Redis (if configured) is ready and the process is not shutting down.',
        success: { status: 200, answer: json('Ready for requests.', healthReportSchema) },
        others: { 503: json('Not ready: the body says why.', healthReportSchema) },
      }),
      async (c) => {
        const database = (await databaseReachable()) ? 'up' : 'down';
        const redis = opts.redisReady ? (opts.redisReady() ? 'up' : 'down') : 'off';
        const draining = opts.draining?.() ?? false;
        const ready = database === 'up' && redis !== 'down' && !draining;
        const report: HealthReport = { status: ready ? 'ready' : 'not_ready', database, redis, draining };
        return c.json(report, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
      },
    );
}

/** The body of `GET /healthz` and `GET /readyz` (`HealthReport` of `health.ts`). */
export const healthReportSchema = z
  .object({
    status: z.enum(['ok', 'unavailable', 'ready', 'not_ready']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'off']).optional(),
    draining: z.boolean().optional(),
  })
  .meta({ id: 'HealthReport' });
