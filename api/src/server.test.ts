import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, openSocket } from './test/testServer.js';
import { getEnv } from './platform/env.js';
import { startServer, type RunningServer } from './server.js';
import { createUser, signIn } from './test/factories.js';

// graceful shutdown — out of rotation at once, requests in flight finished, sockets closed.
describe('startServer().close()', () => {
  let running: RunningServer;
  let dataDir: string;
  let uri: string;

  beforeAll(async () => {
    // The server connects Mongoose itself; give it this test file's database (src/test/setup.ts).
    uri = `${mongoose.connection.getClient().options.hosts.map((h) => `mongodb://${h.host}:${h.port}`)[0]}/${mongoose.connection.name}`;
    await mongoose.disconnect();
    dataDir = mkdtempSync(join(tmpdir(), 'oracy-server-'));
    running = await startServer({ env: { ...getEnv(), PORT: 0, MONGODB_URI: uri, DATA_DIR: dataDir, SEED_DEMO: '0' }, logger: pino({ level: 'silent' }) });
  });

  afterAll(async () => {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
    await mongoose.connect(uri);
  });

  it('answers readiness 503 while finishing a request in flight, closes the sockets, then stops', async () => {
    const admin = await createUser({ role: 1 });
    const cookie = await signIn(running.app, admin.user.email, admin.password);
    const base = `http://127.0.0.1:${running.port}`;
    const socket = openSocket(base, { headers: { Cookie: cookie }, auth: { userId: admin.user.id as string, userRole: '1' } });
    await connected(socket);
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // A sign-in whose body is still arriving when the shutdown starts.
    const body = JSON.stringify({ email: admin.user.email, password: admin.password });
    let answered: (res: IncomingMessage) => void = () => undefined;
    const response = new Promise<IncomingMessage>((resolve) => (answered = resolve));
    const inFlight = httpRequest(
      `${base}/auth/login`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      answered,
    );
    inFlight.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = running.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await running.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', draining: true });
    expect(await socketClosed).toBe('io server disconnect');

    inFlight.end(body.slice(10));
    const res = await response;
    expect(res.statusCode).toBe(200);
    res.resume();
    await closing;
    expect(running.server.listening).toBe(false);
    socket.disconnect();
  });
});
