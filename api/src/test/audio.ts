import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The audio fixtures of `api/src/test/audio/` (how each was made: its README). */
export type AudioFixture =
  | 'speech.webm'
  | 'speech.ogg'
  | 'speech.m4a'
  | 'speech.wav'
  | 'long.webm'
  | 'chromium.webm'
  | 'chromium-timeslice.webm'
  | 'disguised.webm';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'audio');

/** The bytes of an audio fixture. */
export function audioFixture(name: AudioFixture): Uint8Array {
  return new Uint8Array(readFileSync(join(DIR, name)));
}
