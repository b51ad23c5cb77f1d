import { FLOOR_DBFS } from './report.js';

/**
 * Small signal helpers of the delivery analysis (docs/product.md#how-delivery-is-measured):
 * cleaning input, mixing, resampling, decibels. Pure TypeScript, no DOM and no Node APIs.
 */

/**
 * Mixes channels to one by averaging them sample by sample; the result is as long as the
 * longest channel (a shorter channel counts as silence past its end).
 * @param channels one array of samples (−1…1) per channel; none gives an empty array
 * @returns mono samples, −1…1 when the inputs are
 */
export function mixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return Float32Array.from(channels[0]!);
  const length = Math.max(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) out[i]! += channel[i]!;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) out[i]! *= scale;
  return out;
}

/**
 * A copy of `samples` that is safe to measure: non-finite samples become 0 and samples beyond
 * full scale are held at ±1 (what a converter would have recorded).
 */
export function sanitise(samples: Float32Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    out[i] = Number.isFinite(x) ? (x > 1 ? 1 : x < -1 ? -1 : x) : 0;
  }
  return out;
}

/**
 * Mean power as a level, dBFS (10·log10 of the mean square; a full-scale sine is −3.0 dBFS),
 * from {@link FLOOR_DBFS} to 0.
 */
export function powerToDbfs(meanSquare: number): number {
  if (!(meanSquare > 0)) return FLOOR_DBFS;
  return Math.min(0, Math.max(FLOOR_DBFS, 10 * Math.log10(meanSquare)));
}

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The `q`-quantile (0…1) of `values` by the nearest rank; NaN for none. Does not change `values`. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[rank]!;
}

/** Rounds to `digits` decimals. */
export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The corner of the DC blocker, Hz: far under the lowest voice (75 Hz). */
const DC_BLOCK_HZ = 20;

/**
 * Removes a DC offset in place with a one-pole DC blocker, y[n] = x[n] − x[n−1] + R·y[n−1]
 * (J. O. Smith, *Introduction to Digital Filters*, "DC Blocker"), its corner at 20 Hz. An offset
 * from a cheap converter would otherwise raise every frame's level, silence included.
 */
export function removeDc(samples: Float32Array, sampleRate: number): void {
  const r = 1 - (2 * Math.PI * DC_BLOCK_HZ) / sampleRate;
  let previousIn = samples[0] ?? 0;
  let previousOut = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    previousOut = x - previousIn + r * previousOut;
    previousIn = x;
    samples[i] = previousOut;
  }
}

/** Zero crossings of the resampler's windowed sinc on each side of its centre, by default. */
const RESAMPLE_ZERO_CROSSINGS = 12;
/** Phases of the resampler's kernel table per input sample. */
const RESAMPLE_PHASES = 256;
/** The resampler's pass band, as a share of the lower of the two Nyquist frequencies. */
const RESAMPLE_PASS = 0.9;

/**
 * Resamples by band-limited interpolation (J. O. Smith, "Digital Audio Resampling Home Page",
 * CCRMA, Stanford): each output sample is a windowed-sinc (Blackman) weighted sum of the input
 * around its position, the sinc's cut-off at 90 % of the lower Nyquist frequency, so going down
 * in rate it is also the anti-aliasing low-pass. The kernel is tabulated at 1/256 of an input
 * sample and every phase is normalised to a gain of exactly 1, so levels survive unchanged.
 * @param samples input samples
 * @param fromRate input rate, Hz
 * @param toRate output rate, Hz
 * @param zeroCrossings the sinc's zero crossings on each side: more is a steeper filter and more work
 * @returns `floor(samples.length · toRate / fromRate)` samples at `toRate`
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number, zeroCrossings = RESAMPLE_ZERO_CROSSINGS): Float32Array {
  if (fromRate === toRate) return samples;
  const step = fromRate / toRate; // input samples per output sample
  const outLength = Math.floor((samples.length * toRate) / fromRate);
  const out = new Float32Array(outLength);
  // Cut-off in cycles per input sample.
  const cutoff = (RESAMPLE_PASS * 0.5 * Math.min(fromRate, toRate)) / fromRate;
  const half = Math.ceil(zeroCrossings / (2 * cutoff)); // taps on each side, input samples
  const taps = 2 * half;
  const table = new Float32Array((RESAMPLE_PHASES + 1) * taps);
  for (let p = 0; p <= RESAMPLE_PHASES; p++) {
    const frac = p / RESAMPLE_PHASES;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      const x = j - (half - 1) - frac; // distance of tap j from the output position, input samples
      const w = Math.abs(x) >= half ? 0 : 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
      const arg = 2 * cutoff * x;
      const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      const h = sinc * w;
      table[p * taps + j] = h;
      sum += h;
    }
    for (let j = 0; j < taps; j++) table[p * taps + j]! /= sum;
  }
  const n = samples.length;
  for (let i = 0; i < outLength; i++) {
    const t = i * step;
    let k0 = Math.floor(t);
    let phase = Math.round((t - k0) * RESAMPLE_PHASES);
    if (phase === RESAMPLE_PHASES) {
      phase = 0;
      k0 += 1;
    }
    const first = k0 - (half - 1);
    const row = phase * taps;
    let acc = 0;
    if (first >= 0 && first + taps <= n) {
      for (let j = 0; j < taps; j++) acc += samples[first + j]! * table[row + j]!;
    } else {
      for (let j = 0; j < taps; j++) {
        const k = first + j;
        if (k >= 0 && k < n) acc += samples[k]! * table[row + j]!;
      }
    }
    out[i] = acc;
  }
  return out;
}
