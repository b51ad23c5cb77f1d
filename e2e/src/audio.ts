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

/** The phrases of {@link pausesWav}, in order. */
export const PAUSES_PHRASES = ['Hello everyone.', 'My name is Kit.', 'I love to sing.', 'Thank you.'] as const;
/** The silence between two phrases of {@link pausesWav}, s: clearly a pause (at least 0.5 s). */
export const PAUSES_GAP_SECONDS = 0.9;
/** The pauses {@link pausesWav} holds: one between each two phrases. */
export const PAUSES_COUNT = PAUSES_PHRASES.length - 1;

/**
 * Makes (once per folder) a WAV with a known number of pauses for delivery feedback
 * (docs/product.md#delivery-feedback): espeak-ng says each of {@link PAUSES_PHRASES}, sox trims
 * each phrase's own leading and trailing silence and joins them with {@link PAUSES_GAP_SECONDS} s
 * of silence, after 0.5 s of lead-in (the time a recorder takes to start) and with 1 s of
 * silence at the end: {@link PAUSES_COUNT} pauses. 48 kHz, mono, 16-bit PCM.
 * @returns the WAV's path
 */
export async function pausesWav(dir: string): Promise<string> {
  const wav = join(dir, 'fake-microphone-pauses.wav');
  if (existsSync(wav)) return wav;
  mkdirSync(dir, { recursive: true });
  const parts: string[] = [];
  const temp = (name: string) => join(dir, `.pauses-${process.pid}-${name}.wav`);
  try {
    const silence = async (name: string, seconds: number) => {
      const file = temp(name);
      await run('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', '-e', 'signed-integer', file, 'trim', '0', String(seconds)]);
      return file;
    };
    parts.push(await silence('lead', 0.5));
    for (const [index, phrase] of PAUSES_PHRASES.entries()) {
      const raw = temp(`raw-${index}`);
      const trimmed = temp(`phrase-${index}`);
      await run('espeak-ng', ['-v', 'en', '-s', '160', '-w', raw, phrase]);
      // Trim the phrase's own silence at both ends (sox silence, then the same on the reversed audio).
      await run('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', '-e', 'signed-integer', trimmed, 'silence', '1', '0.01', '0.5%', 'reverse', 'silence', '1', '0.01', '0.5%', 'reverse']);
      rmSync(raw, { force: true });
      parts.push(trimmed);
      if (index < PAUSES_PHRASES.length - 1) parts.push(await silence(`gap-${index}`, PAUSES_GAP_SECONDS));
    }
    parts.push(await silence('tail', 1));
    const joined = temp('joined');
    await run('sox', [...parts, joined]);
    renameSync(joined, wav);
  } finally {
    for (const part of parts) rmSync(part, { force: true });
  }
  return wav;
}
