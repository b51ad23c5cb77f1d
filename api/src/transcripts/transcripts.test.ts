import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import { getEnv } from '../platform/env.js';
import { createJobRunner } from '../platform/jobs/index.js';
import { Job } from '../platform/jobs/jobModel.js';
import { DiskUploadStore, recordingsDir } from '../platform/uploads.js';
import { flushAccessLog } from '../privacy/accessLog.js';
import { AccessLogEntry } from '../privacy/accessLogModel.js';
import { collectExportData } from '../privacy/exportData.js';
import { SchoolSettings } from '../settings/model.js';
import { wavBytes } from '../test/audio.js';
import { fakeDeliveryTools } from '../test/delivery.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { makeSpeech, PHRASES, speechToolsAvailable } from '../test/speech.js';
import { enroll, makeCourse } from '../test/testData.js';
import { Transcript } from './model.js';
import { backfillTranscripts, defineTranscriptJob, TRANSCRIBE_JOB } from './service.js';
import { Recording } from '../speaking/model.js';
import { DEFAULT_PYTHON, Transcriber, type Transcription, type TranscriptWord } from './transcriber.js';
import { normaliseWord } from './words.js';

/**
 * The stored transcript (docs/product.md#transcripts): the job `recording.transcribe` queued by
 * each upload, the transcript's endpoint and its access rule, and the privacy register's rows
 * (erasure, export). A fake transcriber stands in for the worker but in the last test, which runs
 * the real one on speech made with espeak-ng and is skipped, with a message, without the worker's
 * virtual environment.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'oracy-transcripts-'));
const store = new DiskUploadStore(recordingsDir(dataDir));
const env = { ...getEnv(), DATA_DIR: dataDir };
const app = createApp({ env, deliveryTools: fakeDeliveryTools().tools, transcriber: null });

/** A word every 400 ms, 300 ms long. */
const timed = (texts: string[]): TranscriptWord[] => texts.map((text, i) => ({ text, startMs: 1_000 + i * 400, endMs: 1_300 + i * 400, confidence: 0.9 }));

/** Stands in for the worker: answers each take with `answer`, counting the calls. */
function fakeTranscriber(answer: Transcription): Transcriber & { calls: number } {
  const fake = {
    calls: 0,
    installed: true,
    transcribe: async () => {
      fake.calls++;
      return answer;
    },
    stop: async () => undefined,
  };
  return fake as unknown as Transcriber & { calls: number };
}

const SAID = ['We,', 'we', 'went', 'to', 'the', 'park,', 'like,', 'and', 'it', 'was', 'fun.'];
const READY: Transcription = { status: 'ready', language: 'en', text: SAID.join(' '), words: timed(SAID), fillers: [{ text: 'um', startMs: 5_500, endMs: 5_800 }] };

/** Transcribes with `transcriber` from now on, retries coming at once; jobs an earlier test left queued are dropped. */
async function transcribeWith(transcriber: Transcriber | null): Promise<void> {
  defineTranscriptJob({ recordings: store, transcriber, transcribeTimeoutMs: 120_000, options: { backoffMs: 1 } });
  await Job.deleteMany({ name: TRANSCRIBE_JOB });
}

/** Runs every queued transcription job, retries included, until none is left. */
async function drain(): Promise<void> {
  const runner = createJobRunner({ names: [TRANSCRIBE_JOB] });
  for (let i = 0; i < 50; i++) {
    await runner.runUntilIdle();
    if (!(await Job.exists({ name: TRANSCRIBE_JOB, status: { $in: ['queued', 'running'] } }))) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('transcription jobs left unfinished');
}

async function signedIn(role: 1 | 2 | 3) {
  const { user, password } = await createUser({ role });
  return { user, cookie: await signIn(app, user.email, password) };
}

/** A teacher with a course, a task in it, an enrolled student, an admin, and another student and teacher. */
async function classroom(script?: string) {
  const teacher = await signedIn(2);
  const student = await signedIn(3);
  const course = await makeCourse({ instructorId: teacher.user._id });
  await enroll(student.user._id, [course._id]);
  const created = await app.request(
    '/api/teacher/speaking-tasks',
    jsonRequest('POST', { courseId: course.id, title: 'My weekend', prompt: 'Tell us about your weekend.', focusStrands: ['linguistic'], script }, teacher.cookie),
  );
  return { teacher, student, course, task: await readJson(created), admin: await signedIn(1), otherStudent: await signedIn(3), otherTeacher: await signedIn(2) };
}

/** A second of quiet 16-bit WAV: the fake transcriber does not listen. */
const QUIET = wavBytes([new Float32Array(16_000)], 16_000, '16');

/** Sends a take as a WAV file. */
async function upload(taskId: string, cookie: string, bytes: Uint8Array = QUIET): Promise<{ id: string }> {
  const form = new FormData();
  form.append('audio', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'answer.wav');
  const res = await app.request(`/api/student/speaking-tasks/${taskId}/recordings`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(201);
  return readJson(res);
}

const transcriptOf = (recordingId: string, cookie: string) => app.request(`/api/recordings/${recordingId}/transcript`, { headers: { Cookie: cookie } });

const PENDING = { status: 'pending', version: 0, language: '', text: '', words: [], wordsPerMinute: null, fillers: [], repeats: [], reading: null };

describe('a recording’s transcript (docs/product.md#transcripts)', () => {
  it('is made at start-up for takes stored before transcripts existed whose audio is kept', async () => {
    const fake = fakeTranscriber(READY);
    await transcribeWith(fake);
    const { student, task } = await classroom();
    const kept = await upload(task.id, student.cookie);
    await drain();
    // as if stored before transcripts existed: no record at all
    await Transcript.deleteMany({});
    await Job.deleteMany({});
    expect(await backfillTranscripts()).toBe(1);
    expect(await backfillTranscripts()).toBe(0);
    expect(await readJson(await transcriptOf(kept.id, student.cookie))).toEqual(PENDING);
    await drain();
    expect((await readJson(await transcriptOf(kept.id, student.cookie))).status).toBe('ready');

    // a take whose audio the retention job removed is not transcribed again
    await Transcript.deleteMany({});
    await Recording.updateOne({ _id: kept.id }, { $set: { audioRemovedAt: new Date() } });
    expect(await backfillTranscripts()).toBe(0);
  });

  it('is pending after the upload, then the worker’s words with words a minute, the school’s fillers and repeats', async () => {
    const fake = fakeTranscriber(READY);
    await transcribeWith(fake);
    const { student, task } = await classroom();
    const recording = await upload(task.id, student.cookie);
    expect(await readJson(await transcriptOf(recording.id, student.cookie))).toEqual(PENDING);

    await drain();
    expect(fake.calls).toBe(1);
    const ready = await readJson(await transcriptOf(recording.id, student.cookie));
    expect(ready).toMatchObject({ status: 'ready', version: 1, language: 'en', text: READY.text, words: READY.words, reading: null });
    // 11 words from the first word's start to the last one's end (4.3 s): no delivery report here.
    expect(ready.wordsPerMinute).toBeCloseTo(11 / (4_300 / 60_000), 1);
    expect(ready.fillers).toEqual([
      { text: 'like', startMs: 3_400, endMs: 3_700 },
      { text: 'um', startMs: 5_500, endMs: 5_800 },
    ]);
    expect(ready.repeats).toEqual([{ kind: 'word', text: 'we', count: 2, wordIndexes: [0, 1] }]);
  });

  it('counts words a minute of the delivery report’s speaking time, and fillers from the school’s own list', async () => {
    await transcribeWith(fakeTranscriber(READY));
    await SchoolSettings.create({ _id: 'school', language: 'English', backupFrequency: 'Daily', fillerWords: ['fun'] });
    const { student, task } = await classroom();
    const recording = await upload(task.id, student.cookie);
    await StoredDeliveryReport.updateOne({ recordingId: recording.id }, { $set: { status: 'ready', report: { speakingMs: 6_000 } } });
    await drain();
    const ready = await readJson(await transcriptOf(recording.id, student.cookie));
    expect(ready.wordsPerMinute).toBe(110);
    expect(ready.fillers).toEqual([{ text: 'fun', startMs: 5_000, endMs: 5_300 }]);
    await SchoolSettings.deleteMany({});
  });

  it('follows the audio’s rule: the student, the course’s teacher and admins; 403 for others, 404 for no recording; staff reads are logged', async () => {
    await transcribeWith(fakeTranscriber(READY));
    const world = await classroom();
    const recording = await upload(world.task.id, world.student.cookie);
    for (const who of [world.student, world.teacher, world.admin]) expect((await transcriptOf(recording.id, who.cookie)).status).toBe(200);
    for (const who of [world.otherStudent, world.otherTeacher]) {
      const res = await transcriptOf(recording.id, who.cookie);
      expect(res.status).toBe(403);
      expect(await readJson(res)).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect((await transcriptOf('0123456789abcdef01234567', world.student.cookie)).status).toBe(404);
    expect((await transcriptOf('nope', world.student.cookie)).status).toBe(400);
    expect((await app.request(`/api/recordings/${recording.id}/transcript`)).status).toBe(401);

    // a second read within the window writes nothing more.
    await transcriptOf(recording.id, world.teacher.cookie);
    await flushAccessLog();
    const entries = await AccessLogEntry.find({ subjectId: world.student.user._id }).lean();
    expect(entries.map((e) => [String(e.actorId), e.what, e.resourceId]).sort()).toEqual(
      [
        [world.teacher.user.id, 'recording_transcript', recording.id],
        [world.admin.user.id, 'recording_transcript', recording.id],
      ].sort(),
    );
  });

  it('is unavailable without the worker (transcription off, or no Python), and nothing else changes', async () => {
    for (const transcriber of [null, new Transcriber({ pythonPath: join(dataDir, 'no-such-python') })]) {
      await transcribeWith(transcriber);
      const { student, task } = await classroom();
      const recording = await upload(task.id, student.cookie);
      await drain();
      expect(await readJson(await transcriptOf(recording.id, student.cookie))).toEqual({ ...PENDING, status: 'unavailable' });
      expect(await Job.exists({ name: TRANSCRIBE_JOB, status: 'failed' })).toBeNull();
    }
  });

  it('is failed once every try failed, and a replaced take starts again from pending', async () => {
    const failing = fakeTranscriber({ status: 'failed', language: '', text: '', words: [], fillers: [], reason: 'the worker stopped while transcribing' });
    await transcribeWith(failing);
    const { student, task } = await classroom();
    const recording = await upload(task.id, student.cookie);
    await drain();
    expect(failing.calls).toBe(3);
    expect(await readJson(await transcriptOf(recording.id, student.cookie))).toEqual({ ...PENDING, status: 'failed' });

    await upload(task.id, student.cookie);
    expect(await readJson(await transcriptOf(recording.id, student.cookie))).toEqual(PENDING);
  });

  it('is corrected by the course’s teacher or an admin: words and fillers worked out again, the version one up, the worker’s kept', async () => {
    await transcribeWith(fakeTranscriber(READY));
    const world = await classroom();
    const recording = await upload(world.task.id, world.student.cookie);
    const put = (body: unknown, cookie: string) => app.request(`/api/recordings/${recording.id}/transcript`, jsonRequest('PUT', body, cookie));
    expect((await put({ dismissedFillers: [] }, world.teacher.cookie)).status).toBe(409);
    await drain();

    // "We, we went to the park, like, and it was fun." → "We went to the park, like, and it was fun." with "like" dismissed.
    const words = SAID.map((w, i) => (i === 1 ? '' : w));
    const corrected = await put({ words, dismissedFillers: [3_400] }, world.teacher.cookie);
    expect(corrected.status).toBe(200);
    const body = await readJson(corrected);
    expect(body).toMatchObject({ status: 'ready', version: 2, text: 'We, went to the park, like, and it was fun.', repeats: [] });
    expect(body.words).toHaveLength(10);
    expect(body.fillers).toEqual([{ text: 'um', startMs: 5_500, endMs: 5_800 }]);
    expect(await readJson(await transcriptOf(recording.id, world.student.cookie))).toEqual(body);
    const stored = await Transcript.findOne({ recordingId: recording.id }).lean();
    expect(stored).toMatchObject({ correctedBy: world.teacher.user._id, automatic: { text: READY.text } });

    expect(await readJson(await put({ dismissedFillers: [5_500] }, world.admin.cookie))).toMatchObject({ version: 3, fillers: [] });
    expect((await Transcript.findOne({ recordingId: recording.id }).lean())?.automatic).toMatchObject({ text: READY.text });

    for (const who of [world.student, world.otherTeacher, world.otherStudent]) expect((await put({ dismissedFillers: [] }, who.cookie)).status).toBe(403);
    for (const bad of [{}, { words: ['too', 'few'] }, { words: 'no' }, { dismissedFillers: ['x'] }, { words: SAID, extra: 1 }]) {
      const res = await put(bad, world.teacher.cookie);
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error' } });
    }
  });

  it('reads a take against its task’s script: the known errors, words correct a minute; a correction and a new script read it again (docs/product.md#reading-aloud)', async () => {
    await transcribeWith(fakeTranscriber(READY));
    // said: "We, we went to the park, like, and it was fun." — "big" skipped, "sun" read as "fun", "we" put in.
    const world = await classroom('We went to the big park, like, and it was sun.');
    const recording = await upload(world.task.id, world.student.cookie);
    await StoredDeliveryReport.updateOne({ recordingId: recording.id }, { $set: { status: 'ready', report: { speakingMs: 6_000 } } });
    await drain();
    const ready = await readJson(await transcriptOf(recording.id, world.student.cookie));
    expect(ready.reading).toEqual({
      // 9 of the script's 11 words read correctly in 6 s of speaking.
      wordsCorrectPerMinute: 90,
      accuracy: 81.8,
      errors: [
        { kind: 'inserted', expected: '', said: 'We,', startMs: 1_000 },
        { kind: 'skipped', expected: 'big', said: '', startMs: 3_000 },
        { kind: 'substituted', expected: 'sun', said: 'fun.', startMs: 5_000 },
      ],
      script: expect.any(Array),
    });
    // every script word in order, with how it was read: what the screen marks
    const marked = (ready.reading.script as Array<{ text: string; status: string; said?: string }>).filter((w) => w.status !== 'read');
    expect(marked).toEqual([
      { text: 'big', status: 'skipped' },
      { text: 'sun', status: 'substituted', said: 'fun.', startMs: 5_000 },
    ]);
    expect(ready.reading.script).toHaveLength(11);

    // the teacher drops the repeated "we": the skip and the substitution are left.
    const words = SAID.map((w, i) => (i === 1 ? '' : w));
    const corrected = await readJson(await app.request(`/api/recordings/${recording.id}/transcript`, jsonRequest('PUT', { words }, world.teacher.cookie)));
    expect(corrected.reading).toMatchObject({ accuracy: 81.8, errors: [{ kind: 'skipped' }, { kind: 'substituted' }] });
    expect(await Transcript.findOne({ recordingId: recording.id }).lean()).toMatchObject({ automatic: { reading: ready.reading } });

    // a new script reads the ready transcripts again; none leaves them without a reading.
    const body = { title: 'My weekend', prompt: 'Tell us about your weekend.', focusStrands: ['linguistic'] };
    const putTask = (script: string | null) => app.request(`/api/teacher/speaking-tasks/${world.task.id}`, jsonRequest('PUT', { ...body, script }, world.teacher.cookie));
    expect((await putTask('We went to the park and it was fun.')).status).toBe(200);
    expect((await readJson(await transcriptOf(recording.id, world.student.cookie))).reading).toEqual({
      wordsCorrectPerMinute: 90,
      accuracy: 100,
      errors: [{ kind: 'inserted', expected: '', said: 'like,', startMs: 3_400 }],
      script: expect.any(Array),
    });
    expect((await putTask(null)).status).toBe(200);
    expect((await readJson(await transcriptOf(recording.id, world.student.cookie))).reading).toBeNull();
  });

  it('is exported with the student’s data and erased with the student', async () => {
    await transcribeWith(fakeTranscriber(READY));
    const world = await classroom();
    const recording = await upload(world.task.id, world.student.cookie);
    await drain();
    const data = await collectExportData(world.student.user.id);
    expect(data?.json.collections.transcripts).toEqual([expect.objectContaining({ text: READY.text, status: 'ready' })]);

    const res = await app.request(`/api/admin/students/${world.student.user.id}`, jsonRequest('DELETE', undefined, world.admin.cookie));
    expect(res.status).toBeLessThan(300);
    expect(await Transcript.countDocuments({ $or: [{ recordingId: recording.id }, { studentId: world.student.user._id as Types.ObjectId }] })).toBe(0);
  });
});

const installed = new Transcriber().installed;
const speech = speechToolsAvailable();
if (!installed) console.warn(`Transcript job test with the real worker skipped: no ${DEFAULT_PYTHON} (run node scripts/setup.mjs --build where python3 >= 3.9 exists).`);
if (!speech) console.warn('Transcript job test with the real worker skipped: espeak-ng and sox are needed to make its speech.');

// The model's load and a decode take seconds, many more on a busy machine.
describe.skipIf(!installed || !speech)('the transcript job with the real worker', { timeout: 180_000 }, () => {
  it('turns an uploaded take made with espeak-ng into a ready transcript with its words', async () => {
    const transcriber = new Transcriber({ idleMs: 5_000 });
    try {
      await transcribeWith(transcriber);
      const { student, task } = await classroom();
      const take = makeSpeech({ phrases: [0, 2], gapsMs: [800], leadMs: 400, tailMs: 400 });
      const recording = await upload(task.id, student.cookie, wavBytes([take.samples], take.sampleRate, '16'));
      await drain();
      const ready = await readJson(await transcriptOf(recording.id, student.cookie));
      expect(ready).toMatchObject({ status: 'ready', version: 1, language: 'en' });
      const expected = [0, 2].flatMap((i) => PHRASES[i]!.text.split(' ').map(normaliseWord));
      const got = (ready.words as TranscriptWord[]).map((w) => normaliseWord(w.text));
      expect(expected.filter((w) => got.includes(w)).length / expected.length).toBeGreaterThanOrEqual(0.8);
      expect(ready.wordsPerMinute).toBeGreaterThan(60);
    } finally {
      await transcriber.stop();
    }
  });
});
