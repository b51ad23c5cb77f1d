import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { HSTS_VALUE } from './headers.js';
import { cookieOf, createWorld, type World } from '../../test/testWorld.js';
import { cspDirectives } from '../../test/csp.js';

/**
 * Headers on every response (ASVS 5.0 V3.4): a CSP the PWA works
 * under, nosniff, a strict referrer policy, no framing, and HSTS for a year
 * with subdomains — only over HTTPS.
 */

let world: World;
let student: string;

beforeAll(async () => {
  world = await createWorld();
  student = await cookieOf(world.s1);
});
afterAll(() => world?.cleanup());

type Send = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** Responses of every kind: HTML pages, JSON, errors, files, the PWA shell, a 413, a 403. */
async function everyKind(send: Send = (path, init) => world.app.request(`http://localhost${path}`, init)): Promise<[string, Response][]> {
  return [
    ['login page', await send('/login')],
    ['JSON', await send('/api/health')],
    ['401', await send('/api/admin/stats')],
    ['403', await send('/api/admin/stats', { headers: { Cookie: student } })],
    ['404', await send('/api/nope')],
    ['upload', await send(`/uploads/${world.imageName}`)],
    ['PWA shell', await send('/student/dashboard')],
    ['413', await send('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) })],
    ['CSRF 403', await send('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: '{}' })],
  ];
}

/** The checks every response must pass; `socket` is the origin the CSP's connect-src names besides 'self'. */
function expectSecurityHeaders(kind: string, res: Response, socket = 'ws://localhost'): void {
  const csp = cspDirectives(res.headers.get('Content-Security-Policy') ?? '');
  expect(csp.get('default-src'), kind).toEqual(["'self'"]);
  expect(csp.get('script-src'), kind).toEqual(["'self'"]);
  expect(csp.get('object-src'), kind).toEqual(["'none'"]);
  expect(csp.get('base-uri'), kind).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
  expect(csp.get('img-src'), kind).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src'), kind).toEqual(["'self'", socket]);
  expect(csp.get('form-action'), kind).toEqual(["'self'"]);
  expect(res.headers.get('X-Content-Type-Options'), kind).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy'), kind).toBe('no-referrer');
  expect(res.headers.get('X-Frame-Options'), kind).toBe('DENY');
  expect(res.headers.get('Cross-Origin-Opener-Policy'), kind).toBe('same-origin');
  expect(res.headers.get('Permissions-Policy'), kind).toContain('camera=()');
  expect(res.headers.get('Permissions-Policy'), kind).toContain('microphone=(self)');
  expect(res.headers.get('Vary'), kind).toContain('Accept-Encoding');
  expect(res.headers.get('Strict-Transport-Security'), kind).toBeNull();
  expect(res.headers.get('X-Powered-By'), kind).toBeNull();
}

describe('security headers', () => {
  it('sends the CSP, nosniff, no-referrer and DENY framing on every kind of response', async () => {
    for (const [kind, res] of await everyKind()) expectSecurityHeaders(kind, res);
  });

  it('sends them the same way through a real Node server, where they are written before the route runs', async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: world.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const [kind, res] of await everyKind((path, init) => fetch(base + path, init))) expectSecurityHeaders(kind, res, base.replace(/^http/, 'ws'));
      // A route's own value wins over a default: the upload keeps its year-long caching, personal JSON is no-store.
      expect((await fetch(`${base}/uploads/${world.imageName}`)).headers.get('Cache-Control')).toContain('immutable');
      const profile = await fetch(`${base}/api/user/profile/${world.s1.id}`, { headers: { Cookie: student } });
      expect(profile.status).toBe(200);
      expect(profile.headers.get('Cache-Control')).toBe('no-store');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('never allows inline or evaluated script', async () => {
    const csp = (await world.app.request('/login')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).not.toContain('unsafe-eval');
    expect(cspDirectives(csp).get('script-src')).not.toContain("'unsafe-inline'");
    expect(cspDirectives(csp).get('default-src')).not.toContain("'unsafe-inline'");
  });

  it('over HTTPS: HSTS for a year with subdomains, and the socket on wss://', async () => {
    const https = await world.app.request('https://oracy.example/api/health');
    expect(https.headers.get('Strict-Transport-Security')).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toBe('max-age=31536000; includeSubDomains');
    expect(cspDirectives(https.headers.get('Content-Security-Policy') ?? '').get('connect-src')).toEqual(["'self'", 'wss://oracy.example']);
  });

  it('behind a trusted proxy, HSTS follows X-Forwarded-Proto; an untrusted header is ignored', async () => {
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'oracy.example' };
    const proxied = createApp({ env: { ...world.env, TRUST_PROXY: true }, logger: pino({ level: 'silent' }) });
    for (const [kind, res] of await everyKind((path, init) => proxied.request(`http://localhost${path}`, init))) {
      void kind;
      expect(res.headers.get('Strict-Transport-Security')).toBeNull(); // no forwarded header on these
    }
    const forwarded = await proxied.request('http://10.0.0.5:3000/api/health', { headers });
    expect(forwarded.headers.get('Strict-Transport-Security')).toBe(HSTS_VALUE);
    expect(cspDirectives(forwarded.headers.get('Content-Security-Policy') ?? '').get('connect-src')).toEqual(["'self'", 'wss://oracy.example']);
    const ignored = await world.app.request('http://10.0.0.5:3000/api/health', { headers });
    expect(ignored.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('keeps personal JSON out of caches', async () => {
    const res = await world.app.request(`/api/user/profile/${world.s1.id}`, { headers: { Cookie: student } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
