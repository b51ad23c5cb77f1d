import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_PAUSE_MS } from '../delivery/analysis/report.js';
import { wavBytes } from './audio.js';
import { mulberry32 } from './random.js';

/**
 * Speech with a known answer, for the delivery analysis's tests and benchmark
 * (docs/product.md#how-delivery-is-measured): phrases spoken by espeak-ng, trimmed of their own
 * leading and trailing silence with sox, and joined by silences of chosen lengths. The truth —
 * where the pauses are, how many syllables were said, the speaking time and the speech's RMS —
 * follows from the construction. Needs `espeak-ng` and `sox` on PATH (Debian's packages);
 * phrases are cached in the temporary folder, keyed by everything that shapes them.
 */

/** A phrase and its syllables, counted by hand. */
export interface Phrase {
  text: string;
  syllables: number;
}

/**
 * Phrases of plain, unambiguous syllables (no commas, so espeak-ng adds no pause inside them).
 * Counted by hand; each count is the dictionary's syllables of each word, added up.
 */
export const PHRASES: readonly Phrase[] = [
  { text: 'Good morning my name is Sam', syllables: 7 }, // good mor-ning my name is Sam
  { text: 'I want to talk about the best book I read', syllables: 11 }, // I want to talk a-bout the best book I read
  { text: 'She lives in a small town by the sea', syllables: 9 }, // she lives in a small town by the sea
  { text: 'Her best friend is a clever black cat', syllables: 9 }, // her best friend is a cle-ver black cat
  { text: 'Each morning they walk to the market', syllables: 9 }, // each mor-ning they walk to the mar-ket
  { text: 'Then something strange happens', syllables: 6 }, // then some-thing strange hap-pens
  { text: 'The cat starts to talk', syllables: 5 }, // the cat starts to talk
  { text: 'I liked this book because it made me laugh', syllables: 10 }, // I liked this book be-cause it made me laugh
  { text: 'Thank you for your time', syllables: 5 }, // thank you for your time
  { text: 'We should all read more books', syllables: 6 }, // we should all read more books
  { text: 'Reading helps us think', syllables: 5 }, // read-ing helps us think
  { text: 'My teacher gave me this book last spring', syllables: 9 }, // my tea-cher gave me this book last spring
];

/** How the voice's pitch moves: espeak-ng's own intonation, none at all, or a wide range. */
export type Intonation = 'normal' | 'flat' | 'lively';

/** What to say and how. */
export interface SpeechSpec {
  /** indices into {@link PHRASES} */
  phrases: number[];
  /** the silence after each phrase but the last, ms (one fewer than `phrases`) */
  gapsMs: number[];
  /** silence before the first phrase, ms (default 300) */
  leadMs?: number;
  /** silence after the last phrase, ms (default 300) */
  tailMs?: number;
  /** espeak-ng's speed, words a minute (default 175) */
  wordsPerMinute?: number;
  /** espeak-ng's pitch, 0–99 (default 50) */
  pitch?: number;
  /** default 'normal' */
  intonation?: Intonation;
  /** sample rate of the result, Hz (default 16,000) */
  sampleRate?: number;
  /** gain applied to the speech, dB (default 0: espeak-ng's own level, about −17 dBFS) */
  gainDb?: number;
  /** white noise added over the whole take, dBFS RMS (default none) */
  noiseDbfs?: number;
}

/** The answer the analysis should find. */
export interface SpeechTruth {
  durationMs: number;
  /** the joining silences that are pauses (at least 500 ms), ms from the start */
  pauses: { startMs: number; endMs: number }[];
  /** every joining silence, pause or not */
  gaps: { startMs: number; endMs: number }[];
  syllables: number;
  /** the phrases' total length and the gaps that are no pauses, ms */
  speakingMs: number;
  syllablesPerSecond: number;
  /** RMS of the phrases' samples (after gain and clipping, before noise), dBFS */
  speechDbfs: number;
  /** share of samples held at ±1 by the gain */
  clippedShare: number;
}

/** A generated take. */
export interface SpeechTake {
  samples: Float32Array;
  sampleRate: number;
  truth: SpeechTruth;
}

const CACHE = join(tmpdir(), 'oracy-speech-cache');

/** True when espeak-ng and sox can be run. */
export function speechToolsAvailable(): boolean {
  return ['espeak-ng', 'sox'].every((cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0);
}

/** Runs a command, throwing with its error output when it fails. */
function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
}

/**
 * The SSML around a phrase for each intonation (espeak-ng reads it with `-m`): `range="0"` gives
 * a monotone voice; `lively` takes espeak-ng's widest range (`x-high`) and, on every other phrase,
 * raises the voice by 60 % (about 6 semitones), so the take's spread is wide by construction.
 */
function ssml(text: string, intonation: Intonation, n: number): string {
  if (intonation === 'flat') return `<speak><prosody range="0">${text}</prosody></speak>`;
  if (intonation === 'lively') return `<speak><prosody range="x-high" pitch="${n % 2 === 0 ? '+0%' : '+60%'}">${text}</prosody></speak>`;
  return `<speak>${text}</speak>`;
}

/** One phrase at `sampleRate`, trimmed: cached mono float samples. */
function phraseSamples(markup: string, spec: Required<Pick<SpeechSpec, 'wordsPerMinute' | 'pitch' | 'sampleRate'>>): Float32Array {
  mkdirSync(CACHE, { recursive: true });
  const key = createHash('sha256')
    .update(JSON.stringify({ markup, ...spec, v: 1 }))
    .digest('hex')
    .slice(0, 20);
  const raw = join(CACHE, `${key}.f32`);
  if (!existsSync(raw)) {
    const work = join(CACHE, `${key}-${process.pid}`);
    mkdirSync(work, { recursive: true });
    try {
      const spoken = join(work, 'spoken.wav');
      run('espeak-ng', ['-m', '-v', 'en', '-s', String(spec.wordsPerMinute), '-p', String(spec.pitch), '-w', spoken, markup]);
      // Trim the leading and trailing silence (under −60 dBFS), then convert to 32-bit float mono.
      const out = join(work, 'out.f32');
      run('sox', [spoken, '-t', 'f32', '-c', '1', '-r', String(spec.sampleRate), out, 'silence', '1', '0.005', '0.1%', 'reverse', 'silence', '1', '0.005', '0.1%', 'reverse']);
      renameSync(out, raw);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const bytes = readFileSync(raw);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A deterministic pseudo-random generator (mulberry32), −1…1. */
function noise(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() * 2 - 1;
}

/**
 * Makes a take: the phrases, each followed by its gap, with silence before and after, and
 * its truth.
 * @throws when espeak-ng or sox fails
 */
export function makeSpeech(spec: SpeechSpec): SpeechTake {
  if (spec.gapsMs.length !== spec.phrases.length - 1) throw new Error('makeSpeech: one gap fewer than phrases');
  const sampleRate = spec.sampleRate ?? 16_000;
  const voice = { wordsPerMinute: spec.wordsPerMinute ?? 175, pitch: spec.pitch ?? 50, sampleRate };
  const intonation = spec.intonation ?? 'normal';
  const gain = 10 ** ((spec.gainDb ?? 0) / 20);
  const toSamples = (ms: number) => Math.round((ms / 1000) * sampleRate);
  const parts: Float32Array[] = [];
  const gaps: { startMs: number; endMs: number }[] = [];
  let length = toSamples(spec.leadMs ?? 300);
  parts.push(new Float32Array(length));
  let syllables = 0;
  let speechSamples = 0;
  let speechSquares = 0;
  let clippedSamples = 0;
  spec.phrases.forEach((index, n) => {
    const phrase = PHRASES[index];
    if (!phrase) throw new Error(`makeSpeech: no phrase ${index}`);
    const said = phraseSamples(ssml(phrase.text, intonation, n), voice).map((s) => {
      const y = s * gain;
      return y > 1 ? 1 : y < -1 ? -1 : y;
    });
    for (const s of said) {
      speechSquares += s * s;
      if (Math.abs(s) >= 1) clippedSamples++;
    }
    speechSamples += said.length;
    syllables += phrase.syllables;
    parts.push(said);
    length += said.length;
    const gap = n < spec.gapsMs.length ? toSamples(spec.gapsMs[n]!) : toSamples(spec.tailMs ?? 300);
    if (n < spec.gapsMs.length) gaps.push({ startMs: (length / sampleRate) * 1000, endMs: ((length + gap) / sampleRate) * 1000 });
    parts.push(new Float32Array(gap));
    length += gap;
  });
  const samples = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  if (spec.noiseDbfs !== undefined) {
    // Uniform noise of RMS r has amplitude r·√3.
    const amplitude = 10 ** (spec.noiseDbfs / 20) * Math.sqrt(3);
    const next = noise(0x0dac1);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, samples[i]! + amplitude * next()));
  }
  // Speaking time as the analysis defines it: first speech to last, less the pauses.
  const pauses = gaps.filter((g) => g.endMs - g.startMs >= MIN_PAUSE_MS);
  const speakingMs = (speechSamples / sampleRate) * 1000 + gaps.filter((g) => !pauses.includes(g)).reduce((a, g) => a + g.endMs - g.startMs, 0);
  return {
    samples,
    sampleRate,
    truth: {
      durationMs: (length / sampleRate) * 1000,
      pauses,
      gaps,
      syllables,
      speakingMs,
      syllablesPerSecond: syllables / (speakingMs / 1000),
      speechDbfs: 10 * Math.log10(speechSquares / speechSamples),
      clippedShare: clippedSamples / length,
    },
  };
}

/**
 * A take as a 32-bit float mono WAV file (WAVE_FORMAT_IEEE_FLOAT), for ffmpeg or a decoder.
 * @returns the file's bytes
 */
export function floatWav(samples: Float32Array, sampleRate: number): Uint8Array {
  return wavBytes([samples], sampleRate, '32f');
}
