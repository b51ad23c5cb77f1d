import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the fake microphone says: a known answer for tests that listen to a recording. */
export const SPEECH_TEXT = 'Good morning. Today I will explain why listening matters.';

/** The speech file's name in `dir`, and its format: 48 kHz, mono, 16-bit PCM WAV, exactly 3.0 s. */
export const SPEECH_WAV = 'fake-microphone-speech.wav';
export const SPEECH_SECONDS = 3;

/**
 * Makes (once per folder) the WAV that Chromium's fake microphone plays
 * (`--use-file-for-fake-audio-capture`, in e2e/playwright.config.ts): espeak-ng
 * says {@link SPEECH_TEXT}, and sox turns it into 48 kHz mono 16-bit, padded
 * with silence or cut to exactly {@link SPEECH_SECONDS} s. Needs Debian's
 * espeak-ng and sox (`node scripts/setup.mjs --browser` installs them as root).
 * @returns the WAV's path
 */
export async function speechWav(dir: string): Promise<string> {
  const wav = join(dir, SPEECH_WAV);
  if (existsSync(wav)) return wav;
  mkdirSync(dir, { recursive: true });
  const spoken = join(dir, `.speech-${process.pid}-espeak.wav`);
  const converted = join(dir, `.speech-${process.pid}-48k.wav`);
  try {
    // 200 words a minute fits the sentence (and espeak-ng's trailing pause) in about 3 s.
    await run('espeak-ng', ['-v', 'en', '-s', '200', '-w', spoken, SPEECH_TEXT]);
    await run('sox', [spoken, '-r', '48000', '-c', '1', '-b', '16', '-e', 'signed-integer', converted, 'pad', '0', String(SPEECH_SECONDS), 'trim', '0', String(SPEECH_SECONDS)]);
    // Whole or not at all: a browser may start reading it as soon as it exists.
    renameSync(converted, wav);
  } finally {
    rmSync(spoken, { force: true });
    rmSync(converted, { force: true });
  }
  return wav;
}
