import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wavefile from 'wavefile';

/** The audio fixtures of `api/src/test/audio/` (how each was made: its README). */
export type AudioFixture = 'speech.webm' | 'speech.ogg' | 'speech.m4a' | 'speech.wav' | 'long.webm' | 'chromium.webm' | 'chromium-timeslice.webm' | 'disguised.webm';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'audio');

/** The bytes of an audio fixture. */
export function audioFixture(name: AudioFixture): Uint8Array {
  return new Uint8Array(readFileSync(join(DIR, name)));
}

/** The sample formats {@link wavBytes} writes: integer PCM of 8, 16, 24 or 32 bits, or 32-bit float. */
export type WavBits = '8' | '16' | '24' | '32' | '32f';

/**
 * A WAV file of `channels` (one Float32Array of −1…1 per channel, of equal length) at `sampleRate`
 * Hz, written by the `wavefile` library: integer formats scale ±1 to their full range.
 * @returns the file's bytes
 */
export function wavBytes(channels: readonly Float32Array[], sampleRate: number, bits: WavBits): Uint8Array {
  const full = bits === '32f' ? 1 : bits === '8' ? 127 : 2 ** (Number(bits) - 1) - 1;
  const scaled = channels.map((channel) => Array.from(channel, (v) => (bits === '32f' ? v : Math.round(v * full) + (bits === '8' ? 128 : 0))));
  const wav = new wavefile.WaveFile();
  wav.fromScratch(channels.length, sampleRate, bits, channels.length === 1 ? scaled[0]! : scaled);
  return wav.toBuffer();
}

/**
 * A silent WAV of `seconds` (8 kHz, mono, 8-bit PCM: 8,000 bytes a second), whose header gives
 * its length: for recordings longer than a task allows.
 */
export function silentWav(seconds: number): Uint8Array {
  return wavBytes([new Float32Array(Math.round(seconds * 8000))], 8000, '8');
}
