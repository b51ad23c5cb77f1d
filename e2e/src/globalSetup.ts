import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { pausesWav, speechWav } from './audio';

/**
 * Runs once in the runner, after Playwright emptied the output folder and
 * before any worker launches Chromium: makes the fake microphone's speech
 * there and hands its path to the workers through `E2E_FAKE_MIC_WAV` (read
 * by playwright.config.ts), and the take with known pauses of delivery
 * feedback's journey through `E2E_FAKE_MIC_PAUSES_WAV`. Without espeak-ng or sox only says so: Chromium's
 * fake microphone then plays its own beeps.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const outputDir = config.projects[0]?.outputDir ?? join(config.rootDir, 'test-results');
  try {
    process.env.E2E_FAKE_MIC_WAV = await speechWav(outputDir);
    process.env.E2E_FAKE_MIC_PAUSES_WAV = await pausesWav(outputDir);
  } catch (err) {
    console.warn(
      `No speech for the fake microphone (${(err as Error).message.split('\n')[0]}): it plays Chromium's beeps instead.\n` +
        'The audio tests need espeak-ng and sox (as root: apt-get install -y espeak-ng sox; `node scripts/setup.mjs --browser` does it).',
    );
  }
}
