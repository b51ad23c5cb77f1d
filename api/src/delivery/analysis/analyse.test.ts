import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeSpeech, speechToolsAvailable, type SpeechSpec } from '../../test/speech.js';
import { analyseDelivery, deliveryReportSchema, DELIVERY_VERSION, mixToMono, type DeliveryReport } from './index.js';

/** A take built from parts: tones (Hz, ms, amplitude, optional 4 Hz-style modulation or glide) and silences. */
type Part = { silenceMs: number } | { hz: number; ms: number; amplitude?: number; toHz?: number; modulationHz?: number };

/**
 * A voice-like tone: a fundamental and its first harmonics (falling 6 dB an octave), optionally
 * gliding to `toHz` (logarithmically) and amplitude-modulated at `modulationHz` (each cycle a
 * syllable-like swell). The tone starts and ends with 10 ms ramps.
 */
function synth(parts: Part[], sampleRate = 16_000): Float32Array {
  const total = parts.reduce((a, p) => a + Math.round((('silenceMs' in p ? p.silenceMs : p.ms) / 1000) * sampleRate), 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const part of parts) {
    if ('silenceMs' in part) {
      offset += Math.round((part.silenceMs / 1000) * sampleRate);
      continue;
    }
    const n = Math.round((part.ms / 1000) * sampleRate);
    const amplitude = part.amplitude ?? 0.3;
    const ramp = Math.round(0.01 * sampleRate);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const t = i / sampleRate;
      const hz = part.toHz ? part.hz * (part.toHz / part.hz) ** (i / n) : part.hz;
      phase += (2 * Math.PI * hz) / sampleRate;
      const voice = Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase);
      const swell = part.modulationHz ? 0.5 - 0.5 * Math.cos(2 * Math.PI * part.modulationHz * t) : 1;
      const edge = Math.min(1, i / ramp, (n - 1 - i) / ramp);
      out[offset + i] = (amplitude / 1.75) * voice * swell * edge;
    }
    offset += n;
  }
  return out;
}

/** The report without its level figures: what scaling a take must leave alone. */
function withoutLevels(report: DeliveryReport) {
  return { ...report, loudness: { ...report.loudness, speechDbfs: null, quiet: null }, timeline: { ...report.timeline, levelDbfs: null } };
}

const scaled = (samples: Float32Array, gain: number) => samples.map((x) => x * gain);

describe('analyseDelivery on synthetic signals', () => {
  it('finds the silences of at least 500 ms between tones as pauses, and no other', () => {
    const samples = synth([
      { silenceMs: 700 },
      { hz: 200, ms: 1000 },
      { silenceMs: 300 },
      { hz: 200, ms: 1000 },
      { silenceMs: 600 },
      { hz: 200, ms: 1000 },
      { silenceMs: 1500 },
      { hz: 200, ms: 800 },
      { silenceMs: 1000 },
    ]);
    const report = analyseDelivery(samples, 16_000);
    expect(deliveryReportSchema.parse(report)).toEqual(report);
    expect(report.version).toBe(DELIVERY_VERSION);
    expect(report.durationMs).toBe(7_900);
    expect(report.pauses.count).toBe(2);
    const [first, second] = report.pauses.list;
    expect(Math.abs(first!.startMs - 3_000)).toBeLessThanOrEqual(20);
    expect(Math.abs(first!.endMs - 3_600)).toBeLessThanOrEqual(20);
    expect(Math.abs(second!.startMs - 4_600)).toBeLessThanOrEqual(20);
    expect(Math.abs(second!.endMs - 6_100)).toBeLessThanOrEqual(20);
    expect(report.pauses.longestMs).toBe(second!.endMs - second!.startMs);
    expect(report.pauses.meanMs).toBe(Math.round((first!.endMs - first!.startMs + second!.endMs - second!.startMs) / 2));
    // First tone to last, less the two pauses: 6,200 − 2,100 ms.
    expect(Math.abs(report.speakingMs - 4_100)).toBeLessThanOrEqual(40);
  });

  it('measures a steady tone as flat at its pitch, with a timeline of 100 ms steps', () => {
    const report = analyseDelivery(synth([{ silenceMs: 500 }, { hz: 180, ms: 2000 }, { silenceMs: 500 }]), 16_000);
    expect(report.pitch.medianHz).toBeCloseTo(180, 0);
    expect(report.pitch.variationSemitones).toBeLessThan(0.1);
    expect(report.pitch.expression).toBe('flat');
    expect(report.timeline.stepMs).toBe(100);
    expect(report.timeline.levelDbfs).toHaveLength(30);
    expect(report.timeline.pitchHz).toHaveLength(30);
    expect(report.timeline.pitchHz[0]).toBeNull();
    expect(report.timeline.pitchHz[15]).toBeCloseTo(180, 0);
    expect(report.timeline.levelDbfs[0]).toBe(-100);
  });

  it('finds the pitch from 80 to 550 Hz at 8, 16 and 44.1 kHz', () => {
    for (const rate of [8_000, 16_000, 44_100]) {
      for (const hz of [80, 120, 250, 550]) {
        const report = analyseDelivery(synth([{ silenceMs: 500 }, { hz, ms: 1000 }, { silenceMs: 500 }], rate), rate);
        expect(Math.abs(report.pitch.medianHz! / hz - 1)).toBeLessThan(0.01);
      }
    }
  });

  it('measures a glide over an octave as lively: the spread of a uniform octave is 12/√12 ≈ 3.46 semitones', () => {
    const report = analyseDelivery(synth([{ silenceMs: 300 }, { hz: 110, toHz: 220, ms: 3000 }, { silenceMs: 300 }]), 16_000);
    expect(report.pitch.variationSemitones).toBeGreaterThan(3.2);
    expect(report.pitch.variationSemitones).toBeLessThan(3.7);
    expect(report.pitch.medianHz).toBeGreaterThan(150);
    expect(report.pitch.medianHz).toBeLessThan(161);
    expect(report.pitch.expression).toBe('lively');
  });

  it('counts one nucleus per swell of an amplitude-modulated tone', () => {
    for (const rate of [2, 3.5, 5]) {
      const report = analyseDelivery(synth([{ silenceMs: 400 }, { hz: 140, ms: 4000, modulationHz: rate }, { silenceMs: 400 }]), 16_000);
      expect(report.rate.syllables).toBeGreaterThanOrEqual(Math.round(4 * rate) - 1);
      expect(report.rate.syllables).toBeLessThanOrEqual(Math.round(4 * rate) + 1);
      expect(Math.abs(report.rate.syllablesPerSecond / rate - 1)).toBeLessThan(0.1);
    }
    const slow = analyseDelivery(synth([{ hz: 140, ms: 4000, modulationHz: 2 }]), 16_000);
    const fast = analyseDelivery(synth([{ hz: 140, ms: 4000, modulationHz: 6.5 }]), 16_000);
    expect(slow.rate.pace).toBe('slow');
    expect(fast.rate.pace).toBe('fast');
  });

  it('gives a valid report with no speech for silence, empty input and low steady noise', () => {
    let seed = 7;
    const noise = new Float32Array(32_000).map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.002);
    for (const samples of [new Float32Array(48_000), new Float32Array(0), noise]) {
      const report = analyseDelivery(samples, 16_000);
      expect(deliveryReportSchema.parse(report)).toEqual(report);
      expect(report.speakingMs).toBe(0);
      expect(report.pauses).toEqual({ count: 0, meanMs: 0, longestMs: 0, list: [] });
      expect(report.rate).toEqual({ syllables: 0, syllablesPerSecond: 0, pace: null });
      expect(report.pitch).toEqual({ medianHz: null, variationSemitones: null, expression: null });
      expect(report.loudness).toEqual({ speechDbfs: null, quiet: false, clipped: false });
    }
    expect(analyseDelivery(new Float32Array(0), 16_000).timeline).toEqual({ stepMs: 100, levelDbfs: [], pitchHz: [] });
  });

  it('finds a few words in a long, nearly silent take', () => {
    let seed = 11;
    const samples = synth([{ silenceMs: 30_000 }, { hz: 150, ms: 400 }, { silenceMs: 800 }, { hz: 150, ms: 300 }, { silenceMs: 28_000 }]);
    for (let i = 0; i < samples.length; i++) samples[i]! += ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.0005;
    const report = analyseDelivery(samples, 16_000);
    expect(report.pauses.count).toBe(1);
    expect(Math.abs(report.speakingMs - 700)).toBeLessThanOrEqual(30);
    expect(report.pitch.medianHz).toBeCloseTo(150, -1);
  });

  it('ignores a DC offset', () => {
    const samples = synth([{ silenceMs: 600 }, { hz: 200, ms: 800 }, { silenceMs: 700 }, { hz: 200, ms: 800 }, { silenceMs: 600 }]);
    const plain = analyseDelivery(samples, 16_000);
    const offset = analyseDelivery(
      samples.map((x) => x + 0.05),
      16_000,
    );
    expect(offset.pauses).toEqual(plain.pauses);
    expect(offset.pitch).toEqual(plain.pitch);
    expect(Math.abs(offset.loudness.speechDbfs! - plain.loudness.speechDbfs!)).toBeLessThanOrEqual(0.2);
  });

  it('survives non-finite and out-of-range samples', () => {
    const samples = synth([{ silenceMs: 300 }, { hz: 200, ms: 1000 }, { silenceMs: 300 }]);
    samples[100] = Number.NaN;
    samples[5_000] = Number.POSITIVE_INFINITY;
    samples[6_000] = Number.NEGATIVE_INFINITY;
    samples.fill(7, 8_000, 8_010);
    samples.fill(-3, 9_000, 9_010);
    const report = analyseDelivery(samples, 16_000);
    expect(deliveryReportSchema.parse(report)).toEqual(report);
    expect(report.pitch.medianHz).toBeCloseTo(200, -1);
  });

  it('flags a take whose peaks sit at full scale as clipped, and a loud clean one not', () => {
    const clean = synth([{ hz: 200, ms: 2000, amplitude: 0.95 }]);
    expect(analyseDelivery(clean, 16_000).loudness.clipped).toBe(false);
    const clipped = scaled(clean, 3).map((x) => Math.max(-1, Math.min(1, x)));
    expect(analyseDelivery(clipped, 16_000).loudness.clipped).toBe(true);
  });

  it('measures the level of speech frames as their RMS in dBFS', () => {
    // A sine of amplitude a has an RMS of a/√2: 0.5 → −9.03 dBFS.
    const tone = new Float32Array(32_000).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / 16_000));
    const samples = new Float32Array(48_000);
    samples.set(tone, 8_000);
    const report = analyseDelivery(samples, 16_000);
    expect(report.loudness.speechDbfs).toBeCloseTo(-9.0, 0);
    expect(report.loudness.quiet).toBe(false);
    expect(analyseDelivery(scaled(samples, 0.005), 16_000).loudness.quiet).toBe(true);
  });

  it('refuses a sample rate outside 4–384 kHz', () => {
    expect(() => analyseDelivery(new Float32Array(10), 0)).toThrow(RangeError);
    expect(() => analyseDelivery(new Float32Array(10), Number.NaN)).toThrow(RangeError);
    expect(() => analyseDelivery(new Float32Array(10), 1_000_000)).toThrow(RangeError);
  });

  it('always returns a report that passes the schema', () => {
    fc.assert(
      fc.property(fc.float32Array({ maxLength: 24_000 }), fc.constantFrom(8_000, 11_025, 16_000, 22_050, 44_100, 48_000), (samples, rate) => {
        const report = analyseDelivery(samples, rate);
        expect(deliveryReportSchema.safeParse(report).success).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});

describe('mixToMono', () => {
  it('averages the channels sample by sample, as long as the longest', () => {
    expect(Array.from(mixToMono([Float32Array.of(1, 0.5, 0), Float32Array.of(0, 0.5)]))).toEqual([0.5, 0.5, 0]);
    expect(mixToMono([])).toHaveLength(0);
    const one = Float32Array.of(0.25);
    expect(mixToMono([one])).not.toBe(one);
  });
});

describe.skipIf(!speechToolsAvailable())('analyseDelivery on speech with a known answer (espeak-ng, sox)', () => {
  const base: SpeechSpec = { phrases: [0, 3, 5, 7, 2, 9], gapsMs: [700, 300, 1200, 550, 2000], leadMs: 500, tailMs: 600 };

  it('finds the pauses within 150 ms and the syllable rate within 10 % at a slow and a brisk speed', () => {
    for (const wordsPerMinute of [120, 185]) {
      const take = makeSpeech({ ...base, wordsPerMinute, noiseDbfs: -65 });
      const report = analyseDelivery(take.samples, take.sampleRate);
      expect(report.pauses.count).toBe(take.truth.pauses.length);
      report.pauses.list.forEach((p, i) => {
        expect(Math.abs(p.startMs - take.truth.pauses[i]!.startMs)).toBeLessThanOrEqual(150);
        expect(Math.abs(p.endMs - take.truth.pauses[i]!.endMs)).toBeLessThanOrEqual(150);
      });
      expect(Math.abs(report.speakingMs / take.truth.speakingMs - 1)).toBeLessThan(0.05);
      expect(Math.abs(report.rate.syllablesPerSecond / take.truth.syllablesPerSecond - 1)).toBeLessThan(0.1);
      expect(Math.abs(report.loudness.speechDbfs! - take.truth.speechDbfs)).toBeLessThan(1);
    }
  });

  it('counts a rushed take (about 7.5 syllables a second) within 10 % and calls it fast, in a low and a high voice', () => {
    for (const pitch of [50, 90]) {
      const take = makeSpeech({ phrases: [0, 3, 5, 7, 2, 9, 1, 4, 11, 8], gapsMs: [700, 300, 1200, 550, 2000, 600, 900, 400, 1500], leadMs: 500, tailMs: 600, wordsPerMinute: 330, pitch });
      const report = analyseDelivery(take.samples, take.sampleRate);
      expect(take.truth.syllablesPerSecond).toBeGreaterThan(7);
      expect(Math.abs(report.rate.syllablesPerSecond / take.truth.syllablesPerSecond - 1)).toBeLessThan(0.1);
      expect(report.rate.pace).toBe('fast');
    }
  });

  it('hears a monotone voice as flat and a wide-ranging one as lively', () => {
    const flat = makeSpeech({ ...base, intonation: 'flat' });
    const lively = makeSpeech({ ...base, intonation: 'lively' });
    expect(analyseDelivery(flat.samples, flat.sampleRate).pitch.variationSemitones).toBeLessThan(0.8);
    expect(analyseDelivery(lively.samples, lively.sampleRate).pitch.variationSemitones).toBeGreaterThan(2);
  });

  it('lowers the speech level by 6.0 dB when the amplitude halves, and changes nothing else', () => {
    const take = makeSpeech(base);
    const full = analyseDelivery(take.samples, take.sampleRate);
    const half = analyseDelivery(scaled(take.samples, 0.5), take.sampleRate);
    // 20·log10(0.5) = −6.02 dB; each figure is rounded to 0.1 dB.
    expect(Math.abs(half.loudness.speechDbfs! - full.loudness.speechDbfs! + 6.02)).toBeLessThanOrEqual(0.1);
    expect(withoutLevels(half)).toEqual(withoutLevels(full));
  });

  it('agrees at 16 and 48 kHz', () => {
    const at16 = makeSpeech({ ...base, sampleRate: 16_000 });
    const at48 = makeSpeech({ ...base, sampleRate: 48_000 });
    const a = analyseDelivery(at16.samples, at16.sampleRate);
    const b = analyseDelivery(at48.samples, at48.sampleRate);
    expect(Math.abs(a.durationMs - b.durationMs)).toBeLessThanOrEqual(1);
    expect(b.pauses.count).toBe(a.pauses.count);
    b.pauses.list.forEach((p, i) => {
      expect(Math.abs(p.startMs - a.pauses.list[i]!.startMs)).toBeLessThanOrEqual(20);
      expect(Math.abs(p.endMs - a.pauses.list[i]!.endMs)).toBeLessThanOrEqual(20);
    });
    expect(Math.abs(b.rate.syllables - a.rate.syllables)).toBeLessThanOrEqual(2);
    expect(Math.abs(b.pitch.medianHz! / a.pitch.medianHz! - 1)).toBeLessThan(0.02);
    expect(Math.abs(b.pitch.variationSemitones! - a.pitch.variationSemitones!)).toBeLessThan(0.15);
    expect(Math.abs(b.loudness.speechDbfs! - a.loudness.speechDbfs!)).toBeLessThan(0.3);
  });

  it('flags a very quiet take as quiet and a clipped one as clipped, and a normal one as neither', () => {
    const normal = analyseDelivery(makeSpeech(base).samples, 16_000);
    expect(normal.loudness).toMatchObject({ quiet: false, clipped: false });
    const quiet = makeSpeech({ ...base, gainDb: -30, noiseDbfs: -90 });
    const quietReport = analyseDelivery(quiet.samples, quiet.sampleRate);
    expect(quietReport.loudness).toMatchObject({ quiet: true, clipped: false });
    expect(quietReport.pauses.count).toBe(quiet.truth.pauses.length);
    const clipped = makeSpeech({ ...base, gainDb: 24 });
    expect(clipped.truth.clippedShare).toBeGreaterThan(0.001);
    expect(analyseDelivery(clipped.samples, clipped.sampleRate).loudness).toMatchObject({ quiet: false, clipped: true });
  });
});
