import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { getEnv } from './env.js';
import { createUser, jsonRequest, signIn } from '../test/factories.js';

/** An app whose logger writes JSON lines into `lines`. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({ env: getEnv(), logger: pino({ level: 'info' }, sink) });
  return { app, lines };
}

describe('requestLogger', () => {
  it('logs method, path without query, status, duration and user id — never secrets', async () => {
    const { app, lines } = loggedApp();
    const { user, password } = await createUser({ password: 'very-secret-password' });
    const cookie = await signIn(app, user.email, password);
    await app.request('/auth/current_user?token=abc', { headers: { Cookie: cookie } });
    await app.request('/auth/login', jsonRequest('POST', { email: user.email, password: 'another-secret' }));
    await new Promise((r) => setImmediate(r));

    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(3);
    expect(requests[1]).toMatchObject({ method: 'GET', path: '/auth/current_user', status: 200, userId: user.id });
    expect(typeof requests[1]!.ms).toBe('number');
    expect(requests[2]).toMatchObject({ method: 'POST', path: '/auth/login', status: 401 });
    const all = JSON.stringify(lines);
    for (const secret of ['very-secret-password', 'another-secret', cookie.split('=')[1]!, 'token=abc']) expect(all).not.toContain(secret);
  });
});
