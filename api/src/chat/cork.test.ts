import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { coalesceWrites, tcpConnectionOf, type EngineTransport } from './cork.js';

/** A TCP connection that records its calls; `write` notes whether it came while corked. */
function fakeTcp() {
  let depth = 0;
  const calls: string[] = [];
  return {
    calls,
    cork: () => {
      depth += 1;
      calls.push('cork');
    },
    uncork: () => {
      depth -= 1;
      calls.push('uncork');
    },
    write: (frame: string) => calls.push(depth > 0 ? `held ${frame}` : `sent ${frame}`),
  };
}

/** An Engine.IO-like transport whose `send` writes one frame per packet to `tcp`. */
function fakeTransport(name: string, tcp: ReturnType<typeof fakeTcp>): EngineTransport {
  return {
    name,
    socket: { _socket: tcp },
    send(packets: unknown[]) {
      for (const packet of packets) tcp.write(String(packet));
    },
  };
}

describe('coalesceWrites (chat fan-out)', () => {
  it("holds a WebSocket transport's frames of one send and releases them together", () => {
    const tcp = fakeTcp();
    const transport = fakeTransport('websocket', tcp);
    coalesceWrites({ transport });
    coalesceWrites({ transport }); // wrapping twice must not nest

    transport.send!(['a', 'b', 'c']);
    expect(tcp.calls).toEqual(['cork', 'held a', 'held b', 'held c', 'uncork']);
  });

  it('leaves long-polling alone and takes over the WebSocket transport after an upgrade', () => {
    const tcp = fakeTcp();
    const polling = fakeTransport('polling', tcp);
    const conn = Object.assign(new EventEmitter(), { transport: polling });
    coalesceWrites(conn);
    polling.send!(['a']);
    expect(tcp.calls).toEqual(['sent a']);

    const websocket = fakeTransport('websocket', tcp);
    conn.emit('upgrade', websocket);
    websocket.send!(['b', 'c']);
    expect(tcp.calls).toEqual(['sent a', 'cork', 'held b', 'held c', 'uncork']);
  });

  it('uncorks even when sending throws', () => {
    const tcp = fakeTcp();
    const transport: EngineTransport = {
      name: 'websocket',
      socket: { _socket: tcp },
      send: () => {
        throw new Error('closed');
      },
    };
    coalesceWrites({ transport });
    expect(() => transport.send!(['a'])).toThrow('closed');
    expect(tcp.calls).toEqual(['cork', 'uncork']);
  });
});

describe('tcpConnectionOf', () => {
  it('finds the TCP connection under the WebSocket transport only', () => {
    const tcp = fakeTcp();
    expect(tcpConnectionOf({ name: 'websocket', socket: { _socket: tcp } })).toBe(tcp);
    expect(tcpConnectionOf({ name: 'polling', socket: { _socket: tcp } })).toBeUndefined();
    expect(tcpConnectionOf({ name: 'websocket', socket: {} })).toBeUndefined();
    expect(tcpConnectionOf(undefined)).toBeUndefined();
  });
});
