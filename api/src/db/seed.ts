import { randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Types } from 'mongoose';
import { hashPassword } from '../auth/password.js';
import { oracyLevelForMean as levelForMean } from '../services/oracyLevel.js';
import {
  ADMINS,
  ASSIGNMENT_TITLES,
  COMPLAINT_TEXTS,
  COURSES,
  DEMO_PASSWORD,
  DEMO_STUDENT,
  DISCUSSION_LINES,
  NOTICES,
  STUDENT_FIRST_NAMES,
  STUDENT_LAST_NAMES,
  TEACHERS,
} from './demoData.js';
import {
  ASSESSMENT_KEYS,
  Assessment,
  Assignment,
  AssignmentCompletion,
  ChatMessage,
  Complaint,
  Course,
  Enrollment,
  Notice,
  User,
  type OracyLevel,
} from './models/index.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoData.js';

/** Folder of the shipped course images. */
const ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'courses');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic PRNG (mulberry32), so the demo data is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** integer in [min, max] */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** k distinct items of `items` */
    pick: <T>(items: readonly T[], k: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, k);
    },
  };
}

/** 16 scores (integers 1–5) whose mean is exactly `base` (an integer). */
function scoresFor(base: number): Record<string, number> {
  return Object.fromEntries(ASSESSMENT_KEYS.map((key, i) => [key, base + (base < 5 && base > 1 ? (i % 2 ? 1 : -1) : 0)]));
}

/**
 * Loads the demo data set of decisions §10 into an empty database: 2 admins,
 * 4 teachers, 30 students (demo accounts `admin@`, `teacher@`,
 * `student@oracy.test`, password `oracy-demo`), 8 courses with images copied
 * into `uploadsDir` under server-generated names, enrollments (some
 * completed), 2–4 assignments per course with completions, students' stored
 * self-assessments matching their `oracyLevel` (decisions §9), 6 notices,
 * complaints in every status from both roles, and 80 discussion messages
 * between the admins. Deterministic (fixed PRNG seed); dates relative to now.
 *
 * Whether to call it at all (SEED_DEMO, NODE_ENV) is the caller's decision.
 * @returns `{seeded: false}` without writing anything when any user exists.
 */
export async function seedDemoData(opts: { uploadsDir: string; log?: (line: string) => void }): Promise<{ seeded: boolean }> {
  if (await User.exists({})) return { seeded: false };
  const rnd = prng(21);
  const now = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // People. The demo student keeps "Beginner" until their first assessment.
  const levels: OracyLevel[] = ['Beginner', 'Developing', 'Proficient', 'Advanced'];
  const studentRows = [
    { ...DEMO_STUDENT, oracyLevel: 'Beginner' as OracyLevel },
    ...STUDENT_FIRST_NAMES.map((firstName, i) => ({
      firstName,
      lastName: STUDENT_LAST_NAMES[i] ?? 'Student',
      email: `${firstName}.${STUDENT_LAST_NAMES[i] ?? 'student'}@oracy.test`.toLowerCase(),
      oracyLevel: levels[rnd.int(0, 3)] as OracyLevel,
    })),
  ];
  const users = await User.insertMany([
    ...ADMINS.map((a) => ({ ...a, role: 1, passwordHash })),
    ...TEACHERS.map((t) => ({ ...t, role: 2, passwordHash })),
    ...studentRows.map((s) => ({ ...s, role: 3, passwordHash })),
  ]);
  const admins = users.slice(0, ADMINS.length);
  const teachers = users.slice(ADMINS.length, ADMINS.length + TEACHERS.length);
  const students = users.slice(ADMINS.length + TEACHERS.length);

  // Each student with a level other than Beginner has the assessment that gave it.
  await Assessment.insertMany(
    students.flatMap((s, i) => {
      const level = s.oracyLevel as OracyLevel;
      if (i === 0 || level === 'Beginner') return [];
      const base = levels.indexOf(level) + 2; // Developing 3, Proficient 4, Advanced 5
      const mean = base;
      if (levelForMean(mean) !== level) throw new Error(`demo data: mean ${mean} does not give ${level}`);
      return [{ userId: s._id, scores: scoresFor(base), mean, level, createdAt: new Date(now - rnd.int(2, 20) * DAY) }];
    }),
  );

  // Courses with their images, stored like uploads (server-generated names).
  await mkdir(opts.uploadsDir, { recursive: true });
  const courseDocs = [];
  for (const [i, course] of COURSES.entries()) {
    const image = `course-${randomBytes(12).toString('hex')}.png`;
    await copyFile(join(ASSETS_DIR, course.image), join(opts.uploadsDir, image));
    const start = new Date(now + (i - 4) * 14 * DAY);
    courseDocs.push({
      _id: new Types.ObjectId(),
      title: course.title,
      description: course.description,
      instructorId: teachers[course.teacher]?._id ?? null,
      duration: course.duration,
      startDate: start,
      endDate: new Date(start.getTime() + (8 + (i % 3) * 2) * 7 * DAY),
      status: course.status,
      image,
    });
  }
  const courses = await Course.insertMany(courseDocs);

  // Enrollments: the demo student in courses 0, 1 and 4 (two of them the demo teacher's), the others in 2–4.
  const enrollments = students.flatMap((s, i) => {
    const picked = i === 0 ? [courses[0], courses[1], courses[4]] : rnd.pick(courses, rnd.int(2, 4));
    return picked.map((c, k) => ({
      studentId: s._id,
      courseId: c!._id,
      completedAt: (i === 0 ? k === 0 : rnd.next() < 0.25) ? new Date(now - rnd.int(1, 30) * DAY) : null,
    }));
  });
  await Enrollment.insertMany(enrollments);

  // Assignments (2–4 per course) and completions: the demo student did the first of each course only.
  const assignments = await Assignment.insertMany(
    courses.flatMap((c, i) =>
      rnd.pick(ASSIGNMENT_TITLES, 2 + (i % 3)).map((title, k) => ({ courseId: c._id, title, dueDate: new Date(now + (k * 7 - 7 + i) * DAY) })),
    ),
  );
  const completions = enrollments.flatMap((e) =>
    assignments
      .filter((a) => a.courseId.equals(e.courseId))
      .filter((a, k) => (e.studentId.equals(students[0]!._id) ? k === 0 : rnd.next() < 0.5))
      .map((a) => ({ assignmentId: a._id, studentId: e.studentId, completedAt: new Date(now - rnd.int(0, 10) * DAY) })),
  );
  await AssignmentCompletion.insertMany(completions);

  await Notice.insertMany(NOTICES.map((n, i) => ({ ...n, createdAt: new Date(now - (NOTICES.length - i) * DAY), updatedAt: new Date(now - (NOTICES.length - i) * DAY) })), {
    timestamps: false,
  } as never);

  // Complaints in every status from both roles; the demo student and teacher have one of each.
  const statuses = [null, 'approved', 'disapproved'] as const;
  const filers = [
    ...statuses.map((status) => ({ user: students[0]!, role: 3, status })),
    ...statuses.map((status) => ({ user: teachers[0]!, role: 2, status })),
    { user: students[3]!, role: 3, status: null },
    { user: students[7]!, role: 3, status: 'disapproved' },
    { user: teachers[1]!, role: 2, status: null },
    { user: teachers[2]!, role: 2, status: 'approved' },
    { user: students[12]!, role: 3, status: null },
    { user: students[20]!, role: 3, status: 'approved' },
  ];
  await Complaint.insertMany(
    filers.map((f, i) => {
      const text = COMPLAINT_TEXTS[i % COMPLAINT_TEXTS.length]!;
      const createdAt = new Date(now - (filers.length - i) * 6 * HOUR);
      return {
        ...text,
        userId: f.user._id,
        role: f.role,
        status: f.status,
        decidedBy: f.status ? admins[0]!._id : null,
        decidedAt: f.status ? new Date(createdAt.getTime() + HOUR) : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
    { timestamps: false } as never,
  );

  // 80 discussion messages between the admins, oldest first, over the last four days.
  const start = now - 4 * DAY;
  await ChatMessage.insertMany(
    Array.from({ length: 80 }, (_, i) => {
      const sender = admins[i % 2]!;
      const createdAt = new Date(start + i * HOUR + rnd.int(0, 40) * 60_000);
      return {
        userId: sender._id,
        senderName: sender.name,
        content: DISCUSSION_LINES[i % DISCUSSION_LINES.length],
        file: null,
        tempId: null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
    { timestamps: false } as never,
  );

  opts.log?.(`Demo data loaded: ${users.length} people, ${courses.length} courses, ${NOTICES.length} notices, 80 messages.`);
  return { seeded: true };
}
