// Chromium for the front-end rows of `npm run bench` (Lighthouse, slow 3G):
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless with
// a DevTools port, and a small DevTools-protocol client over `ws`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Starts a headless Chromium with a fresh profile (empty cache, no service worker) and a DevTools port.
 * @param {string[]} [args] extra command-line switches
 * @returns {Promise<{port: number, browserUrl: string, stop: () => Promise<void>}>} the port, the browser target's
 *   WebSocket URL, and `stop()`, which ends Chromium and removes the profile
 */
export function launchChromium(args = []) {
  const profile = mkdtempSync(join(tmpdir(), 'oracy-bench-chromium-'));
  const child = spawn(
    chromium,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...args, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    // Helper processes may still be writing to the profile for a moment.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // A leftover profile in the temporary folder is harmless.
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not open its DevTools port')), 30000);
    createInterface({ input: child.stderr }).on('line', (line) => {
      const match = /DevTools listening on (ws:\/\/[^:]+:(\d+)\/\S+)/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ port: Number(match[2]), browserUrl: match[1], stop });
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}`)));
  });
}

/**
 * A DevTools-protocol client on the browser target, flat sessions (`sessionId` on each message).
 * `send(method, params, sessionId?)` resolves the result or rejects with the protocol's error;
 * `onEvent(listener)` calls `listener({method, params, sessionId})` for every event.
 * @param {string} browserUrl the browser target's WebSocket URL (`launchChromium`)
 */
export async function connectCdp(browserUrl) {
  const socket = new WebSocket(browserUrl, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map();
  const listeners = new Set();
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
      return;
    }
    for (const listener of listeners) listener(message);
  });
  socket.on('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${waiting.method}: the DevTools connection closed`));
    pending.clear();
  });
  return {
    send(method, params = {}, sessionId) {
      const id = ++lastId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      socket.close();
    },
  };
}
