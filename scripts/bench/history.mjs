#!/usr/bin/env node
// The chat history page's latency ("Growth"), on the load side's
// core: one admin socket asks for an older page of 50 messages
// (`loadMoreMessages {page}`) `samples` times, one at a time, and times
// each answer (`moreMessages`). 20 samples stay under the server's limit of
// 30 page requests per 10 s. Argument: JSON `{url, account: {id, token},
// page, samples}`. Prints `{p50, p95 (ms), samples, messages (per page)}`.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './lib.mjs';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const options = JSON.parse(process.argv[2] ?? '{}');
const { io } = createRequire(join(ROOT, 'api', 'package.json'))('socket.io-client');

const socket = io(options.url, {
  transports: ['websocket'],
  reconnection: false,
  extraHeaders: { Cookie: `oracy_session=${options.account.token}` },
  auth: { userId: options.account.id, userRole: 1 },
});
await new Promise((resolve, reject) => {
  socket.once('initialMessages', resolve);
  socket.once('connect_error', (err) => reject(new Error(`connect_error: ${err.message}`)));
});

const latencies = [];
let size = 0;
for (let i = 0; i < options.samples; i++) {
  const started = performance.now();
  const page = await new Promise((resolve, reject) => {
    socket.once('moreMessages', resolve);
    socket.once('loadError', (text) => reject(new Error(`loadError: ${text}`)));
    socket.emit('loadMoreMessages', { page: options.page });
  });
  latencies.push(performance.now() - started);
  size = page.messages.length;
  socket.removeAllListeners('loadError');
}
socket.disconnect();
console.log(JSON.stringify({ p50: percentile(latencies, 50), p95: percentile(latencies, 95), samples: latencies.length, messages: size }));
process.exit(0);
