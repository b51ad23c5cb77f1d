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

/**
 * A silent WAV of `seconds` (8 kHz, mono, 8-bit PCM: 8,000 bytes a second), whose header gives
 * its length: for recordings longer than a task allows.
 */
export function silentWav(seconds: number): Uint8Array {
  const dataBytes = Math.round(seconds * 8000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // samples a second
  header.writeUInt32LE(8000, 28); // bytes a second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits a sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return new Uint8Array(Buffer.concat([header, Buffer.alloc(dataBytes, 0x80)]));
}
