import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './auth/context.js';
import { loadSession, requireOwnPassword } from './auth/middleware.js';
import { authRateLimitsOf, createAuthLimiters } from './auth/rateLimits.js';
import { createDeviceCookies } from './auth/deviceCookies.js';
import { renderPwaMissingPage } from './auth/pages.js';
import { createAuthRoutes } from './auth/routes.js';
import { createChatRoutes } from './chat/routes.js';
import { createSocketRevocation, type SocketRevocation } from './chat/revocation.js';
import { databaseGate } from './platform/db/gate.js';
import { getEnv, type Env } from './platform/env.js';
import { healthRoutes, type HealthOptions } from './platform/health.js';
import { createErrorHandler, notFound, type ErrorBody } from './platform/http/errors.js';
import { createLogger, requestLogger, type Logger } from './platform/logger.js';
import { requestBodyLimits } from './platform/security/bodyLimits.js';
import { securityEventObserver } from './platform/security/events.js';
import { securityHeaders, type HeaderList } from './platform/security/headers.js';
import { compressText } from './platform/http/compression.js';
import { csrfProtection, publicHostOnly } from './platform/security/origin.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './platform/security/rateLimit.js';
import { assessmentRoutes } from './oracy/assessmentRoutes.js';
import { complaintRoutesFor } from './complaints/routes.js';
import { studentRoutes } from './dashboards/studentRoutes.js';
import { teacherRoutes } from './dashboards/teacherRoutes.js';
import { oracyRoutes } from './oracy/routes.js';
import { createSpeakingRoutes } from './speaking/routes.js';
import { createPeerRoutes } from './peers/index.js';
import { deliveryRoutes } from './delivery/routes.js';
import { defineDeliveryJob, type DeliveryTools } from './delivery/service.js';
import { serverDeliveryTools } from './delivery/tools.js';
import { createTranscriber, defineTranscriptJob, transcriptRoutes, type Transcriber } from './transcripts/index.js';
import { complaintRoutes } from './complaints/adminRoutes.js';
import { createCourseRoutes } from './courses/routes.js';
import { noticeRoutes } from './notices/routes.js';
import { createUploadStores, type UploadStores } from './platform/uploads.js';
import { adminExportRoutes } from './import/exportRoutes.js';
import { createImportRoutes } from './import/routes.js';
import { createAdminPeopleRoutes } from './people/peopleRoutes.js';
import { adminStatsRoutes } from './dashboards/adminStatsRoutes.js';
import { settingsRoutes } from './settings/routes.js';
import { createBackupRoutes } from './backups/routes.js';
import { defineBackupJob } from './backups/runs.js';
import { createAdminUsersRoutes } from './people/usersRoutes.js';
import { createUserRoutes } from './people/userRoutes.js';
import { privacyRoutes } from './privacy/routes.js';
import { createPrivacyExportRoutes } from './privacy/exportsRoutes.js';
import { createExportStore, type ExportStore } from './privacy/exportStore.js';
import { defineExportJobs } from './privacy/exports.js';
import { createAdminPrivacyRoutes } from './privacy/adminRoutes.js';
import { defineRetentionJob } from './privacy/retentionJob.js';
import { configureAccessLog } from './privacy/accessLog.js';
import { createDocsRoutes } from './openapi/http.js';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, pwaCacheControl, resolveInside, sendPwaFile, sendServedFile } from './platform/http/static.js';
import { uploadDispositionHeaders } from './platform/security/uploadDisposition.js';
import { describe, json, okSchema } from './platform/http/describe.js';

/** Paths that belong to the API side of the origin, never to the PWA (docs/architecture.md#one-origin). */
const API_PATH = /^\/(api|auth|uploads|socket\.io)(\/|$)/;

/** Paths whose answers are personal JSON: `Cache-Control: no-store` unless the route sets its own. */
const PERSONAL_PATH = /^\/(api|auth)\//;
const NO_STORE: HeaderList = [['cache-control', 'no-store']];

/** Paths that answer whatever the `Host` with `PUBLIC_ORIGIN` set: load balancers probe them by IP address. */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** What `createApp` may be given instead of the process defaults (tests pass their own). */
export interface AppOptions {
  /** Configuration; default `getEnv()` (process.env, validated). */
  env?: Env;
  /** Logger; default one built from `env`. */
  logger?: Logger;
  /** Where rate limits count; default a fresh in-memory store per app; Redis across processes. */
  rateLimits?: RateLimitStore;
  /** What `/healthz` and `/readyz` ask about the process; default: never draining, no Redis. */
  health?: HealthOptions;
  /** Where course images and chat attachments live; default `createUploadStores(env)` (disk or GridFS by `UPLOAD_STORE`). */
  uploads?: UploadStores;
  /** The decoder and analysis that measure recordings (docs/product.md#measured-by-the-server); default `serverDeliveryTools()`. */
  deliveryTools?: DeliveryTools;
  /**
   * The process's one transcription worker (docs/architecture.md#the-transcription-worker), or null
   * when transcription is off; default `createTranscriber(env)`, which starts no process until a take
   * is transcribed. `startServer` makes one and stops it on shutdown.
   */
  transcriber?: Transcriber | null;
  /**
   * Ends discussion sockets when a session or a user loses the discussion
   * (sign-out, role change, deletion: `chat/revocation.ts`); `startServer`
   * binds it to the Socket.IO server. Default: one that does nothing.
   */
  sockets?: SocketRevocation;
  /** Where "Download my data" archives live; default `createExportStore(env)` (`DATA_DIR/exports` or GridFS by `UPLOAD_STORE`). */
  exportStore?: ExportStore;
}

/**
 * Builds the Hono app of the one origin (docs/architecture.md#one-origin): request log and
 * security-event log, security headers (CSP, HSTS over HTTPS:
 * `platform/security/headers.ts`; `no-store` on `/api` and `/auth`), compression,
 * with `PUBLIC_ORIGIN` a 421 for any other host (but `/healthz` and `/readyz`: `publicHostOnly`),
 * body limits (JSON 1 MB, multipart 11 MB), while the database is down a 503 `unavailable` for
 * every request that needs it (`platform/db/gate.ts`, docs/architecture.md#when-the-database-stops),
 * `loadSession`, CSRF protection
 * for every unsafe method, on `/api/*` the refusal of a user who must still replace a one-time
 * password (`requireOwnPassword`) — as few middleware layers as that takes,
 * since each costs every request a few µs — then
 * - the sign-in site and `/auth/*` (docs/product.md#sign-in-site), registration as `REGISTRATION` allows,
 * - `GET /api/health` → `{ok: true}`; `GET /healthz` and `GET /readyz` for load balancers (`health.ts`),
 * - `POST /api/updateOracyAssessment`,
 * - `GET /api/privacy/register`, the privacy notice, without a session (`routes/privacy`),
 * - "Download my data": `/api/privacy/exports…` and `/api/admin/privacy/exports…` (`routes/privacy/exports`),
 * - `GET /api/openapi.json` (the OpenAPI 3.1 document built from this app's routes) and the
 *   reference page `GET /api/docs`, without a session (`openapi/http.ts`),
 * - JSON 404 `ErrorBody` for any other `/api/*`, `/auth/*`, `/socket.io/*` path,
 * - `GET /uploads/:name` from the public upload store (cached for a year; 404 otherwise; PNG, JPEG,
 *   WebP and GIF inline, any other type as an attachment: `platform/security/uploadDisposition.ts`),
 * - the built PWA from `PWA_DIST` for every other GET (its Brotli or gzip copy when the client takes
 *   one, `sendPwaFile`), with single-page
 *   fallback to index.html, or a "not built yet" page (503) when it is missing.
 * Errors answer as docs/product.md#error-format JSON through `createErrorHandler`.
 *
 * It also declares the background jobs its routes queue (docs/architecture.md#background-jobs):
 * `delivery.measure` and `recording.transcribe` over this app's recordings store, `backup.create` over `DATA_DIR`
 * (docs/architecture.md#scheduled-backups), `privacy.export` and `privacy.exports.sweep` over the
 * upload stores and the export store (docs/architecture.md#exports-of-personal-data), and
 * `privacy.retention` over the upload stores (docs/architecture.md#retention). A process runs them with a `JobRunner`
 * (`server.ts`); the app alone only queues them.
 */
export function createApp(options: AppOptions = {}) {
  const env = options.env ?? getEnv();
  const log = options.logger ?? createLogger(env);
  const uploads = options.uploads ?? createUploadStores(env);
  const docs = createDocsRoutes();
  const sockets = options.sockets ?? createSocketRevocation();
  defineDeliveryJob({ recordings: uploads.recordings, tools: options.deliveryTools ?? serverDeliveryTools(), log });
  const transcriber = options.transcriber === undefined ? createTranscriber(env, log) : options.transcriber;
  defineTranscriptJob({ recordings: uploads.recordings, transcriber, transcribeTimeoutMs: env.TRANSCRIBE_TIMEOUT_MS, log });
  defineBackupJob({ dataDir: env.DATA_DIR, log });
  const exportStore = options.exportStore ?? createExportStore(env);
  defineExportJobs({ uploads, store: exportStore, log });
  defineRetentionJob({ stores: uploads, log });
  configureAccessLog({ trustProxy: env.TRUST_PROXY, dataDir: env.DATA_DIR, log });

  const publicOrigin = env.PUBLIC_ORIGIN;
  // one set of sign-in limits: a wrong current password at a password change counts as a failed sign-in.
  const authLimiters = createAuthLimiters(options.rateLimits ?? createMemoryRateLimitStore(), authRateLimitsOf(env));
  const app = new Hono<AppEnv>()
    // the request line, then the security events of the answer (with its user, known by then).
    .use(requestLogger(log, securityEventObserver(log, { trustProxy: env.TRUST_PROXY })))
    // Personal JSON must not be kept by the browser's or a proxy's HTTP cache (unless the route says otherwise).
    .use(securityHeaders({ trustProxy: env.TRUST_PROXY, publicOrigin, personal: { path: PERSONAL_PATH, headers: NO_STORE } }))
    .use(compressText())
    // With PUBLIC_ORIGIN, another host is answered 421 before anything reads the request; without it, no layer at all.
    .use('*', ...(publicOrigin ? [publicHostOnly({ publicOrigin, trustProxy: env.TRUST_PROXY, exempt: ANY_HOST_PATHS })] : []))
    // body limits, then the session, then CSRF (so a refusal is logged with its user).
    .use(requestBodyLimits)
    // while the database is down, whatever needs it is answered 503 at once, before the session is looked up.
    .use(databaseGate({ uploadsInDatabase: env.UPLOAD_STORE === 'gridfs' }))
    .use(loadSession({ trustProxy: env.TRUST_PROXY, idleMinutes: env.SESSION_IDLE_MINUTES }))
    .use(csrfProtection({ trustProxy: env.TRUST_PROXY, allowedOrigins: env.ALLOWED_ORIGINS, requireOrigin: env.CSRF_REQUIRE_ORIGIN, ...(publicOrigin ? { publicOrigin } : {}) }))
    // A user with a one-time password reaches no API call until they have chosen their own.
    .use('/api/*', requireOwnPassword)
    .route(
      '/',
      createAuthRoutes({
        sessionTtlDays: env.SESSION_TTL_DAYS,
        trustProxy: env.TRUST_PROXY,
        limiters: authLimiters,
        deviceCookies: createDeviceCookies(env.DEVICE_COOKIE_KEY ? { key: env.DEVICE_COOKIE_KEY } : {}),
        log,
        sockets,
        registration: env.REGISTRATION,
      }),
    )
    .get('/api/health', describe({ summary: 'The API answers', tag: 'Health', success: { status: 200, answer: json('Up.', okSchema) } }), (c) => c.json({ ok: true as const }, 200))
    .route('/', healthRoutes(options.health))
    .route('/', docs.routes)
    .route('/api', assessmentRoutes)
    .route('/api', studentRoutes)
    .route('/api', teacherRoutes)
    .route('/api', oracyRoutes)
    .route('/api', createSpeakingRoutes({ recordings: uploads.recordings }))
    .route('/api', deliveryRoutes)
    .route('/api', transcriptRoutes)
    .route('/api', complaintRoutesFor('student'))
    .route('/api', complaintRoutesFor('teacher'))
    .route('/api', createChatRoutes({ uploads: uploads.chat }))
    .route('/api', createCourseRoutes({ uploads: uploads.public, recordings: uploads.recordings }))
    .route('/api', noticeRoutes)
    .route('/api', complaintRoutes)
    .route('/api', createAdminUsersRoutes({ uploads, sockets }))
    .route('/api', createAdminPeopleRoutes({ uploads, sockets }))
    .route('/api', adminStatsRoutes)
    .route('/api', settingsRoutes)
    .route('/api', createBackupRoutes({ dataDir: env.DATA_DIR, external: Boolean(env.MONGODB_URI), scheduled: env.BACKUP_SCHEDULE }))
    .route('/api', adminExportRoutes)
    .route('/api', createImportRoutes({ sockets, log }))
    .route('/api', createUserRoutes({ uploads: uploads.public, limiters: authLimiters, sockets, session: { ttlDays: env.SESSION_TTL_DAYS, trustProxy: env.TRUST_PROXY } }))
    .route('/api', privacyRoutes)
    .route('/api', createPrivacyExportRoutes({ store: exportStore }))
    .route('/api', createAdminPrivacyRoutes({ uploads }))
    .route('/api', createPeerRoutes({ recordings: uploads.recordings }))
    .all('/api/*', () => {
      throw notFound('No such API endpoint.');
    })
    .all('/auth/*', () => {
      throw notFound('No such endpoint.');
    })
    .get('/uploads/:name', async (c) => {
      const file = await uploads.public.open(c.req.param('name'));
      if (!file) throw notFound('No such file.');
      return sendServedFile(c, file, CACHE_IMMUTABLE, uploadDispositionHeaders(file.type, file.name));
    })
    .get('*', async (c) => {
      const path = c.req.path;
      if (API_PATH.test(path)) throw notFound();
      const indexPath = join(env.PWA_DIST, 'index.html');
      const built = await stat(indexPath).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!built) return c.html(renderPwaMissingPage(), 503, { 'Cache-Control': 'no-store' });

      if (path !== '/') {
        const file = resolveInside(env.PWA_DIST, path);
        const response = file ? await sendPwaFile(c, file, pwaCacheControl(path)) : null;
        if (response) return response;
        // A missing file (it has an extension, or lives under /assets) is a 404, not the app shell.
        if (path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path)) throw notFound('No such file.');
      }
      const shell = await sendPwaFile(c, indexPath, CACHE_REVALIDATE);
      if (!shell) throw notFound();
      return shell;
    });

  app.notFound((c) => {
    const body: ErrorBody = { error: { code: 'not_found', message: 'Not found.' } };
    return c.json(body, 404);
  });
  app.onError(createErrorHandler(log));
  docs.describe(app);
  return app;
}

/** The app's type, for the PWA's typed client: `hc<AppType>('/')` (docs/contributing.md#typed-client-from-the-servers-types). */
export type AppType = ReturnType<typeof createApp>;
