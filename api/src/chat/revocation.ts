/**
 * Ending the discussion sockets of a session or a user when their right to it
 * ends (docs/architecture.md#the-real-time-chat): every socket joins a room per
 * user (`user:<id>`) and per session (`session:<id>`), and a sign-out, a role
 * change or a deletion disconnects that room. `disconnectSockets` goes
 * through the adapter, so with Redis it reaches the sockets of every process.
 *
 * Routes receive a {@link SocketRevocation} through `createApp`'s options and
 * never import Socket.IO; the server binds it to the Socket.IO server once
 * that exists (the app is built before the HTTP server it is attached to).
 */

/** The room of every socket of user `userId`. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The room of every socket opened with session `sessionId` (the session document's id). */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The part of a Socket.IO server that revocation needs: disconnecting a room's sockets, in every process. */
export interface RevocableIo {
  in(room: string): { disconnectSockets(close?: boolean): void };
}

/** What routes call when a session or a user loses the discussion. Both return at once and never throw. */
export interface SocketRevocation {
  /** Disconnects the sockets of session `sessionId` (a sign-out). */
  endSessionSockets(sessionId: string): void;
  /** Disconnects every socket of user `userId` (a role change away from admin, a deletion). */
  endUserSockets(userId: string): void;
}

/** A {@link SocketRevocation} that is bound to its Socket.IO server later, by `bind`. */
export interface BindableSocketRevocation extends SocketRevocation {
  /** From now on, revocations disconnect sockets of `io`; before, they do nothing, as no socket exists. */
  bind(io: RevocableIo): void;
}

/**
 * A revocation that disconnects with `io.in(room).disconnectSockets(true)`:
 * the client sees the reason "io server disconnect" and does not reconnect
 * by itself. Unbound, it does nothing (an app without a socket server).
 */
export function createSocketRevocation(io?: RevocableIo): BindableSocketRevocation {
  let bound = io;
  const end = (room: string) => bound?.in(room).disconnectSockets(true);
  return {
    bind(next) {
      bound = next;
    },
    endSessionSockets: (sessionId) => end(sessionRoom(sessionId)),
    endUserSockets: (userId) => end(userRoom(userId)),
  };
}
