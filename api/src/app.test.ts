import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { getEnv } from './platform/env.js';
import { readJson } from './test/factories.js';

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** An app whose DATA_DIR and PWA_DIST are fresh temporary folders. */
function appWithFiles(opts: { built: boolean }) {
  const dataDir = tempDir('oracy-data-');
  const dist = tempDir('oracy-dist-');
  mkdirSync(join(dataDir, 'uploads'));
  writeFileSync(join(dataDir, 'uploads', 'course-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dataDir, 'secret.txt'), 'do not serve');
  if (opts.built) {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Oracy PWA</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Oracy"}');
  }
  return createApp({ env: { ...getEnv(), DATA_DIR: dataDir, PWA_DIST: dist } });
}

describe('createApp', () => {
  const app = appWithFiles({ built: true });

  it('answers /api/health', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('sends the security headers with the CSP an Ionic app works under', async () => {
    const res = await app.request('/api/health');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws://localhost",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers JSON 404s for unknown API, auth and socket paths, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/auth/whatever'],
      ['GET', '/socket.io/x'],
      ['POST', '/somewhere'],
    ] as const) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await readJson(res)).error.code).toBe('not_found');
    }
  });

  it('serves uploads with a content type and a year of caching, and 404s for bad or missing names', async () => {
    const res = await app.request('/uploads/course-1.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    for (const path of ['/uploads/missing.png', '/uploads/..%2Fsecret.txt', '/uploads/.hidden', '/uploads/%2e%2e%2fsecret.txt']) {
      const missing = await app.request(path);
      expect(missing.status, path).toBe(404);
    }
  });

  it('serves the PWA: files with their cache rules, and index.html for app routes', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Content-Type')).toMatch(/javascript/);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('Cache-Control')).toBe('no-cache');
    for (const path of ['/', '/home', '/student/dashboard', '/admin/student/assign-courses/abc']) {
      const shell = await app.request(path);
      expect(shell.status, path).toBe(200);
      expect(shell.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(shell.headers.get('Cache-Control')).toBe('no-cache');
      expect(await shell.text()).toContain('Oracy PWA');
    }
    expect((await app.request('/assets/missing-123.js')).status).toBe(404);
    expect((await app.request('/missing.png')).status).toBe(404);
    expect((await app.request('/%2e%2e/%2e%2e/etc/passwd')).status).not.toBe(500);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await app.request('/assets/index-abc123.js');
    const etag = first.headers.get('ETag')!;
    const again = await app.request('/assets/index-abc123.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('says the PWA has not been built when its folder is missing', async () => {
    const bare = appWithFiles({ built: false });
    const res = await bare.request('/student/dashboard');
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain('has not been built');
    expect(page).toContain('npm start');
    // The sign-in site and the API still work.
    expect((await bare.request('/login')).status).toBe(200);
    expect((await bare.request('/api/health')).status).toBe(200);
  });
});
