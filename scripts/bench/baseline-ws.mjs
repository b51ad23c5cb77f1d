#!/usr/bin/env node
// The plain `ws` broadcast baseline of the chat fan-out: every
// text message a client sends is sent to every connected client, sender
// included, with nothing stored or checked. Prints `{"port": N}` once
// listening on a free loopback port.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => {
    for (const client of wss.clients) if (client.readyState === 1) client.send(data, { binary: isBinary });
  });
});
wss.on('listening', () => console.log(JSON.stringify({ port: wss.address().port })));
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
