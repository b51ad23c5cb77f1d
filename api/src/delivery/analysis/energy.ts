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

/** How far a frame must stand above the noise floor to count towards the peak, dB. */
const ACTIVE_ABOVE_FLOOR_DB = 6;
/** How far below the recording's peak (the 99th percentile of the frames above the floor) speech may be, dB. */
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
  const frame = Math.round((sampleRate * FRAME_MS) / 1000);
  const count = Math.ceil(samples.length / hop);
  const db = new Float64Array(count);
  const hopPower = new Float64Array(count);
  // Hop i covers samples [i·hop, (i+1)·hop); frame i is centred on it. Past the ends the signal counts as silence.
  const overhang = Math.floor((frame - hop) / 2);
  for (let i = 0; i < count; i++) {
    const end = Math.min(samples.length, (i + 1) * hop);
    let sum = 0;
    for (let k = i * hop; k < end; k++) sum += samples[k]! * samples[k]!;
    hopPower[i] = sum / Math.max(1, end - i * hop);
  }
  for (let i = 0; i < count; i++) {
    const start = i * hop - overhang;
    const end = Math.min(samples.length, start + frame);
    let sum = 0;
    for (let k = Math.max(0, start); k < end; k++) sum += samples[k]! * samples[k]!;
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
  /** the 99th percentile of the levels of frames above the floor, dBFS */
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
  // The peak among the frames that stand out of the floor, so that a few words in a long
  // silence still set it; a take where nothing stands out keeps the floor as its peak.
  const active = db.filter((level) => level > floor + ACTIVE_ABOVE_FLOOR_DB);
  const peak = active.length > 0 ? quantile(active, 0.99) : quantile(db, 0.99);
  if (peak < MIN_PEAK_DBFS || peak - floor < MIN_RANGE_DB) return { speech, thresholdDb: null, peakDb: peak };
  // Normally `BELOW_PEAK_DB` under the peak; in a noisy take, where that is too close to the
  // floor, `ABOVE_FLOOR_DB` over the floor but never past halfway between floor and peak.
  const threshold = peak - BELOW_PEAK_DB >= floor + ABOVE_FLOOR_DB ? peak - BELOW_PEAK_DB : Math.min(floor + ABOVE_FLOOR_DB, (floor + peak) / 2);
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

/** The stretches of speech, in order, at hop resolution: a run of speech hops from its first hop's start to its last hop's end. */
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
    spans.push({ startMs: i * HOP_MS, endMs: j * HOP_MS });
    i = j;
  }
  return spans;
}

/** The window that places a span's edges, ms. */
const EDGE_WINDOW_MS = 2;
/** How far from the hop boundary an edge is looked for, ms. */
const EDGE_REACH_MS = 15;

/**
 * Places each span's edges to the millisecond. A 20 ms frame counts as speech as soon as enough of
 * its window holds speech, so a run of speech hops overshoots the speech by up to a frame's half
 * on each side; near each edge, 2 ms windows stepped by 1 ms find the first and the last one
 * above the same threshold, and the edge goes to that window's centre.
 * @param samples the signal the levels came from
 * @param thresholdDb the level speech frames had to exceed, dBFS
 */
export function refineSpans(spans: Span[], samples: Float32Array, sampleRate: number, thresholdDb: number): Span[] {
  const perMs = sampleRate / 1000;
  const windowSamples = Math.round(EDGE_WINDOW_MS * perMs);
  const loud = (ms: number) => {
    const from = Math.max(0, Math.round(ms * perMs));
    const to = Math.min(samples.length, from + windowSamples);
    if (to <= from) return false;
    let sum = 0;
    for (let k = from; k < to; k++) sum += samples[k]! * samples[k]!;
    return powerToDbfs(sum / windowSamples) > thresholdDb;
  };
  const lastMs = (samples.length / sampleRate) * 1000 - EDGE_WINDOW_MS;
  return spans.map(({ startMs, endMs }) => {
    let start = startMs;
    for (let t = Math.max(0, startMs - EDGE_REACH_MS); t <= startMs + EDGE_REACH_MS; t++) {
      if (loud(t)) {
        start = t + EDGE_WINDOW_MS / 2;
        break;
      }
    }
    let end = endMs;
    for (let t = Math.min(lastMs, endMs + EDGE_REACH_MS - EDGE_WINDOW_MS); t >= endMs - EDGE_REACH_MS - EDGE_WINDOW_MS; t--) {
      if (loud(t)) {
        end = t + EDGE_WINDOW_MS / 2;
        break;
      }
    }
    return end > start ? { startMs: start, endMs: end } : { startMs, endMs };
  });
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
