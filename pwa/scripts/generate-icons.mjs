#!/usr/bin/env node
/**
 * Generates the app icons of the web app manifest  from ONE source image, `src/platform/assets/logo-mark.svg`, into
 * `public/icons/`:
 *
 * - `icon-192.png`, `icon-512.png` — purpose "any": the mark at 80 % on white;
 * - `maskable-512.png` — purpose "maskable": the mark inside the central
 *   safe zone (a circle of 80 % of the size), on a full-bleed white square;
 * - `apple-touch-icon.png` — 180 px for iOS's "Add to Home Screen".
 *
 * The PNGs are committed, so building needs nothing extra. Re-run after
 * changing the logo: `node pwa/scripts/generate-icons.mjs`. It rasterises with
 * a headless Chromium (the one the end-to-end tests drive: `CHROMIUM_PATH`,
 * default `/usr/bin/chromium`) instead of adding an image library.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PWA = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(PWA, 'src', 'assets', 'logo-mark.svg');
const OUT = join(PWA, 'public', 'icons');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BACKGROUND = '#ffffff';

/** [file name, canvas size in px, share of the canvas the mark takes] */
const ICONS = [
  ['icon-192.png', 192, 0.8],
  ['icon-512.png', 512, 0.8],
  // The maskable safe zone is a circle of 40 % radius: the square mark fits in it at ≤ 56 %.
  ['maskable-512.png', 512, 0.56],
  ['apple-touch-icon.png', 180, 0.72],
];

const svg = readFileSync(SOURCE, 'utf8');
const work = mkdtempSync(join(tmpdir(), 'oracy-icons-'));
mkdirSync(OUT, { recursive: true });
try {
  for (const [name, size, share] of ICONS) {
    const mark = Math.round(size * share);
    const page = join(work, `${name}.html`);
    writeFileSync(
      page,
      `<!doctype html><html><body style="margin:0;background:${BACKGROUND}">` +
        `<div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center">` +
        `<img alt="" style="width:${mark}px;height:${mark}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` +
        `</div></body></html>`,
    );
    const target = join(OUT, name);
    const args = ['--headless', '--disable-gpu', '--hide-scrollbars', `--window-size=${size},${size}`, `--screenshot=${target}`, `file://${page}`];
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    execFileSync(CHROMIUM, args, { stdio: 'ignore' });
    console.log(`wrote ${target}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
