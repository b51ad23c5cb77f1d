import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatMessage } from './messageModel.js';
import { Session } from '../auth/sessionModel.js';
import { User } from '../people/userModel.js';
import { CHAT_PAGE_SIZE, FILE_TOO_LARGE_TEXT, FILE_TYPE_TEXT, chatUploadsDir } from './messages.js';
import type { ChatMessageJson } from './presenter.js';
import { tcpConnectionOf } from './cork.js';
import { CHAT_TEXTS, MAX_HTTP_BUFFER_SIZE } from './socket.js';
import { collect, connected, handshakeStatus, nextEvent, openSocket, refused, signedInUser, startTestChatServer, type SignedInUser, type TestChatServer } from '../test/testServer.js';

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG = Buffer.from(PNG_BASE64, 'base64');

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

let server: TestChatServer;
let admin: SignedInUser;
let otherAdmin: SignedInUser;
let student: SignedInUser;
const sockets: ClientSocket[] = [];

/** The names in the chat upload folder, sorted. */
function storedFiles(): string[] {
  const dir = chatUploadsDir(server.dataDir);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

function socketFor(user: SignedInUser, extra: { auth?: Record<string, unknown>; headers?: Record<string, string> } = {}): ClientSocket {
  const socket = openSocket(server.url, { headers: { Cookie: user.cookie, ...extra.headers }, auth: extra.auth ?? user.auth });
  sockets.push(socket);
  return socket;
}

/** A connected admin socket and its `initialMessages`. */
async function joinChat(user: SignedInUser): Promise<{ socket: ClientSocket; initial: ChatMessageJson[] }> {
  const socket = socketFor(user);
  const initial = nextEvent<ChatMessageJson[]>(socket, 'initialMessages');
  await connected(socket);
  return { socket, initial: await initial };
}

/** Inserts `count` messages one minute apart, the last one `count` minutes ago; returns them oldest first. */
async function insertHistory(count: number, sender: SignedInUser) {
  const start = Date.now() - (count + 1) * 60_000;
  const docs = Array.from({ length: count }, (_, i) => ({
    _id: new Types.ObjectId(),
    userId: new Types.ObjectId(sender.id),
    senderName: sender.name,
    content: `history ${i + 1}`,
    file: null,
    tempId: null,
    createdAt: new Date(start + i * 60_000),
    updatedAt: new Date(start + i * 60_000),
  }));
  await ChatMessage.collection.insertMany(docs);
  return docs;
}

beforeAll(async () => {
  server = await startTestChatServer({ messageLimit: { points: 1000, durationSeconds: 1 } });
  admin = await signedInUser(server.app, 1, 'Ada');
  otherAdmin = await signedInUser(server.app, 1, 'Grace');
  student = await signedInUser(server.app, 3, 'Sam');
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await ChatMessage.deleteMany({});
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('the handshake (docs/product.md#authorization-matrix)', () => {
  // Engine.IO refuses a WebSocket upgrade with 400 whatever the reason; a polling handshake with 403.
  it.each([
    ['polling', 403],
    ['websocket', 400],
  ] as const)('refuses over %s (%i) a visitor without a session, a student and another site, before any transport opens', async (transport, refusal) => {
    expect(await handshakeStatus(server.url, transport)).toBe(refusal);
    expect(await handshakeStatus(server.url, transport, { Cookie: 'oracy_session=' + 'x'.repeat(43) })).toBe(refusal);
    expect(await handshakeStatus(server.url, transport, { Cookie: student.cookie })).toBe(refusal);
    expect(await handshakeStatus(server.url, transport, { Cookie: admin.cookie, Origin: 'http://evil.example' })).toBe(refusal);
    expect(await handshakeStatus(server.url, transport, { Cookie: admin.cookie, Origin: server.url })).toBe(transport === 'polling' ? 200 : 101);
  });

  it('with PUBLIC_ORIGIN, refuses a handshake addressed to another host and takes the public origin as its own', async () => {
    const publicServer = await startTestChatServer({ publicOrigin: 'https://oracy.school.example' });
    try {
      const ada = await signedInUser(publicServer.app, 1, 'Ada');
      const own = { Cookie: ada.cookie, Origin: 'https://oracy.school.example' };
      // The server's own address is not the public host: refused, even from the public origin's page.
      expect(await handshakeStatus(publicServer.url, 'polling', own)).toBe(403);
      expect(await handshakeStatus(publicServer.url, 'polling', { ...own, Host: 'oracy.school.example' })).toBe(200);
      expect(await handshakeStatus(publicServer.url, 'polling', { ...own, Host: 'evil.example' })).toBe(403);
      expect(await handshakeStatus(publicServer.url, 'polling', { Cookie: ada.cookie, Origin: publicServer.url, Host: 'oracy.school.example' })).toBe(403);
    } finally {
      await publicServer.close();
    }
  });

  it('refuses a socket.io client without a session cookie, or a student, with a connection error', async () => {
    const visitor = openSocket(server.url, { auth: admin.auth });
    sockets.push(visitor);
    await refused(visitor);
    await refused(socketFor(student));
  });

  it('answers a 7 MB polling POST that names no open session without reading its body', async () => {
    const size = MAX_HTTP_BUFFER_SIZE - 1024;
    for (const query of ['', '&sid=AAAAAAAAAAAAAAAAAAAA']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(new URL(`/socket.io/?EIO=4&transport=polling${query}`, server.url), {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': String(size) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        // The first 64 KiB only: the answer must come without the rest of the body.
        req.write(Buffer.alloc(64 * 1024, 'a'));
      });
      expect(status).toBe(400);
    }
  });

  it('refuses an admin who must still replace a one-time password, at the handshake, over polling and WebSocket', async () => {
    const fresh = await signedInUser(server.app, 1, 'Otto');
    await User.updateOne({ _id: fresh.id }, { $set: { mustChangePassword: true } });
    const own = { Cookie: fresh.cookie, Origin: server.url };
    expect(await handshakeStatus(server.url, 'polling', own)).toBe(403);
    expect(await handshakeStatus(server.url, 'websocket', own)).toBe(400);
    await User.updateOne({ _id: fresh.id }, { $set: { mustChangePassword: false } });
    expect(await handshakeStatus(server.url, 'polling', own)).toBe(200);
  });

  it('refuses an auth payload that does not match the session', async () => {
    const wrongUser = await refused(socketFor(admin, { auth: { userId: otherAdmin.id, userRole: '1' } }));
    expect(wrongUser.message).toBe(CHAT_TEXTS.payloadMismatch);
    const wrongRole = await refused(socketFor(admin, { auth: { userId: admin.id, userRole: '3' } }));
    expect(wrongRole.message).toBe(CHAT_TEXTS.payloadMismatch);
    const missing = await refused(socketFor(admin, { auth: {} }));
    expect(missing.message).toBe(CHAT_TEXTS.payloadMismatch);
  });

  it('accepts an admin from its own origin', async () => {
    await connected(socketFor(admin, { headers: { Origin: server.url } }));
    await connected(socketFor(admin));
  });

  it('accepts the numeric role as well as the stored string', async () => {
    await connected(socketFor(admin, { auth: { userId: admin.id, userRole: 1 } }));
  });
});

describe('initialMessages', () => {
  it('sends the newest 50 in chronological order with the fields of docs/product.md#data', async () => {
    const history = await insertHistory(60, otherAdmin);
    const { initial } = await joinChat(admin);
    expect(initial).toHaveLength(CHAT_PAGE_SIZE);
    expect(initial.map((m) => m.content)).toEqual(history.slice(10).map((d) => d.content));
    expect(initial[0]).toEqual({
      id: String(history[10]!._id),
      tempId: null,
      content: 'history 11',
      user_id: otherAdmin.id,
      sender: otherAdmin.name,
      file_url: null,
      file_type: null,
      file_size: null,
      file: null,
      timestamp: history[10]!.createdAt.toISOString(),
    });
  });

  it('is empty when nobody has written yet', async () => {
    const { initial } = await joinChat(admin);
    expect(initial).toEqual([]);
  });
});

describe('message', () => {
  it('acknowledges the sender and broadcasts the stored message to every admin', async () => {
    const { socket: sender } = await joinChat(admin);
    const { socket: reader } = await joinChat(otherAdmin);
    const ack = nextEvent<{ id: string }>(sender, 'messageAck');
    const echo = nextEvent<ChatMessageJson>(sender, 'message');
    const received = nextEvent<ChatMessageJson>(reader, 'message');
    sender.emit('message', { content: '  Hello 👋  ', file: null, tempId: 't-1' });

    expect(await ack).toEqual({ id: 't-1' });
    const message = await received;
    expect(message).toMatchObject({ content: 'Hello 👋', tempId: 't-1', user_id: admin.id, sender: admin.name, file: null, file_url: null });
    expect(message.id).toMatch(/^[a-f0-9]{24}$/);
    expect(Date.parse(message.timestamp)).not.toBeNaN();
    expect(await echo).toEqual(message);
    expect(await ChatMessage.countDocuments({})).toBe(1);
  });

  it('stores a repeated tempId once: the retry is acknowledged again and re-sent to the sender only', async () => {
    const { socket: sender } = await joinChat(admin);
    const { socket: reader } = await joinChat(otherAdmin);
    const readerMessages = collect<ChatMessageJson>(reader, 'message');

    const firstAck = nextEvent(sender, 'messageAck');
    const first = nextEvent<ChatMessageJson>(sender, 'message');
    sender.emit('message', { content: 'once', file: null, tempId: 'retry-1' });
    await firstAck;
    const stored = await first;

    const secondAck = nextEvent<{ id: string }>(sender, 'messageAck');
    const resent = nextEvent<ChatMessageJson>(sender, 'message');
    sender.emit('message', { content: 'once', file: null, tempId: 'retry-1' });
    expect(await secondAck).toEqual({ id: 'retry-1' });
    expect(await resent).toEqual(stored);

    // A retry over a new connection (after a reconnect) is recognised too.
    const { socket: again } = await joinChat(admin);
    const thirdAck = nextEvent<{ id: string }>(again, 'messageAck');
    again.emit('message', { content: 'once', file: null, tempId: 'retry-1' });
    expect(await thirdAck).toEqual({ id: 'retry-1' });

    expect(await ChatMessage.countDocuments({ tempId: 'retry-1' })).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(readerMessages.map((m) => m.id)).toEqual([stored.id]);
  });

  it('answers and broadcasts a burst in the order sent, stores it once, and pages it in that order (shared inserts)', async () => {
    const { socket: sender } = await joinChat(admin);
    const { socket: reader } = await joinChat(otherAdmin);
    const acks = collect<{ id: string }>(sender, 'messageAck');
    const received = collect<ChatMessageJson>(reader, 'message');
    const tempIds = Array.from({ length: 12 }, (_, i) => `burst-${i}`);
    // Sent at once, with one retry in the middle of the burst.
    for (const tempId of tempIds) sender.emit('message', { content: `text ${tempId}`, file: null, tempId });
    sender.emit('message', { content: 'text burst-3', file: null, tempId: 'burst-3' });

    await expect.poll(() => acks.length, { timeout: 5000 }).toBe(tempIds.length + 1);
    expect(acks.map((a) => a.id)).toEqual([...tempIds, 'burst-3']);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(tempIds.length);
    expect(received.map((m) => m.tempId)).toEqual(tempIds);
    expect(await ChatMessage.countDocuments({ tempId: /^burst-/ })).toBe(tempIds.length);

    const { initial } = await joinChat(admin);
    expect(initial.map((m) => m.tempId)).toEqual(tempIds);
  });

  it("sends a burst's frames to each admin in a few writes, not one per frame (corked connections)", async () => {
    const { socket: sender } = await joinChat(admin);
    const { socket: reader } = await joinChat(otherAdmin);
    // The reader's connection as the server holds it: found, so the broadcasts can be corked.
    const local = [...server.chat.io.of('/').sockets.values()].find((s) => s.id === reader.id);
    const connection = tcpConnectionOf(local?.conn.transport) as unknown as { _write: (...args: unknown[]) => unknown; _writev: (...args: unknown[]) => unknown } | undefined;
    expect(connection).toBeDefined();
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = connection![method];
      connection![method] = function (this: unknown, ...args: unknown[]) {
        writes += 1;
        return original.apply(this, args);
      };
    }
    const received = collect<ChatMessageJson>(reader, 'message');
    const tempIds = Array.from({ length: 12 }, (_, i) => `corked-${i}`);
    for (const tempId of tempIds) sender.emit('message', { content: `text ${tempId}`, file: null, tempId });

    await expect.poll(() => received.length, { timeout: 5000 }).toBe(tempIds.length);
    expect(received.map((m) => m.tempId)).toEqual(tempIds);
    // The first message's frame, then the frames that waited for it in one write, and so on: far fewer than 12.
    expect(writes).toBeLessThanOrEqual(tempIds.length / 2);
  });

  it('stores the same tempId of two different admins as two messages', async () => {
    const { socket: a } = await joinChat(admin);
    const { socket: b } = await joinChat(otherAdmin);
    const ackA = nextEvent(a, 'messageAck');
    a.emit('message', { content: 'from a', file: null, tempId: 'same' });
    await ackA;
    const ackB = nextEvent(b, 'messageAck');
    b.emit('message', { content: 'from b', file: null, tempId: 'same' });
    await ackB;
    expect(await ChatMessage.countDocuments({ tempId: 'same' })).toBe(2);
  });

  it('stores an image attachment in the upload storage, never as a data URL', async () => {
    const { socket } = await joinChat(admin);
    const ack = nextEvent(socket, 'messageAck');
    const echo = nextEvent<ChatMessageJson>(socket, 'message');
    socket.emit('message', { content: '', file: { data: dataUrl('image/png', PNG), name: 'C:\\fakepath\\dot.png', type: 'image/png' }, tempId: 'img-1' });
    await ack;
    const message = await echo;
    expect(message).toMatchObject({
      content: '',
      file: { name: 'dot.png', type: 'image/png' },
      file_type: 'image/png',
      file_size: PNG.byteLength,
      file_url: `/api/chat/attachments/${message.id}`,
    });
    const doc = await ChatMessage.findById(message.id).lean();
    expect(JSON.stringify(doc)).not.toContain('data:');
    expect(doc!.file!.url).toMatch(/^chat-[a-f0-9]+\.png$/);
    expect(existsSync(join(chatUploadsDir(server.dataDir), doc!.file!.url))).toBe(true);
  });

  /** The next `messageError`: its text and its `{code}`. */
  const nextMessageError = (socket: ClientSocket, ms = 10_000) =>
    new Promise<{ text: string; code: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no messageError within ${ms} ms`)), ms);
      socket.once('messageError', (text: string, detail: { code: string }) => {
        clearTimeout(timer);
        resolve({ text, code: detail?.code });
      });
    });

  /** A PNG of exactly `size` bytes (the signature, then zeros). */
  const pngOf = (size: number) => {
    const bytes = Buffer.alloc(size);
    PNG.copy(bytes);
    return bytes;
  };

  it('accepts an attachment of exactly 5,242,880 bytes over the transport', async () => {
    const { socket } = await joinChat(admin);
    const ack = nextEvent(socket, 'messageAck', 20_000);
    const echo = nextEvent<ChatMessageJson>(socket, 'message', 20_000);
    socket.emit('message', { content: '', file: { data: dataUrl('image/png', pngOf(5_242_880)), name: 'five.png', type: 'image/png' }, tempId: 'five-mb' });
    expect(await ack).toEqual({ id: 'five-mb' });
    expect((await echo).file_size).toBe(5_242_880);
  });

  it.each([
    ['websocket', 'one byte over the limit', 5_242_881],
    ['websocket', 'about 6 MB', 6_000_000],
    ['polling', 'about 6 MB', 6_000_000],
  ] as const)('over %s, refuses a file %s with messageError (file_too_large) and the same socket sends the next message', async (transport, _label, size) => {
    const socket = connect(server.url, {
      transports: [transport],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Cookie: admin.cookie },
      auth: admin.auth,
    });
    sockets.push(socket);
    await connected(socket);
    const before = storedFiles();
    const payload = { content: 'big', file: { data: dataUrl('image/png', pngOf(size)), name: 'big.png', type: 'image/png' }, tempId: `big-${size}` };
    const error = nextMessageError(socket);
    socket.emit('message', payload);
    expect(await error).toEqual({ text: FILE_TOO_LARGE_TEXT, code: 'file_too_large' });
    expect(storedFiles()).toEqual(before);

    const ack = nextEvent(socket, 'messageAck', 5000);
    socket.emit('message', { content: 'still here', file: null, tempId: `after-${size}` });
    expect(await ack).toEqual({ id: `after-${size}` });
    expect(socket.connected).toBe(true);
    expect(await ChatMessage.countDocuments({})).toBe(1);
  });

  it.each([
    ['a declared type that is not accepted', 'text/plain', Buffer.from('plain text'), FILE_TYPE_TEXT],
    ['bytes that are no image, PDF or Word file', 'application/pdf', Buffer.from('#!/bin/sh\necho hi\n'), FILE_TYPE_TEXT],
    ['bytes that do not match the declared type', 'application/pdf', PNG, "The file's content does not match its type."],
  ])('refuses %s with messageError and keeps the connection working', async (_label, type, bytes, text) => {
    const { socket } = await joinChat(admin);
    const before = storedFiles();
    const error = nextMessageError(socket);
    socket.emit('message', { content: 'x', file: { data: dataUrl(type, bytes), name: 'file.pdf', type }, tempId: 'bad-type' });
    expect(await error).toEqual({ text, code: 'unsupported_file' });
    expect(storedFiles()).toEqual(before);
    const ack = nextEvent(socket, 'messageAck');
    socket.emit('message', { content: 'fine', file: null, tempId: 'ok' });
    await ack;
    expect(await ChatMessage.countDocuments({})).toBe(1);
  });

  it.each([
    ['a blank message without a file', { content: '   ', file: null, tempId: 'blank' }, 'Type a message or attach a file.'],
    ['text over 5,000 characters', { content: 'a'.repeat(5001), file: null, tempId: 'long' }, 'A message can have at most 5000 characters.'],
    ['no tempId', { content: 'hi', file: null }, 'The message has no tempId.'],
    ['a payload that is not an object', 'hello', undefined],
    ['a file that is not a data URL', { content: '', file: { data: 'https://example.com/x.png', name: 'x.png', type: 'image/png' }, tempId: 'u' }, 'The file data must be a data URL.'],
  ])('answers %s with messageError', async (_label, payload, text) => {
    const { socket } = await joinChat(admin);
    const error = nextMessageError(socket);
    socket.emit('message', payload);
    const { text: message, code } = await error;
    if (text) expect(message).toBe(text);
    else expect(message.length).toBeGreaterThan(0);
    expect(code).toBe('invalid_message');
    expect(socket.connected).toBe(true);
    expect(await ChatMessage.countDocuments({})).toBe(0);
  });

  it('refuses further messages once the session has ended', async () => {
    const user = await signedInUser(server.app, 1, 'Leaving');
    const { socket } = await joinChat(user);
    await Session.deleteMany({ userId: user.id });
    const error = nextEvent<string>(socket, 'messageError');
    const gone = nextEvent(socket, 'disconnect');
    socket.emit('message', { content: 'hi', file: null, tempId: 'late' });
    expect(await error).toBe(CHAT_TEXTS.sessionEnded);
    await gone;
    expect(await ChatMessage.countDocuments({})).toBe(0);
  });
});

describe('the message rate limit', () => {
  it('answers a flood with messageError, not a crash', async () => {
    const limited = await startTestChatServer({ messageLimit: { points: 3, durationSeconds: 60 } });
    try {
      const user = await signedInUser(limited.app, 1, 'Flood');
      const socket = openSocket(limited.url, { headers: { Cookie: user.cookie }, auth: user.auth });
      sockets.push(socket);
      await connected(socket);
      const acks = collect<{ id: string }>(socket, 'messageAck');
      const errors = collect<string>(socket, 'messageError');
      for (let i = 0; i < 5; i++) socket.emit('message', { content: `m${i}`, file: null, tempId: `flood-${i}` });
      await expect.poll(() => acks.length + errors.length).toBe(5);
      expect(acks).toHaveLength(3);
      expect(errors).toEqual([CHAT_TEXTS.tooFast, CHAT_TEXTS.tooFast]);
      expect(socket.connected).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('loadMoreMessages', () => {
  it('pages back 50 at a time in chronological order and says when there is no more', async () => {
    const history = await insertHistory(120, otherAdmin);
    const { socket } = await joinChat(admin);
    const load = async (page: number) => {
      const answer = nextEvent<{ messages: ChatMessageJson[]; hasMore: boolean }>(socket, 'moreMessages');
      socket.emit('loadMoreMessages', { page });
      return answer;
    };
    const contents = (from: number, to: number) => history.slice(from, to).map((d) => d.content);

    const page0 = await load(0);
    expect(page0.hasMore).toBe(true);
    expect(page0.messages.map((m) => m.content)).toEqual(contents(70, 120));
    const page1 = await load(1);
    expect(page1.hasMore).toBe(true);
    expect(page1.messages.map((m) => m.content)).toEqual(contents(20, 70));
    const page2 = await load(2);
    expect(page2.hasMore).toBe(false);
    expect(page2.messages.map((m) => m.content)).toEqual(contents(0, 20));
    expect(await load(3)).toEqual({ messages: [], hasMore: false });
  });

  it('says hasMore false when exactly one page exists', async () => {
    await insertHistory(50, otherAdmin);
    const { socket } = await joinChat(admin);
    const answer = nextEvent<{ messages: ChatMessageJson[]; hasMore: boolean }>(socket, 'moreMessages');
    socket.emit('loadMoreMessages', { page: 0 });
    const page = await answer;
    expect(page.messages).toHaveLength(50);
    expect(page.hasMore).toBe(false);
  });

  it('answers a malformed page with loadError and stays connected', async () => {
    const { socket } = await joinChat(admin);
    const error = nextEvent<string>(socket, 'loadError');
    socket.emit('loadMoreMessages', { page: -1 });
    expect(await error).toBe('The page must be a whole number from 0.');
    expect(socket.connected).toBe(true);
  });
});

describe('GET /api/chat/attachments/:id over HTTP', () => {
  async function sendImage(): Promise<ChatMessageJson> {
    const { socket } = await joinChat(admin);
    const echo = nextEvent<ChatMessageJson>(socket, 'message');
    socket.emit('message', { content: 'pic', file: { data: dataUrl('image/png', PNG), name: 'Übersicht "Q1".png', type: 'image/png' }, tempId: `dl-${Date.now()}` });
    return echo;
  }

  it('serves the file to a signed-in admin with its type and original name', async () => {
    const message = await sendImage();
    const res = await fetch(`${server.url}${message.file_url}`, { headers: { Cookie: otherAdmin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="_bersicht _Q1_.png"; filename*=UTF-8''%C3%9Cbersicht%20%22Q1%22.png`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a student (403) and a visitor without a session (401)', async () => {
    const message = await sendImage();
    const asStudent = await fetch(`${server.url}${message.file_url}`, { headers: { Cookie: student.cookie } });
    expect(asStudent.status).toBe(403);
    const anonymous = await fetch(`${server.url}${message.file_url}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'You need to sign in.' } });
  });

  it('answers 400 for a malformed id and 404 for a message without a file or no message', async () => {
    const bad = await fetch(`${server.url}/api/chat/attachments/not-an-id`, { headers: { Cookie: admin.cookie } });
    expect(bad.status).toBe(400);
    const absent = await fetch(`${server.url}/api/chat/attachments/${new Types.ObjectId().toString()}`, { headers: { Cookie: admin.cookie } });
    expect(absent.status).toBe(404);
    const [text] = await insertHistory(1, admin);
    const noFile = await fetch(`${server.url}/api/chat/attachments/${String(text!._id)}`, { headers: { Cookie: admin.cookie } });
    expect(noFile.status).toBe(404);
  });

  it('is not reachable through the public /uploads path', async () => {
    const message = await sendImage();
    const doc = await ChatMessage.findById(message.id).lean();
    const res = await fetch(`${server.url}/uploads/${doc!.file!.url}`);
    expect(res.status).toBe(404);
    const nested = await fetch(`${server.url}/uploads/chat/${doc!.file!.url}`);
    expect(nested.status).toBe(404);
  });
});
