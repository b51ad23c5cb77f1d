import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../auth/context.js';
import { serviceUnavailable } from '../http/errors.js';
import { databaseAvailable } from './availability.js';

/** Paths that need the database: the API, the sign-in calls (`/auth/login`, `/auth/register`, …). */
const DATABASE_PATH = /^\/(api|auth)(\/|$)/;
/** Paths that need the database when the public uploads are stored in it (`UPLOAD_STORE=gridfs`). */
const UPLOADS_PATH = /^\/uploads(\/|$)/;
/** API paths that never read the database: they answer whatever its state. */
const WITHOUT_DATABASE: ReadonlySet<string> = new Set(['/api/health', '/api/openapi.json', '/api/docs']);

/**
 * Answers at once, while the database is down (`databaseAvailable()` false), every request that
 * needs it: 503 `unavailable` with `Retry-After` (docs/architecture.md#when-the-database-stops)
 * instead of a request that waits for a connection and fails after seconds. That is `/api/*` but
 * `/api/health`, `/api/openapi.json` and `/api/docs`; `/auth/*` (sign-in, registration, current
 * user, sign-out); and `/uploads/*` when `uploadsInDatabase`. Everything else (the PWA, the
 * sign-in pages, `/healthz`, `/readyz`) passes, served without a session while the database is down
 * (`loadSession`). Costs one flag and one state check per request.
 * @throws ApiError 503 `unavailable`, answered by `app.onError`.
 */
export function databaseGate(opts: { uploadsInDatabase: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!databaseAvailable()) {
      const path = c.req.path;
      const needed = (DATABASE_PATH.test(path) && !WITHOUT_DATABASE.has(path)) || (opts.uploadsInDatabase && UPLOADS_PATH.test(path));
      if (needed) throw serviceUnavailable();
    }
    await next();
  });
}
