import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floatWav, makeSpeech, PHRASES, speechToolsAvailable } from '../test/speech.js';
import { DEFAULT_PYTHON, normaliseWord, Transcriber } from './index.js';

/**
 * The transcriber against the real worker (docs/architecture.md#the-transcription-worker), on
 * speech made with espeak-ng. Skipped, with a message, where `node scripts/setup.mjs --build` could
 * not make the worker's virtual environment (no python3) or espeak-ng is missing.
 */
const installed = new Transcriber().installed;
const tools = speechToolsAvailable();
if (!installed) console.warn(`Transcriber tests skipped: no ${DEFAULT_PYTHON} (run node scripts/setup.mjs --build where python3 >= 3.9 exists).`);
if (!tools) console.warn('Transcriber tests skipped: espeak-ng and sox are needed to make their speech.');

/** The later tests need no hesitations: one pass instead of two. */
const PLAIN = { fillers: false };

/** Phrases 0, 1, 2: "Good morning my name is Sam", "I want to talk about the best book I read", "She lives in a small town by the sea". */
const SPEC = { phrases: [0, 1, 2], gapsMs: [1_200, 900], leadMs: 500, tailMs: 600 };

// The model's load and a decode take seconds, many more on a busy machine: a generous limit per test.
describe.skipIf(!installed || !tools)('Transcriber with the real worker', { timeout: 120_000 }, () => {
  let dir: string;
  let wav: string;
  let gaps: { startMs: number; endMs: number }[];
  const transcriber = new Transcriber({ idleMs: 60_000 });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'oracy-transcribe-'));
    const take = makeSpeech(SPEC);
    gaps = take.truth.gaps;
    wav = join(dir, 'take.wav');
    writeFileSync(wav, floatWav(take.samples, take.sampleRate));
  });
  afterAll(async () => {
    await transcriber.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the words said, in order, with timings', async () => {
    const result = await transcriber.transcribe(wav);
    expect(result.status).toBe('ready');
    expect(result.language).toBe('en');
    const expected = SPEC.phrases.flatMap((i) => PHRASES[i]!.text.split(' ').map(normaliseWord));
    const got = result.words.map((w) => normaliseWord(w.text));
    const found = expected.filter((w) => got.includes(w)).length;
    expect(found / expected.length).toBeGreaterThanOrEqual(0.8);
    for (let i = 1; i < result.words.length; i++) expect(result.words[i]!.startMs).toBeGreaterThanOrEqual(result.words[i - 1]!.startMs);
    for (const w of result.words) {
      expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
      expect(w.confidence).toBeGreaterThan(0);
    }
    // The first word after each silence starts after it begins.
    const after = gaps.map((g) => result.words.find((w) => w.startMs >= g.startMs));
    expect(after.every(Boolean)).toBe(true);
    expect(result.text.toLowerCase()).toContain('morning');
  });

  it('answers failed for a file that is not audio, and the worker keeps serving', async () => {
    const notAudio = join(dir, 'not-audio.wav');
    writeFileSync(notAudio, '<!doctype html><title>Not audio</title>');
    const failed = await transcriber.transcribe(notAudio);
    expect(failed.status).toBe('failed');
    expect(failed.words).toEqual([]);
    expect((await transcriber.transcribe(join(dir, 'missing.wav'))).status).toBe('failed');
    const pid = transcriber.workerPid;
    expect((await transcriber.transcribe(wav, PLAIN)).status).toBe('ready');
    expect(transcriber.workerPid).toBe(pid);
  });

  it('starts a new worker after a crash', async () => {
    await transcriber.transcribe(wav, PLAIN);
    const pid = transcriber.workerPid;
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(transcriber.workerRunning).toBe(false);
    const again = await transcriber.transcribe(wav, PLAIN);
    expect(again.status).toBe('ready');
    expect(transcriber.workerPid).not.toBe(pid);
  });

  it('fails a request that overruns its time limit, then serves the next one', async () => {
    const hurried = new Transcriber({ timeoutMs: 50 });
    try {
      const late = await hurried.transcribe(wav, PLAIN);
      expect(late).toMatchObject({ status: 'failed', reason: 'no answer within 50 ms' });
      await expect.poll(() => hurried.workerRunning, { timeout: 5_000 }).toBe(false);
    } finally {
      await hurried.stop();
    }
  });

  it('stops the worker after its idle period', async () => {
    const idle = new Transcriber({ idleMs: 300 });
    expect((await idle.transcribe(wav, PLAIN)).status).toBe('ready');
    expect(idle.workerRunning).toBe(true);
    await expect.poll(() => idle.workerRunning, { timeout: 5_000 }).toBe(false);
  });

  it('refuses a model that is not the pinned one, and stays unavailable', async () => {
    const model = join(dir, 'model');
    mkdirSync(model);
    for (const name of ['model.bin', 'config.json', 'tokenizer.json', 'vocabulary.txt']) writeFileSync(join(model, name), 'not the model');
    const lines: string[] = [];
    const wrong = new Transcriber({ modelDir: model, log: (_level, line) => lines.push(line) });
    const first = await wrong.transcribe(wav, PLAIN);
    expect(first.status).toBe('unavailable');
    expect(first.reason).toContain('not the pinned');
    await expect.poll(() => lines.some((l) => l.includes('refusing to start')), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => wrong.workerRunning, { timeout: 5_000 }).toBe(false);
    expect((await wrong.transcribe(wav, PLAIN)).status).toBe('unavailable');
    expect(wrong.workerRunning).toBe(false);
  });
});

describe('Transcriber without its environment', () => {
  it('answers unavailable without starting anything', async () => {
    const absent = new Transcriber({ pythonPath: join(tmpdir(), 'no-such-venv', 'bin', 'python') });
    expect(absent.installed).toBe(false);
    const result = await absent.transcribe('/dev/null');
    expect(result).toMatchObject({ status: 'unavailable', language: '', text: '', words: [], fillers: [] });
    expect(absent.workerRunning).toBe(false);
  });
});
