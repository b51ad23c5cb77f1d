import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (Playwright cannot download its own browsers here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

/**
 * How the journeys launch Chromium: Debian's build, quiet, with a fake microphone (and camera)
 * that needs no permission prompt. The microphone plays `fakeMicWav` (looped, or once with
 * `%noloop` after the path) or, without one, Chromium's own beeps.
 */
export function chromiumLaunchOptions(fakeMicWav?: string): LaunchOptions {
  return {
    ...(CHROMIUM_PATH ? { executablePath: CHROMIUM_PATH } : {}),
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(fakeMicWav ? [`--use-file-for-fake-audio-capture=${fakeMicWav}`] : []),
    ],
  };
}
