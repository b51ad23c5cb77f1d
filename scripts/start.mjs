#!/usr/bin/env node
// `npm start`: runs the one Node process that serves the API, the sign-in
// pages, /uploads and the built PWA on one origin (docs/architecture.md#one-origin),
// from the compiled API in api/dist (docs/architecture.md#production-build): plain
// `node`, no TypeScript loader; source maps make stack traces name the .ts lines.
import { join } from 'node:path';
import { ROOT, runForeground } from './lib.mjs';

process.exit(await runForeground(process.execPath, ['--enable-source-maps', join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT }));
