import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as SocketServer, type ExtendedError, type Socket } from 'socket.io';
import type { UserDoc } from '../auth/context.js';
import { DEFAULT_SESSION_IDLE_MINUTES, findSession, sessionTokenFromCookieHeader } from '../auth/sessions.js';
import { Session } from '../auth/sessionModel.js';
import { User } from '../people/userModel.js';
import type { SocketAdapterFactory } from '../platform/cluster/redis.js';
import type { Logger } from '../platform/logger.js';
import { clientIpOfRequest } from '../platform/security/clientIp.js';
import { logSecurityEvent } from '../platform/security/events.js';
import { checkHandshake, ownOriginOf, type OriginPolicy } from '../platform/security/origin.js';
import { createMemoryRateLimitStore, type RateLimitStore } from '../platform/security/rateLimit.js';
import { getEnv } from '../platform/env.js';
import { createUploadStores, MAX_UPLOAD_BYTES, type UploadStore } from '../platform/uploads.js';
import { coalesceWrites } from './cork.js';
import { sessionRoom, userRoom } from './revocation.js';
import { CHAT_ROLE, mayUseChat } from './policy.js';
import { ChatInputError, listMessagePage, type ChatErrorCode, messageTime, storeMessage, type MessagePage } from './messages.js';
import type { ChatMessageJson } from './presenter.js';
import type { z } from 'zod';
import { handshakeAuthSchema, loadMoreSchema, outgoingMessageSchema } from './schema.js';

/** The room every admin's socket joins: the discussion (docs/product.md#authorization-matrix: admins only). */
export const DISCUSSION_ROOM = 'discussion';

/** Bytes allowed for a message's envelope beside the file's base64: the data URL prefix, 5,000 characters of text, the name, the tempId and framing (64 KiB). */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Largest packet the transport accepts from a signed-in admin, in bytes:
 * a file of twice the 5,242,880-byte limit in base64 (13,981,016 bytes) plus
 * the envelope. Every attachment up to the limit fits; one over it, up to
 * twice the limit, still reaches the handler, which answers `messageError`
 * with `file_too_large` and keeps the socket (docs/product.md#real-time-socket).
 * Only a larger packet, which the PWA never sends (it checks the size before
 * sending), makes the transport close the connection. Strangers never get
 * this buffer: the handshake is checked first (`allowHandshake`).
 */
export const MAX_HTTP_BUFFER_SIZE = Math.ceil((2 * MAX_UPLOAD_BYTES) / 3) * 4 + ENVELOPE_BYTES;

/** How often each process re-checks the sessions of its open sockets, in ms (1 minute): expiry and idle limits. */
export const SESSION_RECHECK_INTERVAL_MS = 60 * 1000;

/** Messages one admin may send: 20 per 10 seconds (a flood gets `messageError`). */
export const CHAT_MESSAGE_LIMIT = { points: 20, durationSeconds: 10 } as const;
/** `loadMoreMessages` requests one admin may make: 30 per 10 seconds. */
export const CHAT_LOAD_LIMIT = { points: 30, durationSeconds: 10 } as const;

/** Texts the sender sees (through `connect_error`, `messageError` or `loadError`). */
export const CHAT_TEXTS = {
  signInRequired: 'You need to sign in to join the discussion.',
  payloadMismatch: 'Your sign-in does not match this connection. Please reload the page.',
  adminsOnly: 'Only admins can join the discussion.',
  passwordChangeRequired: 'Choose a new password before you join the discussion.',
  foreignOrigin: 'Connections from other sites are not allowed.',
  unavailable: 'The discussion is not available right now. Please try again later.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tooFast: 'You are sending messages too quickly. Please wait a moment and try again.',
  notSaved: 'The message could not be saved. Please try again.',
  notLoaded: 'The messages could not be loaded. Please try again.',
} as const;

/** Events the server sends (docs/product.md#real-time-socket; `loadError` is ours: a failed load, so the screen can offer Retry). */
export interface ServerToClientEvents {
  /** the newest page (50), oldest first, sent once on connect */
  initialMessages: (messages: ChatMessageJson[]) => void;
  /** a stored message: to every admin when new, to the sender alone when re-sent for a retry */
  message: (message: ChatMessageJson) => void;
  /** the sender's message was stored; `id` equals its tempId */
  messageAck: (ack: { id: string }) => void;
  /**
   * the sender's message was refused or not stored: a readable text, then
   * `{code}` (`ChatErrorCode`: file_too_large, unsupported_file,
   * invalid_message, rate_limited, session_ended, not_saved) for clients that
   * act on the reason; clients that read only the text lose nothing.
   */
  messageError: (error: string, detail: { code: ChatErrorCode }) => void;
  /** the answer to `loadMoreMessages`: that page, oldest first */
  moreMessages: (page: MessagePage) => void;
  /** a page could not be loaded: a readable text */
  loadError: (error: string) => void;
}

/** Events a client sends (docs/product.md#real-time-socket); payloads are validated, hence `unknown`. */
export interface ClientToServerEvents {
  /**
   * `{content, file: {data, name, type} | null, tempId}`: what a client must
   * send. The server still validates every payload with the schema, since a
   * client can send anything.
   */
  message: (payload: z.input<typeof outgoingMessageSchema>) => void;
  /** `{page}`, 0-based; validated as `message` is */
  loadMoreMessages: (payload: z.input<typeof loadMoreSchema>) => void;
}

/** What the handshake stores on each socket. */
export interface ChatSocketData {
  /** the admin's user id */
  userId: string;
  /** the session cookie's token, to re-check the session on every event */
  token: string;
  /** the session document's id (the socket's `session:<id>` room, the periodic re-check) */
  sessionId: string;
}

/** An admin's socket. */
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;

/** The Socket.IO server of the discussion. */
export type ChatIo = SocketServer<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;

/** What `attachChat` needs. */
export interface ChatServerOptions {
  /** `DATA_DIR`: with the disk store, attachments go to `DATA_DIR/uploads/chat` */
  dataDir: string;
  /** where attachments are stored; default `createUploadStores({UPLOAD_STORE, DATA_DIR: dataDir}).chat` */
  uploads?: UploadStore;
  log: Logger;
  /** `TRUST_PROXY`: also accept the origin of `X-Forwarded-Host` */
  trustProxy?: boolean;
  /** `ALLOWED_ORIGINS`: other origins whose pages may connect; default none */
  allowedOrigins?: readonly string[];
  /** `PUBLIC_ORIGIN`: the app's own origin whatever the `Host`; handshakes for another host are refused */
  publicOrigin?: string;
  /** `CSRF_REQUIRE_ORIGIN`: refuse handshakes with neither `Origin` nor `Sec-Fetch-Site`; default false */
  requireOrigin?: boolean;
  /** `SESSION_IDLE_MINUTES`: the session's idle limit; default 1440 */
  sessionIdleMinutes?: number;
  /** where the per-admin limits count; default a fresh in-memory store; Redis across processes */
  rateLimits?: RateLimitStore;
  /** Socket.IO adapter (`@socket.io/redis-adapter` when `REDIS_URL` is set); default the in-memory one */
  adapter?: SocketAdapterFactory;
  /** per-admin message limit; default `CHAT_MESSAGE_LIMIT` */
  messageLimit?: { points: number; durationSeconds: number };
  /** per-admin page-load limit; default `CHAT_LOAD_LIMIT` */
  loadLimit?: { points: number; durationSeconds: number };
  /** how often open sockets' sessions are re-checked, in ms; default `SESSION_RECHECK_INTERVAL_MS` */
  sessionRecheckMs?: number;
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

/** The session token of a handshake: `__Host-oracy_session` when it came over HTTPS, `oracy_session` otherwise. */
function readToken(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  let secure = encrypted;
  try {
    const own = ownOriginOf(
      `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}/`,
      (name) => {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
      trustProxy,
    );
    secure = own.startsWith('https:');
  } catch {
    // a malformed Host: keep the connection's own scheme
  }
  return sessionTokenFromCookieHeader(req.headers.cookie, secure);
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'The message is not valid.';
}

/** What the discussion's handlers share: the server, its limits and the way to the session store. */
interface ChatContext {
  io: ChatIo;
  log: Logger;
  storage: UploadStore;
  messageLimiter: ReturnType<RateLimitStore['limiter']>;
  loadLimiter: ReturnType<RateLimitStore['limiter']>;
  trustProxy: boolean;
  originPolicy: OriginPolicy;
  sessionLimits: { idleMinutes?: number | undefined };
}

/** The socket's admin, re-read from the session (a logout, a role change or the idle limit applies at once), or null. */
async function currentAdmin(ctx: ChatContext, socket: ChatSocket): Promise<UserDoc | null> {
  const found = await findSession(socket.data.token, ctx.sessionLimits);
  return found && mayUseChat(found.user) && found.user.id === socket.data.userId ? found.user : null;
}

/** Logs a refused handshake (security events with user id and IP) and passes the refusal on. */
function refuse(ctx: ChatContext, req: IncomingMessage, message: string, code: string, userId?: string): ExtendedError {
  logSecurityEvent(ctx.log, 'socket_refused', { userId, ip: clientIpOfRequest(req, ctx.trustProxy), code, reason: message });
  return refusal(message, code);
}

/**
 * Engine.IO's `allowRequest`: runs on every handshake request (polling or
 * WebSocket) before a transport is opened and anything is buffered. Lets
 * through only a request from this origin or an allowed one (the HTTP CSRF
 * rule) carrying the session cookie of an admin who has no one-time password
 * left to replace (docs/product.md#one-time-passwords); any other gets 403 and no
 * session, so the large packet limit (`MAX_HTTP_BUFFER_SIZE`, for
 * attachments) applies only to admins' connections. Polling requests that
 * name no open session are refused by Engine.IO before their body is read.
 */
function allowHandshake(ctx: ChatContext): (req: IncomingMessage, fn: (err: string | null | undefined, success: boolean) => void) => void {
  return (req, fn) => {
    void (async () => {
      if (checkHandshake(req, ctx.originPolicy) !== null) {
        refuse(ctx, req, CHAT_TEXTS.foreignOrigin, 'forbidden');
        return fn(CHAT_TEXTS.foreignOrigin, false);
      }
      const found = await findSession(readToken(req, ctx.trustProxy), ctx.sessionLimits);
      if (!found) {
        refuse(ctx, req, CHAT_TEXTS.signInRequired, 'unauthorized');
        return fn(CHAT_TEXTS.signInRequired, false);
      }
      if (!mayUseChat(found.user)) {
        refuse(ctx, req, CHAT_TEXTS.adminsOnly, 'forbidden', found.user.id as string);
        return fn(CHAT_TEXTS.adminsOnly, false);
      }
      if (found.user.mustChangePassword) {
        refuse(ctx, req, CHAT_TEXTS.passwordChangeRequired, 'password_change_required', found.user.id as string);
        return fn(CHAT_TEXTS.passwordChangeRequired, false);
      }
      fn(null, true);
    })().catch((err: unknown) => {
      ctx.log.error({ err }, 'chat handshake failed');
      fn(CHAT_TEXTS.unavailable, false);
    });
  };
}

/**
 * The handshake (docs/product.md#authorization-matrix): the page's origin,
 * a valid session, an auth payload `{userId, userRole}` matching it, and the
 * admin role; otherwise the connection is refused with a readable text.
 */
function authenticateHandshake(ctx: ChatContext): Parameters<ChatIo['use']>[0] {
  return (socket, next) => {
    void (async () => {
      const req = socket.request;
      if (checkHandshake(req, ctx.originPolicy) !== null) return next(refuse(ctx, req, CHAT_TEXTS.foreignOrigin, 'forbidden'));
      const token = readToken(req, ctx.trustProxy);
      const found = await findSession(token, ctx.sessionLimits);
      if (!found || !token) return next(refuse(ctx, req, CHAT_TEXTS.signInRequired, 'unauthorized'));
      const userId = found.user.id as string;
      const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || auth.data.userId.toLowerCase() !== found.user.id || auth.data.userRole !== found.user.role) {
        return next(refuse(ctx, req, CHAT_TEXTS.payloadMismatch, 'forbidden', userId));
      }
      if (!mayUseChat(found.user)) return next(refuse(ctx, req, CHAT_TEXTS.adminsOnly, 'forbidden', userId));
      if (found.user.mustChangePassword) return next(refuse(ctx, req, CHAT_TEXTS.passwordChangeRequired, 'password_change_required', userId));
      socket.data = { userId: found.user.id, token, sessionId: found.session.id as string };
      next();
    })().catch((err: unknown) => {
      ctx.log.error({ err }, 'chat handshake failed');
      next(refusal(CHAT_TEXTS.unavailable, 'internal_error'));
    });
  };
}

/** Sends one page of history (`initialMessages` on connect, `moreMessages` on request), or `loadError`. */
async function sendPage(ctx: ChatContext, socket: ChatSocket, page: number, event: 'initialMessages' | 'moreMessages'): Promise<void> {
  try {
    const result = await listMessagePage(page);
    if (event === 'initialMessages') socket.emit('initialMessages', result.messages);
    else socket.emit('moreMessages', result);
  } catch (err) {
    ctx.log.error({ err, page }, 'chat page could not be loaded');
    socket.emit('loadError', CHAT_TEXTS.notLoaded);
  }
}

/** `loadMoreMessages {page}`: rate-limited, validated, for a still-valid admin session only. */
async function onLoadMore(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<void> {
  if ((await ctx.loadLimiter.hit(socket.data.userId)).exceeded) return void socket.emit('loadError', CHAT_TEXTS.tooFast);
  const parsed = loadMoreSchema.safeParse(payload);
  if (!parsed.success) return void socket.emit('loadError', firstIssue(parsed.error));
  if (!(await currentAdmin(ctx, socket))) {
    socket.emit('loadError', CHAT_TEXTS.sessionEnded);
    socket.disconnect(true);
    return;
  }
  await sendPage(ctx, socket, parsed.data.page, 'moreMessages');
}

/**
 * Handles one outgoing message up to storing it and resolves what is to be
 * emitted for it; the caller emits in the order the messages arrived. Runs
 * concurrently with the socket's other messages, so that they can share one
 * insert (the group commit of `storeMessage`).
 */
async function onMessage(ctx: ChatContext, socket: ChatSocket, payload: unknown, receivedAt: Date): Promise<() => void> {
  if ((await ctx.messageLimiter.hit(socket.data.userId)).exceeded) {
    logSecurityEvent(ctx.log, 'rate_limited', { userId: socket.data.userId, ip: clientIpOfRequest(socket.request, ctx.trustProxy), limit: 'chat-messages-user' });
    return () => socket.emit('messageError', CHAT_TEXTS.tooFast, { code: 'rate_limited' });
  }
  const parsed = outgoingMessageSchema.safeParse(payload);
  if (!parsed.success) return () => socket.emit('messageError', firstIssue(parsed.error), { code: 'invalid_message' });
  const user = await currentAdmin(ctx, socket);
  if (!user) {
    return () => {
      socket.emit('messageError', CHAT_TEXTS.sessionEnded, { code: 'session_ended' });
      socket.disconnect(true);
    };
  }
  try {
    const { message, duplicate } = await storeMessage({ id: user._id, name: user.name }, parsed.data, ctx.storage, receivedAt);
    return () => {
      socket.emit('messageAck', { id: parsed.data.tempId });
      if (duplicate) socket.emit('message', message);
      else ctx.io.to(DISCUSSION_ROOM).emit('message', message);
    };
  } catch (err) {
    if (err instanceof ChatInputError) return () => socket.emit('messageError', err.message, { code: err.code });
    ctx.log.error({ err }, 'chat message could not be stored');
    return () => socket.emit('messageError', CHAT_TEXTS.notSaved, { code: 'not_saved' });
  }
}

/**
 * A connected admin: joins the room, gets the newest page, and has their
 * events handled. Messages are handled as they come (their inserts may be
 * shared), and what each one emits — its ack, its broadcast or its error —
 * goes out in the order they arrived, under the time they arrived at; pages
 * are handled one at a time, so that answers come in the order asked.
 */
function onConnection(ctx: ChatContext, socket: ChatSocket): void {
  // the user's and the session's rooms: a sign-out, a role change or a deletion ends them (chat/revocation.ts).
  void socket.join([DISCUSSION_ROOM, userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
  void sendPage(ctx, socket, 0, 'initialMessages');

  let sent: Promise<void> = Promise.resolve();
  let loads: Promise<void> = Promise.resolve();
  const failed = (event: 'messageError' | 'loadError') => (err: unknown) => {
    ctx.log.error({ err }, 'chat event failed');
    if (event === 'messageError') socket.emit('messageError', CHAT_TEXTS.notSaved, { code: 'not_saved' });
    else socket.emit('loadError', CHAT_TEXTS.notLoaded);
  };

  socket.on('message', (payload) => {
    // Caught at once: a failure must not wait, unhandled, for the messages before it.
    const handled = onMessage(ctx, socket, payload, messageTime()).catch((err: unknown) => () => failed('messageError')(err));
    sent = sent.then(async () => (await handled)());
  });
  socket.on('loadMoreMessages', (payload) => {
    loads = loads.then(() => onLoadMore(ctx, socket, payload).catch(failed('loadError')));
  });
}

/**
 * Disconnects this process's sockets whose session has passed its expiry or
 * idle limit, is gone, or whose user is no longer an admin. Reads the
 * sessions and users in two queries and does not record a use, so an open
 * socket alone does not keep a session alive. @returns how many were disconnected.
 */
export async function endLapsedSockets(io: ChatIo, limits: { idleMinutes?: number | undefined } = {}, now = Date.now()): Promise<number> {
  const sockets = [...io.of('/').sockets.values()].filter((socket) => socket.data?.sessionId);
  if (sockets.length === 0) return 0;
  const sessions = await Session.find({ _id: { $in: [...new Set(sockets.map((s) => s.data.sessionId))] } }, { userId: 1, expiresAt: 1, lastSeenAt: 1 }).lean();
  const admins = await User.find({ _id: { $in: [...new Set(sessions.map((s) => s.userId))] }, role: CHAT_ROLE }, { _id: 1 }).lean();
  const adminIds = new Set(admins.map((u) => String(u._id)));
  const idleMs = (limits.idleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES) * 60 * 1000;
  const valid = new Set(sessions.filter((s) => s.expiresAt.getTime() > now && (s.lastSeenAt?.getTime() ?? now) + idleMs > now && adminIds.has(String(s.userId))).map((s) => String(s._id)));
  let ended = 0;
  for (const socket of sockets) {
    if (valid.has(socket.data.sessionId)) continue;
    socket.disconnect(true);
    ended += 1;
  }
  return ended;
}

/**
 * Attaches the discussion's Socket.IO server to `httpServer` at the default
 * path `/socket.io` (docs/product.md#real-time-socket, docs/product.md#authorization-matrix):
 *
 * - before any transport opens (`allowRequest`): the origin and an admin's
 *   session cookie, else 403 over polling and WebSocket, nothing buffered;
 * - handshake: `Origin` (or, without it, `Sec-Fetch-Site`) must be this
 *   origin or an allowed one (`checkHandshake`); the session cookie must
 *   name a valid session; the `{userId, userRole}` auth payload must match it;
 *   only admins get in. Refusals reach the client as `connect_error` with a
 *   readable message and `data.code` (`unauthorized` | `forbidden`);
 * - on connect: joins the `discussion` room and its user's and session's
 *   rooms (`chat/revocation.ts`), emits `initialMessages`;
 * - every `sessionRecheckMs`: disconnects this process's sockets whose session
 *   has lapsed (`endLapsedSockets`);
 * - `message`: validated, stored once per (sender, tempId), then `messageAck`
 *   to the sender and `message` to the room; a retry is acknowledged again and
 *   re-sent to the sender; any failure is a `messageError` to the sender only.
 *   A socket's messages are stored as they come (sharing inserts)
 *   and answered and broadcast in the order they arrived;
 * - `loadMoreMessages {page}` → `moreMessages {messages, hasMore}`, or
 *   `loadError` with a readable text: exactly one answer per request, in
 *   the order asked.
 *
 * No state lives in module-level maps: the room goes through the adapter and
 * de-duplication through the database (the message `_id` derives from sender
 * and tempId), so with the Redis adapter a message sent through
 * one process reaches the admins of every process once, and a retry that
 * lands on another process is acknowledged without a second copy; the
 * limits count wherever `rateLimits` counts (Redis across processes).
 */
export function attachChat(httpServer: HttpServer, opts: ChatServerOptions): ChatServer {
  const rateLimits = opts.rateLimits ?? createMemoryRateLimitStore();
  const trustProxy = opts.trustProxy ?? false;
  const io: ChatIo = new SocketServer(httpServer, {
    serveClient: false,
    maxHttpBufferSize: MAX_HTTP_BUFFER_SIZE,
    // set below, once the context it reads exists; Engine.IO reads it per request.
    allowRequest: (req, fn) => allow(req, fn),
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
  });
  const ctx: ChatContext = {
    io,
    log: opts.log,
    storage: opts.uploads ?? createUploadStores({ UPLOAD_STORE: getEnv().UPLOAD_STORE, DATA_DIR: opts.dataDir }).chat,
    messageLimiter: rateLimits.limiter('chat-messages-user', opts.messageLimit ?? CHAT_MESSAGE_LIMIT),
    loadLimiter: rateLimits.limiter('chat-loads-user', opts.loadLimit ?? CHAT_LOAD_LIMIT),
    trustProxy,
    originPolicy: {
      trustProxy,
      allowedOrigins: opts.allowedOrigins ?? [],
      requireOrigin: opts.requireOrigin ?? false,
      ...(opts.publicOrigin ? { publicOrigin: opts.publicOrigin } : {}),
    },
    sessionLimits: { idleMinutes: opts.sessionIdleMinutes },
  };
  const allow = allowHandshake(ctx);

  // the packets waiting for a connection leave in one write, not one system call each (chat/cork.ts).
  io.engine.on('connection', coalesceWrites);

  // Polling answers come from Engine.IO, not Hono: give them the basic security headers too.
  io.engine.on('headers', (headers: Record<string, string>) => {
    headers['X-Content-Type-Options'] = 'nosniff';
    headers['Referrer-Policy'] = 'no-referrer';
    headers['Cache-Control'] = 'no-store';
  });

  io.use(authenticateHandshake(ctx));
  io.on('connection', (socket) => onConnection(ctx, socket));

  const recheck = setInterval(() => {
    endLapsedSockets(io, ctx.sessionLimits).catch((err: unknown) => ctx.log.error({ err }, 'chat sessions could not be re-checked'));
  }, opts.sessionRecheckMs ?? SESSION_RECHECK_INTERVAL_MS);
  recheck.unref();

  return {
    io,
    async close() {
      clearInterval(recheck);
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}
