import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressText } from './compression.js';

/** Compression of text responses: gzip for big text bodies when accepted, never for tiny ones. */

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Person ${i}` })) };
const app = new Hono()
  .use(compressText())
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  .get('/raw', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));

describe('compressText', () => {
  it('gzips a JSON body over 1 KB when the client accepts gzip, and says so', async () => {
    const res = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends a body under 1 KB as it is, with Vary', async () => {
    const res = await app.request('/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('leaves the body alone without Accept-Encoding, for binary types and with no-transform', async () => {
    const plain = await app.request('/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
    const png = await app.request('/png', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(png.headers.get('Content-Encoding')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
    const raw = await app.request('/raw', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(raw.headers.get('Content-Encoding')).toBeNull();
  });

  it('picks gzip over deflate, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0.5, deflate;q=0.8')).toBe('deflate');
    expect(chooseEncoding('br')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
