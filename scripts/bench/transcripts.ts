/**
 * `npm run bench:transcripts`: the transcription worker against speech with known text
 * (docs/architecture.md#the-transcription-worker). Run with the API's tsx:
 *
 *   tsx scripts/bench/transcripts.ts
 *
 * Speaks passages with espeak-ng (several voices and speeds, a higher voice, hesitations "um" and
 * "uh" written into the text), adds pink noise made by sox at 29 dB below the speech (light room
 * noise) to some takes, and sends every take through the real worker three ways: the plain pass
 * alone, the prompted pass alone (a disfluent initial prompt, words and all), and the method the
 * server uses — the plain pass's words with the prompted pass's hesitations kept only in its gaps.
 * For each: word error rate (hesitations left out on both sides), fillers found against the
 * truth (matched by an alignment of the two word streams with the fillers in place), seconds of
 * processing per minute of audio, and the worker's peak memory (VmHWM, a fresh worker per
 * method). Needs espeak-ng and sox, and the worker's virtual environment
 * (`node scripts/setup.mjs --audio --transcribe`). Figures for the README, not timed tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { floatWav } from '../../api/src/test/speech.js';
import { alignReading } from '../../api/src/transcripts/reading.js';
import { DEFAULT_PYTHON, WORKER_PATH, type TranscriptFiller, type TranscriptWord } from '../../api/src/transcripts/transcriber.js';
import { hesitation, normaliseWord, splitWords } from '../../api/src/transcripts/words.js';
import { renderTable } from './table.mjs';

const SAMPLE_RATE = 16_000;

/** Passages with hesitations where a speaker might make them. */
const PASSAGES = {
  book:
    'Good morning everyone. Today I want to talk about, um, my favourite book. It is called The Secret Garden, and it is about a girl who, uh, finds a hidden garden behind a wall. ' +
    'I liked it because, um, the story is full of surprises. The best part is when the garden, uh, comes back to life in the spring. I think everyone in our class should read it.',
  trip:
    'Last summer my family went to the seaside for a week. We stayed in a small house near the harbour, um, and every morning we walked along the beach. ' +
    'One day we took a boat to an island where, uh, hundreds of birds were nesting on the cliffs. My brother was scared of the waves, but, um, I loved every minute of it.',
} as const;

interface Take {
  name: string;
  passage: keyof typeof PASSAGES;
  voice: string;
  wordsPerMinute: number;
  pitch: number;
  /** pink noise this many dB under the speech's RMS */
  snrDb?: number;
}

const TAKES: Take[] = [
  { name: 'clean, en-gb 160 wpm', passage: 'book', voice: 'en', wordsPerMinute: 160, pitch: 50 },
  { name: 'clean, en-us 180 wpm', passage: 'trip', voice: 'en-us', wordsPerMinute: 180, pitch: 45 },
  { name: 'higher voice (en+f3, pitch 85)', passage: 'book', voice: 'en+f3', wordsPerMinute: 165, pitch: 85 },
  { name: 'higher voice, noise 29 dB SNR', passage: 'book', voice: 'en+f3', wordsPerMinute: 165, pitch: 85, snrDb: 29 },
  { name: 'en-gb 160 wpm, noise 29 dB SNR', passage: 'trip', voice: 'en', wordsPerMinute: 160, pitch: 50, snrDb: 29 },
];

const METHODS = ['plain', 'prompted', 'plain+gaps'] as const;

/** A reading-aloud script (docs/product.md#reading-aloud) and what readers said: known skips and changes. */
const SCRIPT =
  'The old lighthouse stood at the edge of the cliff. Every night its keeper climbed the narrow stairs and lit the great lamp, so that ships far out at sea could find their way home through the storm.';
/** What is spoken: "old" and "narrow" skipped, "edge" read as "end", "ships" as "boats". */
const SAID_READING =
  'The lighthouse stood at the end of the cliff. Every night its keeper climbed the stairs and lit the great lamp, so that boats far out at sea could find their way home through the storm.';
const KNOWN_READING_ERRORS = ['skipped:old', 'skipped:narrow', 'substituted:edge', 'substituted:ships'];

const READING_TAKES: Omit<Take, 'passage'>[] = [
  { name: 'reading, en-gb 150 wpm', voice: 'en', wordsPerMinute: 150, pitch: 50 },
  { name: 'reading, higher voice, noise 29 dB SNR', voice: 'en+f3', wordsPerMinute: 150, pitch: 85, snrDb: 29 },
];
type Method = (typeof METHODS)[number];

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.error?.message ?? r.stderr}`);
}

function f32(path: string): Float32Array {
  const bytes = readFileSync(path);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, s) => a + s * s, 0) / x.length);

/** Speaks a take to a 16 kHz float WAV: 500 ms of silence, the passage, 700 ms of silence; noise over all of it. */
/** Speaks a take (`text`, else its passage) to a 16 kHz float WAV file in `dir`. */
function makeTake(take: Omit<Take, 'passage'> & { passage?: Take['passage'] }, dir: string, text?: string): { path: string; seconds: number } {
  const spoken = join(dir, 'spoken.wav');
  const raw = join(dir, 'spoken.f32');
  run('espeak-ng', ['-v', take.voice, '-s', String(take.wordsPerMinute), '-p', String(take.pitch), '-w', spoken, text ?? PASSAGES[take.passage ?? 'book']]);
  run('sox', [spoken, '-t', 'f32', '-c', '1', '-r', String(SAMPLE_RATE), raw]);
  const speech = f32(raw);
  const lead = Math.round(0.5 * SAMPLE_RATE);
  const samples = new Float32Array(lead + speech.length + Math.round(0.7 * SAMPLE_RATE));
  samples.set(speech, lead);
  if (take.snrDb !== undefined) {
    const noiseFile = join(dir, 'noise.f32');
    run('sox', ['-R', '-n', '-t', 'f32', '-c', '1', '-r', String(SAMPLE_RATE), noiseFile, 'synth', String(samples.length / SAMPLE_RATE), 'pinknoise']);
    const noise = f32(noiseFile);
    const gain = rms(speech) / 10 ** (take.snrDb / 20) / rms(noise);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, samples[i]! + gain * (noise[i % noise.length] ?? 0)));
  }
  const path = join(dir, `${take.name.replace(/[^a-z0-9]+/gi, '-')}.wav`);
  writeFileSync(path, floatWav(samples, SAMPLE_RATE));
  return { path, seconds: samples.length / SAMPLE_RATE };
}

interface Answer {
  status: string;
  words?: TranscriptWord[];
  fillers?: TranscriptFiller[];
  processingMs?: number;
  error?: string;
}

/** A worker of its own, driven directly (the benchmark needs the comparison methods and the pid). */
async function startWorker(): Promise<{ ask: (path: string, method: Method) => Promise<Answer>; cpuSeconds: () => number; peakMb: () => number; stop: () => void; loadMs: number }> {
  const child = spawn(DEFAULT_PYTHON, [WORKER_PATH], {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HF_HUB_OFFLINE: '1', OMP_NUM_THREADS: '2', TRANSCRIBE_THREADS: '2' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the worker stopped');
    return JSON.parse(value as string) as Record<string, unknown>;
  };
  const ready = await next();
  if (ready.event !== 'ready') throw new Error(`the worker did not start: ${JSON.stringify(ready)}`);
  let id = 0;
  return {
    loadMs: Number(ready.loadMs),
    ask: async (audioPath, method) => {
      child.stdin.write(`${JSON.stringify({ id: String(++id), op: 'transcribe', audioPath, method })}\n`);
      return (await next()) as unknown as Answer;
    },
    /** The worker's CPU time so far (user + system), s: /proc/<pid>/stat fields 14 and 15, in ticks of 1/100 s. */
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    peakMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    stop: () => {
      child.stdin.end();
    },
  };
}

const FILLER = 'zzfiller';

/** The truth's words (hesitations out) and its stream with each hesitation as one filler token. */
function truthOf(passage: string): { words: string[]; stream: string[] } {
  const tokens = splitWords(passage);
  return { words: tokens.filter((t) => hesitation(t) === null).map(normaliseWord), stream: tokens.map((t) => (hesitation(t) === null ? normaliseWord(t) : FILLER)) };
}

function score(take: Take, answer: Answer): { wer: number; fillersFound: number; fillersRight: number; fillersTruth: number } {
  const truth = truthOf(PASSAGES[take.passage]);
  const words = answer.words ?? [];
  const plainWords = words.filter((w) => hesitation(w.text) === null && normaliseWord(w.text) !== '');
  const werAlign = alignReading(truth.words.join(' '), plainWords);
  const wer = werAlign.errors.length / truth.words.length;
  // The hypothesis stream: words and fillers in time order, every hesitation one filler token.
  const stream = [
    ...words.filter((w) => normaliseWord(w.text) !== '').map((w) => ({ text: hesitation(w.text) === null ? w.text : FILLER, startMs: w.startMs, endMs: w.endMs })),
    ...(answer.fillers ?? []).map((f) => ({ text: FILLER, startMs: f.startMs, endMs: f.endMs })),
  ].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const fillerAlign = alignReading(truth.stream.join(' '), stream);
  return {
    wer,
    fillersFound: stream.filter((s) => s.text === FILLER).length,
    fillersRight: fillerAlign.words.filter((w) => w.text === FILLER && w.status === 'read').length,
    fillersTruth: truth.stream.filter((t) => t === FILLER).length,
  };
}

/**
 * Reading aloud against a script with known errors through the server's method: how many of the
 * known skips and changes the alignment finds, and how many other words it flags.
 */
async function readingRows(dir: string): Promise<string[][]> {
  const worker = await startWorker();
  const rows: string[][] = [];
  const scriptWords = splitWords(SCRIPT).length;
  try {
    for (const take of READING_TAKES) {
      const { path } = makeTake(take, dir, SAID_READING);
      const answer = await worker.ask(path, 'plain+gaps');
      if (answer.status !== 'ready') throw new Error(`${take.name}: ${answer.error}`);
      const flagged = alignReading(SCRIPT, answer.words ?? [])
        .errors.filter((e) => e.kind !== 'inserted')
        .map((e) => `${e.kind}:${normaliseWord(e.expected)}`);
      const found = KNOWN_READING_ERRORS.filter((known) => flagged.includes(known)).length;
      const falseFlags = flagged.filter((f) => !KNOWN_READING_ERRORS.includes(f)).length;
      const others = flagged.filter((f) => !KNOWN_READING_ERRORS.includes(f));
      rows.push([take.name, `${found}/${KNOWN_READING_ERRORS.length}`, String(falseFlags), ((falseFlags / scriptWords) * 50).toFixed(1), others.slice(0, 4).join(' ')]);
    }
  } finally {
    worker.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  if (!existsSync(DEFAULT_PYTHON)) {
    console.error(`No ${DEFAULT_PYTHON}: run node scripts/setup.mjs --transcribe where python3 >= 3.9 exists.`);
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'oracy-bench-transcripts-'));
  try {
    const audio = TAKES.map((take) => ({ take, ...makeTake(take, dir) }));
    const sections: { title: string; rows: string[][] }[] = [];
    const summary: string[][] = [];
    for (const method of METHODS) {
      const worker = await startWorker();
      const rows: string[][] = [];
      let words = 0;
      let errors = 0;
      let found = 0;
      let right = 0;
      let truth = 0;
      let processing = 0;
      let seconds = 0;
      const cpuAtStart = worker.cpuSeconds();
      for (const { take, path, seconds: s } of audio) {
        const started = performance.now();
        const answer = await worker.ask(path, method);
        const wall = performance.now() - started;
        if (answer.status !== 'ready') throw new Error(`${take.name} (${method}): ${answer.error}`);
        const sc = score(take, answer);
        const n = truthOf(PASSAGES[take.passage]).words.length;
        words += n;
        errors += sc.wer * n;
        found += sc.fillersFound;
        right += sc.fillersRight;
        truth += sc.fillersTruth;
        processing += wall;
        seconds += s;
        rows.push([
          take.name,
          `${(sc.wer * 100).toFixed(1)} %`,
          `${sc.fillersRight}/${sc.fillersTruth}`,
          String(sc.fillersFound - sc.fillersRight),
          `${(wall / 1000).toFixed(1)} s / ${s.toFixed(0)} s`,
        ]);
      }
      const peak = worker.peakMb();
      const cpu = worker.cpuSeconds() - cpuAtStart;
      worker.stop();
      sections.push({ title: method, rows });
      summary.push([
        method,
        `${((errors / words) * 100).toFixed(1)} %`,
        `${truth ? ((right / truth) * 100).toFixed(0) : '–'} %`,
        `${found ? ((right / found) * 100).toFixed(0) : '–'} %`,
        `${((processing / 1000 / seconds) * 60).toFixed(1)} s`,
        `${((cpu / seconds) * 60).toFixed(1)} s`,
        `${peak.toFixed(0)} MB`,
        `${(worker.loadMs / 1000).toFixed(1)} s`,
      ]);
    }
    console.log(renderTable(['take', 'word error', 'fillers found', 'false fillers', 'wall / audio'], sections));
    console.log();
    console.log(
      `${cpus().length} cores; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end (other work slows the times)`,
    );
    console.log();
    console.log(
      renderTable(
        ['reading take', 'known errors found', 'false flags', 'false flags per 50 words', 'first false flags'],
        [{ title: 'plain+gaps, aligned to the script', rows: await readingRows(dir) }],
      ),
    );
    console.log(
      renderTable(
        ['method', 'word error', 'filler recall', 'filler precision', 'wall s per audio min', 'CPU s per audio min', 'worker peak', 'model load'],
        [{ title: 'all takes', rows: summary }],
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
