import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

function lastForwarded(value: string | string[] | undefined): string | undefined {
  const header = Array.isArray(value) ? value.join(',') : value;
  const last = header?.split(',').pop()?.trim();
  return last ? last : undefined;
}

/**
 * The client's IP address, for rate limits and security logs: with
 * `trustProxy`, the last `X-Forwarded-For` entry (the one our own proxy
 * appended — earlier entries are the client's to invent); otherwise the
 * socket's remote address; `unknown` when neither exists (e.g.
 * `app.request()` in tests).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = lastForwarded(c.req.header('X-Forwarded-For'));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `clientIp` for a raw Node request (the Socket.IO handshake). */
export function clientIpOfRequest(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = lastForwarded(req.headers['x-forwarded-for']);
    if (forwarded) return forwarded;
  }
  return req.socket?.remoteAddress ?? 'unknown';
}
