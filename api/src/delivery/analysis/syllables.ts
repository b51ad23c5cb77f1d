import { powerToDbfs, quantile } from './signal.js';

/**
 * Syllable nuclei after N. H. de Jong & T. Wempe, "Praat script to detect syllable nuclei and
 * measure speech rate automatically", *Behavior Research Methods* 41, 2009
 * (docs/product.md#how-delivery-is-measured): peaks of a smoothed intensity contour that stand
 * above a threshold, are separated from their neighbours by a dip of at least 2 dB, and are voiced.
 */

/** Peaks more than this far below the contour's 99th percentile are not nuclei (de Jong & Wempe's silence threshold), dB. */
const SILENCE_DB = 25;
/** The dip two neighbouring nuclei need between them (de Jong & Wempe's minimum dip), dB. */
const MIN_DIP_DB = 2;
/**
 * Weights of the smoothing over hops (±3 hops of 10 ms, roughly Gaussian): together with the
 * 10 ms hops this is about the 64 ms window Praat's intensity uses for a 50 Hz minimum pitch,
 * as in de Jong & Wempe's script.
 */
const SMOOTHING = [0.05, 0.12, 0.2, 0.26, 0.2, 0.12, 0.05];

/**
 * The hops that hold a syllable nucleus.
 * @param hopPower power of each 10 ms hop, mean square
 * @param speech per hop: 1 where speech was found
 * @param voiced per hop: 1 where voiced by the nuclei's loose test (a nucleus needs two of its three hops voiced)
 * @returns indices of the hops with a nucleus, in order
 */
export function findNuclei(hopPower: Float64Array, speech: Uint8Array, voiced: Uint8Array): number[] {
  const n = hopPower.length;
  if (n === 0) return [];
  const contour = new Float64Array(n);
  const half = (SMOOTHING.length - 1) / 2;
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let weight = 0;
    for (let k = -half; k <= half; k++) {
      const j = i + k;
      if (j < 0 || j >= n) continue;
      sum += SMOOTHING[k + half]! * hopPower[j]!;
      weight += SMOOTHING[k + half]!;
    }
    contour[i] = powerToDbfs(sum / weight);
  }
  const threshold = quantile(contour, 0.99) - SILENCE_DB;
  const kept: number[] = [];
  for (let i = 1; i < n - 1; i++) {
    const isPeak = contour[i]! > contour[i - 1]! && contour[i]! >= contour[i + 1]!;
    if (!isPeak || contour[i]! < threshold || speech[i] !== 1) continue;
    const last = kept.at(-1);
    if (last === undefined) {
      kept.push(i);
      continue;
    }
    let dip = Infinity;
    for (let k = last; k <= i; k++) dip = Math.min(dip, contour[k]!);
    // Neighbours without a dip of MIN_DIP_DB under the lower of the two are one nucleus: keep the louder.
    if (Math.min(contour[last]!, contour[i]!) - dip < MIN_DIP_DB) {
      if (contour[i]! > contour[last]!) kept[kept.length - 1] = i;
      continue;
    }
    kept.push(i);
  }
  return kept.filter((i) => (voiced[i - 1] ?? 0) + voiced[i]! + (voiced[i + 1] ?? 0) >= 2);
}
