import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './src/browser';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The config is evaluated in the runner and again in every worker: pick the
// port and the fresh data folder once and hand them down through the env.
process.env.E2E_PORT ??= execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], {
  encoding: 'utf8',
}).trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'oracy-e2e-'));
process.env.E2E_TRANSCRIBE_PORT ??= execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], {
  encoding: 'utf8',
}).trim();
process.env.E2E_TRANSCRIBE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'oracy-e2e-transcribe-'));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
/** The second server's address, the only one that transcribes (e2e/specs/transcripts.e2e-spec.ts). */
process.env.E2E_TRANSCRIBE_URL = `http://localhost:${process.env.E2E_TRANSCRIBE_PORT}`;

/** What both servers share: the compiled API as `npm start` runs it (`node scripts/setup.mjs --build` makes api/dist), the demo data. */
const server = {
  command: `"${process.execPath}" --enable-source-maps api/dist/server.js`,
  cwd: ROOT,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};
const serverEnv = {
  SEED_DEMO: '1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // The journeys register a few hundred students from one address in well under an hour.
  REGISTRATIONS_PER_IP_HOUR: '10000',
  // PWA_DIST passes through from the environment (a private build for parallel runs).
};

// The fake microphone plays the speech src/globalSetup.ts made (e2e/src/audio.ts), or beeps without it.
const launchOptions = chromiumLaunchOptions(process.env.E2E_FAKE_MIC_WAV);

/**
 * The real stack (API + embedded database + built PWA) on a free port with a
 * fresh data folder and the demo data, driven in a phone and a tablet
 * viewport (docs/architecture.md#stack-and-layout).
 */
/** Journeys that must not run beside others. */
const ALONE = /languages\.e2e-spec\.ts$/;

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.e2e-spec.ts',
  outputDir: 'test-results',
  globalSetup: './src/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'phone',
      testIgnore: ALONE,
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'tablet',
      testIgnore: ALONE,
      use: { browserName: 'chromium', viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
    {
      // journeys that change what every user sees (the school's language): after all others, alone.
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['phone', 'tablet'],
      use: { browserName: 'chromium', viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
    // `npm run screenshots` (docs/contributing.md#screenshots): every screen in light and dark at both sizes, not part of `npm test`.
    ...(process.env.E2E_SCREENSHOTS ? [{ name: 'screenshots', testMatch: /\.shots\.ts$/, timeout: 600_000, use: { browserName: 'chromium' as const } }] : []),
  ],
  webServer: [
    {
      ...server,
      url: `${baseURL}/api/health`,
      env: {
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Keep the speech-recognition worker (about 290 MB) out of every journey but the transcript's.
        TRANSCRIBE: 'off',
      },
    },
    {
      // The transcript's journey only (e2e/specs/transcripts.e2e-spec.ts): its own data; the worker
      // starts on the first take it is given and stops when idle, so other runs never start it.
      ...server,
      url: `${process.env.E2E_TRANSCRIBE_URL}/api/health`,
      env: {
        ...serverEnv,
        PORT: String(process.env.E2E_TRANSCRIBE_PORT),
        DATA_DIR: process.env.E2E_TRANSCRIBE_DATA_DIR,
        TRANSCRIBE: 'on',
      },
    },
  ],
});
