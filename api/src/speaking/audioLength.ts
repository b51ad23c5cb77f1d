import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';

/**
 * A recording's length found from its own audio, before the upload is accepted
 * (docs/product.md#speaking-practice, docs/decisions/0016-recordings-judged-by-the-server.md).
 * Nothing the file or the client declares about its length is trusted:
 *
 * - WAV: only its format is read from the header (a few hundred bytes, no samples); the length is
 *   the bytes from the start of the `data` chunk to the end of the file divided by the frame size
 *   the format implies. The `fact` chunk, the `RIFF` size, `data`'s declared size and the
 *   `blockAlign` field are ignored. Accepted encodings: {@link WAV_ENCODINGS}.
 * - WebM, Ogg, MP4: decoded by an `ffmpeg` child process (the decoder, not the container's
 *   header, so a missing or false duration field changes nothing) to 8 kHz 8-bit mono, whose
 *   bytes are counted and thrown away; ffmpeg is killed as soon as the count passes the limit.
 *   The work and its memory stay in that process, never in the server's.
 */

/** The WAV encodings accepted, by `fmt ` format tag: bits per sample of each. */
export const WAV_ENCODINGS: Readonly<Record<number, { name: string; bits: readonly number[] }>> = {
  /** WAVE_FORMAT_PCM: integer PCM (8-bit unsigned, wider signed) */
  1: { name: 'PCM', bits: [8, 16, 24, 32] },
  /** WAVE_FORMAT_IEEE_FLOAT */
  3: { name: 'IEEE float', bits: [32, 64] },
};

/** The sample rates accepted in a WAV, Hz (those the delivery analysis takes). */
export const WAV_RATES = { min: 4_000, max: 384_000 } as const;

/** Names of common WAV encodings that are refused, for the 415 message. */
const REFUSED_WAV_NAMES: Readonly<Record<number, string>> = { 2: 'MS ADPCM', 6: 'A-law', 7: 'µ-law', 17: 'IMA ADPCM', 85: 'MP3', 49: 'GSM 6.10' };

/** What measuring gave. */
export type LengthResult =
  /** the audio's length, ms */
  | { kind: 'measured'; durationMs: number }
  /** longer than `maxMs`: measuring stopped there */
  | { kind: 'too-long' }
  /** a WAV encoding or rate not accepted; `message` says which */
  | { kind: 'unsupported'; message: string }
  /** not readable as audio of its type, or no audio at all */
  | { kind: 'unreadable' }
  /** ffmpeg cannot be started (WebM, Ogg and MP4 cannot be measured here), or timed out */
  | { kind: 'unavailable' };

/** ffmpeg's demuxer for each stored recording type. */
const DEMUXERS: Readonly<Record<string, string>> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'mov' };

/** The rate ffmpeg's output is counted at, Hz (one byte a sample). */
const COUNT_RATE = 8_000;
/** Most chunks read before `data` in a WAV header. */
const MAX_WAV_CHUNKS = 64;
/** Default time limit of one ffmpeg run, ms. */
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The length of the recording stored at `path`, refusing anything past `maxMs`.
 * @param type the MIME type sniffed from the bytes: `audio/wav`, `audio/webm`, `audio/ogg` or `audio/mp4`
 * @param opts.maxMs the longest length accepted, ms
 * @param opts.ffmpegPath the ffmpeg program (default `ffmpeg` on PATH)
 * @param opts.timeoutMs ffmpeg's time limit, ms (default 20,000), then it is killed
 */
export async function measureRecordingLength(path: string, type: string, opts: { maxMs: number; ffmpegPath?: string; timeoutMs?: number }): Promise<LengthResult> {
  if (type === 'audio/wav') return wavLength(path, opts.maxMs);
  const demuxer = DEMUXERS[type];
  if (!demuxer) return { kind: 'unreadable' };
  return decodedLength(path, demuxer, opts.maxMs, opts.ffmpegPath ?? 'ffmpeg', opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}

/** A WAV's format, from its `fmt ` chunk. */
interface WavFormat {
  tag: number;
  channels: number;
  sampleRate: number;
  bits: number;
}

/** Reads a WAV's `fmt ` and finds where `data` starts; the length follows from the file's size. */
async function wavLength(path: string, maxMs: number): Promise<LengthResult> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number): Promise<Buffer | null> => {
      if (position + length > size) return null;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return bytesRead === length ? buffer : null;
    };
    const riff = await read(0, 12);
    if (!riff || riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') return { kind: 'unreadable' };
    let format: WavFormat | null = null;
    let offset = 12;
    for (let i = 0; i < MAX_WAV_CHUNKS; i++) {
      const header = await read(offset, 8);
      if (!header) return { kind: 'unreadable' };
      const id = header.toString('latin1', 0, 4);
      const chunkSize = header.readUInt32LE(4);
      if (id === 'fmt ') {
        const body = await read(offset + 8, Math.min(chunkSize, 40));
        if (!body || body.length < 16) return { kind: 'unreadable' };
        format = formatOf(body);
      } else if (id === 'data') {
        if (!format) return { kind: 'unreadable' };
        return lengthOf(format, size - (offset + 8), maxMs);
      }
      offset += 8 + chunkSize + (chunkSize % 2);
    }
    return { kind: 'unreadable' };
  } finally {
    await file.close();
  }
}

/** The fields of a `fmt ` chunk; WAVE_FORMAT_EXTENSIBLE (0xFFFE) gives its sub-format's tag. */
function formatOf(body: Buffer): WavFormat {
  let tag = body.readUInt16LE(0);
  if (tag === 0xfffe && body.length >= 26) tag = body.readUInt16LE(24);
  return { tag, channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4), bits: body.readUInt16LE(14) };
}

/** The length of `dataBytes` of audio in `format`, or why it is refused. */
function lengthOf(format: WavFormat, dataBytes: number, maxMs: number): LengthResult {
  const encoding = WAV_ENCODINGS[format.tag];
  if (!encoding || !encoding.bits.includes(format.bits)) {
    const name = REFUSED_WAV_NAMES[format.tag] ?? (encoding ? `${format.bits}-bit ${encoding.name}` : `format ${format.tag}`);
    return { kind: 'unsupported', message: `WAV recordings in ${name} cannot be sent: use PCM (8, 16, 24 or 32 bits) or IEEE float (32 or 64 bits).` };
  }
  if (format.sampleRate < WAV_RATES.min || format.sampleRate > WAV_RATES.max) {
    return { kind: 'unsupported', message: `WAV recordings at ${format.sampleRate} Hz cannot be sent (${WAV_RATES.min}–${WAV_RATES.max} Hz).` };
  }
  if (format.channels < 1) return { kind: 'unreadable' };
  const frames = Math.floor(dataBytes / ((format.bits / 8) * format.channels));
  if (frames <= 0) return { kind: 'unreadable' };
  const durationMs = Math.round((frames / format.sampleRate) * 1000);
  return durationMs > maxMs ? { kind: 'too-long' } : { kind: 'measured', durationMs };
}

/** Decodes with ffmpeg and counts the samples, stopping past `maxMs`. */
function decodedLength(path: string, demuxer: string, maxMs: number, ffmpegPath: string, timeoutMs: number): Promise<LengthResult> {
  // Arguments only, no shell; only the file protocol: nothing in the recording can make ffmpeg open anything else.
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file', '-f', demuxer, '-i', path];
  args.push('-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(COUNT_RATE), '-c:a', 'pcm_u8', '-f', 'u8', 'pipe:1');
  const maxBytes = Math.ceil((maxMs / 1000) * COUNT_RATE);
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    let settled = false;
    const finish = (result: LengthResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ kind: 'unavailable' }), timeoutMs);
    child.on('error', () => finish({ kind: 'unavailable' }));
    child.stdout!.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) finish({ kind: 'too-long' });
    });
    child.on('close', (code) => {
      if (code !== 0 || bytes === 0) finish({ kind: 'unreadable' });
      else finish({ kind: 'measured', durationMs: Math.round((bytes / COUNT_RATE) * 1000) });
    });
  });
}
