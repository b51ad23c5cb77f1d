import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { oracyLevelForMean } from '../oracy/level.js';
import { DELIVERY_VERSION, deliveryReportSchema } from '../delivery/analysis/report.js';
import { ffmpegAvailable } from '../delivery/tools.js';
import { DiskUploadStore } from '../platform/uploads.js';
import { DISCUSSION } from './demoData.js';
import { ASSESSMENT_KEYS, Assessment } from '../oracy/assessmentModel.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { ChatMessage } from '../chat/messageModel.js';
import { Complaint } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { Notice } from '../notices/model.js';
import { User } from '../people/userModel.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.js';
import { teacherOverview } from '../oracy/queries.js';
import { summaryOf } from '../oracy/summary.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MODELS = { User, Assessment, Course, Enrollment, Assignment, AssignmentCompletion, Notice, Complaint, ChatMessage, SpeakingTask, Recording, Feedback, StoredDeliveryReport };

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(MODELS).map(async ([name, model]) => [name, await model.countDocuments()] as const));
  return Object.fromEntries(entries);
}

/** PNG width and height from the IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('seedDemoData (docs/architecture.md#running-it)', () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'oracy-seed-'));
  const uploads = new DiskUploadStore(uploadsDir);
  const recordings = new DiskUploadStore(join(uploadsDir, 'recordings'));

  it('refuses an unusable uploads folder before writing anything', async () => {
    const notADir = join(uploadsDir, 'not-a-folder');
    writeFileSync(notADir, 'x');
    await expect(seedDemoData({ uploads: new DiskUploadStore(join(notADir, 'uploads')), recordings })).rejects.toThrow();
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
  });

  it('removes what it wrote when a later step fails (no transactions on FerretDB)', async () => {
    const spy = vi.spyOn(ChatMessage, 'insertMany').mockRejectedValueOnce(new Error('disk full'));
    const dir = mkdtempSync(join(tmpdir(), 'oracy-seed-fail-'));
    const takesDir = mkdtempSync(join(tmpdir(), 'oracy-seed-fail-recordings-'));
    await expect(seedDemoData({ uploads: new DiskUploadStore(dir), recordings: new DiskUploadStore(takesDir) })).rejects.toThrow('disk full');
    spy.mockRestore();
    expect(await counts()).toEqual(Object.fromEntries(Object.keys(MODELS).map((name) => [name, 0])));
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(takesDir)).toEqual([]);
  });

  it('loads the demo data set into an empty database', async () => {
    const lines: string[] = [];
    const started = performance.now();
    expect(await seedDemoData({ uploads, recordings, log: (line) => lines.push(line) })).toEqual({ seeded: true });
    console.info(`seeded in ${Math.round(performance.now() - started)} ms: ${lines.join(' ')}`);
    expect(lines).toHaveLength(1);

    expect(await User.countDocuments({ role: 1 })).toBeGreaterThanOrEqual(1);
    expect(await User.countDocuments({ role: 2 })).toBe(4);
    expect(await User.countDocuments({ role: 3 })).toBe(30);
    for (const user of await User.find().lean()) expect(user.name).toBe(`${user.firstName} ${user.lastName}`);
    expect(await Notice.countDocuments()).toBe(6);
    expect(await ChatMessage.countDocuments()).toBe(80);
    const complaints = await Complaint.countDocuments();
    expect(complaints).toBeGreaterThanOrEqual(10);
    expect(complaints).toBeLessThanOrEqual(14);
  });

  it('gives 8 courses, two per teacher, each with a real PNG stored under a server-generated name', async () => {
    const courses = await Course.find().lean();
    expect(courses).toHaveLength(8);
    expect(courses.filter((c) => c.status === 'inactive').length).toBeGreaterThanOrEqual(1);
    expect(courses.filter((c) => c.status === 'inactive').length).toBeLessThanOrEqual(2);
    const teachers = await User.find({ role: 2 }).lean();
    for (const t of teachers) expect(courses.filter((c) => c.instructorId?.equals(t._id)).length, t.email).toBeGreaterThanOrEqual(1);
    const demoTeacher = teachers.find((t) => t.email === DEMO_ACCOUNTS.teacher)!;
    expect(courses.filter((c) => c.instructorId?.equals(demoTeacher._id)).length).toBeGreaterThanOrEqual(2);

    for (const course of courses) {
      expect(course.description.length).toBeGreaterThan(20);
      expect(course.duration).toBeGreaterThan(0);
      expect(course.startDate.getTime()).toBeLessThanOrEqual(course.endDate.getTime());
      expect(course.image).toMatch(/^course-[0-9a-f]{24}\.png$/);
      expect(course.image).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      const bytes = readFileSync(join(uploadsDir, course.image!));
      expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(pngSize(bytes)).toEqual({ width: 345, height: 140 });
      expect(bytes.byteLength).toBeLessThanOrEqual(30_000);
    }
    expect(new Set(courses.map((c) => c.image)).size).toBe(8);
  });

  it('enrolls every student in 2–4 courses, with completions only where the work could be done', async () => {
    const now = Date.now();
    const [students, courses, enrollments, assignments, completions] = await Promise.all([
      User.find({ role: 3 }).lean(),
      Course.find().lean(),
      Enrollment.find().lean(),
      Assignment.find().lean(),
      AssignmentCompletion.find().lean(),
    ]);
    const course = (id: unknown) => courses.find((c) => c._id.equals(String(id)))!;
    for (const s of students) {
      const own = enrollments.filter((e) => e.studentId.equals(s._id));
      expect(own.length, s.email).toBeGreaterThanOrEqual(2);
      expect(own.length, s.email).toBeLessThanOrEqual(4);
    }
    const completed = enrollments.filter((e) => e.completedAt);
    expect(completed.length).toBeGreaterThan(0);
    for (const e of completed) {
      expect(e.completedAt!.getTime()).toBeLessThanOrEqual(now);
      expect(e.completedAt!.getTime()).toBeGreaterThanOrEqual(course(e.courseId).startDate.getTime());
    }
    for (const c of courses) {
      const own = assignments.filter((a) => a.courseId.equals(c._id));
      expect(own.length, c.title).toBeGreaterThanOrEqual(2);
      expect(own.length, c.title).toBeLessThanOrEqual(4);
      expect(enrollments.filter((e) => e.courseId.equals(c._id)).length, c.title).toBeGreaterThan(0);
    }
    expect(completions.length).toBeGreaterThan(0);
    for (const done of completions) {
      const assignment = assignments.find((a) => a._id.equals(done.assignmentId))!;
      expect(enrollments.some((e) => e.studentId.equals(done.studentId) && e.courseId.equals(assignment.courseId))).toBe(true);
      expect(done.completedAt.getTime()).toBeLessThanOrEqual(now);
      expect(done.completedAt.getTime()).toBeGreaterThanOrEqual(course(assignment.courseId).startDate.getTime());
    }
  });

  it('gives the demo accounts the shared password and the demo student some of the demo teacher’s courses and work', async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const user = await User.findOne({ email }).lean();
      expect(user, email).not.toBeNull();
      expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    expect(await User.findOne({ email: DEMO_ACCOUNTS.admin }).lean()).toMatchObject({ role: 1 });
    const student = await User.findOne({ email: DEMO_ACCOUNTS.student }).lean();
    const teacher = await User.findOne({ email: DEMO_ACCOUNTS.teacher }).lean();
    expect(student).toMatchObject({ role: 3, firstName: 'Sam', oracyLevel: 'Beginner' });
    expect(teacher).toMatchObject({ role: 2 });

    const courseIds = (await Enrollment.find({ studentId: student!._id }).lean()).map((e) => e.courseId);
    expect(courseIds.length).toBeGreaterThanOrEqual(3);
    expect(await Course.countDocuments({ _id: { $in: courseIds }, instructorId: teacher!._id })).toBeGreaterThanOrEqual(1);
    const assignments = await Assignment.find({ courseId: { $in: courseIds } }).lean();
    const done = await AssignmentCompletion.countDocuments({ studentId: student!._id });
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(assignments.length);

    for (const status of [null, 'approved'] as const) {
      expect(await Complaint.countDocuments({ userId: student!._id, role: 3, status }), `student ${status}`).toBeGreaterThan(0);
      expect(await Complaint.countDocuments({ userId: teacher!._id, role: 2, status }), `teacher ${status}`).toBeGreaterThan(0);
    }
  });

  it('has complaints in every status from both roles, decided ones with who and when', async () => {
    for (const role of [2, 3]) {
      for (const status of [null, 'approved', 'disapproved'] as const) {
        expect(await Complaint.countDocuments({ role, status }), `role ${role} status ${status}`).toBeGreaterThan(0);
      }
    }
    const users = await User.find().lean();
    for (const c of await Complaint.find().lean()) {
      expect(users.find((u) => u._id.equals(c.userId))?.role).toBe(c.role);
      if (c.status) expect(c.decidedAt!.getTime()).toBeGreaterThan(c.createdAt.getTime());
      else expect(c.decidedBy).toBeNull();
    }
  });

  it('stores the assessment behind every student’s level (docs/product.md#derived-and-stored-data)', async () => {
    const students = await User.find({ role: 3 }).lean();
    const assessments = await Assessment.find().lean();
    expect(assessments.length).toBeGreaterThan(10);
    for (const a of assessments) {
      const scores = [...Object.entries(a.scores as unknown as Record<string, number>)];
      expect(scores.map(([k]) => k).sort()).toEqual([...ASSESSMENT_KEYS].sort());
      for (const [, v] of scores) expect([1, 2, 3, 4, 5]).toContain(v);
      expect(a.mean).toBeCloseTo(scores.reduce((sum, [, v]) => sum + v, 0) / 16, 10);
      expect(a.level).toBe(oracyLevelForMean(a.mean));
    }
    const levels = new Set<string>();
    for (const s of students) {
      const latest = assessments.filter((a) => a.userId.equals(s._id)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (!latest) expect(s.oracyLevel, s.email).toBe('Beginner');
      else expect(oracyLevelForMean(latest.mean), s.email).toBe(s.oracyLevel);
      levels.add(s.oracyLevel!);
    }
    expect(levels.size).toBeGreaterThanOrEqual(3);
  });

  it('shows every Oracy profile state to the demo teacher, and keeps each summary in step with the submissions (docs/product.md#oracy-profile)', async () => {
    const teacher = await User.findOne({ email: DEMO_ACCOUNTS.teacher }).lean();
    const overview = await teacherOverview({ _id: teacher!._id, name: teacher!.name, role: 2 }, undefined, Date.now());
    const reasons = overview.students.flatMap((s) => s.needsAttention);
    for (const reason of ['not-assessed', 'stale', 'declining'] as const) expect(reasons, reason).toContain(reason);
    expect(overview.students.some((s) => s.needsAttention.length === 0 && s.change !== null && s.change > 0)).toBe(true);
    expect(overview.students.find((s) => s.name === 'Sam Taylor')?.needsAttention).toEqual(['not-assessed']);

    const students = await User.find({ role: 3 }).lean();
    expect(students.filter((s) => !s.oracy?.latest)).toHaveLength(3);
    const fiveMonths = Date.now() - 155 * 86_400_000;
    for (const s of students) {
      const own = await Assessment.find({ userId: s._id }).sort({ createdAt: -1, _id: -1 }).lean();
      expect(own.length, s.email).toBeLessThanOrEqual(6);
      for (const a of own) expect(a.createdAt.getTime(), s.email).toBeGreaterThan(fiveMonths);
      expect(s.oracy, s.email).toEqual(summaryOf(own as never));
    }
  });

  it('gives the demo teacher two speaking tasks with answers to hear, some reviewed, whose audio is in the store (docs/product.md#speaking-practice)', async () => {
    const teacher = await User.findOne({ email: DEMO_ACCOUNTS.teacher }).lean();
    const student = await User.findOne({ email: DEMO_ACCOUNTS.student }).lean();
    const tasks = await SpeakingTask.find({ teacherId: teacher!._id }).lean();
    expect(tasks).toHaveLength(2);
    expect(new Set(tasks.map((t) => String(t.courseId))).size).toBe(2);
    const answers = await Recording.find({ taskId: { $in: tasks.map((t) => t._id) } }).lean();
    expect(answers.map((r) => r.status).sort()).toEqual(['pending', 'pending', 'reviewed', 'reviewed', 'reviewed']);
    expect(answers.some((r) => r.studentId.equals(student!._id))).toBe(false);
    for (const r of answers) {
      expect(r.durationMs).toBeGreaterThan(1500);
      expect(await recordings.open(r.file.name), r.file.name).not.toBeNull();
      expect(await Enrollment.exists({ studentId: r.studentId, courseId: r.courseId })).not.toBeNull();
    }
    expect(await Feedback.countDocuments({ recordingId: { $in: answers.map((r) => r._id) } })).toBe(3);
  });

  it('measures the demo answers while seeding: a server report for each, or unavailable without ffmpeg (docs/product.md#measured-by-the-server)', async () => {
    const answers = await Recording.find().lean();
    const reports = await StoredDeliveryReport.find({ recordingId: { $in: answers.map((r) => r._id) } }).lean();
    expect(reports).toHaveLength(answers.length);
    const withFfmpeg = await ffmpegAvailable();
    for (const report of reports) {
      const answer = answers.find((r) => r._id.equals(report.recordingId))!;
      expect(report).toMatchObject({ studentId: answer.studentId, taskId: answer.taskId, audio: answer.file.name, submittedAt: answer.submittedAt });
      if (withFfmpeg) {
        expect(report).toMatchObject({ status: 'ready', source: 'server', version: DELIVERY_VERSION, reason: null });
        expect(deliveryReportSchema.parse(report.report).durationMs).toBeGreaterThan(1500);
        expect(report.analyzedAt!.getTime()).toBeGreaterThan(answer.submittedAt.getTime());
      } else {
        expect(report).toMatchObject({ status: 'unavailable', source: null, report: null });
      }
    }
  });

  it('keeps the admins’ discussion in chronological order and the notices newest first', async () => {
    const now = Date.now();
    const admins = await User.find({ role: 1 }).lean();
    const messages = await ChatMessage.find().sort({ createdAt: 1 }).lean();
    expect(messages.map((m) => m.content)).toEqual(DISCUSSION.map(([, text]) => text));
    expect(new Set(messages.map((m) => m.content)).size).toBe(80);
    expect(new Set(messages.map((m) => String(m.userId))).size).toBe(2);
    for (const [i, m] of messages.entries()) {
      const sender = admins.find((a) => a._id.equals(m.userId!));
      expect(sender, 'sender is an admin').toBeDefined();
      expect(m.senderName).toBe(sender!.name);
      expect(m).toMatchObject({ file: null, tempId: null });
      expect(m.createdAt.getTime()).toBeLessThan(now);
      if (i > 0) expect(m.createdAt.getTime()).toBeGreaterThan(messages[i - 1]!.createdAt.getTime());
    }
    expect(now - messages[0]!.createdAt.getTime()).toBeLessThan(7 * 24 * 3_600_000);

    const notices = await Notice.find().sort({ createdAt: -1 }).lean();
    expect(new Set(notices.map((n) => n.createdAt.getTime())).size).toBe(6);
    expect(notices[0]!.title).toBe('New course: Storytelling Aloud');
    expect(notices.at(-1)!.title).toBe('Welcome to Oracy');
  });

  it('does nothing when people already exist', async () => {
    const before = await counts();
    const files = readdirSync(uploadsDir).sort();
    expect(await seedDemoData({ uploads, recordings })).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    expect(readdirSync(uploadsDir).sort()).toEqual(files);
  });
});
