#!/usr/bin/env node
// Lighthouse mobile runs ("Front end"), on the load side's core:
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless,
// Lighthouse's default mobile settings (emulated phone, simulated slow 4G
// and 4× CPU slowdown, storage cleared before each run), performance only,
// on each role's home, signed in through a Cookie header; a fresh Chromium
// for every run.
// Argument: JSON `{homes: [{role, url, cookie}], runs}`. Prints one JSON line:
// `{homes: [{role, url, score (0–100), lcp, tbt (ms), cls, fcp (ms), bytes, runs: [...]}]}`,
// each figure the median of the runs.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { launchChromium } from './chromium.mjs';
import { median } from './lib.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');

/** One Lighthouse run of `url` signed in with `cookie`: the figures the table shows. */
async function measure(url, cookie) {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
    });
    const { audits, categories } = result.lhr;
    // BENCH_LIGHTHOUSE_REPORT=path keeps the last full report, to see what the figures are made of.
    if (process.env.BENCH_LIGHTHOUSE_REPORT) writeFileSync(process.env.BENCH_LIGHTHOUSE_REPORT, JSON.stringify(result.lhr));
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      bytes: audits['total-byte-weight'].numericValue,
      error: result.lhr.runtimeError?.message,
    };
  } finally {
    await browser.stop();
  }
}

const homes = [];
for (const { role, url, cookie } of options.homes) {
  const runs = [];
  for (let i = 0; i < options.runs; i++) runs.push(await measure(url, cookie));
  const pick = (key) => median(runs.map((run) => run[key]));
  homes.push({ role, url, score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), fcp: pick('fcp'), bytes: pick('bytes'), runs });
}
console.log(JSON.stringify({ homes }));
process.exit(0);
