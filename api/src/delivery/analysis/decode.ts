import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import wavefile from 'wavefile';
import { ANALYSIS_SAMPLE_RATE } from './report.js';
import { mixToMono } from './signal.js';

/**
 * The server's decoder for delivery analysis (docs/product.md#how-delivery-is-measured): turns a
 * stored recording into mono samples for `analyseDelivery`. WAV is read in-process; WebM, Ogg and
 * MP4 go through an `ffmpeg` child process. Node only: the PWA decodes with the Web Audio API and
 * must not import this file (it is not exported from `./index.ts`).
 */

/** Decoded audio ready for analyseDelivery. */
export interface DecodedAudio {
  /** mono samples, −1…1 (lossy codecs may overshoot a little) */
  samples: Float32Array;
  /** Hz: the WAV's own rate, or 16,000 for what ffmpeg decodes */
  sampleRate: number;
}

/** Why a recording could not be decoded. */
export type DecodeFailure = 'unsupported' | 'ffmpeg-missing' | 'corrupt' | 'timeout' | 'too-long';

/** A recording that could not be decoded; `reason` says why. */
export class DecodeError extends Error {
  override name = 'DecodeError';
  constructor(
    public reason: DecodeFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The longest audio decoded, s: the longest task (300 s) and some slack, as in the report's limit. */
const MAX_SECONDS = 310;
/** The most bytes ffmpeg may write: {@link MAX_SECONDS} of 16 kHz 32-bit float mono. */
const MAX_OUTPUT_BYTES = MAX_SECONDS * ANALYSIS_SAMPLE_RATE * 4;
/** ffmpeg's error output kept for the message, bytes. */
const MAX_STDERR_BYTES = 16_384;
/** Default time limit of one ffmpeg run, ms. */
const DEFAULT_TIMEOUT_MS = 20_000;

/** ffmpeg's demuxer for each stored recording type (`AUDIO_CONTAINERS` in api/src/platform/uploads.ts). */
const DEMUXERS: Readonly<Record<string, string>> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mov',
};

/**
 * Decodes a stored recording to mono samples (docs/product.md#how-delivery-is-measured).
 * WAV (8/16/24/32-bit integer or 32/64-bit float PCM, the encodings an upload may use —
 * `WAV_ENCODINGS` of api/src/speaking/audioLength.ts —, any number of channels, mixed to mono)
 * keeps its own rate and needs no ffmpeg; the server runs it in a worker thread
 * (`decodeWavInThread`). WebM, Ogg and MP4 are decoded
 * by `ffmpeg` (no shell; only the pipe and file protocols) to 16 kHz mono: WebM and Ogg through
 * its standard input, MP4 through a temporary file, because an MP4 whose index comes after the
 * audio cannot be read from a pipe.
 * @param bytes the recording's bytes
 * @param type the MIME type sniffed from the bytes: `audio/webm`, `audio/ogg`, `audio/mp4` or `audio/wav`
 * @param opts.timeoutMs ffmpeg's time limit, ms (default 20,000); past it ffmpeg is killed (SIGKILL)
 * @param opts.ffmpegPath the ffmpeg program (default `ffmpeg` on PATH)
 * @throws DecodeError `unsupported` for another type, a WAV encoding not listed or a WAV rate
 *   outside 4–384 kHz; `corrupt` when the bytes do not decode (the message carries ffmpeg's first
 *   error line); `too-long` past 310 s; `timeout`; `ffmpeg-missing` when the program cannot be
 *   started
 */
export async function decodeForAnalysis(bytes: Uint8Array, type: string, opts: { timeoutMs?: number; ffmpegPath?: string } = {}): Promise<DecodedAudio> {
  if (type === 'audio/wav') return decodeWav(bytes);
  const demuxer = DEMUXERS[type];
  if (!demuxer) throw new DecodeError('unsupported', `Cannot decode ${type} for analysis.`);
  const ffmpegPath = opts.ffmpegPath ?? 'ffmpeg';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (type !== 'audio/mp4') return { samples: await runFfmpeg(ffmpegPath, demuxer, 'pipe:0', bytes, timeoutMs), sampleRate: ANALYSIS_SAMPLE_RATE };
  const dir = await mkdtemp(join(tmpdir(), 'oracy-decode-'));
  try {
    const file = join(dir, 'input.m4a');
    await writeFile(file, bytes, { mode: 0o600 });
    return { samples: await runFfmpeg(ffmpegPath, demuxer, file, null, timeoutMs), sampleRate: ANALYSIS_SAMPLE_RATE };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * True when `ffmpeg -version` runs and exits 0 within 5 s.
 * @param ffmpegPath the program (default `ffmpeg` on PATH)
 */
export async function ffmpegAvailable(ffmpegPath = 'ffmpeg'): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, ['-version'], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * Runs ffmpeg on `input` (`pipe:0` with `stdin` bytes, or a file path) and collects its
 * 32-bit float output.
 */
function runFfmpeg(ffmpegPath: string, demuxer: string, input: string, stdin: Uint8Array | null, timeoutMs: number): Promise<Float32Array> {
  // Arguments only, no shell: nothing from the recording reaches a command line.
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'pipe,file', '-f', demuxer, '-i', input];
  args.push('-vn', '-ac', '1', '-ar', String(ANALYSIS_SAMPLE_RATE), '-f', 'f32le', 'pipe:1');
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: DecodeError | null, samples?: Float32Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve(samples!);
    };
    const timer = setTimeout(() => finish(new DecodeError('timeout', `ffmpeg took longer than ${timeoutMs} ms.`)), timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) => {
      const missing = err.code === 'ENOENT' || err.code === 'EACCES' || err.code === 'ENOTDIR';
      finish(new DecodeError(missing ? 'ffmpeg-missing' : 'corrupt', missing ? `ffmpeg cannot be run (${ffmpegPath}: ${err.code}).` : `ffmpeg failed: ${err.message}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (settled) return;
      outputBytes += chunk.length;
      if (outputBytes > MAX_OUTPUT_BYTES) {
        finish(new DecodeError('too-long', `The recording is longer than ${MAX_SECONDS} s.`));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString('utf8');
    });
    child.on('close', (code) => {
      if (code !== 0) {
        const line =
          stderr
            .split('\n')
            .find((l) => l.trim() !== '')
            ?.trim() ?? `exit code ${code}`;
        finish(new DecodeError('corrupt', `ffmpeg could not decode the recording: ${line}`));
        return;
      }
      const samples = floatsLE(Buffer.concat(chunks));
      if (samples.length === 0) finish(new DecodeError('corrupt', 'ffmpeg decoded no audio.'));
      else finish(null, samples);
    });
    if (stdin && child.stdin) {
      // ffmpeg may stop reading early (bad input, or killed): a broken pipe is not an error of its own.
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
    }
  });
}

/** Little-endian 32-bit floats (a trailing partial sample is dropped). */
function floatsLE(bytes: Buffer): Float32Array {
  const count = Math.floor(bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 4);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** The WAV sample rates analysed, Hz: those `analyseDelivery` accepts. */
const WAV_RATES = { min: 4_000, max: 384_000 } as const;

/** The `fmt ` fields read here (the library types them as a plain object). */
interface WavFormat {
  numChannels: number;
  sampleRate: number;
}

/**
 * Reads a WAV with the `wavefile` library: integer PCM scaled to −1…1 (8-bit unsigned, wider
 * signed), float PCM as it is; channels mixed to mono. Compressed encodings (A-law, µ-law, ADPCM)
 * are refused: uploads refuse them too, and expanding them multiplies their size in memory.
 */
function decodeWav(bytes: Uint8Array): DecodedAudio {
  let wav: InstanceType<typeof wavefile.WaveFile>;
  try {
    wav = new wavefile.WaveFile(bytes);
  } catch (err) {
    throw new DecodeError('corrupt', `The WAV file cannot be read: ${(err as Error).message}`);
  }
  const { numChannels, sampleRate } = wav.fmt as WavFormat;
  if (!(numChannels >= 1 && sampleRate >= 1)) throw new DecodeError('corrupt', `The WAV file has ${numChannels} channels at ${sampleRate} Hz.`);
  if (sampleRate < WAV_RATES.min || sampleRate > WAV_RATES.max) {
    throw new DecodeError('unsupported', `WAV at ${sampleRate} Hz cannot be analysed (${WAV_RATES.min}–${WAV_RATES.max} Hz).`);
  }
  const depth = wav.bitDepth;
  const float = depth === '32f' || depth === '64';
  const bits = Number.parseInt(depth, 10);
  if (!float && !(String(bits) === depth && [8, 16, 24, 32].includes(bits))) {
    throw new DecodeError('unsupported', `WAV samples of bit depth ${depth} cannot be analysed.`);
  }
  const data = (wav.data as { samples: Uint8Array }).samples;
  const bytesPerFrame = Math.ceil((float ? (depth === '64' ? 64 : 32) : bits) / 8) * numChannels;
  const frames = Math.floor(data.length / bytesPerFrame);
  if (frames === 0) throw new DecodeError('corrupt', 'The WAV file holds no samples.');
  if (frames / sampleRate > MAX_SECONDS) throw new DecodeError('too-long', `The recording is longer than ${MAX_SECONDS} s.`);
  // Whole frames only: a file cut short can end in the middle of one.
  (wav.data as { samples: Uint8Array }).samples = data.subarray(0, frames * bytesPerFrame);
  let interleaved: Float64Array;
  try {
    interleaved = wav.getSamples(true, Float64Array) as unknown as Float64Array;
  } catch (err) {
    throw new DecodeError('corrupt', `The WAV file cannot be read: ${(err as Error).message}`);
  }
  const offset = !float && bits <= 8 ? 2 ** (bits - 1) : 0;
  const scale = float ? 1 : 1 / 2 ** (bits - 1);
  const channels = Array.from({ length: numChannels }, () => new Float32Array(frames));
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < numChannels; c++) channels[c]![f] = (interleaved[f * numChannels + c]! - offset) * scale;
  }
  return { samples: mixToMono(channels), sampleRate };
}
