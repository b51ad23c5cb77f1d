#!/usr/bin/env node
// Lighthouse mobile runs ("Front end"), on the load side's core:
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless,
// Lighthouse's default mobile settings (emulated phone, simulated slow 4G
// and 4× CPU slowdown), performance only, signed in through a Cookie header.
// Argument: JSON `{url, cookie, runs}`. Prints one JSON line with the median
// of the runs: `{score (0–100), lcp, tbt (ms), cls, runs: [...]}`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import lighthouse from 'lighthouse';
import { median } from './lib.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Starts a headless Chromium with a DevTools port; resolves `{port, stop}`. */
function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'oracy-bench-chromium-'));
  const child = spawn(
    chromium,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
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
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ port: Number(match[1]), stop });
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}`)));
  });
}

const runs = [];
for (let i = 0; i < options.runs; i++) {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(options.url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: options.cookie },
    });
    const { audits, categories } = result.lhr;
    // BENCH_LIGHTHOUSE_REPORT=path keeps the last full report, to see what the figures are made of.
    if (process.env.BENCH_LIGHTHOUSE_REPORT) writeFileSync(process.env.BENCH_LIGHTHOUSE_REPORT, JSON.stringify(result.lhr));
    runs.push({
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      bytes: audits['total-byte-weight'].numericValue,
      error: result.lhr.runtimeError?.message,
    });
  } finally {
    await browser.stop();
  }
}

const pick = (key) => median(runs.map((run) => run[key]));
console.log(JSON.stringify({ score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), fcp: pick('fcp'), bytes: pick('bytes'), runs }));
process.exit(0);
