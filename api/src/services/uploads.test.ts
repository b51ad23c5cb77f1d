import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UploadStorage } from './uploads.js';

// The smallest valid PNG: signature + IHDR + IDAT + IEND of a 1×1 image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe('UploadStorage', () => {
  const storage = new UploadStorage(mkdtempSync(join(tmpdir(), 'oracy-uploads-')));

  it('stores a real image under a server-generated name with the detected type', async () => {
    const stored = await storage.save(PNG, 'image', 'course');
    expect(stored).toMatchObject({ type: 'image/png', size: PNG.byteLength });
    expect(stored.name).toMatch(/^course-[0-9a-f]{24}\.png$/);
    expect(readFileSync(join(storage.dir, stored.name))).toEqual(PNG);
    await storage.remove(stored.name);
    expect(existsSync(join(storage.dir, stored.name))).toBe(false);
  });

  it('refuses content that is not an image, whatever it claims to be', async () => {
    await expect(storage.save(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image', 'course')).rejects.toMatchObject({ status: 415 });
    await expect(storage.save(PDF, 'image', 'course')).rejects.toMatchObject({ status: 415 });
    await expect(storage.save(Buffer.from('plain text'), 'attachment', 'chat')).rejects.toMatchObject({ status: 415 });
  });

  it('accepts PDF attachments and refuses files over 5 MB', async () => {
    await expect(storage.save(PDF, 'attachment', 'chat')).resolves.toMatchObject({ type: 'application/pdf' });
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await expect(storage.save(big, 'image', 'course')).rejects.toMatchObject({ status: 413 });
  });

  it('ignores unsafe names on removal', async () => {
    await expect(storage.remove('../etc/passwd')).resolves.toBeUndefined();
    await expect(storage.remove(null)).resolves.toBeUndefined();
  });
});
