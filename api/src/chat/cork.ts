/**
 * Write coalescing for the discussion's broadcasts (chat fan-out).
 *
 * Engine.IO's WebSocket transport sends the packets that wait for a
 * connection in one loop, one WebSocket frame each, and `ws` hands every
 * frame to the TCP connection at once: a burst of 20 messages to 100 admins
 * costs about 2,000 system calls, which would dominate the fan-out's cost.
 * Corking the TCP connection around that loop lets Node send the
 * frames of one loop in a single `writev`. Nothing is held after the loop,
 * so no packet waits for a later one.
 */

/** A connection that can hold its writes: Node's `net.Socket` (`Writable.cork`/`uncork`). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The part of an Engine.IO transport used here: its name, its `ws` socket and its `send(packets)`. */
export interface EngineTransport {
  name?: string;
  socket?: unknown;
  send?(packets: unknown[]): void;
}

/** The part of an Engine.IO connection (`socket.conn`) used here. */
export interface EngineConnection {
  transport?: EngineTransport;
  on?(event: 'upgrade', listener: (transport: EngineTransport) => void): unknown;
}

function isCorkable(value: unknown): value is Corkable {
  return typeof (value as Corkable | null)?.cork === 'function' && typeof (value as Corkable).uncork === 'function';
}

/**
 * The TCP connection under a WebSocket transport (`ws` keeps it as
 * `_socket`), or undefined — long-polling, or a `ws` without that field
 * (then nothing is corked and frames go out one by one, as before).
 */
export function tcpConnectionOf(transport: EngineTransport | undefined): Corkable | undefined {
  if (transport?.name !== 'websocket') return undefined;
  const raw = (transport.socket as { _socket?: unknown } | undefined)?._socket;
  return isCorkable(raw) ? raw : undefined;
}

/** Transports whose `send` is already wrapped. */
const coalescing = new WeakSet<EngineTransport>();

function coalesceTransport(transport: EngineTransport | undefined): void {
  const raw = tcpConnectionOf(transport);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the transport as `this`
  const send = transport?.send;
  if (!transport || !raw || typeof send !== 'function' || coalescing.has(transport)) return;
  coalescing.add(transport);
  transport.send = function sendInOneWrite(this: EngineTransport, packets: unknown[]) {
    raw.cork();
    try {
      send.call(this, packets);
    } finally {
      raw.uncork();
    }
  };
}

/**
 * Makes `conn` send each batch of waiting packets in one write: now when it
 * is on WebSocket, and after an upgrade from long-polling. Call it once per
 * Engine.IO connection (`io.engine.on('connection', …)`).
 */
export function coalesceWrites(conn: EngineConnection): void {
  coalesceTransport(conn.transport);
  conn.on?.('upgrade', (transport) => coalesceTransport(transport));
}
