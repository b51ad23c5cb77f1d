import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { attachChat, type ChatServer } from '../../chat/socket.js';
import { connected, handshakeStatus, openSocket, refused, signedInUser } from '../../test/testServer.js';
import { Notice } from '../../notices/model.js';
import { ROLES } from '../../auth/roles.js';
import { getEnv } from '../env.js';
import { createUser, readJson, sessionCookieFrom, signIn } from '../../test/factories.js';
import { CROSS_SITE_MESSAGE, checkSource, normalizeOrigin, ownOriginOf, type OriginPolicy } from './origin.js';
import { TINY_PNG, cookieOf, createWorld, type World } from '../../test/testWorld.js';

/**
 * CSRF for every unsafe method, JSON included (ASVS 5.0 V3.5):
 * POST/PUT/PATCH/DELETE pass only from the app's own origin (or an allowed
 * one) by `Origin`, or by `Sec-Fetch-Site: same-origin` when `Origin` is
 * missing; the socket handshake alike.
 */

const policy: OriginPolicy = { trustProxy: false, allowedOrigins: ['http://localhost:5173'], requireOrigin: false };
const own = 'https://oracy.example';

describe('checkSource', () => {
  it.each([
    ['own origin', { origin: own }, null],
    ['own origin, any case, default port', { origin: 'HTTPS://Oracy.Example:443' }, null],
    ['an allowed origin', { origin: 'http://localhost:5173' }, null],
    ['another origin', { origin: 'https://evil.example' }, 'foreign_origin'],
    ['same host, other scheme', { origin: 'http://oracy.example' }, 'foreign_origin'],
    ['same host, other port', { origin: 'https://oracy.example:8443' }, 'foreign_origin'],
    ['a sibling subdomain', { origin: 'https://evil.oracy.example' }, 'foreign_origin'],
    ['a look-alike suffix', { origin: 'https://oracy.example.evil.example' }, 'foreign_origin'],
    ['garbage', { origin: 'not a url' }, 'foreign_origin'],
    ['a foreign origin that claims same-origin fetch', { origin: 'https://evil.example', secFetchSite: 'same-origin' }, 'foreign_origin'],
    ['no Origin, same-origin fetch', { secFetchSite: 'same-origin' }, null],
    ['no Origin, cross-site fetch', { secFetchSite: 'cross-site' }, 'cross_site'],
    ['no Origin, same-site fetch (a sibling subdomain)', { secFetchSite: 'same-site' }, 'cross_site'],
    ['no Origin, a user-typed navigation', { secFetchSite: 'none' }, 'cross_site'],
    ['Origin null, same-origin fetch', { origin: 'null', secFetchSite: 'same-origin' }, null],
    ['Origin null alone (a sandboxed frame)', { origin: 'null' }, 'foreign_origin'],
    ['neither header (a program, not a browser)', {}, null],
  ] as const)('%s', (_name, headers, expected) => {
    const source = { origin: undefined, secFetchSite: undefined, ...headers, ownOrigin: own };
    expect(checkSource(source, policy)).toBe(expected);
  });

  it('refuses requests with neither header when the policy requires an origin', () => {
    expect(checkSource({ origin: undefined, secFetchSite: undefined, ownOrigin: own }, { ...policy, requireOrigin: true })).toBe('no_origin');
  });

  it('takes the own origin from the forwarded headers only behind a trusted proxy', () => {
    const headers: Record<string, string> = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'oracy.example' };
    const header = (name: string) => headers[name];
    expect(ownOriginOf('http://10.0.0.5:3000/api', header, true)).toBe('https://oracy.example');
    expect(ownOriginOf('http://10.0.0.5:3000/api', header, false)).toBe('http://10.0.0.5:3000');
    expect(normalizeOrigin('javascript:alert(1)')).toBeNull();
  });
});

describe('the CSRF middleware on the app', () => {
  let world: World;
  let admin: string;

  beforeAll(async () => {
    world = await createWorld();
    admin = await cookieOf(world.admin);
  });
  afterAll(() => world?.cleanup());

  const notice = { title: 'Forged', description: 'Posted from another site.' };
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    world.app.request(path, { method, headers: { Cookie: admin, ...headers }, ...(body === undefined ? {} : { body }) });

  it('refuses a JSON POST from another origin with 403 in the error shape, and stores nothing', async () => {
    const before = await Notice.countDocuments();
    const res = await send('POST', '/api/admin/notice', { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, JSON.stringify(notice));
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({ error: { code: 'forbidden', message: CROSS_SITE_MESSAGE } });
    expect(await Notice.countDocuments()).toBe(before);
  });

  it('refuses every unsafe method and content type from another site, before the route reads the body', async () => {
    const noticeId = (await Notice.create(notice)).id as string;
    const foreign = { Origin: 'https://evil.example' };
    const cases: [string, string, Record<string, string>, string | undefined][] = [
      ['POST', '/api/admin/notice', { 'Content-Type': 'text/plain' }, JSON.stringify(notice)],
      ['POST', '/api/admin/notice', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'title=a&description=b'],
      ['POST', '/api/admin/notice', {}, JSON.stringify(notice)],
      ['PUT', `/api/admin/notice/${noticeId}`, { 'Content-Type': 'application/json' }, JSON.stringify(notice)],
      ['PATCH', `/api/admin/notice/${noticeId}`, { 'Content-Type': 'application/json' }, JSON.stringify(notice)],
      ['DELETE', `/api/admin/notice/${noticeId}`, {}, undefined],
      ['POST', '/api/admin/notice', { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, JSON.stringify(notice)],
    ];
    for (const [method, path, headers, body] of cases) {
      const originHeaders = headers['Sec-Fetch-Site'] ? headers : { ...foreign, ...headers };
      const res = await send(method, path, originHeaders, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
    }
    expect(await Notice.exists({ _id: noticeId })).not.toBeNull();
  });

  it('refuses a multipart upload from another site without storing the file', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'T',
      description: 'D',
      instructorId: world.t1.id as string,
      duration: '3',
      startDate: '2025-01-01',
      endDate: '2025-02-01',
      status: 'active',
    })) {
      form.append(key, value);
    }
    form.append('image', new Blob([TINY_PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'x.png');
    const res = await world.app.request('/api/admin/courses', { method: 'POST', headers: { Cookie: admin, Origin: 'https://evil.example' }, body: form });
    expect(res.status).toBe(403);
  });

  it('lets the app’s own page, the allowed dev origin, and programs without browser headers through', async () => {
    const json = { 'Content-Type': 'application/json' };
    const own = await send('POST', '/api/admin/notice', { ...json, Origin: 'http://localhost' }, JSON.stringify(notice));
    expect(own.status).toBe(201);
    const fetchMetadata = await send('POST', '/api/admin/notice', { ...json, 'Sec-Fetch-Site': 'same-origin' }, JSON.stringify(notice));
    expect(fetchMetadata.status).toBe(201);
    const program = await send('POST', '/api/admin/notice', json, JSON.stringify(notice));
    expect(program.status).toBe(201);
    const dev = createApp({ env: { ...world.env, ALLOWED_ORIGINS: ['http://localhost:5173'] }, logger: pino({ level: 'silent' }) });
    const viaVite = await dev.request('/api/admin/notice', { method: 'POST', headers: { ...json, Cookie: admin, Origin: 'http://localhost:5173' }, body: JSON.stringify(notice) });
    expect(viaVite.status).toBe(201);
  });

  it('refuses programs without Origin too when CSRF_REQUIRE_ORIGIN=1', async () => {
    const strict = createApp({ env: { ...world.env, CSRF_REQUIRE_ORIGIN: true }, logger: pino({ level: 'silent' }) });
    const res = await strict.request('/api/admin/notice', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: admin }, body: JSON.stringify(notice) });
    expect(res.status).toBe(403);
  });

  it('lets safe methods through from anywhere (reads change nothing)', async () => {
    const res = await world.app.request('/api/admin/notice', { headers: { Cookie: admin, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(200);
  });

  it('behind a trusted proxy, accepts the public https origin and refuses it when the proxy is not trusted', async () => {
    const headers = { 'Content-Type': 'application/json', Cookie: admin, Origin: 'https://oracy.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'oracy.example' };
    const proxied = createApp({ env: { ...world.env, TRUST_PROXY: true }, logger: pino({ level: 'silent' }) });
    // Over https the session cookie is the __Host- one.
    const secureCookie = admin.replace(/^oracy_session=/, '__Host-oracy_session=');
    const trusted = await proxied.request('http://10.0.0.5:3000/api/admin/notice', { method: 'POST', headers: { ...headers, Cookie: secureCookie }, body: JSON.stringify(notice) });
    expect(trusted.status).toBe(201);
    const untrusted = await world.app.request('http://10.0.0.5:3000/api/admin/notice', { method: 'POST', headers, body: JSON.stringify(notice) });
    expect(untrusted.status).toBe(403);
  });

  it('guards the sign-in forms: another site cannot sign a browser in (login CSRF)', async () => {
    const { user, password } = await createUser();
    const form = (headers: Record<string, string>) =>
      world.app.request('/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email: user.email, password }).toString(),
      });
    const forged = await form({ Origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(sessionCookieFrom(forged)).toBeUndefined();
    const real = await form({ Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' });
    expect(real.status).toBe(303);
    // A JSON sign-in from another origin is refused as well.
    const json = await world.app.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: user.email, password }),
    });
    expect(json.status).toBe(403);
    expect(await signIn(world.app, user.email, password)).toMatch(/^oracy_session=/);
  });
});

describe('the socket handshake', () => {
  let server: Server;
  let chat: ChatServer;
  let url: string;
  const sockets: ClientSocket[] = [];
  const app = createApp({ env: getEnv(), logger: pino({ level: 'silent' }) });

  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
    });
    chat = attachChat(server, { dataDir: getEnv().DATA_DIR, log: pino({ level: 'silent' }), allowedOrigins: ['http://localhost:5173'] });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await chat?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const open = async (headers: Record<string, string>) => {
    const admin = await signedInUser(app, ROLES.admin);
    const socket = openSocket(url, { headers: { Cookie: admin.cookie, ...headers }, auth: admin.auth });
    sockets.push(socket);
    return socket;
  };

  it('refuses another origin and a cross-site fetch, and admits its own and the allowed origin', async () => {
    const admin = await signedInUser(app, ROLES.admin);
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
      // before any transport opens: 403 over polling; Engine.IO refuses every WebSocket upgrade with 400.
      expect(await handshakeStatus(url, 'polling', { Cookie: admin.cookie, ...headers })).toBe(403);
      expect(await handshakeStatus(url, 'websocket', { Cookie: admin.cookie, ...headers })).toBe(400);
      await refused(await open(headers));
    }
    await connected(await open({ Origin: url }));
    await connected(await open({ Origin: 'http://localhost:5173' }));
    await connected(await open({ 'Sec-Fetch-Site': 'same-origin' }));
  });
});
