import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp, type AppOptions } from '../app.js';
import type { UserDoc } from '../auth/context.js';
import { hashPassword } from '../auth/password.js';
import { SESSION_COOKIE, createSession } from '../auth/sessions.js';
import { chatUploadsDir } from '../chat/messages.js';
import { Assignment } from '../assignments/model.js';
import { ChatMessage } from '../chat/messageModel.js';
import { Complaint, ComplaintDecision } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { Notice } from '../notices/model.js';
import { PeerFeedback } from '../peers/model.js';
import { PrivacyExport } from '../privacy/exportModel.js';
import { ROLES, type Role } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import { exportFileName, exportsDir } from '../privacy/exportStore.js';
import { getEnv, type Env } from '../platform/env.js';
import { DiskUploadStore, recordingsDir } from '../platform/uploads.js';
import { audioFixture } from './audio.js';
import { backupsDir } from '../backups/backup.js';
import { TEST_ORIGIN } from './factories.js';
import { createMemoryRateLimitStore, type RateLimitStore } from '../platform/security/rateLimit.js';

/**
 * Test-only: one small, complete data set for the authorization matrix and
 * the fuzz tests — two students, two teachers and an admin, a
 * course of the first teacher with the first student enrolled, an assignment,
 * a notice, complaints, a course image and a chat attachment on disk — and
 * the app over a temporary `DATA_DIR` and `PWA_DIST`.
 */

/** The six callers of the matrix. */
export const CALLERS = ['none', 'ownerStudent', 'otherStudent', 'ownerTeacher', 'otherTeacher', 'admin'] as const;
/** One caller of the matrix. */
export type Caller = (typeof CALLERS)[number];

/** The password of every world user. */
export const WORLD_PASSWORD = 'world-password-8';

/** The data set and the app it is served by. */
export interface World {
  app: ReturnType<typeof createApp>;
  env: Env;
  /** the temporary `DATA_DIR` (uploads) */
  dataDir: string;
  /** the temporary `PWA_DIST` (an `index.html`) */
  pwaDist: string;
  /** the owning student: enrolled in `course`, files `studentComplaint` */
  s1: UserDoc;
  /** another student */
  s2: UserDoc;
  /** the owning teacher: instructor of `course`, files `teacherComplaint` */
  t1: UserDoc;
  /** another teacher */
  t2: UserDoc;
  admin: UserDoc;
  /** id of the course of `t1` that `s1` is enrolled in; it has an image */
  courseId: string;
  /** the course image's stored file name, served at `/uploads/{imageName}` */
  imageName: string;
  /** id of a chat message with an attachment on disk */
  attachmentMessageId: string;
  /** Removes the temporary folders. */
  cleanup(): void;
}

/** A 1×1 PNG, for stored images and multipart uploads. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let passwordHash: Promise<string> | undefined;

/** Creates a user of `role` quickly (one shared argon2id hash of `WORLD_PASSWORD`). */
export async function quickUser(role: Role, firstName = 'World'): Promise<UserDoc> {
  passwordHash ??= hashPassword(WORLD_PASSWORD);
  const suffix = randomBytes(5).toString('hex');
  return User.create({ firstName, lastName: `User ${suffix}`, email: `world-${suffix}@example.test`, passwordHash: await passwordHash, role });
}

/** A fresh session of `user` as a `Cookie` header value (no sign-in round trip). */
export async function cookieOf(user: UserDoc): Promise<string> {
  const { token } = await createSession(user._id, { ttlDays: 1 });
  return `${SESSION_COOKIE}=${token}`;
}

/** The user behind a caller, or null for `none`. */
export function userOf(world: World, caller: Caller): UserDoc | null {
  switch (caller) {
    case 'none':
      return null;
    case 'ownerStudent':
      return world.s1;
    case 'otherStudent':
      return world.s2;
    case 'ownerTeacher':
      return world.t1;
    case 'otherTeacher':
      return world.t2;
    case 'admin':
      return world.admin;
  }
}

/** Headers of a request by `caller` from the app's own page: `Origin`, and the caller's fresh session cookie. */
export async function headersOf(world: World, caller: Caller, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const user = userOf(world, caller);
  return { Origin: TEST_ORIGIN, ...(user ? { Cookie: await cookieOf(user) } : {}), ...extra };
}

/** A fresh course of `instructorId` (no image). */
export async function freshCourse(instructorId: UserDoc['_id'] | null, title = `Course ${randomBytes(3).toString('hex')}`) {
  return Course.create({
    title,
    description: 'A course for the security tests.',
    instructorId,
    duration: 12,
    startDate: new Date('2025-01-06'),
    endDate: new Date('2025-06-27'),
    status: 'active',
    image: null,
  });
}

/** A fresh complaint of `owner` filed in `role`, status null (On Hold). */
export async function freshComplaint(owner: UserDoc, role: typeof ROLES.student | typeof ROLES.teacher) {
  return Complaint.create({ title: 'Too loud', description: 'The room next door is too loud.', userId: owner._id, role, status: null });
}

/** A fresh complaint of `owner` that `admin` approved just now (with its decision claim): one the admin may still undo. */
export async function freshDecidedComplaint(owner: UserDoc, role: typeof ROLES.student | typeof ROLES.teacher, admin: UserDoc) {
  const complaint = await Complaint.create({
    title: 'Too loud',
    description: 'The room next door is too loud.',
    userId: owner._id,
    role,
    status: 'approved',
    decidedBy: admin._id,
    decidedAt: new Date(),
  });
  await ComplaintDecision.create({ _id: complaint._id, status: 'approved', decidedBy: admin._id });
  return complaint;
}

/** A fresh speaking task of the owning teacher in the world's course, focused on two strands. */
export async function freshTask(world: Pick<World, 'courseId' | 't1'>) {
  return SpeakingTask.create({
    courseId: world.courseId,
    teacherId: world.t1._id,
    title: 'Explain a process',
    prompt: 'Explain to a new student how lunch works at our school.',
    focusStrands: ['linguistic', 'physical'],
    maxSeconds: 60,
  });
}

/**
 * A fresh pending recording of the owning student for a fresh task, its audio (a WebM fixture)
 * in the world's disk recordings store; with `reviewed`, also the owning teacher's feedback.
 */
export async function freshRecording(world: Pick<World, 'courseId' | 't1' | 's1' | 'dataDir'>, opts: { reviewed?: boolean } = {}) {
  const task = await freshTask(world);
  const stored = await new DiskUploadStore(recordingsDir(world.dataDir)).save(audioFixture('speech.webm'), 'audio', 'recording');
  const recording = await Recording.create({
    taskId: task._id,
    studentId: world.s1._id,
    courseId: task.courseId,
    file: stored,
    durationMs: 2008,
    submittedAt: new Date(),
    status: opts.reviewed ? 'reviewed' : 'pending',
  });
  if (opts.reviewed) {
    await Feedback.create({ recordingId: recording._id, teacherId: world.t1._id, studentId: world.s1._id, strands: { linguistic: 4, physical: 3 }, comment: 'Clear.' });
  }
  return recording;
}

/**
 * A fresh task of the world's course open to the class's peer feedback (docs/product.md#talk-partners),
 * with the owning student's take and a classmate's (a fresh student enrolled in the course), and
 * pending feedback from the classmate on the owning student's take.
 */
export async function freshPeerTask(world: Pick<World, 'courseId' | 't1' | 's1' | 'dataDir'>) {
  const task = await freshTask(world);
  await SpeakingTask.updateOne({ _id: task._id }, { $set: { peerFeedback: 'class' } });
  const classmate = await quickUser(ROLES.student, 'Classmate');
  await Enrollment.create({ studentId: classmate._id, courseId: task.courseId });
  const store = new DiskUploadStore(recordingsDir(world.dataDir));
  const take = async (studentId: UserDoc['_id']) =>
    Recording.create({
      taskId: task._id,
      studentId,
      courseId: task.courseId,
      file: await store.save(audioFixture('speech.webm'), 'audio', 'recording'),
      durationMs: 2008,
      submittedAt: new Date(),
    });
  const own = await take(world.s1._id);
  const theirs = await take(classmate._id);
  const feedback = await PeerFeedback.create({
    recordingId: own._id,
    taskId: task._id,
    courseId: task.courseId,
    authorId: classmate._id,
    recipientId: world.s1._id,
    stem: 'liked',
    text: 'you paused before the key point.',
    clarity: { linguistic: 3, physical: 2 },
  });
  return { task, classmate, own, theirs, feedback };
}

/** A fresh notice. */
export async function freshNotice() {
  return Notice.create({ title: 'Assembly', description: 'Assembly moves to Friday.' });
}

let archives = 0;

/**
 * A kept backup archive in the world's `DATA_DIR/backups`, named as the server names them (a few
 * bytes, not a real archive: the download serves whatever the file holds). @returns its name
 */
export function freshArchive(world: Pick<World, 'dataDir'>): string {
  const stamp = new Date(Date.UTC(2026, 0, 1) + ++archives * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const name = `oracy-backup-${stamp}.tar.gz`;
  mkdirSync(backupsDir(world.dataDir), { recursive: true });
  writeFileSync(join(backupsDir(world.dataDir), name), Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
  return name;
}

/**
 * A ready "Download my data" export of the owning student, asked for two days ago (so that a new
 * one may be asked for), its archive (a few bytes, not a real ZIP) in the world's `DATA_DIR/exports`.
 * @returns its id
 */
export async function freshExport(world: Pick<World, 's1' | 'dataDir'>): Promise<string> {
  const createdAt = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const doc = await PrivacyExport.create({
    subjectId: world.s1._id,
    requestedBy: world.s1._id,
    status: 'ready',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 7 * 24 * 3600 * 1000),
    size: 4,
    day: `test:${randomBytes(6).toString('hex')}`,
  });
  const file = exportFileName(doc.id as string);
  mkdirSync(exportsDir(world.dataDir), { recursive: true });
  writeFileSync(join(exportsDir(world.dataDir), file), Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  await PrivacyExport.updateOne({ _id: doc._id }, { $set: { file } });
  return doc.id as string;
}

/**
 * A rate-limit store whose limits are `factor` times the asked ones, for
 * tests that send many requests from one address and want them to reach
 * validation rather than the limiter.
 */
export function generousRateLimits(factor = 1000): RateLimitStore {
  const inner = createMemoryRateLimitStore();
  return { limiter: (name, limit) => inner.limiter(name, { ...limit, points: limit.points * factor }) };
}

/**
 * Builds the world in the test file's database: users, the course with its
 * image file, the enrollment, an assignment, a notice, a chat message with
 * an attachment, and the app (fresh rate limits, silent log) over temporary
 * `DATA_DIR` and `PWA_DIST` folders.
 */
export async function createWorld(envOverrides: Partial<Env> = {}, appOptions: Pick<AppOptions, 'rateLimits'> = {}): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-security-data-'));
  const pwaDist = mkdtempSync(join(tmpdir(), 'oracy-security-pwa-'));
  writeFileSync(join(pwaDist, 'index.html'), '<!doctype html><title>Oracy</title><div id="root"></div>');

  const [s1, s2, t1, t2, admin] = await Promise.all([
    quickUser(ROLES.student, 'Owning'),
    quickUser(ROLES.student, 'Other'),
    quickUser(ROLES.teacher, 'Owning'),
    quickUser(ROLES.teacher, 'Other'),
    quickUser(ROLES.admin, 'Admin'),
  ]);

  const imageName = `course-${randomBytes(12).toString('hex')}.png`;
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', imageName), TINY_PNG);
  const course = await freshCourse(t1!._id, 'Debating basics');
  course.image = imageName;
  await course.save();
  await Enrollment.create({ studentId: s1!._id, courseId: course._id });
  await Assignment.create({ courseId: course._id, title: 'Two-minute speech', dueDate: new Date('2025-03-01') });
  await freshNotice();

  const attachmentName = `chat-${randomBytes(12).toString('hex')}.png`;
  mkdirSync(chatUploadsDir(dataDir), { recursive: true });
  writeFileSync(join(chatUploadsDir(dataDir), attachmentName), TINY_PNG);
  const message = await ChatMessage.create({
    userId: admin!._id,
    senderName: admin!.name,
    content: 'The agenda',
    file: { url: attachmentName, name: 'agenda.png', type: 'image/png', size: TINY_PNG.byteLength },
  });

  const env: Env = { ...getEnv(), DATA_DIR: dataDir, PWA_DIST: pwaDist, ...envOverrides };
  const app = createApp({ env, logger: pino({ level: 'silent' }), ...appOptions });
  return {
    app,
    env,
    dataDir,
    pwaDist,
    s1: s1!,
    s2: s2!,
    t1: t1!,
    t2: t2!,
    admin: admin!,
    courseId: course.id as string,
    imageName,
    attachmentMessageId: message.id as string,
    cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(pwaDist, { recursive: true, force: true });
    },
  };
}

/** `METHOD /path` of every endpoint `createApp()` registers (middleware and catch-alls — method ALL — left out). */
export function registeredEndpoints(app: World['app']): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();
}
