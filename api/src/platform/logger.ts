import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Env } from './env.js';

/** The pino logger type used across the API. */
export type { Logger } from 'pino';

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * How the process logger writes to stdout: lines gather until 4 KiB are
 * waiting, or for at most 250 ms, and then go out in one synchronous
 * `write(2)` — one system call per line (pino's default) is a noticeable share
 * of a cheap read's CPU time, and pino's asynchronous mode costs more, not less. What
 * is waiting is written at `exit` and after a `fatal` line, so only a
 * SIGKILL or a machine crash can lose the last quarter second.
 */
export const LOG_BATCHING = { minLength: 4096, periodicFlush: 250 } as const;

/** The batched stdout destinations made so far, flushed when the process exits. */
const batched = new Set<{ flushSync(): void }>();

function batchedStdout() {
  const destination = pino.destination({ dest: 1, sync: true, ...LOG_BATCHING });
  if (batched.size === 0) {
    process.once('exit', () => {
      for (const waiting of batched) {
        try {
          waiting.flushSync();
        } catch {
          // stdout is gone: nothing left to tell
        }
      }
    });
  }
  batched.add(destination);
  return destination;
}

/**
 * The process logger: JSON lines at `env.LOG_LEVEL` to stdout, batched as
 * `LOG_BATCHING` says, pretty-printed only in development on a terminal
 * (pino-pretty is a dev dependency). Anything that looks like a secret is
 * redacted as a second line of defence.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const options: LoggerOptions = {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  };
  if (env.NODE_ENV === 'development' && process.stdout.isTTY && prettyAvailable()) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return pino(options, batchedStdout());
}

/** The context `requestLogger` and its observers read: the signed-in user, when `loadSession` found one. */
type LoggedContext = { Variables: { user?: { id: string } | null } };

/** Work done after a request is answered, inside `requestLogger`'s layer (e.g. `securityEventObserver`); a promise is awaited. */
export type ResponseObserver = (c: Context<LoggedContext>) => Promise<void> | void;

/**
 * Request-logging middleware: one line per request after it is answered, with
 * `{method, path (no query string), status, ms (duration, milliseconds), userId?}`,
 * then each of `observers` in turn. Never logs bodies, cookies, tokens or
 * passwords. Expects `loadSession` (mounted after it) to have put `user` in
 * the context, when there is one. The observers run here rather than as
 * middleware of their own because every layer costs each request a few µs.
 */
export function requestLogger(log: Logger, ...observers: ResponseObserver[]) {
  // The line's fields are fixed and hold no secret, so it skips the redaction pass (a few µs a request).
  const lines = log.child({}, { redact: { paths: [] } });
  return createMiddleware<LoggedContext>(async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    };
    if (status >= 500) lines.error(entry, 'request');
    else lines.info(entry, 'request');
    for (const observe of observers) {
      const pending = observe(c);
      if (pending) await pending;
    }
  });
}
