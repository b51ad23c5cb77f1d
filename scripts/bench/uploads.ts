// `npm run bench:uploads`: what crafted recordings cost a running server
// (docs/product.md#speaking-practice). Starts the embedded database and the API (from the
// sources, `node --import tsx api/src/server.ts`, one process, so that its RSS is the server's)
// and measures:
//   1. /healthz's worst answer time, asked every 50 ms while one enrolled student sends three
//      crafted takes in parallel to three 60-second tasks (a 10.4 MB IMA ADPCM WAV at 68 kHz whose
//      `fact` claims 1,000 samples, 8-bit PCM WAV of 20 minutes whose sizes claim one second, a
//      10-minute Opus WebM written to a pipe, without a duration), and for BENCH_AFTER_MS
//      (default 15,000) after the last answer, while any background measurement runs;
//   2. the server's RSS growth (peak during minus before, sampled every 20 ms) while a
//      signed-in student who is NOT enrolled sends BENCH_PARALLEL (default 20) 10 MB takes at once.
// BENCH_API_DIR=<path to another checkout's api/> measures that code instead (e.g. the code
// before a change, in a `git worktree`). Prints one JSON line; nothing here is a test assertion.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import mongoose from '../../api/node_modules/mongoose/index.js';
import { createSession } from '../../api/src/auth/sessions.js';
import { Course } from '../../api/src/courses/courseModel.js';
import { Enrollment } from '../../api/src/courses/enrollmentModel.js';
import { SpeakingTask } from '../../api/src/speaking/model.js';
import { createUser } from '../../api/src/test/factories.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const API_DIR = resolve(process.env.BENCH_API_DIR ?? join(ROOT, 'api'));
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 20);
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 15_000);
const work = mkdtempSync(join(tmpdir(), 'oracy-bench-uploads-'));
const children: ChildProcess[] = [];
const log = (line: string) => console.error(`[bench:uploads] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first stdout line of `child` that `match` turns into a value. */
function firstLine<T>(child: ChildProcess, match: (line: string) => T | null, what: string): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), 120_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const value = match(line);
      if (value !== null) {
        clearTimeout(timer);
        resolvePromise(value);
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code})`)));
  });
}

async function startDatabase(): Promise<string> {
  const { ensureDevdbBinary } = await import('../../api/devdb/build.mjs');
  const binary = ensureDevdbBinary({ log });
  const db = spawn(binary, ['-data', join(work, 'db'), '-listen', '127.0.0.1:0', '-log-level', 'error'], { stdio: ['pipe', 'pipe', 'inherit'] }); // it stops when its standard input closes
  children.push(db);
  return firstLine(db, (line) => (line.startsWith('{') ? (JSON.parse(line).uri as string) : null), 'the embedded database');
}

async function startServer(uri: string): Promise<{ url: string; pid: number }> {
  const server = spawn(process.execPath, ['--import', 'tsx', join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', BACKUP_SCHEDULE: '0', PORT: '0', DATA_DIR: join(work, 'data'), MONGODB_URI: uri, LOG_LEVEL: 'warn' },
  });
  children.push(server);
  server.stderr!.on('data', () => undefined);
  const url = await firstLine(server, (line) => /Oracy is running at (http:\/\/localhost:\d+)/.exec(line)?.[1]?.replace('localhost', '127.0.0.1') ?? null, 'the API');
  return { url, pid: server.pid! };
}

/** A 60-second task in a fresh course of a fresh teacher; the student enrolled when given. */
async function task(studentId?: mongoose.Types.ObjectId): Promise<string> {
  const { user: teacher } = await createUser({ role: 2 });
  const course = await Course.create({
    title: `Bench ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Bench',
    instructorId: teacher._id,
    duration: 10,
    startDate: new Date('2025-01-01'),
    endDate: new Date('2030-12-31'),
  });
  if (studentId) await Enrollment.create({ studentId, courseId: course._id });
  const created = await SpeakingTask.create({
    courseId: course._id,
    teacherId: teacher._id,
    title: 'One minute',
    prompt: 'Talk for a minute.',
    focusStrands: ['linguistic'],
    maxSeconds: 60,
    dueAt: null,
  });
  return String(created._id);
}

/** A mono WAV at `rate` Hz whose `fact` chunk claims `factSamples` and whose `data` chunk declares `declaredData` bytes but holds `dataBytes`. */
function wav(tag: number, rate: number, bits: number, blockAlign: number, factSamples: number, declaredData: number, dataBytes: number): Buffer {
  const fmt = Buffer.alloc(tag === 0x11 ? 20 : 16);
  fmt.writeUInt16LE(tag, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bits, 14);
  if (tag === 0x11) fmt.writeUInt32LE((505 << 16) | 2, 16);
  const chunk = (id: string, body: Buffer, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(size, 4);
    return Buffer.concat([head, body]);
  };
  const fact = Buffer.alloc(4);
  fact.writeUInt32LE(factSamples, 0);
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), chunk('fact', fact), chunk('data', Buffer.alloc(dataBytes, 0x55), declaredData)]);
  return chunk('RIFF', body, 4 + 8 + fmt.length + 12 + 8 + declaredData);
}

function headerlessWebm(): Buffer {
  const made = spawnSync(
    'ffmpeg',
    ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=48000', '-t', '600', '-ac', '1', '-c:a', 'libopus', '-b:a', '6k', '-f', 'webm', 'pipe:1'],
    { maxBuffer: 50 * 1024 * 1024 },
  );
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr}`);
  return made.stdout;
}

async function upload(url: string, taskId: string, token: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('audio', new Blob([bytes]), 'take.webm');
  form.append('durationMs', '1000');
  try {
    const res = await fetch(`${url}/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: `oracy_session=${token}`, Origin: url }, body: form });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const uri = await startDatabase();
  await mongoose.connect(uri);
  const { user: student } = await createUser({ role: 3 });
  const { user: outsider } = await createUser({ role: 3 });
  const studentToken = (await createSession(student._id, { ttlDays: 1 })).token;
  const outsiderToken = (await createSession(outsider._id, { ttlDays: 1 })).token;
  const tasks = [await task(student._id), await task(student._id), await task(student._id)];
  const closedTask = await task();
  const { url, pid } = await startServer(uri);
  log(`API ${API_DIR} at ${url}`);

  // 10.4 MB of IMA ADPCM at 68 kHz is 306 s of audio; its `fact` claims 1,000 samples (15 ms).
  const crafted = [wav(0x11, 68_000, 4, 256, 1000, 10_400_000, 10_400_000), wav(1, 8000, 8, 1, 8000, 8000, 20 * 60 * 8000), headerlessWebm()];
  await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
  let worstHealthMs = 0;
  let done = false;
  const statuses = Promise.all(crafted.map((bytes, i) => upload(url, tasks[i]!, studentToken, bytes)));
  const polling = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      await sleep(50);
    }
  })();
  const craftedStatuses = await statuses;
  await sleep(AFTER_MS);
  done = true;
  await polling;

  await sleep(2_000);
  const before = rssMb(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(20);
    }
  })();
  const big = Buffer.alloc(10 * 1000 * 1000, 0x41);
  const outsiderStatuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(url, closedTask, outsiderToken, big)));
  await sleep(500);
  sampling = false;
  await sampler;

  console.log(
    JSON.stringify({
      api: API_DIR,
      craftedStatuses,
      worstHealthMs: Math.round(worstHealthMs),
      outsiderStatuses: [...new Set(outsiderStatuses)],
      rssBeforeMb: Math.round(before),
      rssPeakMb: Math.round(peak),
      rssGrowthMb: Math.round(peak - before),
    }),
  );
}

try {
  await main();
} finally {
  await mongoose.disconnect().catch(() => undefined);
  for (const child of children.reverse()) child.kill('SIGTERM');
  await sleep(500);
  rmSync(work, { recursive: true, force: true });
}
