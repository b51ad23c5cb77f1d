import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { checkUpload, createUploadStores, DiskUploadStore, GridFsUploadStore, MAX_UPLOAD_BYTES, nameWithStoredExtension, type UploadFile, type UploadStore } from './uploads.js';

// The smallest valid PNG: signature + IHDR + IDAT + IEND of a 1×1 image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
/** A PNG by its signature, 600,000 bytes long: three GridFS chunks of 255 KiB. */
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(600_000 - PNG.byteLength, 7)]);

async function bytesOf(file: UploadFile): Promise<Buffer> {
  return Buffer.from(await new Response(file.stream()).arrayBuffer());
}

describe('checkUpload: the rules every store shares', () => {
  it('names a real image by its signature, never by what it claims', async () => {
    const checked = await checkUpload(PNG, 'image', 'course');
    expect(checked).toEqual({ name: expect.stringMatching(/^course-[0-9a-f]{24}\.png$/), type: 'image/png', size: PNG.byteLength });
    expect((await checkUpload(PNG, 'image', 'course')).name).not.toBe(checked.name);
  });

  it('refuses content that is not an image, whatever it claims to be (415)', async () => {
    await expect(checkUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image', 'course')).rejects.toMatchObject({ status: 415 });
    await expect(checkUpload(PDF, 'image', 'course')).rejects.toMatchObject({ status: 415 });
    await expect(checkUpload(Buffer.from('plain text'), 'attachment', 'chat')).rejects.toMatchObject({ status: 415 });
  });

  it('accepts PDF attachments and refuses anything over 5,242,880 bytes (413)', async () => {
    await expect(checkUpload(PDF, 'attachment', 'chat')).resolves.toMatchObject({ type: 'application/pdf', name: expect.stringMatching(/^chat-[0-9a-f]{24}\.pdf$/) });
    await expect(checkUpload(Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'image', 'course')).rejects.toMatchObject({ status: 413 });
  });
});

/** What each store looks like from outside, for the contract below. */
interface StoreCase {
  name: string;
  make(): UploadStore;
  /** the names the store holds right now */
  listed(store: UploadStore): Promise<string[]>;
}

const diskCase: StoreCase = {
  name: 'DiskUploadStore',
  make: () => new DiskUploadStore(join(mkdtempSync(join(tmpdir(), 'oracy-uploads-')), 'uploads')),
  listed: async (store) => {
    const dir = (store as DiskUploadStore).dir;
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  },
};

let bucketCount = 0;
const gridFsCase: StoreCase = {
  name: 'GridFsUploadStore',
  make: () => new GridFsUploadStore(`contract${++bucketCount}`),
  listed: async (store) => {
    const bucket = (store as GridFsUploadStore).bucketName;
    const files = await mongoose.connection.db!.collection(`${bucket}.files`).find({}).toArray();
    return files.map((f) => String(f.filename)).sort();
  },
};

describe('nameWithStoredExtension: the download name ends with the detected type', () => {
  it.each([
    ['x.html', 'chat-0123456789abcdef01234567.gif', 'x.gif'],
    ['photo.png', 'chat-0123456789abcdef01234567.gif', 'photo.gif'],
    ['photo', 'chat-0123456789abcdef01234567.gif', 'photo.gif'],
    ['photo.JPEG', 'chat-0123456789abcdef01234567.jpg', 'photo.JPEG'],
    ['photo.jpg', 'chat-0123456789abcdef01234567.jpg', 'photo.jpg'],
    ['report.final.pdf.exe', 'chat-0123456789abcdef01234567.pdf', 'report.final.pdf.pdf'],
    ['notes.doc', 'chat-0123456789abcdef01234567.doc', 'notes.doc'],
    ['notes.docx', 'chat-0123456789abcdef01234567.doc', 'notes.doc'],
  ])('%s stored as %s → %s', (name, stored, expected) => {
    expect(nameWithStoredExtension(name, stored)).toBe(expected);
  });

  it('shortens the base name to fit the limit, keeping the extension', () => {
    const named = nameWithStoredExtension(`${'a'.repeat(255)}.html`, 'chat-0123456789abcdef01234567.png');
    expect(named).toHaveLength(255);
    expect(named.endsWith('a.png')).toBe(true);
  });
});

describe.each([diskCase, gridFsCase])('the UploadStore contract: $name', (storeCase) => {
  it('saves a real image, opens it with type, size, ETag and its bytes, and removes it', async () => {
    const store = storeCase.make();
    const stored = await store.save(PNG, 'image', 'course');
    expect(stored).toEqual({ name: expect.stringMatching(/^course-[0-9a-f]{24}\.png$/), type: 'image/png', size: PNG.byteLength });
    expect(await storeCase.listed(store)).toEqual([stored.name]);

    const file = await store.open(stored.name);
    expect(file).toMatchObject({ name: stored.name, type: 'image/png', size: PNG.byteLength, etag: expect.stringMatching(/^W\/"[0-9a-f]+-[0-9a-f]+"$/) });
    expect(file!.lastModified).toBeInstanceOf(Date);
    expect((await bytesOf(file!)).equals(PNG)).toBe(true);
    expect((await store.open(stored.name))!.etag).toBe(file!.etag);

    await store.remove(stored.name);
    expect(await store.open(stored.name)).toBeNull();
    expect(await storeCase.listed(store)).toEqual([]);
  });

  it('keeps a file of several chunks intact, and a PDF attachment with its type', async () => {
    const store = storeCase.make();
    const big = await store.save(BIG_PNG, 'image', 'course');
    const pdf = await store.save(PDF, 'attachment', 'chat');
    const openedBig = await store.open(big.name);
    expect(openedBig!.size).toBe(BIG_PNG.byteLength);
    expect((await bytesOf(openedBig!)).equals(BIG_PNG)).toBe(true);
    const openedPdf = await store.open(pdf.name);
    expect(openedPdf).toMatchObject({ type: 'application/pdf', size: PDF.byteLength });
    expect((await bytesOf(openedPdf!)).equals(PDF)).toBe(true);
  });

  it('answers null for a missing or unsafe name, and ignores them on removal', async () => {
    const store = storeCase.make();
    await store.save(PNG, 'image', 'course');
    for (const name of ['course-000000000000000000000000.png', '../etc/passwd', '..', '.hidden', '', 'a/b.png', `${'a'.repeat(300)}.png`]) {
      expect(await store.open(name), name).toBeNull();
      await expect(store.remove(name)).resolves.toBeUndefined();
    }
    await expect(store.remove(null)).resolves.toBeUndefined();
    await expect(store.remove(undefined)).resolves.toBeUndefined();
    expect(await storeCase.listed(store)).toHaveLength(1);
  });

  it('stores nothing when the rules refuse a file (413, 415)', async () => {
    const store = storeCase.make();
    await expect(store.save(PDF, 'image', 'course')).rejects.toMatchObject({ status: 415 });
    await expect(store.save(Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'image', 'course')).rejects.toMatchObject({ status: 413 });
    expect(await storeCase.listed(store)).toEqual([]);
  });
});

describe('DiskUploadStore', () => {
  it('writes the bytes under the store folder and serves nothing from its subfolders', async () => {
    const stores = createUploadStores({ UPLOAD_STORE: 'disk', DATA_DIR: mkdtempSync(join(tmpdir(), 'oracy-uploads-data-')) });
    const chatFile = await stores.chat.save(PNG, 'attachment', 'chat');
    const dir = (stores.chat as DiskUploadStore).dir;
    expect(readFileSync(join(dir, chatFile.name))).toEqual(PNG);
    expect(dir).toBe(join((stores.public as DiskUploadStore).dir, 'chat'));
    expect(await stores.public.open('chat')).toBeNull();
    expect(await stores.public.open(chatFile.name)).toBeNull();
  });
});

describe('GridFsUploadStore', () => {
  it('keeps course images and chat attachments in two buckets, with the detected type in the metadata', async () => {
    const stores = createUploadStores({ UPLOAD_STORE: 'gridfs', DATA_DIR: '/nonexistent' });
    expect(stores.public).toBeInstanceOf(GridFsUploadStore);
    const image = await stores.public.save(PNG, 'image', 'course');
    const attachment = await stores.chat.save(PDF, 'attachment', 'chat');
    const db = mongoose.connection.db!;
    expect(await db.collection('uploads.files').findOne({ filename: image.name })).toMatchObject({ length: PNG.byteLength, metadata: { type: 'image/png' } });
    expect(await db.collection('chatUploads.files').findOne({ filename: attachment.name })).toMatchObject({ metadata: { type: 'application/pdf' } });
    expect(await stores.public.open(attachment.name)).toBeNull();
    expect(await stores.chat.open(image.name)).toBeNull();
    expect(existsSync('/nonexistent')).toBe(false);
  });

  it('serves through a second store object (another process) what the first one saved, until it is removed', async () => {
    const first = new GridFsUploadStore('shared');
    const second = new GridFsUploadStore('shared');
    const stored = await first.save(BIG_PNG, 'image', 'course');
    const opened = await second.open(stored.name);
    expect(opened).toMatchObject({ name: stored.name, type: 'image/png', size: BIG_PNG.byteLength });
    expect((await bytesOf(opened!)).equals(BIG_PNG)).toBe(true);
    await second.remove(stored.name);
    expect(await first.open(stored.name)).toBeNull();
    expect(await mongoose.connection.db!.collection('shared.chunks').countDocuments()).toBe(0);
  });
});
