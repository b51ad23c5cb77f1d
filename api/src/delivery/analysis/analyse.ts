import { findPauses, findSpeech, frameLevels, refineSpans, speechSpans } from './energy.js';
import { trackPitch } from './pitch.js';
import { ANALYSIS_SAMPLE_RATE, CLIP_RUN, CLIPPED_SHARE, DELIVERY_VERSION, expressionBand, paceBand, QUIET_BELOW_DBFS, TIMELINE_STEP_MS, type DeliveryReport } from './report.js';
import { median, powerToDbfs, removeDc, resample, round, sanitise } from './signal.js';
import { findNuclei } from './syllables.js';

/** The longest stretch measured, s: a longer take is measured over its first 310 s (the longest task and some slack). */
const MAX_SECONDS = 310;
/** The sample rates accepted, Hz. */
const RATE_RANGE = { min: 4_000, max: 384_000 } as const;
/** A sample at least this far from zero is at full scale (within 0.1 dB of it, which 8-bit and lossy audio reach too). */
const FULL_SCALE = 0.99;
/** Fewer voiced hops than this (200 ms) give no pitch figures. */
const MIN_VOICED_HOPS = 20;

/**
 * Measures a take's delivery (docs/product.md#delivery-feedback; the methods:
 * docs/product.md#how-delivery-is-measured): speech and pauses from frame energy, syllable nuclei
 * for pace, YIN for pitch, the speech's RMS level and clipping, and a timeline of 100 ms steps.
 * Any sample rate is brought to {@link ANALYSIS_SAMPLE_RATE} first, so the same audio at 16 and
 * 48 kHz gives (almost) the same report; non-finite samples count as 0 and samples beyond ±1 as
 * full scale. Pure: no DOM and no Node APIs, for the phone's Web Worker and the server alike.
 * @param samples mono samples, −1…1 (mix channels first: {@link mixToMono}); only the first
 *   310 s are measured
 * @param sampleRate Hz, 4,000–384,000
 * @returns a report that passes `deliveryReportSchema` (silence and empty input included)
 * @throws RangeError when `sampleRate` is out of that range or not a number
 */
export function analyseDelivery(samples: Float32Array, sampleRate: number): DeliveryReport {
  if (!Number.isFinite(sampleRate) || sampleRate < RATE_RANGE.min || sampleRate > RATE_RANGE.max) {
    throw new RangeError(`analyseDelivery: sample rate ${sampleRate} Hz is outside ${RATE_RANGE.min}–${RATE_RANGE.max} Hz`);
  }
  const input = sanitise(samples.subarray(0, Math.floor(MAX_SECONDS * sampleRate)));
  const clipped = isClipped(input);
  const rate = ANALYSIS_SAMPLE_RATE;
  // `resample` hands back its input at 16 kHz; `input` is this function's own copy either way.
  const x = resample(input, sampleRate, rate);
  removeDc(x, rate);
  const durationMs = Math.min(MAX_SECONDS * 1000, Math.round((input.length / sampleRate) * 1000));

  const levels = frameLevels(x, rate);
  const { speech, thresholdDb } = findSpeech(levels);
  const spans = thresholdDb === null ? [] : refineSpans(speechSpans(speech), x, rate, thresholdDb);
  const pauses = findPauses(spans);
  const { f0, voiced } = trackPitch(x, rate, levels.hop, speech);
  const nuclei = findNuclei(levels.hopPower, speech, voiced);

  const toMs = (ms: number) => Math.min(durationMs, Math.round(ms));
  const pauseList = pauses.map((p) => ({ startMs: toMs(p.startMs), endMs: toMs(p.endMs) }));
  const pauseLengths = pauseList.map((p) => p.endMs - p.startMs);
  const pausedMs = pauseLengths.reduce((a, b) => a + b, 0);
  // Speaking time runs from the first speech to the last, less the pauses: short gaps between words are speech.
  const speakingMs = spans.length === 0 ? 0 : Math.max(0, toMs(spans.at(-1)!.endMs) - toMs(spans[0]!.startMs) - pausedMs);
  const syllablesPerSecond = speakingMs > 0 ? Math.min(50, round(nuclei.length / (speakingMs / 1000), 2)) : 0;

  // Bands are judged on the rounded figures, so a report never contradicts itself.
  const variation = pitchVariation(f0);
  const semitones = variation && round(variation.semitones, 2);
  const level = speechLevel(levels.hopPower, speech);
  const speechDbfs = level === null ? null : round(level, 1);
  return {
    version: DELIVERY_VERSION,
    durationMs,
    speakingMs,
    pauses: {
      count: pauseList.length,
      meanMs: pauseList.length === 0 ? 0 : Math.round(pausedMs / pauseList.length),
      longestMs: pauseLengths.length === 0 ? 0 : Math.max(...pauseLengths),
      list: pauseList,
    },
    rate: {
      syllables: speakingMs > 0 ? nuclei.length : 0,
      syllablesPerSecond,
      pace: paceBand(syllablesPerSecond, speakingMs),
    },
    pitch: {
      medianHz: variation && round(variation.medianHz, 1),
      variationSemitones: semitones,
      expression: expressionBand(semitones),
    },
    loudness: {
      speechDbfs,
      quiet: speechDbfs !== null && speechDbfs < QUIET_BELOW_DBFS,
      clipped,
    },
    timeline: timeline(x, rate, levels.hop, f0),
  };
}

/**
 * True when more than {@link CLIPPED_SHARE} of the samples sit at full scale in runs of at least
 * {@link CLIP_RUN} of the same sign (docs/product.md#delivery-feedback). Judged on the samples as
 * given, before any resampling smooths the flat tops away.
 */
function isClipped(x: Float32Array): boolean {
  if (x.length === 0) return false;
  let count = 0;
  let run = 0;
  let sign = 0;
  const close = () => {
    if (run >= CLIP_RUN) count += run;
  };
  for (let i = 0; i < x.length; i++) {
    const s = x[i]! >= FULL_SCALE ? 1 : x[i]! <= -FULL_SCALE ? -1 : 0;
    if (s !== 0 && s === sign) {
      run++;
      continue;
    }
    close();
    run = s === 0 ? 0 : 1;
    sign = s;
  }
  close();
  return count > CLIPPED_SHARE * x.length;
}

/** The speech's level: the RMS over the samples of speech hops, dBFS, or null without speech. */
function speechLevel(hopPower: Float64Array, speech: Uint8Array): number | null {
  let sum = 0;
  let hops = 0;
  for (let i = 0; i < speech.length; i++) {
    if (speech[i] !== 1) continue;
    sum += hopPower[i]!;
    hops++;
  }
  return hops === 0 ? null : powerToDbfs(sum / hops);
}

/**
 * The median pitch and the standard deviation of the voiced hops in semitones relative to it,
 * or null with fewer than {@link MIN_VOICED_HOPS} voiced hops.
 */
function pitchVariation(f0: Float32Array): { medianHz: number; semitones: number } | null {
  const voiced = Array.from(f0).filter((hz) => hz > 0);
  if (voiced.length < MIN_VOICED_HOPS) return null;
  const medianHz = median(voiced);
  const st = voiced.map((hz) => 12 * Math.log2(hz / medianHz));
  const mean = st.reduce((a, b) => a + b, 0) / st.length;
  const variance = st.reduce((a, b) => a + (b - mean) ** 2, 0) / st.length;
  return { medianHz, semitones: Math.sqrt(variance) };
}

/**
 * "Delivery over time": for each 100 ms step, the level of all its samples (dBFS, one decimal)
 * and the median pitch of its voiced hops (Hz, one decimal, or null).
 */
function timeline(x: Float32Array, rate: number, hop: number, f0: Float32Array): DeliveryReport['timeline'] {
  const step = Math.round((rate * TIMELINE_STEP_MS) / 1000);
  const points = Math.ceil(x.length / step);
  const hopsPerStep = Math.round(step / hop);
  const levelDbfs: number[] = [];
  const pitchHz: (number | null)[] = [];
  for (let s = 0; s < points; s++) {
    const end = Math.min(x.length, (s + 1) * step);
    let sum = 0;
    for (let k = s * step; k < end; k++) sum += x[k]! * x[k]!;
    levelDbfs.push(round(powerToDbfs(sum / (end - s * step)), 1));
    const voiced: number[] = [];
    for (let h = s * hopsPerStep; h < Math.min(f0.length, (s + 1) * hopsPerStep); h++) if (f0[h]! > 0) voiced.push(f0[h]!);
    pitchHz.push(voiced.length === 0 ? null : round(median(voiced), 1));
  }
  return { stepMs: TIMELINE_STEP_MS, levelDbfs, pitchHz };
}
