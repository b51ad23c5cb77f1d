import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
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
 * The process logger: JSON lines at `env.LOG_LEVEL`, pretty-printed only in
 * development on a terminal (pino-pretty is a dev dependency). Anything that
 * looks like a secret is redacted as a second line of defence.
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
  return pino(options);
}

/**
 * Request-logging middleware: one line per request after it is answered, with
 * `{method, path (no query string), status, ms (duration, milliseconds), userId?}`.
 * Never logs bodies, cookies, tokens or passwords. Expects `loadSession`
 * (mounted after it) to have put `user` in the context, when there is one.
 */
export function requestLogger(log: Logger) {
  return createMiddleware<{ Variables: { user?: { id: string } | null } }>(async (c, next) => {
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
    if (status >= 500) log.error(entry, 'request');
    else log.info(entry, 'request');
  });
}
