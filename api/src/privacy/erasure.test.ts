import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { AssignmentCompletion } from '../assignments/model.js';
import { ChatMessage } from '../chat/messageModel.js';
import { Complaint } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { PartnerMember, PeerFeedback, PeerListen } from '../peers/model.js';
import { Job } from '../platform/jobs/jobModel.js';
import { SchoolSettings } from '../settings/model.js';
import { User } from '../people/userModel.js';
import { getEnv } from '../platform/env.js';
import { createUploadStores, publicUploadsDir, type UploadStores } from '../platform/uploads.js';
import { audioFixture } from '../test/audio.js';
import { createUser, jsonRequest, readJson, signIn, TEST_ORIGIN } from '../test/factories.js';
import { enroll, makeAssignments, makeCourse } from '../test/testData.js';
import { TINY_PNG } from '../test/testWorld.js';

/**
 * Erasure leaves nothing (docs/product.md#privacy, docs/personal-data.md): a person with data in
 * every collection that can hold it is deleted through the API; then every document of every
 * collection, read raw through the driver, and every file of the upload store are searched for
 * their id (as 12 bytes and as hex), email and names. Once with the disk store, once with GridFS.
 */

/** One self-assessment: every statement scored 3. */
const oracyScores = Object.fromEntries(
  [
    'professionalVocab',
    'audienceLanguage',
    'explainClearly',
    'supportWithExamples',
    'structuredThought',
    'handleQuestions',
    'avoidRambling',
    'summariseIdeas',
    'confidentSpeaking',
    'activeListening',
    'groupLeadership',
    'rapportBuilding',
    'voiceAdjustment',
    'postureGestures',
    'eyeContact',
    'toneVariation',
  ].map((key) => [key, 3]),
);

/** A small PDF, as a discussion attachment. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

/** What identifies a person, as bytes to look for. */
function needlesOf(user: { _id: Types.ObjectId; email: string; firstName: string; lastName: string; name: string }): { label: string; bytes: Buffer }[] {
  return [
    { label: 'id (ObjectId)', bytes: Buffer.from(String(user._id), 'hex') },
    { label: 'id (hex)', bytes: Buffer.from(String(user._id)) },
    { label: 'email', bytes: Buffer.from(user.email) },
    { label: 'first name', bytes: Buffer.from(user.firstName) },
    { label: 'last name', bytes: Buffer.from(user.lastName) },
    { label: 'name', bytes: Buffer.from(user.name) },
  ];
}

/** Every document of every collection, as BSON, naming any needle: `collection: what`. */
async function databaseMatches(needles: { label: string; bytes: Buffer }[]): Promise<string[]> {
  const db = mongoose.connection.db!;
  const found: string[] = [];
  for (const { name } of await db.listCollections().toArray()) {
    for (const doc of await db.collection(name).find().toArray()) {
      const bson = Buffer.from(mongoose.mongo.BSON.serialize(doc));
      for (const needle of needles) if (bson.includes(needle.bytes)) found.push(`${name}: ${needle.label} in ${JSON.stringify(doc).slice(0, 200)}`);
    }
  }
  return found;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file of the disk store whose name or bytes name a needle. */
function diskMatches(dataDir: string, needles: { label: string; bytes: Buffer }[]): string[] {
  return filesUnder(publicUploadsDir(dataDir)).flatMap((path) => {
    const bytes = readFileSync(path);
    return needles.filter((n) => path.includes(n.bytes.toString()) || bytes.includes(n.bytes)).map((n) => `${path}: ${n.label}`);
  });
}

/** A name nobody else in the database has. */
const unique = (word: string) => `${word}${randomBytes(3).toString('hex')}`;

describe.each(['disk', 'gridfs'] as const)('erasing a person with the %s upload store (docs/product.md#privacy)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-erasure-'));
  const env = { ...getEnv(), DATA_DIR: dataDir, UPLOAD_STORE: kind };
  const uploads: UploadStores = createUploadStores(env);
  const app = createApp({ env, uploads });

  const request = (path: string, init: RequestInit) => app.request(path, init);
  async function person(role: 1 | 2 | 3, word: string) {
    const { user, password } = await createUser({ role, firstName: unique(word), lastName: unique('Quill'), email: `${unique(word.toLowerCase())}@example.test` });
    const cookie = await signIn(app, user.email, password);
    // a second session, on another device
    await signIn(app, user.email, password);
    return { user, cookie };
  }

  /** Sends a recording of `taskId` as `cookie`'s student, with an Idempotency-Key. */
  async function record(taskId: string, cookie: string) {
    const form = new FormData();
    form.append('audio', new Blob([audioFixture('speech.webm') as Uint8Array<ArrayBuffer>], { type: 'audio/webm' }), 'answer.webm');
    const res = await request(`/api/student/speaking-tasks/${taskId}/recordings`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Idempotency-Key': `rec-${randomBytes(6).toString('hex')}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return readJson(res);
  }

  /** A school: an admin, a teacher with a course, a task and an assignment, two enrolled students. */
  async function school() {
    const admin = await person(1, 'Admina');
    const teacher = await person(2, 'Teachera');
    const student = await person(3, 'Studenta');
    const other = await person(3, 'Othera');
    const course = await makeCourse({ instructorId: teacher.user._id });
    await enroll(student.user._id, [course._id], [course._id]);
    await enroll(other.user._id, [course._id]);
    const [assignment] = await makeAssignments(course._id, 1);
    for (const who of [student, other]) await AssignmentCompletion.create({ assignmentId: assignment!._id, studentId: who.user._id });
    const created = await request(
      '/api/teacher/speaking-tasks',
      jsonRequest('POST', { courseId: course.id, title: 'Explain a process', prompt: 'Explain how lunch works here.', focusStrands: ['linguistic', 'physical'] }, teacher.cookie),
    );
    expect(created.status).toBe(201);
    const task = await readJson(created);
    return { admin, teacher, student, other, course, task };
  }

  /** Gives `who` a student's data in every collection that can hold it; returns their recordings' stored audio names. */
  async function studentData(world: Awaited<ReturnType<typeof school>>, who: { user: { _id: Types.ObjectId }; cookie: string }) {
    for (let i = 0; i < 2; i += 1) {
      const res = await request('/api/updateOracyAssessment', jsonRequest('POST', { oracy_scores: oracyScores }, who.cookie));
      expect(res.status).toBe(201);
    }
    const complaint = await request('/api/student/complaints', {
      ...jsonRequest('POST', { title: 'Too loud', description: 'The room next door is too loud.' }, who.cookie),
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: who.cookie, 'Idempotency-Key': `cmp-${randomBytes(6).toString('hex')}` },
    });
    expect(complaint.status).toBe(201);
    const recording = await record(world.task.id, who.cookie);
    const feedback = await request(
      `/api/teacher/recordings/${recording.id}/feedback`,
      jsonRequest('POST', { strands: { linguistic: 4, physical: 3 }, comment: 'Clear and calm.' }, world.teacher.cookie),
    );
    expect(feedback.status).toBe(201);
    const stored = await Recording.findById(recording.id).lean();
    // their own profile photo (docs/product.md#edit-profile)
    const photoForm = new FormData();
    photoForm.append('photo', new Blob([TINY_PNG], { type: 'image/png' }), 'me.png');
    const photo = await request('/api/user/photo', { method: 'PUT', headers: { Cookie: who.cookie, Origin: TEST_ORIGIN }, body: photoForm });
    expect(photo.status).toBe(200);
    const photoName = String((await readJson(photo)).profilePicture).replace('/uploads/', '');
    return { recordingId: String(recording.id), audio: stored!.file.name, complaintId: String((await readJson(complaint)).id), photo: photoName };
  }

  const deleteAs = (cookie: string, path: string) => request(path, jsonRequest('DELETE', undefined, cookie));

  /**
   * Talk partners (docs/product.md#talk-partners): the task opened to partners, the two students a
   * pair, each hears the other's take and gives feedback on it; the teacher approves one.
   */
  async function peerData(world: Awaited<ReturnType<typeof school>>, mine: { recordingId: string }, theirs: { recordingId: string }) {
    const { teacher, student, other, task } = world;
    expect((await request(`/api/teacher/speaking-tasks/${task.id}/peers`, jsonRequest('PUT', { peerFeedback: 'partners', showNames: true }, teacher.cookie))).status).toBe(200);
    expect((await request(`/api/teacher/speaking-tasks/${task.id}/partners`, jsonRequest('PUT', { groups: [[student.user.id, other.user.id]] }, teacher.cookie))).status).toBe(200);
    const ids: string[] = [];
    for (const [who, take] of [
      [student, theirs],
      [other, mine],
    ] as const) {
      expect((await request(`/api/peer-takes/${take.recordingId}/audio`, { headers: { Cookie: who.cookie } })).status).toBe(200);
      const res = await request(
        `/api/student/recordings/${take.recordingId}/peer-feedback`,
        jsonRequest('POST', { stem: 'liked', text: 'you slowed down for the key point.', clarity: { linguistic: 3, physical: 2 } }, who.cookie),
      );
      expect(res.status).toBe(201);
      ids.push(String((await readJson(res)).id));
    }
    expect((await request(`/api/teacher/peer-feedback/${ids[0]}/approve`, jsonRequest('POST', undefined, teacher.cookie))).status).toBe(200);
  }

  it('leaves nothing of a student: every collection and the upload store are searched', async () => {
    const world = await school();
    const mine = await studentData(world, world.student);
    const theirs = await studentData(world, world.other);
    await peerData(world, mine, theirs);
    // the admin decides the student's complaint (a decision record names the complaint)
    expect((await request(`/api/admin/complaints/${mine.complaintId}/disapprove`, jsonRequest('POST', undefined, world.admin.cookie))).status).toBe(200);
    expect(await Job.countDocuments({ 'payload.recordingId': mine.recordingId })).toBeGreaterThan(0);
    expect(await uploads.recordings.open(mine.audio)).not.toBeNull();
    const needles = needlesOf(world.student.user);
    expect((await databaseMatches(needles)).length).toBeGreaterThan(0);

    const res = await deleteAs(world.admin.cookie, `/api/admin/students/${world.student.user.id}`);
    expect(res.status).toBe(204);

    expect(await databaseMatches(needles)).toEqual([]);
    expect(kind === 'disk' ? diskMatches(dataDir, needles) : []).toEqual([]);
    expect(await uploads.recordings.open(mine.audio)).toBeNull();
    expect(await uploads.public.open(mine.photo)).toBeNull();
    expect(await uploads.public.open(theirs.photo)).not.toBeNull();
    expect(await Job.countDocuments({ 'payload.recordingId': mine.recordingId })).toBe(0);
    expect(await Feedback.countDocuments({ recordingId: new Types.ObjectId(mine.recordingId) })).toBe(0);
    // the other student keeps everything
    expect(await uploads.recordings.open(theirs.audio)).not.toBeNull();
    expect(await Recording.countDocuments({ studentId: world.other.user._id })).toBe(1);
    expect(await Feedback.countDocuments({ studentId: world.other.user._id })).toBe(1);
    expect(await Complaint.countDocuments({ userId: world.other.user._id })).toBe(1);
    expect(await Job.countDocuments({ 'payload.recordingId': theirs.recordingId })).toBeGreaterThan(0);
    expect((await User.findById(world.other.user._id).lean())?.oracy?.latest).toBeTruthy();
    // talk partners: what the student wrote and received, their listens and their group went; the other keeps none of it
    expect(await PeerFeedback.countDocuments({})).toBe(await PeerFeedback.countDocuments({ authorId: { $nin: [world.student.user._id] }, recipientId: { $nin: [world.student.user._id] } }));
    expect(await PeerFeedback.countDocuments({ $or: [{ authorId: world.other.user._id }, { recipientId: world.other.user._id }] })).toBe(0);
    expect(await PeerListen.countDocuments({ $or: [{ listenerId: world.other.user._id }, { authorId: world.other.user._id }] })).toBe(0);
    expect(await PartnerMember.countDocuments({ studentId: world.other.user._id })).toBe(1);
  });

  it('leaves nothing of a teacher: their tasks and feedback stay for the students, by "Deleted user"', async () => {
    const world = await school();
    const data = await studentData(world, world.student);
    const filed = await request('/api/teacher/complaints', jsonRequest('POST', { title: 'Projector', description: 'The projector flickers.' }, world.teacher.cookie));
    expect(filed.status).toBe(201);
    const needles = needlesOf(world.teacher.user);
    expect((await databaseMatches(needles)).length).toBeGreaterThan(0);

    const res = await deleteAs(world.admin.cookie, `/api/admin/teachers/${world.teacher.user.id}`);
    expect(res.status).toBe(204);

    expect(await databaseMatches(needles)).toEqual([]);
    expect(kind === 'disk' ? diskMatches(dataDir, needles) : []).toEqual([]);
    expect(await SpeakingTask.findById(world.task.id).lean()).toMatchObject({ teacherId: null });
    expect(await Course.findById(world.course._id).lean()).toMatchObject({ instructorId: null });
    // the student still has the task, their recording and its feedback, the teacher shown as nobody
    const tasks = await readJson(await request(`/api/student/speaking-tasks/${world.student.user.id}`, { headers: { Cookie: world.student.cookie } }));
    expect(tasks).toEqual([
      expect.objectContaining({
        id: world.task.id,
        teacherId: null,
        recording: expect.objectContaining({ id: data.recordingId }),
        feedback: expect.objectContaining({ teacherId: null, comment: 'Clear and calm.' }),
      }),
    ]);
    expect(await uploads.recordings.open(data.audio)).not.toBeNull();
  });

  it('leaves nothing of an admin: their discussion messages stay by "Deleted user", without the files they attached', async () => {
    const world = await school();
    const gone = await person(1, 'Adminb');
    const { complaintId } = await studentData(world, world.student);
    expect((await request(`/api/admin/complaints/${complaintId}/approve`, jsonRequest('POST', undefined, gone.cookie))).status).toBe(200);
    await SchoolSettings.updateOne({ _id: 'school' }, { $set: { language: 'French', backupFrequency: 'Weekly', updatedBy: gone.user._id } }, { upsert: true });
    const attachment = await uploads.chat.save(PDF, 'attachment', 'chat');
    const onlyFile = await uploads.chat.save(PDF, 'attachment', 'chat');
    const file = (stored: { name: string; type: string; size: number }) => ({ url: stored.name, name: `${gone.user.lastName} notes.pdf`, type: stored.type, size: stored.size });
    const [text, withFile, fileOnly, others] = await ChatMessage.create([
      { userId: gone.user._id, senderName: gone.user.name, content: 'See you at nine.' },
      { userId: gone.user._id, senderName: gone.user.name, content: 'The timetable, attached.', file: file(attachment) },
      { userId: gone.user._id, senderName: gone.user.name, content: '', file: file(onlyFile) },
      { userId: world.admin.user._id, senderName: world.admin.user.name, content: 'Thanks!' },
    ]);
    const needles = needlesOf(gone.user);
    expect((await databaseMatches(needles)).length).toBeGreaterThan(0);

    const res = await deleteAs(world.admin.cookie, `/api/admin/users/${gone.user.id}`);
    expect(res.status).toBe(204);

    expect(await databaseMatches(needles)).toEqual([]);
    expect(kind === 'disk' ? diskMatches(dataDir, needles) : []).toEqual([]);
    expect(await ChatMessage.findById(text!._id).lean()).toMatchObject({ userId: null, senderName: 'Deleted user', content: 'See you at nine.' });
    expect(await ChatMessage.findById(withFile!._id).lean()).toMatchObject({ userId: null, senderName: 'Deleted user', content: 'The timetable, attached.', file: null });
    expect(await ChatMessage.findById(fileOnly!._id).lean()).toBeNull();
    expect(await ChatMessage.findById(others!._id).lean()).toMatchObject({ senderName: world.admin.user.name, content: 'Thanks!' });
    expect(await uploads.chat.open(attachment.name)).toBeNull();
    expect(await uploads.chat.open(onlyFile.name)).toBeNull();
    expect(await Complaint.findById(complaintId).lean()).toMatchObject({ status: 'approved', decidedBy: null });
    expect(await SchoolSettings.findById('school').lean()).toMatchObject({ language: 'French', updatedBy: null });
  });

  it('keeps today’s guard: an admin cannot delete themself', async () => {
    const admin = await person(1, 'Solo');
    expect((await deleteAs(admin.cookie, `/api/admin/users/${admin.user.id}`)).status).toBe(409);
    expect(await User.exists({ _id: admin.user._id })).not.toBeNull();
  });
});
