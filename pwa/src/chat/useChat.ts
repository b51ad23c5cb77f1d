/**
 * The discussion's connection (docs/product.md#chat-connection, docs/product.md#outgoing-chat-message,
 * docs/product.md#loading-older-chat-messages, docs/product.md#real-time-socket,
 * docs/product.md#clarified-behaviour). One socket per signed-in admin, opened
 * when the discussion screen mounts and closed when it unmounts.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { serverErrorText } from '../platform/api/errorMessage';
import { t } from '../platform/i18n';
import { translatedTable } from '../platform/i18n/labels';
import { chatReducer, initialChatState, type ChatEntry, type ChatState } from './state';
import { makeTempId } from './format';
import type { ClientToServerEvents, OutgoingFile, OutgoingPayload, ServerToClientEvents } from './protocol';

/**
 * What the connection banner says: `lost`, `failed`, or `sessionEnded` (the server ended this
 * sign-in's sockets — sign-out, role change, deletion, expiry — and refuses a new one).
 */
export type ConnectionProblem = 'lost' | 'failed' | 'sessionEnded';

/** The spec's banner texts (docs/product.md#chat-connection, docs/product.md#error-messages), in the active language when read. */
export const CHAT_CONNECTION_TEXTS = translatedTable<ConnectionProblem>({
  lost: 'chat.connection.lost',
  failed: 'chat.connection.failed',
  sessionEnded: 'chat.connection.sessionEnded',
});

/**
 * The spec's toast for a `messageError` (docs/product.md#error-messages), in the active language:
 * "Failed to send message: {error}", the error being the PWA's text for the server's `code` when
 * it has one (`errors.<code>`), else the server's text.
 */
export function sendFailedText(error: string, code?: string): string {
  return t('chat.sendFailedWith', { error: serverErrorText(code, error) });
}

/**
 * The socket options of docs/product.md#clarified-behaviour (default path `/socket.io`, same origin,
 * cookies sent). WebSocket first, so that no sticky sessions are needed
 * behind a load balancer; `tryAllTransports` falls back to HTTP
 * long-polling when a network blocks WebSocket.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 10000,
  withCredentials: true,
} as const;

/** The chat socket's type. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens the socket; tests pass a fake. */
export type SocketFactory = (auth: { userId: string; userRole: string }) => ChatSocket;

/** The default: socket.io-client to this origin with {@link SOCKET_OPTIONS}. */
export const connectChatSocket: SocketFactory = (auth) => io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth });

/** What {@link useChat} returns. */
export interface Chat extends ChatState {
  /** true while the first page has not arrived and no connection error is known */
  loading: boolean;
  /** the banner: one of {@link CHAT_CONNECTION_TEXTS} in the active language, or null when connected */
  connectionError: string | null;
  /** true when the socket gave up reconnecting: offer {@link Chat.reconnect} */
  gaveUp: boolean;
  /**
   * Sends a message (docs/product.md#states-and-transitions): shown at once with status sending, emitted
   * now when connected, otherwise when the connection is back. A file is
   * read as a data URL first; a read failure marks the message failed and
   * reports "Failed to send message" (in the active language).
   */
  send: (content: string, file: File | null) => void;
  /** Sends a failed message again with the same tempId (beyond the spec). */
  retry: (tempId: string) => void;
  /** Asks for the next older page, unless one is on its way or none is left. */
  loadOlder: () => void;
  /** Asks for the newest page again (the error state's Retry). */
  reload: () => void;
  /** Starts connecting again after the socket gave up. */
  reconnect: () => void;
}

/** Reads a file as a data URL. @throws the reader's error */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** What {@link listenToChat} updates. */
interface ChatListeners {
  ownUserId: string;
  dispatch: (action: Parameters<typeof chatReducer>[1]) => void;
  setConnectionError: (problem: ConnectionProblem | null) => void;
  setGaveUp: (gaveUp: boolean) => void;
  /** the messages on screen now, to send those still "sending" after a (re)connect */
  pendingMessages: () => readonly ChatEntry[];
  toast: (text: string) => void;
  /** the pages asked for and not answered yet, oldest first; emptied in place on a drop */
  pendingPages: number[];
}

/** Asks for a page of history and remembers it, since the answer does not name its page. */
function requestPage(socket: ChatSocket, pendingPages: number[], page: number): void {
  pendingPages.push(page);
  socket.emit('loadMoreMessages', { page });
}

/**
 * Wires the socket's events to the screen's state
 * (docs/product.md#chat-connection, docs/product.md#real-time-socket): on
 * connect the newest page is asked for and unsent messages go out again (the
 * server de-duplicates by tempId); a drop or a refusal sets the banner; a
 * server-side disconnect is followed by one reconnection, and its refusal
 * means the sign-in has ended (docs/architecture.md#the-real-time-chat):
 * the banner says so and nothing reconnects any more; pages,
 * messages, acks and errors reach the reducer. Returns the function that
 * removes every listener.
 */
function listenToChat(socket: ChatSocket, on: ChatListeners): () => void {
  const { dispatch, pendingPages, ownUserId } = on;
  /** The server closed the socket: a process shutting down, or the end of this sign-in's right to the discussion. */
  let closedByServer = false;
  /** The sign-in is over: nothing reconnects any more. */
  let ended = false;
  socket.on('connect', () => {
    closedByServer = false;
    on.setConnectionError(null);
    on.setGaveUp(false);
    requestPage(socket, pendingPages, 0);
    for (const entry of on.pendingMessages()) {
      if (entry.status === 'sending' && entry.outgoing) socket.emit('message', entry.outgoing);
    }
  });
  socket.on('disconnect', (reason) => {
    // Answers to pages asked before the drop will not come.
    pendingPages.length = 0;
    dispatch({ type: 'disconnected' });
    // i18n-exempt: a socket.io reason compared in code
    if (reason !== 'io client disconnect' && !ended) on.setConnectionError('lost');
    // Socket.IO does not reconnect after the server's own disconnect. Try once: a process shutting down lets
    // another one take over; a session that has ended is refused at the handshake (below).
    // i18n-exempt: a socket.io reason compared in code
    if (reason === 'io server disconnect' && !ended) {
      closedByServer = true;
      socket.connect();
    }
  });
  socket.on('connect_error', (error) => {
    console.warn('Chat connection failed:', error.message);
    // A refused handshake after the server closed the socket, or a polling handshake answered 403: signed out.
    if (closedByServer || (error as { description?: unknown }).description === 403) {
      ended = true;
      socket.disconnect();
      on.setConnectionError('sessionEnded');
      on.setGaveUp(false);
      return;
    }
    on.setConnectionError('failed');
    // A refusal by the server's handshake is final; so is the last failed reconnection attempt.
    if (!socket.active) on.setGaveUp(true);
  });
  socket.io.on('reconnect_failed', () => {
    on.setConnectionError('failed');
    on.setGaveUp(true);
  });
  socket.on('initialMessages', (messages) => dispatch({ type: 'page', messages, page: 0, ownUserId }));
  socket.on('moreMessages', ({ messages, hasMore }) => {
    const page = pendingPages.shift() ?? 0;
    dispatch({ type: 'page', messages, hasMore, page, ownUserId });
  });
  socket.on('loadError', (error) => {
    pendingPages.shift();
    dispatch({ type: 'loadError', error });
  });
  socket.on('message', (message) => dispatch({ type: 'message', message, ownUserId }));
  socket.on('messageAck', ({ id }) => dispatch({ type: 'ack', tempId: id }));
  socket.on('messageError', (error, detail) => {
    dispatch({ type: 'messageError' });
    on.toast(sendFailedText(error, detail?.code));
  });

  // After five failed attempts socket.io stops trying; the network coming back is a good moment to try again.
  const onOnline = () => {
    if (!socket.connected && !ended) socket.connect();
  };
  window.addEventListener('online', onOnline);

  return () => {
    window.removeEventListener('online', onOnline);
    pendingPages.length = 0;
    socket.removeAllListeners();
    socket.io.removeAllListeners();
  };
}

/** A message the admin just wrote, as the list shows it while it is being sent. */
function outgoingEntry(userId: string, tempId: string, text: string, file: File | null): ChatEntry {
  return {
    id: tempId,
    tempId,
    content: text,
    user_id: userId,
    sender: 'You',
    file_url: null,
    file_type: file ? file.type : null,
    file_size: file ? file.size : null,
    file: file ? { name: file.name, type: file.type } : null,
    timestamp: new Date().toISOString(),
    status: 'sending',
    ...(file ? {} : { outgoing: { content: text, file: null, tempId } }),
  };
}

/**
 * The discussion for the signed-in admin `user`.
 * @param onToast shows a toast text (the spec's send-failure texts)
 * @param connect opens the socket (default {@link connectChatSocket})
 */
export function useChat(user: { id: string; role: number }, onToast: (text: string) => void, connect: SocketFactory = connectChatSocket): Chat {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [connectionError, setConnectionError] = useState<ConnectionProblem | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const socketRef = useRef<ChatSocket | null>(null);
  /** The pages asked for and not answered yet, in order (the server answers in order). */
  const pendingPages = useRef<number[]>([]);
  const stateRef = useRef(state);
  const requestRef = useRef<((page: number) => void) | null>(null);
  const toastRef = useRef(onToast);

  useEffect(() => {
    stateRef.current = state;
    toastRef.current = onToast;
  });

  const emitMessage = useCallback((payload: OutgoingPayload) => {
    const socket = socketRef.current;
    // While disconnected the message waits as "sending"; the next connect sends it.
    if (socket?.connected) socket.emit('message', payload);
  }, []);

  useEffect(() => {
    const socket = connect({ userId: user.id, userRole: String(user.role) });
    socketRef.current = socket;

    const unwire = listenToChat(socket, {
      ownUserId: user.id,
      dispatch,
      setConnectionError,
      setGaveUp,
      pendingMessages: () => stateRef.current.messages,
      toast: (text) => toastRef.current(text),
      pendingPages: pendingPages.current,
    });
    requestRef.current = (page) => requestPage(socket, pendingPages.current, page);

    return () => {
      unwire();
      requestRef.current = null;
      socket.disconnect();
      socketRef.current = null;
    };
  }, [connect, user.id, user.role]);

  const send = useCallback(
    (content: string, file: File | null) => {
      const tempId = makeTempId();
      const text = content.trim();
      const entry = outgoingEntry(user.id, tempId, text, file);
      dispatch({ type: 'outgoing', entry });
      if (!file) {
        emitMessage({ content: text, file: null, tempId });
        return;
      }
      readAsDataUrl(file).then(
        (data) => {
          const outgoing: OutgoingPayload = { content: text, file: { data, name: file.name, type: file.type } satisfies OutgoingFile, tempId };
          dispatch({ type: 'prepared', tempId, outgoing });
          emitMessage(outgoing);
        },
        (error: unknown) => {
          console.error('Could not read the attachment', error);
          dispatch({ type: 'failed', tempId });
          toastRef.current(t('chat.sendFailed'));
        },
      );
    },
    [emitMessage, user.id],
  );

  const retry = useCallback(
    (tempId: string) => {
      const entry = stateRef.current.messages.find((e) => e.tempId === tempId && e.status === 'failed');
      if (!entry?.outgoing) return;
      dispatch({ type: 'retry', tempId });
      emitMessage(entry.outgoing);
    },
    [emitMessage],
  );

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    const socket = socketRef.current;
    if (!socket?.connected || current.loadingMore || !current.hasMore) return;
    // Mark at once: a second trigger before the next render must not ask twice.
    stateRef.current = { ...current, loadingMore: true };
    dispatch({ type: 'loadingMore' });
    requestRef.current?.(current.page + 1);
  }, []);

  const reload = useCallback(() => {
    if (socketRef.current?.connected) requestRef.current?.(0);
  }, []);

  const reconnect = useCallback(() => {
    setGaveUp(false);
    socketRef.current?.connect();
  }, []);

  return {
    ...state,
    loading: !state.loaded && connectionError === null && !state.loadError,
    connectionError: connectionError === null ? null : CHAT_CONNECTION_TEXTS[connectionError],
    gaveUp,
    send,
    retry,
    loadOlder,
    reload,
    reconnect,
  };
}
