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

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

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
  webServer: {
    // The compiled API, as `npm start` runs it (`node scripts/setup.mjs --build` makes api/dist).
    command: `"${process.execPath}" --enable-source-maps api/dist/server.js`,
    cwd: ROOT,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: '1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The journeys register a few hundred students from one address in well under an hour.
      REGISTRATIONS_PER_IP_HOUR: '10000',
      // No journey reads a transcript yet: keep the speech-recognition worker (about 290 MB) out of the runs.
      TRANSCRIBE: 'off',
      // PWA_DIST passes through from the environment (a private build for parallel runs).
    },
  },
});
