#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev
// server (port 5173, proxying the server routes to the API). Open the Vite URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, bin } from './lib.mjs';

const children = [
  spawn(bin('api', 'tsx'), ['watch', '--clear-screen=false', 'api/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ALLOWED_ORIGINS: 'http://localhost:5173,http://127.0.0.1:5173', ...process.env },
  }),
  spawn(bin('pwa', 'vite'), [], { cwd: join(ROOT, 'pwa'), stdio: 'inherit' }),
];
console.log('Dev servers starting: open the Vite URL (http://localhost:5173); the API listens on :3000.');

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
