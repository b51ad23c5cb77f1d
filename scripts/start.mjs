#!/usr/bin/env node
// `npm start`: runs the one Node process that serves the API, the sign-in
// pages, /uploads and the built PWA on one origin (docs/architecture.md#one-origin).
import { ROOT, bin, runForeground } from './lib.mjs';

process.exit(await runForeground(bin('api', 'tsx'), ['api/src/server.ts'], { cwd: ROOT }));
