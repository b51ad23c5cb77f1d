import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { pino } from 'pino';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEnv } from '../env.js';
import { startServer, type RunningServer } from '../../server.js';
import { chatUploadsDir, DiskUploadStore, publicUploadsDir, recordingsDir } from '../uploads.js';
import { audioFixture } from '../../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../../test/factories.js';
import { enroll, makeCourse } from '../../test/testData.js';
import { connected, nextEvent, openSocket } from '../../test/testServer.js';
import { PRIVATE_UMASK, tightenDataDirModes } from './dataDirModes.js';

// Files under DATA_DIR are 0600 in 0700 folders (docs/architecture.md#private-files).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const modeOf = (path: string) => statSync(path).mode & 0o777;

let originalUmask: number;
const roots: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `oracy-modes-${name}-`));
  roots.push(dir);
  return dir;
};

beforeAll(() => {
  // What a shell usually gives: new files 0644, folders 0755.
  originalUmask = process.umask(0o022);
});

afterAll(() => {
  process.umask(originalUmask);
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describe('tightenDataDirModes', () => {
  it('makes files 0600 (an executable 0700) and folders 0700, leaves links and their targets alone, and finds nothing the second time', async () => {
    const dataDir = tempDir('sweep');
    const outside = join(tempDir('outside'), 'shared.txt');
    writeFileSync(outside, 'not Oracy’s');
    chmodSync(outside, 0o644);
    mkdirSync(join(dataDir, 'uploads', 'recordings'), { recursive: true, mode: 0o755 });
    mkdirSync(join(dataDir, 'uploads', 'chat'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'uploads', 'recordings', 'recording-a.webm'), 'take', { mode: 0o644 });
    writeFileSync(join(dataDir, 'uploads', 'chat', 'chat-a.pdf'), 'pdf', { mode: 0o664 });
    writeFileSync(join(dataDir, 'uploads', 'course-a.png'), 'png', { mode: 0o600 });
    writeFileSync(join(dataDir, 'run.sh'), '#!/bin/sh', { mode: 0o755 });
    symlinkSync(outside, join(dataDir, 'uploads', 'link.txt'));
    chmodSync(dataDir, 0o755);

    expect(await tightenDataDirModes(dataDir)).toEqual({ files: 3, folders: 4, refused: [] });
    for (const folder of [dataDir, join(dataDir, 'uploads'), recordingsDir(dataDir), chatUploadsDir(dataDir)]) expect(modeOf(folder), folder).toBe(0o700);
    expect(modeOf(join(dataDir, 'uploads', 'recordings', 'recording-a.webm'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'uploads', 'chat', 'chat-a.pdf'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'uploads', 'course-a.png'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'run.sh'))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644);

    expect(await tightenDataDirModes(dataDir)).toEqual({ files: 0, folders: 0, refused: [] });
    expect(await tightenDataDirModes(join(dataDir, 'missing'))).toEqual({ files: 0, folders: 0, refused: [] });
  });

  it('the disk store writes 0600 files in 0700 folders even under a umask of 022', async () => {
    const dataDir = tempDir('store');
    const stored = await new DiskUploadStore(recordingsDir(dataDir)).save(audioFixture('speech.webm'), 'audio', 'recording');
    expect(modeOf(join(recordingsDir(dataDir), stored.name))).toBe(0o600);
    expect(modeOf(recordingsDir(dataDir))).toBe(0o700);
    expect(modeOf(publicUploadsDir(dataDir))).toBe(0o700);
  });
});

describe('a running server keeps DATA_DIR private', () => {
  let running: RunningServer;
  let dataDir: string;
  let uri: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    uri = `${mongoose.connection.getClient().options.hosts.map((h) => `mongodb://${h.host}:${h.port}`)[0]}/${mongoose.connection.name}`;
    await mongoose.disconnect();
    dataDir = tempDir('server');
    // What an older Oracy left: world-readable recordings and attachments in 0755 folders.
    mkdirSync(recordingsDir(dataDir), { recursive: true, mode: 0o755 });
    mkdirSync(chatUploadsDir(dataDir), { recursive: true, mode: 0o755 });
    writeFileSync(join(recordingsDir(dataDir), 'recording-old.webm'), 'old take', { mode: 0o644 });
    writeFileSync(join(chatUploadsDir(dataDir), 'chat-old.png'), PNG, { mode: 0o644 });
    running = await startServer({ env: { ...getEnv(), PORT: 0, MONGODB_URI: uri, DATA_DIR: dataDir, SEED_DEMO: '0', UPLOAD_STORE: 'disk' }, logger: pino({ level: 'silent' }) });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await running?.close();
    await mongoose.connect(uri);
  });

  it('sets the umask to 077 and makes what was there private at start', () => {
    expect(process.umask()).toBe(PRIVATE_UMASK);
    for (const folder of [dataDir, publicUploadsDir(dataDir), recordingsDir(dataDir), chatUploadsDir(dataDir)]) expect(modeOf(folder), folder).toBe(0o700);
    expect(modeOf(join(recordingsDir(dataDir), 'recording-old.webm'))).toBe(0o600);
    expect(modeOf(join(chatUploadsDir(dataDir), 'chat-old.png'))).toBe(0o600);
  });

  it('stores an uploaded recording and a chat attachment as 0600 files in 0700 folders', async () => {
    const base = `http://127.0.0.1:${running.port}`;
    const teacher = await createUser({ role: 2 });
    const student = await createUser({ role: 3 });
    const admin = await createUser({ role: 1 });
    const course = await makeCourse({ instructorId: teacher.user._id, title: `Modes ${Date.now()}` });
    await enroll(student.user._id, [course._id]);
    const teacherCookie = await signIn(running.app, teacher.user.email, teacher.password);
    const studentCookie = await signIn(running.app, student.user.email, student.password);
    const created = await running.app.request(
      '/api/teacher/speaking-tasks',
      jsonRequest('POST', { courseId: course.id, title: 'Explain a process', prompt: 'Explain how lunch works.', focusStrands: ['linguistic'] }, teacherCookie),
    );
    expect(created.status).toBe(201);
    const task = await readJson(created);
    const form = new FormData();
    form.append('audio', new Blob([audioFixture('speech.webm') as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
    const uploaded = await running.app.request(`/api/student/speaking-tasks/${task.id}/recordings`, { method: 'POST', headers: { Cookie: studentCookie, Origin: TEST_ORIGIN }, body: form });
    expect(uploaded.status).toBe(201);

    const adminCookie = await signIn(running.app, admin.user.email, admin.password);
    const socket = openSocket(base, { headers: { Cookie: adminCookie }, auth: { userId: admin.user.id as string, userRole: '1' } });
    sockets.push(socket);
    const initial = nextEvent(socket, 'initialMessages');
    await connected(socket);
    await initial;
    const echo = nextEvent<{ file_url: string }>(socket, 'message');
    socket.emit('message', { content: '', file: { data: `data:image/png;base64,${PNG.toString('base64')}`, name: 'plan.png', type: 'image/png' }, tempId: `modes-${Date.now()}` });
    await echo;

    const recordings = readdirSync(recordingsDir(dataDir)).filter((name) => name !== 'recording-old.webm');
    const attachments = readdirSync(chatUploadsDir(dataDir)).filter((name) => name !== 'chat-old.png');
    expect(recordings).toHaveLength(1);
    expect(attachments).toHaveLength(1);
    expect(modeOf(join(recordingsDir(dataDir), recordings[0]!))).toBe(0o600);
    expect(modeOf(join(chatUploadsDir(dataDir), attachments[0]!))).toBe(0o600);
    for (const folder of [dataDir, publicUploadsDir(dataDir), recordingsDir(dataDir), chatUploadsDir(dataDir)]) expect(modeOf(folder), folder).toBe(0o700);
  });
});
