/**
 * The benchmark's data generator, run with the API's tsx:
 *
 *   tsx scripts/bench/generate.ts --uri <mongodb uri with database> --users N --messages M [--base]
 *
 * Fills a fresh database through the API's Mongoose models, topping up to
 * `N` users and `M` chat messages (it only adds, so a second call grows the
 * same database). `--base` first adds the fixed part: the signed-in
 * accounts the benchmark calls as, 100 chat admins, teachers' courses,
 * enrollments, assignments, completions and notices, and prints their ids
 * and session tokens. Sessions are created directly (no sign-in, so no
 * argon2 and no rate limit per IP). `--oracy-students S --oracy-submissions K`
 * adds a teacher with one course of S students, each with K self-assessment
 * submissions (one a week, ending yesterday) and the Oracy summary the API keeps
 * (docs/decisions/0015-oracy-summary-on-the-user.md), and prints the teacher's
 * account as `oracyTeacher`. Prints one JSON line:
 * `{users, messages, accounts?, oracyTeacher?}`. With `--drop` it drops the database instead.
 */
import { parseArgs } from 'node:util';
// The API's own mongoose (pnpm keeps it under api/): the models below are registered on this instance.
import mongoose from '../../api/node_modules/mongoose/index.js';
import { hashPassword } from '../../api/src/auth/password.js';
import { createSession } from '../../api/src/auth/sessions.js';
import { meanScore, oracyLevelForMean } from '../../api/src/oracy/level.js';
import { summaryOf } from '../../api/src/oracy/summary.js';
import { ASSESSMENT_KEYS, Assessment } from '../../api/src/oracy/assessmentModel.js';
import { Assignment, AssignmentCompletion } from '../../api/src/assignments/model.js';
import { ChatMessage } from '../../api/src/chat/messageModel.js';
import { Course } from '../../api/src/courses/courseModel.js';
import { Enrollment } from '../../api/src/courses/enrollmentModel.js';
import { Notice } from '../../api/src/notices/model.js';
import { ROLES, type Role } from '../../api/src/auth/roles.js';
import { User } from '../../api/src/people/userModel.js';

const { Types } = mongoose;

/** Documents per insertMany call (FerretDB on SQLite handles modest batches best). */
const BATCH = 500;
/** The chat admins of the fan-out: 100 connected admin sockets. */
export const CHAT_ADMINS = 100;
/** Domain of every generated email, so generated people are easy to tell apart. */
const DOMAIN = 'oracy.bench';
const COURSES = 40;
const ASSIGNMENTS_PER_COURSE = 5;
const COURSES_PER_STUDENT = 3;
const NOTICES = 20;
const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Ema', 'Femi', 'Gita', 'Hugo', 'Ines', 'Jon', 'Kemi', 'Liam', 'Mia', 'Noor', 'Omar', 'Pia'];
const LAST_NAMES = ['Adams', 'Brown', 'Chen', 'Diaz', 'Evans', 'Fofana', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan', 'Lopez', 'Mensah', 'Novak'];

/** What `--base` prints: the accounts the benchmark signs in as. */
export interface BenchAccounts {
  admin: { id: string; token: string };
  student: { id: string; token: string };
  teacher: { id: string; token: string };
  chatAdmins: { id: string; token: string }[];
}

async function insertInBatches<T>(model: mongoose.Model<T>, docs: object[]): Promise<void> {
  for (let i = 0; i < docs.length; i += BATCH) await model.insertMany(docs.slice(i, i + BATCH), { ordered: false });
}

/** A person document (without `_id`): `name` is set here, as insertMany needs no hooks for it. */
function person(index: number, role: Role, passwordHash: string, email?: string) {
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const lastName = `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!}${index}`;
  return {
    _id: new Types.ObjectId(),
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: email ?? `person${index}@${DOMAIN}`,
    passwordHash,
    role,
  };
}

/** Adds the fixed part (see the file comment) and returns the accounts with fresh session tokens. */
async function addBase(passwordHash: string): Promise<BenchAccounts> {
  const admin = person(0, ROLES.admin, passwordHash, `admin@${DOMAIN}`);
  const student = person(1, ROLES.student, passwordHash, `student@${DOMAIN}`);
  const chatAdmins = Array.from({ length: CHAT_ADMINS }, (_, i) => person(2 + i, ROLES.admin, passwordHash, `chat${i}@${DOMAIN}`));
  const teachers = Array.from({ length: 20 }, (_, i) => person(200 + i, ROLES.teacher, passwordHash, `teacher${i}@${DOMAIN}`));
  await insertInBatches(User, [admin, student, ...chatAdmins, ...teachers]);

  const day = 24 * 60 * 60 * 1000;
  const courses = Array.from({ length: COURSES }, (_, i) => ({
    _id: new Types.ObjectId(),
    title: `Speaking with confidence ${i + 1}`,
    description: 'Structured practice in explaining, persuading and listening, with weekly spoken tasks.',
    instructorId: teachers[i % teachers.length]!._id,
    duration: 10 + (i % 20),
    startDate: new Date(Date.UTC(2026, 0, 5) + i * day),
    endDate: new Date(Date.UTC(2026, 5, 30) + i * day),
    status: i % 7 === 0 ? 'inactive' : 'active',
  }));
  await insertInBatches(Course, courses);
  const assignments = courses.flatMap((course, c) =>
    Array.from({ length: ASSIGNMENTS_PER_COURSE }, (_, a) => ({
      _id: new Types.ObjectId(),
      courseId: course._id,
      title: `Task ${a + 1} of course ${c + 1}`,
      dueDate: new Date(Date.UTC(2026, 1 + a, 1)),
    })),
  );
  await insertInBatches(Assignment, assignments);

  // The signed-in student: five courses, one completed, two assignments done.
  const mine = courses.slice(0, 5);
  await insertInBatches(
    Enrollment,
    mine.map((course, i) => ({ studentId: student._id, courseId: course._id, completedAt: i === 0 ? new Date() : null })),
  );
  await insertInBatches(
    AssignmentCompletion,
    assignments
      .filter((a) => String(a.courseId) === String(mine[0]!._id))
      .slice(0, 2)
      .map((a) => ({ assignmentId: a._id, studentId: student._id })),
  );
  await insertInBatches(
    Notice,
    Array.from({ length: NOTICES }, (_, i) => ({ title: `Notice ${i + 1}`, description: `Timetable change ${i + 1}: the Thursday workshop moves to room ${100 + i}.` })),
  );

  const session = async (id: Types.ObjectId) => ({ id: String(id), token: (await createSession(id, { ttlDays: 1 })).token });
  return {
    admin: await session(admin._id),
    student: await session(student._id),
    teacher: await session(teachers[0]!._id),
    chatAdmins: await Promise.all(chatAdmins.map((a) => session(a._id))),
  };
}

/** The Oracy class's course: only its own students are enrolled in it. */
const ORACY_COURSE_TITLE = 'Oracy across the year';

/**
 * Adds a teacher with one course of `students` students, each with `submissions` self-assessments
 * a week apart (scores drifting with the student and the week) and their Oracy summary.
 */
async function addOracyClass(students: number, submissions: number, passwordHash: string): Promise<{ id: string; token: string }> {
  const teacher = person(900_000, ROLES.teacher, passwordHash, `oracy-teacher@${DOMAIN}`);
  const course = {
    _id: new Types.ObjectId(),
    title: ORACY_COURSE_TITLE,
    description: 'Every student of the year group, self-assessing weekly.',
    instructorId: teacher._id,
    duration: 30,
    startDate: new Date(Date.UTC(2026, 0, 5)),
    endDate: new Date(Date.UTC(2026, 11, 18)),
    status: 'active',
  };
  const week = 7 * 24 * 60 * 60 * 1000;
  const yesterday = Date.now() - 24 * 60 * 60 * 1000;
  const people = Array.from({ length: students }, (_, i) => person(900_001 + i, ROLES.student, passwordHash));
  const assessments = people.map((p, s) =>
    Array.from({ length: submissions }, (_, k) => {
      const scores = Object.fromEntries(ASSESSMENT_KEYS.map((key, q) => [key, 1 + ((s + q + k) % 5)]));
      const mean = meanScore(Object.values(scores));
      const at = new Date(yesterday - (submissions - 1 - k) * week);
      return { _id: new Types.ObjectId(), userId: p._id, scores, mean, level: oracyLevelForMean(mean), createdAt: at, updatedAt: at };
    }),
  );
  await insertInBatches(User, [teacher, ...people.map((p, s) => ({ ...p, oracy: summaryOf([...assessments[s]!].reverse()), oracyLevel: assessments[s]!.at(-1)!.level }))]);
  await insertInBatches(Course, [course]);
  await insertInBatches(
    Enrollment,
    people.map((p) => ({ studentId: p._id, courseId: course._id })),
  );
  for (let i = 0; i < assessments.length; i += 25) await Assessment.insertMany(assessments.slice(i, i + 25).flat(), { ordered: false, timestamps: false });
  return { id: String(teacher._id), token: (await createSession(teacher._id, { ttlDays: 1 })).token };
}

/** Adds people until there are `target` users: 5% teachers, the rest students, each new student in three courses. */
async function topUpUsers(target: number, passwordHash: string): Promise<number> {
  const existing = await User.countDocuments({});
  if (existing >= target) return existing;
  const courses = (await Course.find({ title: { $ne: ORACY_COURSE_TITLE } }, { _id: 1 }).lean()).map((c) => c._id);
  for (let start = existing; start < target; start += BATCH * 4) {
    const people = [];
    for (let i = start; i < Math.min(target, start + BATCH * 4); i++) people.push(person(i + 1000, i % 20 === 0 ? ROLES.teacher : ROLES.student, passwordHash));
    await insertInBatches(User, people);
    const enrollments = courses.length
      ? people
          .filter((p) => p.role === ROLES.student)
          .flatMap((p, s) => Array.from({ length: COURSES_PER_STUDENT }, (_, k) => ({ studentId: p._id, courseId: courses[(s + k * 7) % courses.length]! })))
      : [];
    await insertInBatches(Enrollment, enrollments);
  }
  return User.countDocuments({});
}

/** Adds discussion messages from the admins until there are `target`, one second apart, ending now. */
async function topUpMessages(target: number): Promise<number> {
  const existing = await ChatMessage.countDocuments({});
  if (existing >= target) return existing;
  const senders = await User.find({ role: ROLES.admin }, { name: 1 }).limit(CHAT_ADMINS).lean();
  if (senders.length === 0) throw new Error('No admins to send messages: run with --base first.');
  const count = target - existing;
  const oldest = Date.now() - (count + 60) * 1000;
  const docs = Array.from({ length: count }, (_, i) => {
    const sender = senders[i % senders.length]!;
    const at = new Date(oldest + i * 1000);
    return { userId: sender._id, senderName: sender.name, content: `Message ${existing + i + 1}: notes from the staff meeting.`, file: null, tempId: null, createdAt: at, updatedAt: at };
  });
  for (let i = 0; i < docs.length; i += BATCH) await ChatMessage.insertMany(docs.slice(i, i + BATCH), { ordered: false, timestamps: false });
  return ChatMessage.countDocuments({});
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      uri: { type: 'string' },
      users: { type: 'string', default: '0' },
      messages: { type: 'string', default: '0' },
      base: { type: 'boolean', default: false },
      drop: { type: 'boolean', default: false },
      'oracy-students': { type: 'string', default: '0' },
      'oracy-submissions': { type: 'string', default: '20' },
    },
  });
  if (!values.uri) throw new Error('--uri is required');
  await mongoose.connect(values.uri, { serverSelectionTimeoutMS: 15000, autoIndex: false });
  try {
    if (values.drop) {
      await mongoose.connection.dropDatabase();
      console.log(JSON.stringify({ dropped: true }));
      return;
    }
    // Build every index first, as the server would (a FerretDB limit is not fatal).
    await Promise.all(Object.values(mongoose.models).map((model) => model.init().catch(() => undefined)));
    const passwordHash = await hashPassword(`bench-${Date.now()}`);
    const accounts = values.base ? await addBase(passwordHash) : undefined;
    const oracyStudents = Number(values['oracy-students']);
    const oracyTeacher = oracyStudents > 0 ? await addOracyClass(oracyStudents, Number(values['oracy-submissions']), passwordHash) : undefined;
    const users = await topUpUsers(Number(values.users), passwordHash);
    const messages = await topUpMessages(Number(values.messages));
    console.log(JSON.stringify({ users, messages, accounts, oracyTeacher }));
  } finally {
    await mongoose.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
