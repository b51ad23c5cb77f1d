import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { Notice } from '../../notices/model.js';
import { readJson } from '../../test/factories.js';
import { cookieOf, createWorld, type World } from '../../test/testWorld.js';
import { isPublicHost } from './origin.js';
import { cspDirectives } from '../../test/csp.js';

/**
 * `PUBLIC_ORIGIN` (docs/architecture.md#running-it): when set, it is the app's own origin for the
 * CSRF check and the CSP whatever the `Host` header says, and a request for another host gets 421
 * `misdirected_request`, except the load balancer's `/healthz` and `/readyz`. Unset, every host
 * is answered as before.
 */

const PUBLIC = 'https://oracy.school.example';

describe('isPublicHost', () => {
  it.each([
    ['http://oracy.school.example', true],
    ['https://oracy.school.example', true],
    ['https://oracy.school.example:443', true],
    ['http://oracy.school.example:443', true],
    ['http://oracy.school.example:3000', false],
    ['https://evil.example', false],
    ['https://oracy.school.example.evil.example', false],
    ['http://10.0.0.5:3000', false],
  ])('%s → %s', (origin, expected) => {
    expect(isPublicHost(origin, PUBLIC)).toBe(expected);
  });

  it('compares the port the public origin names', () => {
    expect(isPublicHost('http://oracy.example:8443', 'https://oracy.example:8443')).toBe(true);
    expect(isPublicHost('http://oracy.example:443', 'https://oracy.example:8443')).toBe(false);
  });
});

describe('PUBLIC_ORIGIN on the app', () => {
  let world: World;
  let app: ReturnType<typeof createApp>;
  let proxied: ReturnType<typeof createApp>;
  let admin: string;

  beforeAll(async () => {
    world = await createWorld();
    app = createApp({ env: { ...world.env, PUBLIC_ORIGIN: PUBLIC }, logger: pino({ level: 'silent' }) });
    proxied = createApp({ env: { ...world.env, PUBLIC_ORIGIN: PUBLIC, TRUST_PROXY: true }, logger: pino({ level: 'silent' }) });
    admin = await cookieOf(world.admin);
  });
  afterAll(() => world?.cleanup());

  it('answers a request for another host with 421 in the error shape, whatever the path', async () => {
    for (const url of ['http://evil.example/auth/current_user', 'http://10.0.0.5:3000/api/health', 'http://oracy.school.example:3000/', 'http://evil.example/login']) {
      const res = await app.request(url, { headers: { Cookie: admin } });
      expect(res.status, url).toBe(421);
      expect(await readJson(res)).toEqual({ error: { code: 'misdirected_request', message: 'This server does not answer for that host.' } });
      expect(res.headers.get('Content-Security-Policy'), url).toContain('default-src');
    }
  });

  it('answers the public host as usual, over https or from a TLS-terminating proxy over http', async () => {
    expect((await app.request(`${PUBLIC}/api/health`)).status).toBe(200);
    // the session cookie's name and Secure flag still follow the request's scheme (TRUST_PROXY), so sign-in was over http.
    const res = await app.request('http://oracy.school.example/auth/current_user', { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    expect((await readJson(res)).email).toBe(world.admin.email);
  });

  it('answers /healthz and /readyz whatever the host: load balancers probe by IP address', async () => {
    expect((await app.request('http://10.0.0.5:3000/healthz')).status).toBe(200);
    expect((await app.request('http://10.0.0.5:3000/readyz')).status).toBe(200);
  });

  it("takes the CSRF check's own origin from PUBLIC_ORIGIN, not from Host", async () => {
    const post = (origin: string) =>
      app.request('http://oracy.school.example/api/admin/notice', {
        method: 'POST',
        headers: { Cookie: admin, Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Trip', description: 'Museum trip on Monday.' }),
      });
    const before = await Notice.countDocuments();
    // the origin the Host header names, over plain http: not the public one.
    expect((await post('http://oracy.school.example')).status).toBe(403);
    expect(await Notice.countDocuments()).toBe(before);
    expect((await post(PUBLIC)).status).toBe(201);
  });

  it("names PUBLIC_ORIGIN in the CSP's connect-src, and sends HSTS for an https one", async () => {
    const res = await app.request('http://oracy.school.example/api/health');
    expect(cspDirectives(res.headers.get('Content-Security-Policy') ?? '').get('connect-src')).toEqual(["'self'", 'wss://oracy.school.example']);
    expect(res.headers.get('Strict-Transport-Security')).not.toBeNull();
  });

  it('with TRUST_PROXY, checks the host the proxy forwarded', async () => {
    const good = await proxied.request('http://10.0.0.5:3000/api/health', { headers: { 'X-Forwarded-Host': 'oracy.school.example', 'X-Forwarded-Proto': 'https' } });
    expect(good.status).toBe(200);
    const bad = await proxied.request('http://oracy.school.example/api/health', { headers: { 'X-Forwarded-Host': 'evil.example' } });
    expect(bad.status).toBe(421);
  });

  it('without PUBLIC_ORIGIN, answers every host as before', async () => {
    const res = await world.app.request('http://evil.example/api/health');
    expect(res.status).toBe(200);
    expect(cspDirectives(res.headers.get('Content-Security-Policy') ?? '').get('connect-src')).toEqual(["'self'", 'ws://evil.example']);
  });
});
