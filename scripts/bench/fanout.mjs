#!/usr/bin/env node
// The client side of the chat fan-out (issue 9), on the load side's core:
// connects one socket per account (100 admins) to Oracy's discussion
// (Socket.IO) or to the plain `ws` baseline; another socket sends a warm-up
// burst (counted, not timed); then one of them — the sender — sends
// `messages` messages of `bytes` bytes at once, and every socket (the
// sender's too) times each delivery from its send.
// Argument: JSON `{mode: 'oracy' | 'ws', url, accounts: [{id, token}], messages, bytes}`.
// Prints one JSON line `{clients, sent, deliveries, expected, seconds,
// perSecond (deliveries/s), first, p50, p95, last (send-to-receive, ms), errors}`.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile } from './lib.mjs';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const options = JSON.parse(process.argv[2] ?? '{}');
const TIMEOUT_MS = 60000;

/** A message body of `bytes` characters that starts with `#seq@sentAt;`. */
function body(seq, bytes) {
  const head = `#${seq}@${performance.now().toFixed(3)};`;
  return head + 'x'.repeat(Math.max(0, bytes - head.length));
}

/** `{seq, sentAt}` of a body made by `body`, or null. */
function parse(text) {
  const match = /^#(\d+)@([\d.]+);/.exec(typeof text === 'string' ? text : '');
  return match ? { seq: Number(match[1]), sentAt: Number(match[2]) } : null;
}

const latencies = [];
const errors = [];
let firstSend = 0;
let lastDelivery = 0;
let resolveDone;
const done = new Promise((resolve) => {
  resolveDone = resolve;
});
const expected = options.messages * options.accounts.length;

/** Bodies of the warm-up burst start with this; their deliveries are counted, not timed. */
const WARM_MARK = 'warm';
let warmDeliveries = 0;
let onWarmDelivery = () => {};

function delivered(text) {
  if (typeof text === 'string' && text.startsWith(WARM_MARK)) return onWarmDelivery();
  const parsed = parse(text);
  if (!parsed) return;
  const now = performance.now();
  latencies.push(now - parsed.sentAt);
  lastDelivery = now;
  if (latencies.length >= expected) resolveDone();
}

async function connectOracy() {
  const { io } = createRequire(join(ROOT, 'api', 'package.json'))('socket.io-client');
  return Promise.all(
    options.accounts.map(
      (account) =>
        new Promise((resolve, reject) => {
          const socket = io(options.url, {
            transports: ['websocket'],
            reconnection: false,
            extraHeaders: { Cookie: `oracy_session=${account.token}` },
            auth: { userId: account.id, userRole: 1 },
            timeout: 30000,
          });
          socket.once('initialMessages', () => resolve(socket));
          socket.once('connect_error', (err) => reject(new Error(`connect_error: ${err.message}`)));
          socket.on('message', (message) => delivered(message?.content));
          socket.on('messageError', (text) => errors.push(String(text)));
        }),
    ),
  );
}

async function connectWs() {
  return Promise.all(
    options.accounts.map(
      () =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(options.url);
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
          socket.on('message', (data) => delivered(JSON.parse(String(data)).content));
        }),
    ),
  );
}

/** Sends `options.messages` messages of `options.bytes` through `socket`, all at once; `mark` starts each body. */
function sendBurst(socket, mark) {
  for (let seq = 0; seq < options.messages; seq++) {
    const content = mark + body(seq, options.bytes - mark.length);
    const message = { content, file: null, tempId: `bench-${process.pid}-${mark}${seq}-${Date.now()}` };
    if (options.mode === 'ws') socket.send(JSON.stringify(message));
    else socket.emit('message', message);
  }
}

const sockets = options.mode === 'ws' ? await connectWs() : await connectOracy();

// Warm-up, not measured (as the API rows have one): another admin sends one burst first, so the
// measured burst does not pay for compiling the code on its path (the per-admin limit is 20 per 10 s).
if (sockets.length > 1) {
  const expectedWarm = options.messages * sockets.length;
  const warmed = new Promise((resolve) => {
    const timer = setTimeout(resolve, TIMEOUT_MS);
    onWarmDelivery = () => {
      warmDeliveries += 1;
      if (warmDeliveries >= expectedWarm) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
  sendBurst(sockets[1], WARM_MARK);
  await warmed;
}

const sender = sockets[0];
firstSend = performance.now();
sendBurst(sender, '');
const timer = setTimeout(resolveDone, TIMEOUT_MS);
await done;
clearTimeout(timer);
for (const socket of sockets) options.mode === 'ws' ? socket.terminate() : socket.disconnect();

const seconds = (lastDelivery - firstSend) / 1000;
console.log(
  JSON.stringify({
    clients: sockets.length,
    sent: options.messages,
    deliveries: latencies.length,
    expected,
    seconds,
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    first: percentile(latencies, 0),
    last: percentile(latencies, 100),
    errors: [...new Set(errors)],
  }),
);
process.exit(0);
