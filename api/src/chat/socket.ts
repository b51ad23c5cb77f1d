import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { parse as parseCookies } from 'hono/utils/cookie';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server as SocketServer, type ExtendedError, type Socket } from 'socket.io';
import type { UserDoc } from '../auth/context.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { ROLES } from '../db/models/index.js';
import type { Logger } from '../logger.js';
import { MAX_UPLOAD_BYTES, UploadStorage } from '../services/uploads.js';
import { ChatInputError, chatUploadsDir, listMessagePage, storeMessage, type MessagePage } from './messages.js';
import type { ChatMessageJson } from './presenter.js';
import { handshakeAuthSchema, loadMoreSchema, outgoingMessageSchema } from './schema.js';

/** The room every admin's socket joins: the discussion (decisions §5: admins only). */
export const DISCUSSION_ROOM = 'discussion';

/**
 * Largest packet the server accepts, in bytes (issue 6): a 5,242,880-byte
 * file in base64 (6,990,508 bytes) plus 64 KiB for the envelope — the data
 * URL prefix, 5,000 characters of text, the name, the tempId and framing.
 */
export const MAX_HTTP_BUFFER_SIZE = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/** Messages one admin may send: 20 per 10 seconds (a flood gets `messageError`). */
export const CHAT_MESSAGE_LIMIT = { points: 20, durationSeconds: 10 } as const;
/** `loadMoreMessages` requests one admin may make: 30 per 10 seconds. */
export const CHAT_LOAD_LIMIT = { points: 30, durationSeconds: 10 } as const;

/** Texts the sender sees (through `connect_error`, `messageError` or `loadError`). */
export const CHAT_TEXTS = {
  signInRequired: 'You need to sign in to join the discussion.',
  payloadMismatch: 'Your sign-in does not match this connection. Please reload the page.',
  adminsOnly: 'Only admins can join the discussion.',
  foreignOrigin: 'Connections from other sites are not allowed.',
  unavailable: 'The discussion is not available right now. Please try again later.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tooFast: 'You are sending messages too quickly. Please wait a moment and try again.',
  notSaved: 'The message could not be saved. Please try again.',
  notLoaded: 'The messages could not be loaded. Please try again.',
} as const;

/** Events the server sends (spec §7 "Server events"; `loadError` is ours: a failed load, so the screen can offer Retry). */
export interface ServerToClientEvents {
  /** the newest page (50), oldest first, sent once on connect */
  initialMessages: (messages: ChatMessageJson[]) => void;
  /** a stored message: to every admin when new, to the sender alone when re-sent for a retry */
  message: (message: ChatMessageJson) => void;
  /** the sender's message was stored; `id` equals its tempId */
  messageAck: (ack: { id: string }) => void;
  /** the sender's message was refused or not stored: a readable text */
  messageError: (error: string) => void;
  /** the answer to `loadMoreMessages`: that page, oldest first */
  moreMessages: (page: MessagePage) => void;
  /** a page could not be loaded: a readable text */
  loadError: (error: string) => void;
}

/** Events a client sends (spec §7 "Client emits"); payloads are validated, hence `unknown`. */
export interface ClientToServerEvents {
  /** `{content, file: {data, name, type} | null, tempId}` */
  message: (payload: unknown) => void;
  /** `{page}`, 0-based */
  loadMoreMessages: (payload: unknown) => void;
}

/** What the handshake stores on each socket. */
export interface ChatSocketData {
  /** the admin's user id */
  userId: string;
  /** the session cookie's token, to re-check the session on every event */
  token: string;
}

/** An admin's socket. */
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;

/** The Socket.IO server of the discussion. */
export type ChatIo = SocketServer<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;

/** What `attachChat` needs. */
export interface ChatServerOptions {
  /** `DATA_DIR`: attachments go to `DATA_DIR/uploads/chat` */
  dataDir: string;
  log: Logger;
  /** `TRUST_PROXY`: also accept the origin of `X-Forwarded-Host` */
  trustProxy?: boolean;
  /** per-admin message limit; default `CHAT_MESSAGE_LIMIT` */
  messageLimit?: { points: number; durationSeconds: number };
  /** per-admin page-load limit; default `CHAT_LOAD_LIMIT` */
  loadLimit?: { points: number; durationSeconds: number };
}

/** A running discussion server. */
export interface ChatServer {
  io: ChatIo;
  /** Disconnects this process's sockets and stops accepting new ones; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

function refusal(message: string, code: string): ExtendedError {
  return Object.assign(new Error(message), { data: { code } });
}

/** True when the `Origin` header names this server's own host (or, with a trusted proxy, the forwarded one). */
function isOwnOrigin(req: IncomingMessage, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  // Browsers send Origin on every WebSocket and cross-site request; same-origin polling GETs may omit it.
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const allowed = [req.headers.host];
  const forwarded = req.headers['x-forwarded-host'];
  if (trustProxy && typeof forwarded === 'string') allowed.push(forwarded.split(',')[0]?.trim());
  return allowed.some((value) => value?.toLowerCase() === host);
}

function readToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookies(header, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
}

/** The socket's admin, re-read from the session (a logout or a role change applies at once), or null. */
async function currentAdmin(socket: ChatSocket): Promise<UserDoc | null> {
  const found = await findSession(socket.data.token);
  return found && found.user.role === ROLES.admin && found.user.id === socket.data.userId ? found.user : null;
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'The message is not valid.';
}

/**
 * Attaches the discussion's Socket.IO server to `httpServer` at the default
 * path `/socket.io` (spec §7 "Real-time socket", decisions §5, issue 6):
 *
 * - handshake: `Origin` must be this origin; the `oracy_session` cookie must
 *   name a valid session; the `{userId, userRole}` auth payload must match it;
 *   only admins get in. Refusals reach the client as `connect_error` with a
 *   readable message and `data.code` (`unauthorized` | `forbidden`);
 * - on connect: joins the `discussion` room, emits `initialMessages`;
 * - `message`: validated, stored once per (sender, tempId), then `messageAck`
 *   to the sender and `message` to the room; a retry is acknowledged again and
 *   re-sent to the sender; any failure is a `messageError` to the sender only;
 * - `loadMoreMessages {page}` → `moreMessages {messages, hasMore}`, or
 *   `loadError` with a readable text: exactly one answer per request, in
 *   the order asked.
 *
 * No state lives in module-level maps: the room goes through the adapter and
 * de-duplication through the database, so a second process (with the Redis
 * adapter) works alike; rate limits count per process.
 */
export function attachChat(httpServer: HttpServer, opts: ChatServerOptions): ChatServer {
  const { log } = opts;
  const storage = new UploadStorage(chatUploadsDir(opts.dataDir));
  const messageLimit = opts.messageLimit ?? CHAT_MESSAGE_LIMIT;
  const loadLimit = opts.loadLimit ?? CHAT_LOAD_LIMIT;
  const messageLimiter = new RateLimiterMemory({ points: messageLimit.points, duration: messageLimit.durationSeconds });
  const loadLimiter = new RateLimiterMemory({ points: loadLimit.points, duration: loadLimit.durationSeconds });

  const io: ChatIo = new SocketServer(httpServer, {
    serveClient: false,
    maxHttpBufferSize: MAX_HTTP_BUFFER_SIZE,
  });

  io.use((socket, next) => {
    void (async () => {
      const req = socket.request;
      if (!isOwnOrigin(req, opts.trustProxy ?? false)) return next(refusal(CHAT_TEXTS.foreignOrigin, 'forbidden'));
      const token = readToken(req);
      const found = await findSession(token);
      if (!found || !token) return next(refusal(CHAT_TEXTS.signInRequired, 'unauthorized'));
      const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || auth.data.userId.toLowerCase() !== found.user.id || auth.data.userRole !== found.user.role) {
        return next(refusal(CHAT_TEXTS.payloadMismatch, 'forbidden'));
      }
      if (found.user.role !== ROLES.admin) return next(refusal(CHAT_TEXTS.adminsOnly, 'forbidden'));
      socket.data = { userId: found.user.id, token };
      next();
    })().catch((err: unknown) => {
      log.error({ err }, 'chat handshake failed');
      next(refusal(CHAT_TEXTS.unavailable, 'internal_error'));
    });
  });

  async function sendPage(socket: ChatSocket, page: number, event: 'initialMessages' | 'moreMessages'): Promise<void> {
    try {
      const result = await listMessagePage(page);
      if (event === 'initialMessages') socket.emit('initialMessages', result.messages);
      else socket.emit('moreMessages', result);
    } catch (err) {
      log.error({ err, page }, 'chat page could not be loaded');
      socket.emit('loadError', CHAT_TEXTS.notLoaded);
    }
  }

  async function onLoadMore(socket: ChatSocket, payload: unknown): Promise<void> {
    try {
      await loadLimiter.consume(socket.data.userId);
    } catch (res) {
      if (res instanceof Error) throw res;
      return void socket.emit('loadError', CHAT_TEXTS.tooFast);
    }
    const parsed = loadMoreSchema.safeParse(payload);
    if (!parsed.success) return void socket.emit('loadError', firstIssue(parsed.error));
    if (!(await currentAdmin(socket))) {
      socket.emit('loadError', CHAT_TEXTS.sessionEnded);
      socket.disconnect(true);
      return;
    }
    await sendPage(socket, parsed.data.page, 'moreMessages');
  }

  async function onMessage(socket: ChatSocket, payload: unknown): Promise<void> {
    try {
      await messageLimiter.consume(socket.data.userId);
    } catch (res) {
      if (res instanceof Error) throw res;
      return void socket.emit('messageError', CHAT_TEXTS.tooFast);
    }
    const parsed = outgoingMessageSchema.safeParse(payload);
    if (!parsed.success) return void socket.emit('messageError', firstIssue(parsed.error));
    const user = await currentAdmin(socket);
    if (!user) {
      socket.emit('messageError', CHAT_TEXTS.sessionEnded);
      socket.disconnect(true);
      return;
    }
    try {
      const { message, duplicate } = await storeMessage({ id: user._id, name: user.name }, parsed.data, storage);
      socket.emit('messageAck', { id: parsed.data.tempId });
      if (duplicate) socket.emit('message', message);
      else io.to(DISCUSSION_ROOM).emit('message', message);
    } catch (err) {
      if (err instanceof ChatInputError) return void socket.emit('messageError', err.message);
      log.error({ err }, 'chat message could not be stored');
      socket.emit('messageError', CHAT_TEXTS.notSaved);
    }
  }

  io.on('connection', (socket) => {
    void socket.join(DISCUSSION_ROOM);
    void sendPage(socket, 0, 'initialMessages');

    // One message at a time per socket, so that a quick retry finds the original stored;
    // pages one at a time too, so that answers come in the order asked.
    let queue: Promise<void> = Promise.resolve();
    let loads: Promise<void> = Promise.resolve();
    const guard = (work: () => Promise<void>, fallback: keyof Pick<ServerToClientEvents, 'messageError' | 'loadError'>) => () =>
      work().catch((err: unknown) => {
        log.error({ err }, 'chat event failed');
        socket.emit(fallback, fallback === 'messageError' ? CHAT_TEXTS.notSaved : CHAT_TEXTS.notLoaded);
      });

    socket.on('message', (payload) => {
      queue = queue.then(guard(() => onMessage(socket, payload), 'messageError'));
    });
    socket.on('loadMoreMessages', (payload) => {
      loads = loads.then(guard(() => onLoadMore(socket, payload), 'loadError'));
    });
  });

  return {
    io,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}
