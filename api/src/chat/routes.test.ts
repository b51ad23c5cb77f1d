import { existsSync, readdirSync } from 'node:fs';
import mongoose from 'mongoose';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from './messageModel.js';
import { createUploadStores, GRIDFS_BUCKETS } from '../platform/uploads.js';
import { chatUploadsDir } from './messages.js';
import type { ChatMessageJson } from './presenter.js';
import { connected, nextEvent, openSocket, signedInUser, startTestChatServer, type SignedInUser, type TestChatServer } from '../test/testServer.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

// two servers, each with its own upload stores and empty DATA_DIR, on one database with UPLOAD_STORE=gridfs.
describe('GET /api/chat/attachments/:id with the GridFS store', () => {
  let a: TestChatServer;
  let b: TestChatServer;
  let sender: SignedInUser;
  let reader: SignedInUser;
  let student: SignedInUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    a = await startTestChatServer({ uploads: createUploadStores({ UPLOAD_STORE: 'gridfs', DATA_DIR: '/nonexistent' }) });
    b = await startTestChatServer({ uploads: createUploadStores({ UPLOAD_STORE: 'gridfs', DATA_DIR: '/nonexistent' }) });
    sender = await signedInUser(a.app, 1, 'Sender');
    reader = await signedInUser(b.app, 1, 'Reader');
    student = await signedInUser(b.app, 3, 'Student');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a.close();
    await b.close();
  });

  /** Sends a message with `file` through server A and answers its echo. */
  async function sendThroughA(file: { data: string; name: string; type: string }): Promise<ChatMessageJson> {
    const socket = openSocket(a.url, { headers: { Cookie: sender.cookie }, auth: sender.auth });
    sockets.push(socket);
    const initial = nextEvent(socket, 'initialMessages');
    await connected(socket);
    await initial;
    const echo = nextEvent<ChatMessageJson>(socket, 'message');
    socket.emit('message', { content: '', file, tempId: `gridfs-${Date.now()}-${Math.random()}` });
    return echo;
  }

  it('stores an attachment sent through one server in GridFS and serves it through the other', async () => {
    const message = await sendThroughA({ data: dataUrl('image/png', PNG), name: 'Plan "Q1".png', type: 'image/png' });
    const doc = await ChatMessage.findById(message.id).lean();
    const name = doc!.file!.url;
    expect(await mongoose.connection.db!.collection(`${GRIDFS_BUCKETS.chat}.files`).findOne({ filename: name })).toMatchObject({ metadata: { type: 'image/png' } });
    for (const server of [a, b]) {
      const dir = chatUploadsDir(server.dataDir);
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    }

    const res = await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Length')).toBe(String(PNG.byteLength));
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Plan _Q1_.png"; filename*=UTF-8''Plan%20%22Q1%22.png`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const etag = res.headers.get('ETag')!;
    const again = await fetch(`${a.url}${message.file_url}`, { headers: { Cookie: sender.cookie, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${b.url}${message.file_url}`, { method: 'HEAD', headers: { Cookie: reader.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String(PNG.byteLength));
  });

  it('serves a PDF with its type, to admins only, and never through the public /uploads path', async () => {
    const message = await sendThroughA({ data: dataUrl('application/pdf', PDF), name: 'minutes.pdf', type: 'application/pdf' });
    const res = await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);

    expect((await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: student.cookie } })).status).toBe(403);
    expect((await fetch(`${b.url}${message.file_url}`)).status).toBe(401);
    const doc = await ChatMessage.findById(message.id).lean();
    expect((await fetch(`${b.url}/uploads/${doc!.file!.url}`)).status).toBe(404);
  });

  it('names the download by the detected type: a GIF called x.html (and also HTML) downloads as x.gif, image/gif', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const message = await sendThroughA({ data: dataUrl('image/gif', polyglot), name: 'x.html', type: 'image/gif' });
    expect(message.file).toEqual({ name: 'x.gif', type: 'image/gif' });
    const res = await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/gif');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="x.gif"; filename*=UTF-8''x.gif`);
  });

  it('names the download by the detected type even when the stored record kept another extension', async () => {
    const message = await sendThroughA({ data: dataUrl('image/png', PNG), name: 'photo.png', type: 'image/png' });
    await ChatMessage.updateOne({ _id: message.id }, { $set: { 'file.name': 'photo.html' } });
    const res = await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
  });

  it('answers 404 when the message exists but its file is gone from the store', async () => {
    const message = await sendThroughA({ data: dataUrl('image/png', PNG), name: 'gone.png', type: 'image/png' });
    const doc = await ChatMessage.findById(message.id).lean();
    await createUploadStores({ UPLOAD_STORE: 'gridfs', DATA_DIR: '/nonexistent' }).chat.remove(doc!.file!.url);
    const res = await fetch(`${b.url}${message.file_url}`, { headers: { Cookie: reader.cookie } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such attachment.' } });
  });
});
