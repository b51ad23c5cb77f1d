import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Absolute path of the repository root (`api/src/platform/env.ts` → `../../`). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Pino levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Largest `SESSION_TTL_DAYS`: browsers cap cookie lifetimes at 400 days. */
const MAX_SESSION_TTL_DAYS = 400;
/** Largest `SESSION_IDLE_MINUTES`: 30 days. */
const MAX_SESSION_IDLE_MINUTES = 30 * 24 * 60;
/** Largest count a sign-in failure limit may be set to. */
const MAX_LOGIN_FAILURES = 1_000_000;
/** Longest window a sign-in failure limit may be set to, in minutes: 7 days. */
const MAX_LOGIN_WINDOW_MINUTES = 7 * 24 * 60;
/** Fewest characters of `DEVICE_COOKIE_KEY`: 32 (e.g. `openssl rand -base64 32` gives 44). */
const MIN_DEVICE_COOKIE_KEY_LENGTH = 32;
/** A serialised web origin: scheme, host and optional port, nothing else (`https://oracy.example:8443`). */
const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** An absolute path; a relative value is taken from the current directory. */
const absolutePath = z
  .string()
  .min(1)
  .transform((p) => (isAbsolute(p) ? p : resolve(p)));

const flag = z.enum(['0', '1'], { error: "must be '0' or '1'" });

/** How many failed sign-ins a limit allows: a whole number from 1 to 1,000,000. */
const loginFailures = (fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_LOGIN_FAILURES}` })
    .int({ error: `must be a whole number from 1 to ${MAX_LOGIN_FAILURES}` })
    .min(1, { error: `must be a whole number from 1 to ${MAX_LOGIN_FAILURES}` })
    .max(MAX_LOGIN_FAILURES, { error: `must be a whole number from 1 to ${MAX_LOGIN_FAILURES}` })
    .default(fallback);

/** The window of a sign-in failure limit, in minutes: a whole number from 1 to 10080 (7 days). */
const loginWindowMinutes = (fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number of minutes from 1 to ${MAX_LOGIN_WINDOW_MINUTES}` })
    .int({ error: `must be a whole number of minutes from 1 to ${MAX_LOGIN_WINDOW_MINUTES}` })
    .min(1, { error: `must be a whole number of minutes from 1 to ${MAX_LOGIN_WINDOW_MINUTES}` })
    .max(MAX_LOGIN_WINDOW_MINUTES, { error: `must be a whole number of minutes from 1 to ${MAX_LOGIN_WINDOW_MINUTES}` })
    .default(fallback);

/** A time of the transcription worker, ms: a whole number from 1,000 to 3,600,000 (an hour). */
const transcribeMs = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .int({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .min(1_000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .max(3_600_000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .default(fallback);

/**
 * Who may create their own account on `/register` (docs/product.md#registration-policy):
 * - `open`: anyone, as a student;
 * - `domains`: only emails whose domain (after the `@`) is exactly one of `domains`
 *   (lower-case, no subdomains implied);
 * - `closed`: nobody; the school makes the accounts (docs/product.md#admin-made-accounts).
 */
export type RegistrationPolicy = { mode: 'open' } | { mode: 'domains'; domains: string[] } | { mode: 'closed' };

/** The one explanation of a bad `REGISTRATION`. */
const REGISTRATION_MESSAGE = 'must be open, closed, or domains: followed by comma-separated email domains (domains:school.example,pupils.school.example)';
/** An email domain: dot-separated labels of letters, digits and inner hyphens, at least two labels. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** `REGISTRATION` as typed (case-insensitive, spaces around domains ignored) → a {@link RegistrationPolicy}. */
const registration = z.string().transform((value, ctx): RegistrationPolicy => {
  const text = value.toLowerCase();
  if (text === 'open' || text === 'closed') return { mode: text };
  if (text.startsWith('domains:')) {
    const domains = [
      ...new Set(
        text
          .slice('domains:'.length)
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      ),
    ];
    const bad = domains.filter((d) => !DOMAIN_PATTERN.test(d));
    if (domains.length > 0 && bad.length === 0) return { mode: 'domains', domains };
    ctx.addIssue({
      code: 'custom',
      message: bad.length
        ? `${bad.map((d) => JSON.stringify(d)).join(', ')} ${bad.length > 1 ? 'are not email domains' : 'is not an email domain'} such as school.example`
        : 'domains: must list at least one email domain, such as domains:school.example',
    });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', message: REGISTRATION_MESSAGE });
  return z.NEVER;
});

/**
 * Every environment variable the API reads, validated in this one place
 * (docs/architecture.md#running-it, docs/contributing.md#configuration-in-one-place). Empty strings count as unset, so `MONGODB_URI=` in a shell
 * means "use the embedded database".
 */
const envSchema = z
  .object({
    /** HTTP port, 0–65535 (0 = any free port). Default 3000. */
    PORT: z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int({ error: 'must be a whole number from 0 to 65535' })
      .min(0, { error: 'must be a whole number from 0 to 65535' })
      .max(65535, { error: 'must be a whole number from 0 to 65535' })
      .default(3000),
    /** MongoDB connection string; unset → the embedded FerretDB (docs/architecture.md#running-it). */
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, { error: 'must start with mongodb:// or mongodb+srv://' })
      .optional(),
    /** Folder for the embedded database and uploaded files. Default `<repo>/.data`. */
    DATA_DIR: absolutePath.default(resolve(REPO_ROOT, '.data')),
    /** The product's home / marketing site (docs/product.md#sign-in-site): a path on this origin or an http(s) URL. Default `/login`. */
    SITE_URL: z
      .string()
      .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^/\s]+/.test(v), {
        error: 'must be a path starting with / or an http(s) URL',
      })
      .default('/login'),
    /** '1' forces the demo data set, '0' forbids it; unset → only outside production (docs/architecture.md#running-it). */
    SEED_DEMO: flag.optional(),
    NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'must be development, test or production' }).default('development'),
    /** Lifetime of a sign-in session in days (decimals allowed), at most 400. Default 7 (docs/product.md#sign-in-site). */
    SESSION_TTL_DAYS: z.coerce
      .number({ error: 'must be a positive number of days' })
      .positive({ error: 'must be a positive number of days' })
      .max(MAX_SESSION_TTL_DAYS, { error: `must be at most ${MAX_SESSION_TTL_DAYS} days` })
      .default(7),
    /** Pino level; default `info`, or `silent` when NODE_ENV=test. */
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    /** The built PWA served for every other path (docs/architecture.md#one-origin). Default `<repo>/pwa/dist`. */
    PWA_DIST: absolutePath.default(resolve(REPO_ROOT, 'pwa/dist')),
    /** '1' when behind a reverse proxy: `X-Forwarded-Proto` decides https, `X-Forwarded-For` the client IP. Default '0'. */
    TRUST_PROXY: flag.default('0').transform((v) => v === '1'),
    /**
     * Minutes a session may stay unused before it ends (idle limit),
     * 1–43200 (30 days). Default 1440 (24 hours). `SESSION_TTL_DAYS` is the absolute limit.
     */
    SESSION_IDLE_MINUTES: z.coerce
      .number({ error: 'must be a whole number of minutes from 1 to 43200' })
      .int({ error: 'must be a whole number of minutes from 1 to 43200' })
      .min(1, { error: 'must be a whole number of minutes from 1 to 43200' })
      .max(MAX_SESSION_IDLE_MINUTES, { error: 'must be a whole number of minutes from 1 to 43200' })
      .default(24 * 60),
    /**
     * Other origins whose pages may send unsafe requests (CSRF), comma-separated,
     * e.g. `http://localhost:5173` for the Vite dev server. The app's own origin is always allowed.
     */
    ALLOWED_ORIGINS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(ORIGIN_PATTERN, { error: 'must be a comma-separated list of origins such as https://oracy.example' })))
      .transform((origins) => origins.map((o) => o.toLowerCase()))
      .default([]),
    /**
     * The app's public origin, e.g. `https://oracy.school.example` (scheme, host, optional port, no
     * path), stored lower-case without a default port. When set it is the origin of the CSRF check
     * and the CSP instead of the one the `Host` header names, and a request for any other host gets
     * 421 (docs/architecture.md#running-it). Unset: the origin comes from `Host` (and, with
     * `TRUST_PROXY`, `X-Forwarded-Proto` / `X-Forwarded-Host`).
     */
    PUBLIC_ORIGIN: z
      .string()
      .regex(ORIGIN_PATTERN, { error: 'must be an origin such as https://oracy.example, with no path' })
      .transform((v) => new URL(v).origin.toLowerCase())
      .optional(),
    /** '1': also refuse unsafe requests that carry neither `Origin` nor `Sec-Fetch-Site` (non-browser clients). Default '0'. */
    CSRF_REQUIRE_ORIGIN: flag.default('0').transform((v) => v === '1'),
    /**
     * Redis for running several API processes: Socket.IO's Redis
     * adapter, shared rate-limit counts and session-cache invalidation, e.g.
     * `redis://10.0.0.5:6379/0` or `rediss://…` (TLS). Unset → one process, all in memory.
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, { error: 'must start with redis:// or rediss://' })
      .optional(),
    /**
     * Where uploaded files live: `disk` (`DATA_DIR/uploads`, one machine) or
     * `gridfs` (MongoDB GridFS in the app's database, shared by every process). Default `disk`.
     */
    UPLOAD_STORE: z.enum(['disk', 'gridfs'], { error: 'must be disk or gridfs' }).default('disk'),
    /**
     * Failed sign-ins allowed for one email from one client address within
     * `LOGIN_FAILURES_PER_EMAIL_IP_MINUTES`; one more is answered 429 for that pair only.
     * Default 10 (docs/architecture.md#sign-in-throttling).
     */
    LOGIN_FAILURES_PER_EMAIL_IP: loginFailures(10),
    /** The window of `LOGIN_FAILURES_PER_EMAIL_IP`, in minutes (1–10080). Default 15. */
    LOGIN_FAILURES_PER_EMAIL_IP_MINUTES: loginWindowMinutes(15),
    /**
     * Failed sign-ins allowed for one email from every address together within
     * `LOGIN_FAILURES_PER_EMAIL_MINUTES`; then devices the account does not trust get 429.
     * Default 50 (docs/architecture.md#sign-in-throttling).
     */
    LOGIN_FAILURES_PER_EMAIL: loginFailures(50),
    /** The window of `LOGIN_FAILURES_PER_EMAIL`, in minutes (1–10080). Default 60. */
    LOGIN_FAILURES_PER_EMAIL_MINUTES: loginWindowMinutes(60),
    /**
     * Failed sign-ins allowed from one client address for every email together within
     * `LOGIN_FAILURES_PER_IP_MINUTES`; then devices without a device cookie get 429 from that
     * address. Default 300 (docs/architecture.md#sign-in-throttling).
     */
    LOGIN_FAILURES_PER_IP: loginFailures(300),
    /** The window of `LOGIN_FAILURES_PER_IP`, in minutes (1–10080). Default 15. */
    LOGIN_FAILURES_PER_IP_MINUTES: loginWindowMinutes(15),
    /**
     * Account creations on `/register` allowed from one client address in an hour; one more is
     * answered 429. Default 30 (docs/architecture.md#sign-in-throttling).
     */
    REGISTRATIONS_PER_IP_HOUR: loginFailures(30),
    /**
     * The key that signs device cookies, at least 32 characters, the same on every process.
     * Unset → a random key created once in the database (docs/architecture.md#trusted-devices).
     */
    DEVICE_COOKIE_KEY: z
      .string()
      .min(MIN_DEVICE_COOKIE_KEY_LENGTH, { error: `must be at least ${MIN_DEVICE_COOKIE_KEY_LENGTH} characters (e.g. openssl rand -base64 32)` })
      .optional(),
    /**
     * Who may create their own account (docs/product.md#registration-policy): `open`,
     * `closed`, or `domains:school.example,pupils.school.example` (only those email domains).
     * Unset → `open` while the demo data set is in use (`shouldSeedDemo`), otherwise `closed`.
     */
    REGISTRATION: registration.optional(),
    /**
     * '1': on the embedded database the server backs itself up at 03:00 at the school's Backup
     * Frequency; '0': it does not ("Back up now" and `npm run backup` still work). Default '1', or
     * '0' when NODE_ENV=test (docs/architecture.md#scheduled-backups).
     */
    BACKUP_SCHEDULE: flag.optional(),
    /**
     * `on` (default) makes the embedded database push equalities, one-field sorts with their pages,
     * and counts down to SQLite where the answer is exactly the same; `off` runs every query as
     * FerretDB 1.24 does, as a safety switch (docs/architecture.md#the-embedded-database).
     * Ignored with `MONGODB_URI`.
     */
    DEVDB_PUSHDOWN: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    /**
     * `on` (default): every take is transcribed on this server by the transcription worker when its
     * virtual environment exists; `off`: no worker is started and every transcript is `unavailable`
     * (docs/architecture.md#the-transcription-worker).
     */
    TRANSCRIBE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    /** The transcription worker stops after this long without a take, ms (1,000–3,600,000). Default 60,000. */
    TRANSCRIBE_IDLE_MS: transcribeMs(60_000),
    /** The longest one take's transcription may take before the worker is stopped, ms (1,000–3,600,000). Default 120,000. */
    TRANSCRIBE_TIMEOUT_MS: transcribeMs(120_000),
  })
  .transform((env) => ({
    ...env,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    BACKUP_SCHEDULE: (env.BACKUP_SCHEDULE ?? (env.NODE_ENV === 'test' ? '0' : '1')) === '1',
    REGISTRATION: env.REGISTRATION ?? defaultRegistration(env),
  }));

/**
 * The validated configuration:
 * `{PORT: number, MONGODB_URI?: string, DATA_DIR: string (absolute), SITE_URL: string,
 *   SEED_DEMO?: '0'|'1', NODE_ENV: 'development'|'test'|'production', SESSION_TTL_DAYS: number (days),
 *   LOG_LEVEL: pino level, PWA_DIST: string (absolute), TRUST_PROXY: boolean,
 *   SESSION_IDLE_MINUTES: number (minutes), ALLOWED_ORIGINS: string[] (lower-case origins),
 *   PUBLIC_ORIGIN?: string (a lower-case origin), CSRF_REQUIRE_ORIGIN: boolean, REDIS_URL?: string,
 *   UPLOAD_STORE: 'disk'|'gridfs',
 *   LOGIN_FAILURES_PER_EMAIL_IP, LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP: number (failed sign-ins),
 *   LOGIN_FAILURES_PER_EMAIL_IP_MINUTES, LOGIN_FAILURES_PER_EMAIL_MINUTES, LOGIN_FAILURES_PER_IP_MINUTES: number (minutes),
 *   REGISTRATIONS_PER_IP_HOUR: number (accounts an hour),
 *   DEVICE_COOKIE_KEY?: string, REGISTRATION: RegistrationPolicy, BACKUP_SCHEDULE: boolean,
 *   DEVDB_PUSHDOWN: 'on'|'off', TRANSCRIBE: 'on'|'off', TRANSCRIBE_IDLE_MS, TRANSCRIBE_TIMEOUT_MS: number (ms)}`.
 */
export type Env = z.output<typeof envSchema>;

/** Thrown by `parseEnv` on bad values; `problems` holds one readable line per variable. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * Parses and validates an environment (docs/architecture.md#running-it). Pure: no exit, no printing.
 * @param source variables as in `process.env`; empty strings count as unset.
 * @returns the typed `Env` with defaults filled in and paths made absolute.
 * @throws EnvError listing every bad variable, e.g. `PORT: must be a whole number from 0 to 65535 (got "abc")`.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const keys = Object.keys(envSchema.in.shape) as (keyof typeof envSchema.in.shape)[];
  const input: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key]?.trim();
    if (value) input[key] = value;
  }
  const result = envSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'environment');
    const got = input[key] === undefined ? '' : ` (got ${JSON.stringify(input[key])})`;
    return `${key}: ${issue.message}${got}`;
  });
  throw new EnvError(problems);
}

/**
 * Whether to load the demo data set into an empty database (docs/architecture.md#running-it):
 * always when SEED_DEMO=1, never when SEED_DEMO=0, otherwise only when
 * NODE_ENV is not production.
 */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV'>): boolean {
  if (env.SEED_DEMO === '1') return true;
  if (env.SEED_DEMO === '0') return false;
  return env.NODE_ENV !== 'production';
}

/**
 * `REGISTRATION` when it is unset (docs/product.md#registration-policy): `open` while the demo data
 * set is in use (`shouldSeedDemo`: development and test, or `SEED_DEMO=1`), otherwise `closed`, so a
 * production server lets nobody register unless told to.
 */
export function defaultRegistration(env: { SEED_DEMO?: '0' | '1' | undefined; NODE_ENV: 'development' | 'test' | 'production' }): RegistrationPolicy {
  return shouldSeedDemo(env) ? { mode: 'open' } : { mode: 'closed' };
}

let cached: Env | undefined;

/**
 * The configuration of this process, parsed from `process.env` once.
 * On bad values prints the readable list of problems to stderr and exits with
 * code 1 (docs/contributing.md#configuration-in-one-place: fail fast).
 */
export function getEnv(): Env {
  if (cached) return cached;
  try {
    cached = parseEnv(process.env);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`${err.message}\nFix these environment variables and start again.`);
    process.exit(1);
  }
  return cached;
}
