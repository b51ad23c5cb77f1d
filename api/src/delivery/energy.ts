import { FLOOR_DBFS, MIN_PAUSE_MS } from './report.js';
import { powerToDbfs, quantile } from './signal.js';

/**
 * Speech and pauses from frame energy (docs/product.md#how-delivery-is-measured): the classic
 * energy detector with a threshold set from the recording's own noise floor and peak, and a
 * hangover (L. R. Rabiner & M. R. Sambur, "An algorithm for determining the endpoints of
 * isolated utterances", *Bell System Technical Journal* 54, 1975; the hangover as in ITU-T G.729
 * Annex B's voice activity detector).
 */

/** Analysis frame, ms. */
export const FRAME_MS = 20;
/** Hop between frames, ms: frame `i` is centred on the hop from `i·10` to `i·10 + 10` ms and stands for it. */
export const HOP_MS = 10;

/** How far below the recording's peak (99th percentile of frame levels) speech may be, dB. */
const BELOW_PEAK_DB = 35;
/** How far above the recording's noise floor (10th percentile of frame levels) speech must be, dB. */
const ABOVE_FLOOR_DB = 10;
/** Peak-to-floor range under which a take holds no speech (steady noise or silence), dB. */
const MIN_RANGE_DB = 12;
/** A take whose peak frame is quieter than this holds no speech, dBFS (dither, hiss). */
const MIN_PEAK_DBFS = -80;
/** Dips in speech shorter than this stay speech (the hangover), ms. */
const HANGOVER_MS = 150;
/** Bursts shorter than this are not speech (clicks, taps), ms. */
const MIN_BURST_MS = 40;

/** Frame levels of a signal. */
export interface FrameLevels {
  /** samples per hop */
  hop: number;
  /** level of each frame (power over its {@link FRAME_MS}), dBFS, at least FLOOR_DBFS */
  db: Float64Array;
  /** power of each hop's own 10 ms (the middle of its frame), mean square */
  hopPower: Float64Array;
}

/**
 * Levels of 20 ms frames every 10 ms.
 * @param samples mono samples, −1…1
 * @param sampleRate Hz
 */
export function frameLevels(samples: Float32Array, sampleRate: number): FrameLevels {
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const frame = 2 * hop;
  const count = Math.ceil(samples.length / hop);
  const db = new Float64Array(count);
  const hopPower = new Float64Array(count);
  // The hop at index i covers samples [i·hop, (i+1)·hop); frame i covers it and half a hop each side.
  const hopSums = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const end = Math.min(samples.length, (i + 1) * hop);
    let sum = 0;
    for (let k = i * hop; k < end; k++) sum += samples[k]! * samples[k]!;
    hopSums[i] = sum;
    hopPower[i] = sum / Math.max(1, end - i * hop);
  }
  const halfHop = Math.floor(hop / 2);
  for (let i = 0; i < count; i++) {
    const start = Math.max(0, i * hop - halfHop);
    const end = Math.min(samples.length, start + frame);
    let sum = 0;
    for (let k = start; k < end; k++) sum += samples[k]! * samples[k]!;
    db[i] = powerToDbfs(sum / frame);
  }
  return { hop, db, hopPower };
}

/** Where speech is, and the thresholds it was found with. */
export interface SpeechMap {
  /** per hop: speech (1) or not (0) */
  speech: Uint8Array;
  /** the level frames had to exceed, dBFS (null when the take holds no speech) */
  thresholdDb: number | null;
  /** the 99th percentile of frame levels, dBFS */
  peakDb: number;
}

/**
 * Marks speech: frames above a threshold 35 dB under the take's peak, or 10 dB over its noise
 * floor when that is higher (but never past halfway between the two), bursts under 40 ms
 * dropped, dips under 150 ms bridged. All of it is relative to the take's own levels, so
 * scaling a take changes nothing but its levels.
 */
export function findSpeech(levels: FrameLevels): SpeechMap {
  const { db } = levels;
  const speech = new Uint8Array(db.length);
  if (db.length === 0) return { speech, thresholdDb: null, peakDb: FLOOR_DBFS };
  const floor = quantile(db, 0.1);
  const peak = quantile(db, 0.99);
  if (peak < MIN_PEAK_DBFS || peak - floor < MIN_RANGE_DB) return { speech, thresholdDb: null, peakDb: peak };
  // Normally `BELOW_PEAK_DB` under the peak; in a noisy take, where that is too close to the
  // floor, `ABOVE_FLOOR_DB` over the floor but never past halfway between floor and peak.
  const threshold =
    peak - BELOW_PEAK_DB >= floor + ABOVE_FLOOR_DB ? peak - BELOW_PEAK_DB : Math.min(floor + ABOVE_FLOOR_DB, (floor + peak) / 2);
  for (let i = 0; i < db.length; i++) speech[i] = db[i]! > threshold ? 1 : 0;
  dropShortRuns(speech, 1, Math.round(MIN_BURST_MS / HOP_MS));
  bridgeShortGaps(speech, Math.round(HANGOVER_MS / HOP_MS));
  return { speech, thresholdDb: threshold, peakDb: peak };
}

/** Sets runs of `value` shorter than `minLength` to the other value. */
function dropShortRuns(flags: Uint8Array, value: 0 | 1, minLength: number): void {
  let i = 0;
  while (i < flags.length) {
    if (flags[i] !== value) {
      i++;
      continue;
    }
    let j = i;
    while (j < flags.length && flags[j] === value) j++;
    if (j - i < minLength) flags.fill(value === 1 ? 0 : 1, i, j);
    i = j;
  }
}

/** Fills non-speech runs shorter than `maxLength` that have speech on both sides. */
function bridgeShortGaps(flags: Uint8Array, maxLength: number): void {
  let i = flags.indexOf(1);
  if (i < 0) return;
  while (i < flags.length) {
    if (flags[i] === 1) {
      i++;
      continue;
    }
    let j = i;
    while (j < flags.length && flags[j] === 0) j++;
    if (j < flags.length && j - i < maxLength) flags.fill(1, i, j);
    i = j;
  }
}

/** A stretch of time, ms from the start of the take. */
export interface Span {
  startMs: number;
  endMs: number;
}

/**
 * The stretches of speech, in order. A 20 ms frame counts as speech as soon as enough of its
 * window holds speech, so a run of speech hops reaches about half a hop past the speech on each
 * side: a run's edges are put at the centres of its first and last frames.
 */
export function speechSpans(speech: Uint8Array): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < speech.length) {
    if (speech[i] !== 1) {
      i++;
      continue;
    }
    let j = i;
    while (j < speech.length && speech[j] === 1) j++;
    spans.push({ startMs: i * HOP_MS + HOP_MS / 2, endMs: j * HOP_MS - HOP_MS / 2 });
    i = j;
  }
  return spans;
}

/**
 * Pauses: the silences between stretches of speech that last at least {@link MIN_PAUSE_MS};
 * silence before the first and after the last speech is no pause
 * (docs/product.md#delivery-feedback).
 */
export function findPauses(spans: Span[]): Span[] {
  const pauses: Span[] = [];
  for (let r = 1; r < spans.length; r++) {
    const startMs = spans[r - 1]!.endMs;
    const endMs = spans[r]!.startMs;
    if (endMs - startMs >= MIN_PAUSE_MS) pauses.push({ startMs, endMs });
  }
  return pauses;
}
