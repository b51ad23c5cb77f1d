#!/usr/bin/env node
// The client side of the chat fan-out, on the load side's core:
// connects one socket per account (100 admins) to Oracy's discussion
// (Socket.IO) or to the plain `ws` baseline; then, `rounds` + 1 times,
// another of them — the sender — sends `messages` messages of `bytes` bytes
// at once, and every socket (the sender's too) times each delivery from its
// send. A round starts once the one before is fully delivered. The first
// round is a warm-up (as the API rows have one: the code on its path gets
// compiled) and is not reported; of the others the median round (by
// deliveries/s) is, as one burst lasts only tens of milliseconds and a
// shared machine's hiccup can double it.
// Argument: JSON `{mode: 'oracy' | 'ws', url, accounts: [{id, token}], messages, bytes, rounds (default 5)}`.
// Prints one JSON line: the median round's `{deliveries, seconds, perSecond
// (deliveries/s), first, p50, p95, last (send-to-receive, ms)}` with
// `{clients, sent, expected, rounds (each round's deliveries/s), errors}`.
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

const errors = [];
const expected = options.messages * options.accounts.length;
const rounds = Math.max(1, options.rounds ?? 5);

/** The round being measured: its latencies (ms), first send and last delivery (performance.now()). */
let round = null;

/** Starts a round: resolves with it once every delivery has come, or after TIMEOUT_MS. */
function startRound() {
  let resolve;
  const finished = new Promise((r) => {
    resolve = r;
  });
  round = { latencies: [], firstSend: performance.now(), lastDelivery: 0, resolve };
  const timer = setTimeout(() => resolve(round), TIMEOUT_MS);
  return finished.then((measured) => {
    clearTimeout(timer);
    return measured;
  });
}

/** The figures of one round. */
function summarize({ latencies, firstSend, lastDelivery }) {
  const seconds = (lastDelivery - firstSend) / 1000;
  return {
    deliveries: latencies.length,
    seconds,
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    first: percentile(latencies, 0),
    last: percentile(latencies, 100),
  };
}

function delivered(text) {
  const parsed = parse(text);
  if (!parsed || !round) return;
  const now = performance.now();
  round.latencies.push(now - parsed.sentAt);
  round.lastDelivery = now;
  if (round.latencies.length >= expected) round.resolve(round);
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

/** Sends `options.messages` messages of `options.bytes` through `socket`, all at once. */
function sendBurst(socket) {
  for (let seq = 0; seq < options.messages; seq++) {
    const message = { content: body(seq, options.bytes), file: null, tempId: `bench-${process.pid}-${seq}-${Date.now()}` };
    if (options.mode === 'ws') socket.send(JSON.stringify(message));
    else socket.emit('message', message);
  }
}

const sockets = options.mode === 'ws' ? await connectWs() : await connectOracy();

// Each round's sender is another admin (the per-admin limit is 20 messages per 10 s); round 0 warms up.
const measured = [];
for (let r = 0; r <= rounds; r++) {
  const finished = startRound();
  sendBurst(sockets[r % sockets.length]);
  const result = summarize(await finished);
  if (r > 0) measured.push(result);
  round = null;
}
for (const socket of sockets) {
  if (options.mode === 'ws') socket.terminate();
  else socket.disconnect();
}

const middle = [...measured].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(measured.length / 2)];
console.log(
  JSON.stringify({
    clients: sockets.length,
    sent: options.messages,
    expected,
    ...middle,
    rounds: measured.map((m) => Math.round(m.perSecond)),
    errors: [...new Set(errors)],
  }),
);
process.exit(0);
