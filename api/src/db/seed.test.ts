import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { oracyLevelForMean } from '../services/oracyLevel.js';
import {
  Assessment,
  Assignment,
  AssignmentCompletion,
  ChatMessage,
  Complaint,
  Course,
  Enrollment,
  Notice,
  User,
} from './models/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('seedDemoData (decisions §10)', () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'oracy-seed-'));

  it('loads the demo data set into an empty database', async () => {
    expect(await seedDemoData({ uploadsDir })).toEqual({ seeded: true });

    expect(await User.countDocuments({ role: 1 })).toBeGreaterThanOrEqual(1);
    expect(await User.countDocuments({ role: 2 })).toBe(4);
    expect(await User.countDocuments({ role: 3 })).toBe(30);
    expect(await Notice.countDocuments()).toBe(6);
    expect(await ChatMessage.countDocuments()).toBe(80);

    const courses = await Course.find().lean();
    expect(courses).toHaveLength(8);
    for (const course of courses) {
      expect(course.image).toMatch(/^course-[0-9a-f]{24}\.png$/);
      const file = join(uploadsDir, course.image!);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(course.startDate.getTime()).toBeLessThanOrEqual(course.endDate.getTime());
    }
    expect(await Enrollment.countDocuments()).toBeGreaterThanOrEqual(60);
    expect(await Enrollment.countDocuments({ completedAt: { $ne: null } })).toBeGreaterThan(0);
    expect(await Assignment.countDocuments()).toBeGreaterThanOrEqual(16);
    expect(await AssignmentCompletion.countDocuments()).toBeGreaterThan(0);
  });

  it('has complaints in every status from both roles', async () => {
    for (const role of [2, 3]) {
      for (const status of [null, 'approved', 'disapproved'] as const) {
        expect(await Complaint.countDocuments({ role, status }), `role ${role} status ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('gives the demo accounts the shared password and the demo student the demo teacher’s courses', async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const user = await User.findOne({ email }).lean();
      expect(user, email).not.toBeNull();
      expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const student = await User.findOne({ email: DEMO_ACCOUNTS.student }).lean();
    const teacher = await User.findOne({ email: DEMO_ACCOUNTS.teacher }).lean();
    expect(student).toMatchObject({ role: 3, oracyLevel: 'Beginner' });
    expect(teacher).toMatchObject({ role: 2 });
    const courseIds = (await Enrollment.find({ studentId: student!._id }).lean()).map((e) => e.courseId);
    expect(courseIds.length).toBeGreaterThanOrEqual(3);
    expect(await Course.countDocuments({ _id: { $in: courseIds }, instructorId: teacher!._id })).toBeGreaterThanOrEqual(1);
    for (const status of [null, 'approved'] as const) {
      expect(await Complaint.countDocuments({ userId: student!._id, status })).toBeGreaterThan(0);
      expect(await Complaint.countDocuments({ userId: teacher!._id, status })).toBeGreaterThan(0);
    }
  });

  it('stores an assessment behind every level above Beginner (decisions §9)', async () => {
    const students = await User.find({ role: 3 }).lean();
    const assessments = await Assessment.find().lean();
    for (const s of students) {
      const own = assessments.filter((a) => a.userId.equals(s._id));
      if (s.oracyLevel === 'Beginner') continue;
      expect(own, s.email).toHaveLength(1);
      expect(oracyLevelForMean(own[0]!.mean)).toBe(s.oracyLevel);
    }
  });

  it('keeps the discussion in chronological order with notices of distinct dates', async () => {
    const messages = await ChatMessage.find().sort({ createdAt: 1 }).lean();
    expect(new Set(messages.map((m) => String(m.userId))).size).toBe(2);
    const notices = await Notice.find().sort({ createdAt: -1 }).lean();
    expect(new Set(notices.map((n) => n.createdAt.getTime())).size).toBe(6);
    expect(notices[0]!.title).toBe('New course: Storytelling Aloud');
  });

  it('does nothing when people already exist', async () => {
    const before = await User.countDocuments();
    expect(await seedDemoData({ uploadsDir })).toEqual({ seeded: false });
    expect(await User.countDocuments()).toBe(before);
    expect(await Course.countDocuments()).toBe(8);
  });
});
