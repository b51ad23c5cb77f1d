import { afterAll, describe, expect, it } from 'vitest';
import { analyseDelivery } from './analysis/analyse.js';
import wavefile from 'wavefile';
import { decodeForAnalysis, DecodeError } from './analysis/decode.js';
import { audioFixture } from '../test/audio.js';
import { analyseInThread, decodeWavInThread, stopAnalysisThread } from './analysisThread.js';

/** 1.5 s of a 220 Hz tone, 0.8 s of silence and 1.5 s more, at 16 kHz. */
function toneGapTone(): Float32Array {
  const rate = 16_000;
  const samples = new Float32Array(Math.round(3.8 * rate));
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    if (t < 1.5 || t >= 2.3) samples[i] = 0.3 * Math.sin(2 * Math.PI * 220 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t));
  }
  return samples;
}

describe('the delivery analysis in a worker thread (docs/product.md#measured-by-the-server)', () => {
  afterAll(() => stopAnalysisThread());

  it('gives the same report as the analysis on this thread', async () => {
    const expected = analyseDelivery(toneGapTone(), 16_000);
    const report = await analyseInThread(toneGapTone(), 16_000);
    expect(report).toEqual(expected);
    expect(report.pauses.count).toBe(1);
  });

  it('takes a view into a larger buffer without moving the rest of it', async () => {
    const whole = toneGapTone();
    const view = whole.subarray(0, 16_000);
    const report = await analyseInThread(view, 16_000);
    expect(report.durationMs).toBe(1_000);
    expect(whole.length).toBeGreaterThan(16_000);
    expect(whole[100]).not.toBe(0);
  });

  it('decodes a WAV there as on this thread, and refuses compressed WAV encodings as a DecodeError', async () => {
    const bytes = audioFixture('speech.wav');
    const expected = await decodeForAnalysis(bytes, 'audio/wav');
    const decoded = await decodeWavInThread(bytes);
    expect(decoded.sampleRate).toBe(expected.sampleRate);
    expect(Array.from(decoded.samples)).toEqual(Array.from(expected.samples));
    expect(bytes.byteLength).toBeGreaterThan(0);

    const adpcm = new wavefile.WaveFile();
    adpcm.fromScratch(1, 8000, '16', new Array(8000).fill(0));
    adpcm.toIMAADPCM();
    const refused = await decodeWavInThread(adpcm.toBuffer()).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DecodeError);
    expect((refused as DecodeError).reason).toBe('unsupported');
  });

  it('passes on what the analysis throws', async () => {
    await expect(analyseInThread(new Float32Array(10), 1)).rejects.toThrow(/sample rate/i);
  });

  it('starts again after it was stopped', async () => {
    await stopAnalysisThread();
    expect((await analyseInThread(new Float32Array(16_000), 16_000)).speakingMs).toBe(0);
  });
});
