import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixture, silentWav, wavBytes } from '../../test/audio.js';
import { floatWav } from '../../test/speech.js';
import { analyseDelivery } from './analyse.js';
import { decodeForAnalysis, DecodeError, ffmpegAvailable } from './decode.js';

/** A 220 Hz tone of `seconds` at `rate`, amplitude 0.5, in `channels` channels (the second at half amplitude). */
function tone(seconds: number, rate: number, channels = 1): Float32Array[] {
  return Array.from({ length: channels }, (_, c) => new Float32Array(Math.round(seconds * rate)).map((_, i) => (c === 0 ? 0.5 : 0.25) * Math.sin((2 * Math.PI * 220 * i) / rate)));
}

const RECORDINGS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'assets', 'recordings');

const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);

async function failure(promise: Promise<unknown>): Promise<DecodeError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DecodeError);
  return err as DecodeError;
}

describe('decodeForAnalysis: WAV, without ffmpeg', () => {
  it('reads 16-, 24- and 32-bit integer PCM at its own rate, channels mixed to mono', async () => {
    for (const bits of ['16', '24', '32'] as const) {
      const decoded = await decodeForAnalysis(wavBytes(tone(1, 44_100, 2), 44_100, bits), 'audio/wav', { ffmpegPath: '/nonexistent/ffmpeg' });
      expect(decoded.sampleRate).toBe(44_100);
      expect(decoded.samples).toHaveLength(44_100);
      // The mean of 0.5 and 0.25 of the same sine: amplitude 0.375, RMS 0.375/√2.
      expect(rms(decoded.samples)).toBeCloseTo(0.375 / Math.SQRT2, 3);
    }
  });

  it('reads 32-bit float PCM and 8-bit unsigned PCM', async () => {
    const [mono] = tone(0.5, 22_050);
    const float = await decodeForAnalysis(floatWav(mono!, 22_050), 'audio/wav');
    expect(float.sampleRate).toBe(22_050);
    expect(Array.from(float.samples.subarray(0, 50))).toEqual(Array.from(mono!.subarray(0, 50)));
    const eightBit = await decodeForAnalysis(audioFixture('speech.wav'), 'audio/wav');
    expect(eightBit).toMatchObject({ sampleRate: 8_000 });
    expect(eightBit.samples).toHaveLength(16_000);
    expect(Math.max(...eightBit.samples.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(analyseDelivery(eightBit.samples, eightBit.sampleRate).speakingMs).toBeGreaterThan(500);
  });

  it('answers corrupt for bytes that are no WAV or a header without samples, too-long past 310 s', async () => {
    expect((await failure(decodeForAnalysis(new Uint8Array([1, 2, 3, 4]), 'audio/wav'))).reason).toBe('corrupt');
    expect((await failure(decodeForAnalysis(audioFixture('speech.webm'), 'audio/wav'))).reason).toBe('corrupt');
    expect((await failure(decodeForAnalysis(silentWav(1).subarray(0, 44), 'audio/wav'))).reason).toBe('corrupt');
    expect((await failure(decodeForAnalysis(silentWav(311), 'audio/wav'))).reason).toBe('too-long');
  });

  it('drops a partial sample frame at the end of a cut file', async () => {
    const wav = wavBytes(tone(0.1, 16_000, 2), 16_000, '24');
    const decoded = await decodeForAnalysis(wav.subarray(0, wav.length - 4), 'audio/wav');
    expect(decoded.samples).toHaveLength(1_599);
  });

  it('answers unsupported for a type it does not decode, and for a WAV slower than 4 kHz', async () => {
    expect((await failure(decodeForAnalysis(wavBytes(tone(0.5, 2_000), 2_000, '16'), 'audio/wav'))).reason).toBe('unsupported');
    expect((await failure(decodeForAnalysis(new Uint8Array(10), 'audio/mpeg'))).reason).toBe('unsupported');
    expect((await failure(decodeForAnalysis(new Uint8Array(10), 'image/png'))).reason).toBe('unsupported');
  });
});

describe('decodeForAnalysis: ffmpeg', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'oracy-decode-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers ffmpeg-missing when the program cannot be started', async () => {
    const err = await failure(decodeForAnalysis(audioFixture('speech.webm'), 'audio/webm', { ffmpegPath: join(dir, 'no-such-ffmpeg') }));
    expect(err.reason).toBe('ffmpeg-missing');
    expect(await ffmpegAvailable(join(dir, 'no-such-ffmpeg'))).toBe(false);
  });

  it('kills an ffmpeg that takes too long and answers timeout', async () => {
    const slow = join(dir, 'slow-ffmpeg');
    writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(slow, 0o755);
    const err = await failure(decodeForAnalysis(audioFixture('speech.webm'), 'audio/webm', { ffmpegPath: slow, timeoutMs: 200 }));
    expect(err.reason).toBe('timeout');
  });

  describe.skipIf(spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0)('with a real ffmpeg', () => {
    /** A 2 s take of tone, 0.5 s of silence and tone again, as a 48 kHz WAV in `dir`. */
    function sourceWav(): string {
      const file = join(dir, 'source.wav');
      const [a] = tone(1, 48_000);
      const take = new Float32Array(2.5 * 48_000);
      take.set(a!, 0);
      take.set(a!.subarray(0, 24_000), 72_000);
      writeFileSync(file, floatWav(take, 48_000));
      return file;
    }
    function encode(args: string[], ext: string): Uint8Array {
      const out = join(dir, `take.${ext}`);
      const r = spawnSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', sourceWav(), ...args, out]);
      expect(r.status).toBe(0);
      return new Uint8Array(readFileSync(out));
    }

    it('is available', async () => {
      expect(await ffmpegAvailable()).toBe(true);
    });

    it('decodes WebM/Opus, Ogg/Opus and MP4/AAC to 16 kHz mono', async () => {
      const takes: [Uint8Array, string][] = [
        [encode(['-c:a', 'libopus', '-b:a', '32k'], 'webm'), 'audio/webm'],
        [encode(['-c:a', 'libopus', '-b:a', '32k'], 'ogg'), 'audio/ogg'],
        [encode(['-c:a', 'aac', '-b:a', '64k'], 'm4a'), 'audio/mp4'],
        [encode(['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'], 'mp4'), 'audio/mp4'],
      ];
      for (const [bytes, type] of takes) {
        const decoded = await decodeForAnalysis(bytes, type);
        expect(decoded.sampleRate).toBe(16_000);
        expect(Math.abs(decoded.samples.length - 40_000)).toBeLessThan(1_600);
        const report = analyseDelivery(decoded.samples, decoded.sampleRate);
        expect(report.pitch.medianHz).toBeCloseTo(220, -1);
        expect(report.loudness.speechDbfs).toBeCloseTo(-9, 0);
      }
    });

    it('decodes the committed fixtures and demo recordings', async () => {
      for (const [name, type] of [
        ['speech.webm', 'audio/webm'],
        ['speech.ogg', 'audio/ogg'],
        ['speech.m4a', 'audio/mp4'],
        ['chromium-timeslice.webm', 'audio/webm'],
      ] as const) {
        const decoded = await decodeForAnalysis(audioFixture(name), type);
        expect(decoded.samples.length).toBeGreaterThan(16_000);
        expect(analyseDelivery(decoded.samples, decoded.sampleRate).speakingMs).toBeGreaterThan(300);
      }
      for (const [name, type] of [
        ['answer-1.webm', 'audio/webm'],
        ['answer-2.ogg', 'audio/ogg'],
        ['answer-3.m4a', 'audio/mp4'],
      ] as const) {
        const bytes = new Uint8Array(readFileSync(join(RECORDINGS, name)));
        const decoded = await decodeForAnalysis(bytes, type);
        const report = analyseDelivery(decoded.samples, decoded.sampleRate);
        expect(report.speakingMs).toBeGreaterThan(1_000);
        expect(report.rate.syllables).toBeGreaterThan(3);
      }
    });

    it('answers corrupt, with ffmpeg’s first error line, for a truncated WebM and for bytes of another format', async () => {
      const truncated = await failure(decodeForAnalysis(audioFixture('speech.webm').subarray(0, 200), 'audio/webm'));
      expect(truncated.reason).toBe('corrupt');
      expect(truncated.message).toMatch(/ffmpeg could not decode the recording: .+/);
      expect((await failure(decodeForAnalysis(audioFixture('disguised.webm'), 'audio/webm'))).reason).toBe('corrupt');
      expect((await failure(decodeForAnalysis(audioFixture('speech.webm'), 'audio/mp4'))).reason).toBe('corrupt');
    });

    it('stops reading past 310 s and answers too-long', async () => {
      const long = join(dir, 'long.webm');
      const r = spawnSync('ffmpeg', [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=16000:cl=mono',
        '-t',
        '311',
        '-c:a',
        'libopus',
        '-b:a',
        '8k',
        long,
      ]);
      expect(r.status).toBe(0);
      expect((await failure(decodeForAnalysis(new Uint8Array(readFileSync(long)), 'audio/webm'))).reason).toBe('too-long');
    });
  });
});
