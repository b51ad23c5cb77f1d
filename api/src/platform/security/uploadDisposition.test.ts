import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { getEnv } from '../env.js';
import { publicUploadsDir } from '../uploads.js';
import { INLINE_UPLOAD_TYPES, uploadDispositionHeaders } from './uploadDisposition.js';

// `/uploads` shows only the image types of course images and photos inline (docs/product.md#files).

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-upload-disposition-'));
mkdirSync(publicUploadsDir(dataDir), { recursive: true });
const app = createApp({ env: { ...getEnv(), DATA_DIR: dataDir } });

/** Each file put straight into the folder (as a hand-edited restore once could): name, bytes, expected type. */
const FILES: ReadonlyArray<[string, Uint8Array, string]> = [
  ['course-aaaaaaaaaaaaaaaaaaaaaaaa.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
  ['photo-aaaaaaaaaaaaaaaaaaaaaaaa.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
  ['photo-bbbbbbbbbbbbbbbbbbbbbbbb.webp', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
  ['course-bbbbbbbbbbbbbbbbbbbbbbbb.gif', new TextEncoder().encode('GIF89a'), 'image/gif'],
];
const DOWNLOADS: ReadonlyArray<[string, string, RegExp]> = [
  ['evil.html', '<script>alert(document.cookie)</script>', /^text\/html/],
  ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', /^image\/svg\+xml/],
  ['course-cccccccccccccccccccccccc.bmp', 'BM', /^image\/bmp/],
  ['notes.txt', 'plain text', /^text\/plain/],
];
for (const [name, bytes] of FILES) writeFileSync(join(publicUploadsDir(dataDir), name), bytes);
for (const [name, text] of DOWNLOADS) writeFileSync(join(publicUploadsDir(dataDir), name), text);

describe('GET /uploads/:name dispositions (docs/product.md#files)', () => {
  it.each(FILES)('answers %s inline as %s', async (name, _bytes, type) => {
    const res = await app.request(`/uploads/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(type);
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it.each(DOWNLOADS)('answers %s as an attachment, never inline', async (name, _text, type) => {
    const res = await app.request(`/uploads/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(type);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('sends the same headers to HEAD and with a 304', async () => {
    const head = await app.request('/uploads/evil.html', { method: 'HEAD' });
    expect(head.headers.get('Content-Disposition')).toBe('attachment; filename="evil.html"');
    const etag = head.headers.get('ETag') ?? '';
    const again = await app.request('/uploads/evil.html', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('Content-Disposition')).toBe('attachment; filename="evil.html"');
  });

  it('lists exactly the four image types, and ignores parameters and case', () => {
    expect([...INLINE_UPLOAD_TYPES].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(uploadDispositionHeaders('IMAGE/PNG; charset=binary', 'a.png')).toEqual({});
    expect(uploadDispositionHeaders('application/octet-stream', 'a.bin')).toEqual({ 'Content-Disposition': 'attachment; filename="a.bin"' });
  });
});
