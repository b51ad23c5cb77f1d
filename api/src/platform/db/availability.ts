import mongoose from 'mongoose';

/**
 * Whether this process can use its database right now (docs/architecture.md#when-the-database-stops).
 * Two sources: the embedded database's supervisor (`supervisor.ts`, through `connection.ts`), which
 * knows at once when the FerretDB child has exited and when a restarted one answers again; and
 * Mongoose's connection state, which the driver keeps for any database (`MONGODB_URI` included):
 * not `connected` while its server, or a replica set's primary, cannot be reached.
 * One state per process, like Mongoose's default connection.
 */

/** `Retry-After` while the database is down and no restart time is known, in seconds. */
export const DEFAULT_RETRY_AFTER_S = 5;

let down: { since: number; retryAt: number | undefined } | null = null;

/**
 * Marks the database down until {@link markDatabaseUp}: the supervisor calls it when the embedded
 * database's child exits. `retryAt` (ms since the epoch) is when it will be started again, for
 * `Retry-After`.
 */
export function markDatabaseDown(opts: { retryAt?: number } = {}): void {
  down = { since: down?.since ?? Date.now(), retryAt: opts.retryAt };
}

/** Marks the database usable again (the restarted child answered a ping). */
export function markDatabaseUp(): void {
  down = null;
}

/**
 * True unless the supervisor has the database down or Mongoose is not connected. Cheap (no I/O):
 * the request gate (`gate.ts`) and the health checks call it for every request.
 */
export function databaseAvailable(): boolean {
  return down === null && mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

/**
 * The `Retry-After` of a 503 `unavailable`, in whole seconds (at least 1): the time until the
 * supervisor's next restart when one is scheduled, 1 while a restart is under way, else
 * {@link DEFAULT_RETRY_AFTER_S} (the driver reconnects by itself; its check runs every 10 s at most).
 */
export function databaseRetryAfterSeconds(now: number = Date.now()): number {
  if (down?.retryAt === undefined) return DEFAULT_RETRY_AFTER_S;
  return Math.max(1, Math.ceil((down.retryAt - now) / 1000));
}
