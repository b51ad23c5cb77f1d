import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { createApp } from '../app.js';
import { getEnv } from '../platform/env.js';
import type { UploadStores } from '../platform/uploads.js';
import { createUser, signIn } from './factories.js';
import type { Role } from '../auth/roles.js';
import { attachChat, type ChatServer, type ChatServerOptions } from '../chat/socket.js';
import { createSocketRevocation } from '../chat/revocation.js';

/** A real HTTP server on a free loopback port with the discussion attached (test only). */
export interface TestChatServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  app: ReturnType<typeof createApp>;
  chat: ChatServer;
  /** the temporary `DATA_DIR` */
  dataDir: string;
  /** Disconnects every socket, closes the server and removes `dataDir`. */
  close(): Promise<void>;
}

/**
 * Starts `createApp()` on a free port through `@hono/node-server`, as
 * `startServer` does, with `attachChat` on it and a fresh `DATA_DIR`. The
 * database is the test file's (see `src/test/setup.ts`).
 * @param options.uploads the upload stores, given to both as `startServer` does; default the disk stores of the fresh `DATA_DIR`
 */
export async function startTestChatServer(
  options: Partial<Pick<ChatServerOptions, 'messageLimit' | 'loadLimit' | 'sessionRecheckMs' | 'publicOrigin'>> & { uploads?: UploadStores } = {},
): Promise<TestChatServer> {
  const { uploads, ...limits } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-chat-'));
  const sockets = createSocketRevocation();
  const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir }, sockets, ...(uploads ? { uploads } : {}) });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const chat = attachChat(server, { dataDir, log: pino({ level: 'silent' }), ...(uploads ? { uploads: uploads.chat } : {}), ...limits });
  sockets.bind(chat.io);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    chat,
    dataDir,
    async close() {
      await chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in test user: the document, the cookie header and the matching auth payload. */
export interface SignedInUser {
  id: string;
  name: string;
  cookie: string;
  auth: { userId: string; userRole: string };
}

/** Creates a user of `role` and signs them in through the app. */
export async function signedInUser(app: TestChatServer['app'], role: Role, firstName = 'Chat'): Promise<SignedInUser> {
  const { user, password } = await createUser({ role, firstName });
  const cookie = await signIn(app, user.email, password);
  return { id: user.id as string, name: user.name, cookie, auth: { userId: user.id as string, userRole: String(role) } };
}

/**
 * A socket.io-client connection over WebSocket, without reconnection, with
 * `headers` (e.g. `Cookie`, `Origin`) and the handshake `auth` payload.
 * Connects at once; wait with `connected()` or `refused()`.
 */
export function openSocket(url: string, opts: { headers?: Record<string, string>; auth?: Record<string, unknown> } = {}): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    extraHeaders: opts.headers ?? {},
    auth: opts.auth ?? {},
  });
}

/** Resolves with the first `event` payload, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string, ms = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/** Collects every `event` payload from now on into the returned array. */
export function collect<T = unknown>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves when connected; rejects with the `connect_error`. */
export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Resolves with the `connect_error` (its message and `data`); rejects if the socket connects. */
export function refused(socket: ClientSocket): Promise<Error & { data?: { code?: string } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/**
 * The HTTP status of an Engine.IO handshake request to `url`, without
 * Socket.IO's client: a polling `GET /socket.io/?EIO=4&transport=polling`
 * (200 when a session was opened) or a WebSocket upgrade (101 when upgraded).
 * The connection is closed once the status is known.
 */
export function handshakeStatus(url: string, transport: 'polling' | 'websocket', headers: Record<string, string> = {}): Promise<number> {
  const target = new URL(`/socket.io/?EIO=4&transport=${transport}`, url);
  const upgrade: Record<string, string> =
    transport === 'websocket' ? { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') } : {};
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { headers: { ...upgrade, ...headers } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.end();
  });
}
