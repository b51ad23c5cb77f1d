import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Recording } from './model.js';
import { audioFixture } from '../test/audio.js';
import { createUser, readJson, signIn } from '../test/factories.js';
import { startTestChatServer, type TestChatServer } from '../test/testServer.js';
import { enroll, makeCourse } from '../test/testData.js';

// Takes judged by their own bytes (docs/product.md#speaking-practice), from the outside: crafted
// files sent to a real server on a socket, with the health check asked meanwhile.

let server: TestChatServer;
const scratch = mkdtempSync(join(tmpdir(), 'oracy-crafted-'));

beforeAll(async () => {
  server = await startTestChatServer();
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function signedIn(role: 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(server.app, user.email, password) };
}

/** A 60-second task with an enrolled student. */
async function classroom() {
  const teacher = await signedIn(2);
  const student = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id, title: `Crafted ${new Types.ObjectId().toString().slice(-6)}` });
  await enroll(student.user._id, [course._id]);
  const created = await fetch(`${server.url}/api/teacher/speaking-tasks`, {
    method: 'POST',
    headers: { Cookie: teacher.cookie, Origin: server.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ courseId: course.id, title: 'One minute', prompt: 'Talk for a minute.', focusStrands: ['linguistic'], maxSeconds: 60 }),
  });
  expect(created.status).toBe(201);
  return { student, course, task: await readJson(created) };
}

/** Sends `bytes` as a 1-second take over the socket. */
function upload(taskId: string, cookie: string, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append('audio', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'take.webm');
  form.append('durationMs', '1000');
  return fetch(`${server.url}/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: cookie, Origin: server.url }, body: form });
}

/** A RIFF/WAVE file: `fmt ` as given, a `fact` chunk claiming `factSamples`, and `data` declaring `declaredData` bytes but holding `dataBytes`. */
function craftedWav(fmt: Buffer, factSamples: number, declaredData: number, dataBytes: number): Uint8Array {
  const fact = Buffer.alloc(12);
  fact.write('fact', 0, 'latin1');
  fact.writeUInt32LE(4, 4);
  fact.writeUInt32LE(factSamples, 8);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(declaredData, 4);
  const fmtHeader = Buffer.alloc(8);
  fmtHeader.write('fmt ', 0, 'latin1');
  fmtHeader.writeUInt32LE(fmt.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + 8 + fmt.length + 12 + 8 + declaredData, 4);
  riff.write('WAVE', 8, 'latin1');
  return new Uint8Array(Buffer.concat([riff, fmtHeader, fmt, fact, dataHeader, Buffer.alloc(dataBytes, 0x80)]));
}

/** 10.4 MB of IMA ADPCM at 68 kHz mono (306 s of audio) whose `fact` says 1,000 samples (15 ms). */
function lyingAdpcm(): Uint8Array {
  const fmt = Buffer.alloc(20);
  fmt.writeUInt16LE(0x11, 0); // IMA ADPCM
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(68_000, 4);
  fmt.writeUInt32LE(4055, 8);
  fmt.writeUInt16LE(256, 12);
  fmt.writeUInt16LE(4, 14);
  fmt.writeUInt16LE(2, 16);
  fmt.writeUInt16LE(505, 18);
  return craftedWav(fmt, 1000, 10_400_000, 10_400_000);
}

/** 8-bit PCM at 8 kHz mono: `seconds` of audio whose `fact`, `data` and `RIFF` sizes claim one second. */
function lyingPcm(seconds: number): Uint8Array {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(8000, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  return craftedWav(fmt, 8000, 8000, seconds * 8000);
}

/** A 10-minute Opus WebM written to a pipe, so that its header carries no duration. */
function headerlessWebm(): Uint8Array {
  const made = spawnSync(
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:sample_rate=48000',
      '-t',
      '600',
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '6k',
      '-f',
      'webm',
      'pipe:1',
    ],
    { maxBuffer: 20 * 1024 * 1024 },
  );
  expect(made.status, made.stderr?.toString()).toBe(0);
  return new Uint8Array(made.stdout);
}

/** Asks `/healthz` every 100 ms until `until` settles; each answer must come (5 s at most) with 200. @returns the slowest, ms */
async function healthDuring(until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  let worst = 0;
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    worst = Math.max(worst, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worst;
}

const temporaryUploads = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`oracy-upload-${process.pid}-`));

describe('crafted takes (docs/product.md#speaking-practice)', () => {
  it('refuse a lying IMA ADPCM WAV with 415, a long 8-bit WAV whose sizes claim a second and a header-less 10-minute WebM with 413, while /healthz answers', async () => {
    const webm = headerlessWebm();
    const { student, task } = await classroom();
    const before = temporaryUploads().length;
    const sent = Promise.all([upload(task.id, student.cookie, lyingAdpcm()), upload(task.id, student.cookie, lyingPcm(1200)), upload(task.id, student.cookie, webm)]);
    await healthDuring(sent);
    const [adpcm, pcm, long] = await sent;

    expect(adpcm.status).toBe(415);
    expect((await readJson(adpcm)).error).toEqual({
      code: 'unsupported_media_type',
      message: 'WAV recordings in IMA ADPCM cannot be sent: use PCM (8, 16, 24 or 32 bits) or IEEE float (32 or 64 bits).',
    });
    for (const res of [pcm, long]) {
      expect(res.status).toBe(413);
      expect((await readJson(res)).error).toEqual({ code: 'payload_too_large', message: 'The recording is longer than this task allows (60 seconds).' });
    }
    expect(await Recording.countDocuments({ taskId: task.id })).toBe(0);
    expect(temporaryUploads().length).toBeLessThanOrEqual(before);
  }, 60_000);

  it('store the measured length of a good take, not the one the client sends', async () => {
    const { student, task } = await classroom();
    const res = await upload(task.id, student.cookie, audioFixture('speech.webm'));
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.durationMs).toBe(2000);
    expect((await Recording.findById(body.id).lean())!.durationMs).toBe(2000);
    const wav = await upload(task.id, student.cookie, lyingPcm(30));
    expect(wav.status).toBe(201);
    expect((await readJson(wav)).durationMs).toBe(30_000);
  });

  it('answer a student who is not enrolled with 403 before the body is sent', async () => {
    const { task } = await classroom();
    const outsider = await signedIn(3);
    const boundary = 'oracyboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const declared = 10 * 1024 * 1024;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/student/speaking-tasks/${task.id}/recordings`, {
        method: 'POST',
        headers: { Cookie: outsider.cookie, Origin: server.url, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(declared) },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      // only the start of the 10 MB body: the answer must come without the rest
      req.write(head);
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(status).toBe(403);
    expect(JSON.parse(body).error.code).toBe('forbidden');
  });

  it('remove the temporary file of every refused take', async () => {
    const { student, task } = await classroom();
    const before = temporaryUploads().length;
    expect((await upload(task.id, student.cookie, new Uint8Array(readFileSync(new URL('../test/audio/disguised.webm', import.meta.url))))).status).toBe(415);
    expect((await upload(task.id, student.cookie, lyingPcm(100))).status).toBe(413);
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(audioFixture('speech.webm'));
    expect((await upload(task.id, student.cookie, huge)).status).toBe(413);
    // the same without a Content-Length (chunked): stopped while it streams
    const form = new FormData();
    form.append('audio', new Blob([huge as Uint8Array<ArrayBuffer>]), 'take.webm');
    const encoded = new Response(form);
    const chunked = await fetch(`${server.url}/api/student/speaking-tasks/${task.id}/recordings`, {
      method: 'POST',
      headers: { Cookie: student.cookie, Origin: server.url, 'Content-Type': encoded.headers.get('Content-Type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await readJson(chunked)).error.code).toBe('payload_too_large');
    expect(temporaryUploads().length).toBeLessThanOrEqual(before);
  });
});
