import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import wavefile from 'wavefile';
import { audioFixture, silentWav, wavBytes } from '../test/audio.js';
import { measureRecordingLength } from './audioLength.js';

/** A recording's length measured from its own audio (docs/product.md#speaking-practice). */

const dir = mkdtempSync(join(tmpdir(), 'oracy-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
const file = (bytes: Uint8Array) => {
  const path = join(dir, `take-${count++}`);
  writeFileSync(path, bytes);
  return path;
};
const measure = (bytes: Uint8Array, type: string, maxMs = 60_000, ffmpegPath?: string) => measureRecordingLength(file(bytes), type, { maxMs, ffmpegPath });

describe('measureRecordingLength', () => {
  it('reads a WAV’s length from its format and the bytes after its data header, for each accepted encoding', async () => {
    expect(await measure(silentWav(2), 'audio/wav')).toEqual({ kind: 'measured', durationMs: 2000 });
    for (const bits of ['16', '24', '32', '32f'] as const) {
      expect(await measure(wavBytes([new Float32Array(16_000), new Float32Array(16_000)], 16_000, bits), 'audio/wav')).toEqual({ kind: 'measured', durationMs: 1000 });
    }
    const double = new wavefile.WaveFile();
    double.fromScratch(1, 8000, '64', new Array(4000).fill(0));
    expect(await measure(double.toBuffer(), 'audio/wav')).toEqual({ kind: 'measured', durationMs: 500 });
  });

  it('refuses other WAV encodings and rates, naming them', async () => {
    const muLaw = new wavefile.WaveFile();
    muLaw.fromScratch(1, 8000, '16', new Array(8000).fill(0));
    muLaw.toMuLaw();
    expect(await measure(muLaw.toBuffer(), 'audio/wav')).toEqual({
      kind: 'unsupported',
      message: 'WAV recordings in µ-law cannot be sent: use PCM (8, 16, 24 or 32 bits) or IEEE float (32 or 64 bits).',
    });
    expect(await measure(wavBytes([new Float32Array(100)], 2000, '16'), 'audio/wav')).toMatchObject({ kind: 'unsupported', message: expect.stringContaining('2000 Hz') });
  });

  it('stops at the limit, and calls a WAV without format or data unreadable', async () => {
    expect(await measure(silentWav(61), 'audio/wav')).toEqual({ kind: 'too-long' });
    expect(await measure(silentWav(1).subarray(0, 30), 'audio/wav')).toEqual({ kind: 'unreadable' });
    expect(await measure(new TextEncoder().encode('RIFF....WAVEdata'), 'audio/wav')).toEqual({ kind: 'unreadable' });
  });

  it('decodes WebM, Ogg and MP4 with ffmpeg, stopping past the limit', async () => {
    expect(await measure(audioFixture('speech.webm'), 'audio/webm')).toEqual({ kind: 'measured', durationMs: 2000 });
    expect(await measure(audioFixture('speech.ogg'), 'audio/ogg')).toEqual({ kind: 'measured', durationMs: 2000 });
    expect(await measure(audioFixture('speech.m4a'), 'audio/mp4')).toMatchObject({ kind: 'measured' });
    expect(await measure(audioFixture('long.webm'), 'audio/webm', 5000)).toEqual({ kind: 'too-long' });
    expect(await measure(audioFixture('disguised.webm'), 'audio/webm')).toEqual({ kind: 'unreadable' });
  });

  it('is unavailable for WebM, Ogg and MP4 without ffmpeg (WAV needs none)', async () => {
    expect(await measure(audioFixture('speech.webm'), 'audio/webm', 60_000, join(dir, 'no-ffmpeg'))).toEqual({ kind: 'unavailable' });
    expect(await measure(silentWav(1), 'audio/wav', 60_000, join(dir, 'no-ffmpeg'))).toEqual({ kind: 'measured', durationMs: 1000 });
  });
});
