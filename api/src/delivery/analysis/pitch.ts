import { PITCH_RANGE_HZ } from './report.js';
import { median, resample } from './signal.js';

/**
 * Fundamental frequency by YIN (A. de Cheveigné & H. Kawahara, "YIN, a fundamental frequency
 * estimator for speech and music", *J. Acoust. Soc. Am.* 111, 2002), steps 1–4: the difference
 * function, its cumulative-mean normalisation, the absolute threshold (else the global minimum)
 * and parabolic interpolation; then a running median over each voiced stretch (L. R. Rabiner,
 * M. R. Sambur & C. E. Schmidt, "Applications of a nonlinear smoothing algorithm to speech
 * processing", *IEEE Trans. ASSP* 23, 1975) against single-frame octave errors
 * (docs/product.md#how-delivery-is-measured).
 */

/** The rate YIN runs at, Hz: speech's fundamental lies far below 4 kHz, and half the rate is a quarter of the work. */
const PITCH_RATE = 8_000;
/** Zero crossings of the low-pass before YIN: a gentle filter is enough for a pitch estimate. */
const DECIMATOR_ZERO_CROSSINGS = 6;
/** YIN's integration window, s: one and a half periods of the lowest pitch searched. */
const WINDOW_S = 0.02;
/** YIN's absolute threshold (the paper's 0.1): the first dip of the normalised difference under it is the period. */
const YIN_THRESHOLD = 0.1;
/** Without such a dip the deepest one is taken, and the frame is voiced only when that dip is under this. */
const VOICING_THRESHOLD = 0.3;
/**
 * The looser dip under which a hop counts as voiced for syllable nuclei, without the run-length
 * filter: a rushed vowel lasts a few hops whose windows straddle consonants, and the pitch
 * track's stricter rules drop most of them (docs/product.md#how-delivery-is-measured).
 */
const NUCLEUS_VOICING_THRESHOLD = 0.55;
/** Voiced runs shorter than this many frames are dropped as spurious (30 ms). */
const MIN_VOICED_FRAMES = 3;
/** Frames of the running median over voiced stretches (50 ms). */
const MEDIAN_FRAMES = 5;

/** What {@link trackPitch} finds per hop. */
export interface PitchTrack {
  /** the fundamental in Hz (75–600), or 0 where unvoiced or not wanted; cleaned for pitch figures */
  f0: Float32Array;
  /** 1 where the hop is voiced by the looser test syllable nuclei use ({@link NUCLEUS_VOICING_THRESHOLD}) */
  voiced: Uint8Array;
}

/**
 * The pitch of every hop that `wanted` marks, by YIN on the signal low-passed and resampled to
 * 8 kHz. Only marked hops cost anything; a hop's window is centred on it.
 * @param samples mono samples, −1…1
 * @param sampleRate Hz
 * @param hop samples per hop at `sampleRate`
 * @param wanted per hop: 1 where a pitch is wanted (speech)
 */
export function trackPitch(samples: Float32Array, sampleRate: number, hop: number, wanted: Uint8Array): PitchTrack {
  const f0 = new Float32Array(wanted.length);
  const voiced = new Uint8Array(wanted.length);
  if (samples.length === 0 || wanted.indexOf(1) < 0) return { f0, voiced };
  const x = resample(samples, sampleRate, PITCH_RATE, DECIMATOR_ZERO_CROSSINGS);
  const tauMin = Math.max(2, Math.floor(PITCH_RATE / PITCH_RANGE_HZ.max));
  const tauMax = Math.ceil(PITCH_RATE / PITCH_RANGE_HZ.min);
  const window = Math.round(WINDOW_S * PITCH_RATE);
  const span = window + tauMax + 2;
  // Zero padding on both sides lets every window be read without bounds checks.
  const pad = span;
  const padded = new Float32Array(x.length + 2 * pad);
  padded.set(x, pad);
  const d = new Float64Array(tauMax + 2);
  const hopSeconds = hop / sampleRate;
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] !== 1) continue;
    const centre = (i + 0.5) * hopSeconds * PITCH_RATE;
    const start = pad + Math.round(centre - span / 2);
    const estimate = yinPeriod(padded, start, window, tauMin, tauMax, d);
    if (estimate === null) continue;
    const hz = PITCH_RATE / estimate.period;
    if (hz < PITCH_RANGE_HZ.min || hz > PITCH_RANGE_HZ.max) continue;
    voiced[i] = 1;
    if (estimate.aperiodicity < VOICING_THRESHOLD) f0[i] = hz;
  }
  dropShortVoicedRuns(f0);
  smoothVoicedRuns(f0);
  return { f0, voiced };
}

/**
 * YIN's period estimate for one window, in samples (fractional), with the normalised difference
 * at its dip (its aperiodicity, 0 for a perfectly periodic window), or null when that dip is not
 * under {@link NUCLEUS_VOICING_THRESHOLD}. The
 * difference d(τ) is computed as e(0) + e(τ) − 2·r(τ), the energies sliding along, so each lag
 * costs one dot product over the window. Lags are taken in order and the search stops at the
 * bottom of the first dip under the threshold, so a clearly voiced frame costs `window · period`.
 * @param x samples, readable from `start` to `start + window + tauMax + 2`
 * @param d scratch space of at least `tauMax + 2` numbers
 */
function yinPeriod(x: Float32Array, start: number, window: number, tauMin: number, tauMax: number, d: Float64Array): { period: number; aperiodicity: number } | null {
  let e0 = 0;
  for (let j = start; j < start + window; j++) e0 += x[j]! * x[j]!;
  if (e0 === 0) return null;
  let eTau = e0;
  let cumulative = 0;
  let found = -1;
  let deepest = -1;
  d[0] = 1;
  for (let tau = 1; tau <= tauMax + 1; tau++) {
    const leaving = x[start + tau - 1]!;
    const entering = x[start + tau + window - 1]!;
    eTau += entering * entering - leaving * leaving;
    let r = 0;
    for (let j = start, k = start + tau, end = start + window; j < end; j++, k++) r += x[j]! * x[k]!;
    const diff = Math.max(0, e0 + eTau - 2 * r);
    cumulative += diff;
    d[tau] = cumulative > 0 ? (diff * tau) / cumulative : 1;
    if (found < 0) {
      if (tau < tauMin || tau > tauMax) continue;
      if (d[tau]! < YIN_THRESHOLD) found = tau;
      else if (deepest < 0 || d[tau]! < d[deepest]!) deepest = tau;
      continue;
    }
    // Past the threshold: follow the dip down to its bottom, then stop.
    if (tau <= tauMax && d[tau]! < d[tau - 1]!) {
      found = tau;
      continue;
    }
    break;
  }
  if (found < 0) {
    if (deepest < 0 || d[deepest]! >= NUCLEUS_VOICING_THRESHOLD) return null;
    found = deepest;
  }
  const a = d[found - 1]!;
  const b = d[found]!;
  const c = d[found + 1]!;
  const denominator = a - 2 * b + c;
  const shift = denominator > 0 ? (0.5 * (a - c)) / denominator : 0;
  return { period: found + Math.max(-0.5, Math.min(0.5, shift)), aperiodicity: b };
}

/** Calls `each(start, end)` for every run of voiced (non-zero) frames. */
function forVoicedRuns(f0: Float32Array, each: (start: number, end: number) => void): void {
  let i = 0;
  while (i < f0.length) {
    if (f0[i] === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < f0.length && f0[j]! > 0) j++;
    each(i, j);
    i = j;
  }
}

/** Clears voiced runs shorter than {@link MIN_VOICED_FRAMES}. */
function dropShortVoicedRuns(f0: Float32Array): void {
  forVoicedRuns(f0, (start, end) => {
    if (end - start < MIN_VOICED_FRAMES) f0.fill(0, start, end);
  });
}

/** A running median of {@link MEDIAN_FRAMES} over each voiced run; near a run's ends the window stays inside the run. */
function smoothVoicedRuns(f0: Float32Array): void {
  const half = (MEDIAN_FRAMES - 1) / 2;
  forVoicedRuns(f0, (start, end) => {
    const run = f0.slice(start, end);
    const size = Math.min(MEDIAN_FRAMES, run.length);
    for (let i = 0; i < run.length; i++) {
      const from = Math.max(0, Math.min(i - half, run.length - size));
      f0[start + i] = median(run.subarray(from, from + size));
    }
  });
}
