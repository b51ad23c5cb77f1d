import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { getEnv } from '../env.js';
import { choosePrecompressed } from './static.js';

/** A script big enough to be compressed (over 1 KB), as the PWA build writes it. */
const SCRIPT = `console.log(${JSON.stringify('oracy '.repeat(400))});`;
const SHELL = `<!doctype html><title>Oracy PWA</title>${'<!-- shell -->'.repeat(100)}<div id="root"></div>`;

/** An app over a PWA build whose hashed script and index.html have Brotli and gzip copies, and whose other script has none. */
function appWithPrecompressedBuild() {
  const dist = mkdtempSync(join(tmpdir(), 'oracy-dist-'));
  mkdirSync(join(dist, 'assets'));
  const write = (path: string, text: string, copies: boolean) => {
    writeFileSync(join(dist, path), text);
    if (!copies) return;
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(Buffer.from(text)));
  };
  write('index.html', SHELL, true);
  write('assets/index-abc123.js', SCRIPT, true);
  write('assets/plain-def456.js', SCRIPT, false);
  return createApp({ env: { ...getEnv(), DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-data-')), PWA_DIST: dist } });
}

describe('choosePrecompressed', () => {
  it('prefers Brotli, then gzip, by the q-values of Accept-Encoding', () => {
    expect(choosePrecompressed('gzip, deflate, br, zstd')).toBe('br');
    expect(choosePrecompressed('gzip, deflate')).toBe('gzip');
    expect(choosePrecompressed('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(choosePrecompressed('br;q=0, gzip')).toBe('gzip');
    expect(choosePrecompressed('*')).toBe('br');
    expect(choosePrecompressed('*;q=0.5, br;q=0')).toBe('gzip');
  });

  it('chooses nothing for no header, identity, deflate alone or refused encodings', () => {
    expect(choosePrecompressed(undefined)).toBeUndefined();
    expect(choosePrecompressed('')).toBeUndefined();
    expect(choosePrecompressed('identity')).toBeUndefined();
    expect(choosePrecompressed('deflate')).toBeUndefined();
    expect(choosePrecompressed('br;q=0, gzip;q=0')).toBeUndefined();
    expect(choosePrecompressed('br;q=abc')).toBeUndefined();
  });
});

describe('the PWA build, precompressed', () => {
  const app = appWithPrecompressedBuild();

  it('sends a hashed asset as Brotli to a client that takes it, immutable, with the original type', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/i);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes gzip but not Brotli', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that takes no encoding, with byte ranges', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(await res.text()).toBe(SCRIPT);
  });

  it('gives each encoding its own ETag, and answers 304 to the one it sent', async () => {
    const br = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    const gzip = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'identity' } });
    const tags = [br, gzip, plain].map((res) => res.headers.get('ETag'));
    expect(new Set(tags).size).toBe(3);
    const again = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tags[0]! } });
    expect(again.status).toBe(304);
  });

  it('serves the app shell precompressed too, revalidated each time, on a screen path as well', async () => {
    for (const path of ['/', '/student/dashboard']) {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Encoding'), path).toBe('br');
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control'), path).toBe('no-cache');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SHELL);
    }
  });

  it('compresses a file without copies on the fly instead (gzip), still immutable', async () => {
    const res = await app.request('/assets/plain-def456.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the encoded headers and no body', async () => {
    const res = await app.request('/assets/index-abc123.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(await res.text()).toBe('');
  });
});
