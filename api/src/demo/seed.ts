import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Types, type Model } from 'mongoose';
import { hashPassword } from '../auth/password.js';
import { meanScore, oracyLevelForMean } from '../oracy/level.js';
import { STRAND_CATEGORIES } from '../oracy/profile.js';
import { summaryOf } from '../oracy/summary.js';
import { audioDurationMs } from '../speaking/audio.js';
import { measuredFields, measureNow, type DeliveryTools, type Measurement } from '../delivery/service.js';
import { serverDeliveryTools } from '../delivery/tools.js';
import type { StoredUpload, UploadStore } from '../platform/uploads.js';
import { ADMINS, COMPLAINTS, COURSES, DEMO_PASSWORD, DEMO_STUDENT, DISCUSSION, NOTICES, STUDENT_FIRST_NAMES, STUDENT_LAST_NAMES, TEACHERS, type DemoPerson } from './demoData.js';
import { ASSESSMENT_CATEGORIES, Assessment } from '../oracy/assessmentModel.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { ChatMessage } from '../chat/messageModel.js';
import { Complaint } from '../complaints/model.js';
import { Course } from '../courses/courseModel.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { Notice } from '../notices/model.js';
import { User, type OracyLevel } from '../people/userModel.js';
import { ROLES, type Role } from '../auth/roles.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoData.js';

/** Folder of the shipped course images (`api/assets/courses/`). */
const ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'courses');
/** Folder of the shipped demo recordings (`api/assets/recordings/`): two seconds of synthetic speech each, a few KB. */
const RECORDINGS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'recordings');
/** The demo recordings, used in turn. */
const DEMO_RECORDINGS = ['answer-1.webm', 'answer-2.ogg', 'answer-3.m4a'] as const;

/** A stored demo recording: its store entry, the length read from it and the server's measurement of it. */
export interface DemoAudio {
  file: StoredUpload;
  durationMs: number;
  measurement: Measurement;
}
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Documents per insertMany call (FerretDB on SQLite: keep batches modest). */
const BATCH = 200;

/** A small deterministic PRNG (mulberry32), so the demo data is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** integer in [min, max] */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    /** k distinct items of `items`, in random order */
    pick<T>(items: readonly T[], k: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, k);
    },
  };
}
type Prng = ReturnType<typeof prng>;

/** How a demo student's self-assessments move over time. */
type Trend = 'improving' | 'steady' | 'declining' | 'stale';

/** 16 scores around four strand targets (1–5, any real), one statement at a time with a little noise. */
function scoresAround(targets: readonly number[], rnd: Prng): Record<string, number> {
  const keys = Object.values(STRAND_CATEGORIES).map((category) => ASSESSMENT_CATEGORIES[category]);
  return Object.fromEntries(keys.flatMap((statements, strand) => statements.map((key) => [key, Math.min(5, Math.max(1, Math.round(targets[strand]! + (rnd.next() - 0.5) * 1.2)))])));
}

/**
 * One demo student's submissions, oldest first, over the last five months: 1–6 for `improving`
 * and `steady`, the latest within the last three weeks; `declining` ends with a drop of at least
 * 0.5 in the mean; `stale` has its latest 35–70 days ago.
 */
function trajectory(trend: Trend, today: number, rnd: Prng) {
  const count = trend === 'declining' ? rnd.int(2, 5) : trend === 'stale' ? rnd.int(1, 3) : rnd.int(1, 6);
  const last = today - (trend === 'stale' ? rnd.int(35, 70) : rnd.int(1, 20)) * DAY;
  const first = Math.min(last, today - rnd.int(100, 150) * DAY);
  const step = trend === 'improving' ? () => 0.15 + rnd.next() * 0.25 : () => (rnd.next() - 0.5) * 0.3;
  // a declining student starts high enough to have room to fall.
  let targets = [0, 1, 2, 3].map(() => (trend === 'declining' ? 3.2 : 1.8) + rnd.next() * (trend === 'declining' ? 1.2 : 2.2));
  const submissions = [];
  for (let i = 0; i < count; i++) {
    const at = count === 1 ? last : first + ((last - first) * i) / (count - 1);
    let scores = scoresAround(targets, rnd);
    if (trend === 'declining' && i === count - 1) {
      const before = submissions.at(-1)!.mean;
      for (let tries = 0; tries < 20 && meanScore(Object.values(scores)) > before - 0.6; tries++) {
        targets = targets.map((t) => Math.max(1, t - 0.4));
        scores = scoresAround(targets, rnd);
      }
    }
    const mean = meanScore(Object.values(scores));
    submissions.push({ scores, mean, level: oracyLevelForMean(mean), createdAt: new Date(at + rnd.int(9 * 60, 15 * 60) * MINUTE) });
    targets = targets.map((t) => Math.min(4.8, Math.max(1.2, t + step())));
  }
  return submissions;
}

/** Any model: the seed writes to several through one helper. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model has its own document type
type AnyModel = Model<any>;

/** A document with its own id, so that references can be made before anything is written. */
type WithId<T> = T & { _id: Types.ObjectId };
const withId = <T extends object>(fields: T): WithId<T> => ({ _id: new Types.ObjectId(), ...fields });

/** The people: admins, teachers and students (the demo student first), all with the demo password. */
function buildPeople(passwordHash: string) {
  const person = (p: DemoPerson, role: Role, oracyLevel: OracyLevel = 'Beginner') => withId({ ...p, name: `${p.firstName} ${p.lastName}`, role, passwordHash, oracyLevel });
  const admins = ADMINS.map((p) => person(p, ROLES.admin));
  const teachers = TEACHERS.map((p) => person(p, ROLES.teacher));
  const others: DemoPerson[] = STUDENT_FIRST_NAMES.map((firstName, i) => {
    const lastName = STUDENT_LAST_NAMES[i] ?? 'Student';
    return { firstName, lastName, email: `${firstName}.${lastName}@oracy.test`.toLowerCase() };
  });
  // The demo student has no assessment yet, so keeps "Beginner" until they submit one.
  const students = [DEMO_STUDENT, ...others].map((p) => person(p, ROLES.student));
  return { admins, teachers, students };
}
type People = ReturnType<typeof buildPeople>;
type Person = People['students'][number];

/** The courses, dated in whole weeks from `today`, each with its stored image. */
function buildCourses(today: number, teachers: readonly Person[], images: readonly string[]) {
  return COURSES.map((c, i) => {
    const startDate = new Date(today + c.startWeek * 7 * DAY);
    return withId({
      title: c.title,
      description: c.description,
      instructorId: teachers[c.teacher]!._id,
      duration: c.duration,
      startDate,
      endDate: new Date(startDate.getTime() + c.weeks * 7 * DAY),
      status: c.status,
      image: images[i]!,
    });
  });
}
type DemoCourse = ReturnType<typeof buildCourses>[number];

/** Assignments due at even steps through each course, at 4 pm. */
function buildAssignments(courses: readonly DemoCourse[]) {
  return courses.flatMap((c, i) => {
    const titles = COURSES[i]!.assignments;
    const days = COURSES[i]!.weeks * 7;
    return titles.map((title, k) => withId({ courseId: c._id, title, dueDate: new Date(c.startDate.getTime() + Math.round(((k + 1) * days) / (titles.length + 1)) * DAY + 16 * HOUR) }));
  });
}
type DemoAssignment = ReturnType<typeof buildAssignments>[number];

/**
 * Enrollments: the demo student in four courses (two of them the demo teacher's, one ended and
 * completed); everyone else in 2–4. Ended courses are mostly completed, running ones now and
 * then, future ones never.
 */
function buildEnrollments(students: readonly Person[], courses: readonly DemoCourse[], now: number, rnd: Prng) {
  const hasStarted = (c: DemoCourse) => c.startDate.getTime() <= now;
  const hasEnded = (c: DemoCourse) => c.endDate.getTime() <= now;
  const demoCourses = [0, 1, 4, 5];
  return students.flatMap((s, i) => {
    const picked = i === 0 ? demoCourses.map((k) => courses[k]!) : rnd.pick(courses, rnd.int(2, 4));
    return picked.map((c) => {
      let completedAt: Date | null = null;
      if (hasEnded(c) && (i === 0 || rnd.next() < 0.8)) completedAt = new Date(c.endDate.getTime() - rnd.int(0, 5) * DAY + 15 * HOUR);
      else if (i !== 0 && hasStarted(c) && !hasEnded(c) && rnd.next() < 0.1) completedAt = new Date(now - rnd.int(1, 6) * DAY);
      return withId({
        studentId: s._id,
        courseId: c._id,
        completedAt,
        createdAt: new Date(c.startDate.getTime() - rnd.int(3, 10) * DAY),
        updatedAt: completedAt ?? new Date(c.startDate.getTime() - DAY),
      });
    });
  });
}
type DemoEnrollment = ReturnType<typeof buildEnrollments>[number];

/**
 * Completions: a completed course has every assignment done; otherwise most past-due work is done
 * and a little upcoming work is done early. The demo student did all past-due work except one
 * debate assignment and nothing early.
 */
function buildCompletions(
  data: { demoStudent: Person; courses: readonly DemoCourse[]; assignments: readonly DemoAssignment[]; enrollments: readonly DemoEnrollment[] },
  now: number,
  rnd: Prng,
) {
  const { demoStudent, courses, assignments, enrollments } = data;
  const demoMissed = assignments.filter((a) => a.courseId.equals(courses[1]!._id) && a.dueDate.getTime() < now).at(-1)?._id;
  return enrollments.flatMap((e) => {
    const course = courses.find((c) => c._id.equals(e.courseId))!;
    if (course.startDate.getTime() > now) return [];
    const isDemo = e.studentId.equals(demoStudent._id);
    return assignments
      .filter((a) => a.courseId.equals(course._id))
      .flatMap((a) => {
        const due = a.dueDate.getTime();
        const pastDue = due < now;
        const done = e.completedAt ? true : isDemo ? pastDue && !a._id.equals(demoMissed!) : rnd.next() < (pastDue ? 0.8 : 0.2);
        if (!done) return [];
        const latest = Math.min(due, e.completedAt?.getTime() ?? now, now);
        const completedAt = new Date(Math.max(course.startDate.getTime() + HOUR, latest - rnd.int(0, 3) * DAY - rnd.int(1, 300) * MINUTE));
        return [withId({ assignmentId: a._id, studentId: e.studentId, completedAt })];
      });
  });
}

/**
 * Self-assessments over the last five months (docs/product.md#oracy-profile): the demo student and
 * two others never took it; two of the demo teacher's students declined last time and one of them
 * has not taken it for over 30 days; the rest improve or hold steady. Sets each student's
 * `oracyLevel` and Oracy summary from their own.
 */
function buildAssessments(data: { students: Person[]; demoTeacher: Person; courses: readonly DemoCourse[]; enrollments: readonly DemoEnrollment[] }, today: number, rnd: Prng) {
  const { students, demoTeacher, courses, enrollments } = data;
  const demoTeacherCourses = new Set(courses.filter((c) => c.instructorId.equals(demoTeacher._id)).map((c) => String(c._id)));
  const demoTeachers = students.slice(1).filter((s) => enrollments.some((e) => e.studentId.equals(s._id) && demoTeacherCourses.has(String(e.courseId))));
  const [declining1, declining2, stale] = demoTeachers;
  const neverAssessed = new Set(
    students
      .slice(1)
      .filter((s) => !demoTeachers.slice(0, 3).includes(s))
      .slice(-2),
  );
  const assessments = students.slice(1).flatMap((student) => {
    if (neverAssessed.has(student)) return [];
    const trend: Trend = student === declining1 || student === declining2 ? 'declining' : student === stale ? 'stale' : rnd.next() < 0.6 ? 'improving' : 'steady';
    return trajectory(trend, today, rnd).map((t) => withId({ userId: student._id, ...t }));
  });
  for (const student of students) {
    const own = assessments.filter((a) => a.userId.equals(student._id)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    student.oracyLevel = own[0]?.level ?? 'Beginner';
    Object.assign(student, { oracy: summaryOf(own) });
  }
  return assessments;
}

/** Notices two days apart, oldest first, the newest two days ago. */
function buildNotices(today: number) {
  return NOTICES.map((n, i) => {
    const createdAt = new Date(today - (NOTICES.length - i) * 2 * DAY + 9 * HOUR + i * 7 * MINUTE);
    return withId({ ...n, createdAt, updatedAt: createdAt });
  });
}

/** Complaints nine hours apart, oldest first; decided ones by the demo admin a few hours later. */
function buildComplaints(people: People, now: number, rnd: Prng) {
  return COMPLAINTS.map((c, i) => {
    const filer = c.by.role === 'teacher' ? people.teachers[c.by.index]! : people.students[c.by.index]!;
    const createdAt = new Date(now - (COMPLAINTS.length - i) * 9 * HOUR);
    const decidedAt = c.status ? new Date(createdAt.getTime() + rnd.int(1, 6) * HOUR) : null;
    return withId({
      title: c.title,
      description: c.description,
      userId: filer._id,
      role: ROLES[c.by.role],
      status: c.status,
      decidedBy: c.status ? people.admins[0]!._id : null,
      decidedAt,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    });
  });
}

/** The admins' discussion: five working days ending yesterday, 16 lines a day, strictly increasing times from 8:10 am with a lunch gap. */
function buildMessages(admins: readonly Person[], today: number, rnd: Prng) {
  const perDay = DISCUSSION.length / 5;
  let at = 0;
  return DISCUSSION.map(([sender, content], i) => {
    const day = Math.floor(i / perDay);
    if (i % perDay === 0) at = today - (5 - day) * DAY + 8 * HOUR + 10 * MINUTE;
    else at += (i % perDay === perDay / 2 ? rnd.int(60, 150) : rnd.int(1, 25)) * MINUTE + rnd.int(0, 59) * 1000;
    const admin = admins[sender]!;
    return withId({ userId: admin._id, senderName: admin.name, content, file: null, tempId: null, createdAt: new Date(at), updatedAt: new Date(at) });
  });
}

/** Speaking practice (docs/product.md#speaking-practice): a task in each of the demo teacher's two courses. */
function buildTasks(demoTeacher: Person, courses: readonly DemoCourse[], now: number, today: number) {
  const [first, second] = courses.filter((c) => c.instructorId.equals(demoTeacher._id));
  return [
    withId({
      courseId: first!._id,
      teacherId: demoTeacher._id,
      title: 'Introduce yourself in one minute',
      prompt: 'Introduce yourself to a new class: who you are, one thing you are good at, and one thing you want to learn this term. Speak as if the class were at the back of a hall.',
      focusStrands: ['linguistic', 'physical'],
      maxSeconds: 60,
      dueAt: new Date(today + 5 * DAY + 16 * HOUR),
      createdAt: new Date(now - 6 * DAY),
      updatedAt: new Date(now - 6 * DAY),
    }),
    withId({
      courseId: second!._id,
      teacherId: demoTeacher._id,
      title: 'Summarise what you heard',
      prompt: 'Listen to a classmate explain their weekend, then summarise it back to them in three sentences, and ask one question that shows you were listening.',
      focusStrands: ['cognitive', 'socialEmotional'],
      maxSeconds: 90,
      dueAt: new Date(today + 9 * DAY + 16 * HOUR),
      createdAt: new Date(now - 3 * DAY),
      updatedAt: new Date(now - 3 * DAY),
    }),
  ];
}
type DemoTask = ReturnType<typeof buildTasks>[number];
type AnyDoc = ReturnType<typeof withId<Record<string, unknown>>>;

const COMMENTS = ['Clear and well paced: try pausing before your last point.', 'Good eye for detail. Lift your voice at the end of each sentence.'];

/**
 * The answers to the tasks: three students answered the first (two reviewed), two the second (one
 * reviewed); the demo student has answered neither. Each recording has the server's delivery
 * record, measured a minute after it came (docs/product.md#measured-by-the-server).
 */
function buildAnswers(
  data: { tasks: readonly DemoTask[]; demoStudent: Person; demoTeacher: Person; enrollments: readonly DemoEnrollment[] },
  audio: readonly DemoAudio[],
  now: number,
  rnd: Prng,
) {
  const { tasks, demoStudent, demoTeacher, enrollments } = data;
  const answered = (task: DemoTask, count: number) =>
    enrollments
      .filter((e) => e.courseId.equals(task.courseId) && !e.studentId.equals(demoStudent._id))
      .slice(0, count)
      .map((e) => e.studentId);
  const recordings: AnyDoc[] = [];
  const feedback: AnyDoc[] = [];
  const deliveries: AnyDoc[] = [];
  [
    { task: tasks[0]!, students: answered(tasks[0]!, 3), reviewed: 2 },
    { task: tasks[1]!, students: answered(tasks[1]!, 2), reviewed: 1 },
  ].forEach(({ task, students: answering, reviewed }, t) => {
    answering.forEach((studentId, i) => {
      const take = audio[(t * 3 + i) % audio.length]!;
      const submittedAt = new Date(now - (4 - i) * DAY + rnd.int(8 * 60, 20 * 60) * MINUTE);
      const recording = withId({
        taskId: task._id,
        studentId,
        courseId: task.courseId,
        file: take.file,
        durationMs: take.durationMs,
        submittedAt,
        status: i < reviewed ? 'reviewed' : 'pending',
        createdAt: submittedAt,
        updatedAt: submittedAt,
      });
      recordings.push(recording);
      const measuredAt = new Date(submittedAt.getTime() + MINUTE);
      deliveries.push(
        withId({
          recordingId: recording._id,
          studentId,
          taskId: task._id,
          audio: take.file.name,
          submittedAt,
          ...measuredFields(take.measurement, measuredAt),
          createdAt: submittedAt,
          updatedAt: measuredAt,
        }),
      );
      if (i < reviewed) {
        const at = new Date(submittedAt.getTime() + rnd.int(2, 20) * HOUR);
        const strands = Object.fromEntries(task.focusStrands.map((strand) => [strand, rnd.int(2, 5)]));
        feedback.push(withId({ recordingId: recording._id, teacherId: demoTeacher._id, studentId, strands, comment: COMMENTS[(t + i) % COMMENTS.length]!, createdAt: at, updatedAt: at }));
      }
    });
  });
  return { recordings, feedback, deliveries };
}

/**
 * Builds every document of the data set in memory (no I/O). Dates are
 * relative to `now`; everything else depends only on the fixed PRNG seed.
 */
export function buildDataSet(now: number, passwordHash: string, images: readonly string[], audio: readonly DemoAudio[]) {
  const rnd = prng(20260301);
  const today = Math.floor(now / DAY) * DAY; // UTC midnight, so course dates read as whole days

  const people = buildPeople(passwordHash);
  const { admins, teachers, students } = people;
  const demoStudent = students[0]!;
  const demoTeacher = teachers[0]!;
  const courses = buildCourses(today, teachers, images);
  const assignments = buildAssignments(courses);
  const enrollments = buildEnrollments(students, courses, now, rnd);
  const completions = buildCompletions({ demoStudent, courses, assignments, enrollments }, now, rnd);
  const assessments = buildAssessments({ students, demoTeacher, courses, enrollments }, today, rnd);
  const notices = buildNotices(today);
  const complaints = buildComplaints(people, now, rnd);
  const messages = buildMessages(admins, today, rnd);
  const tasks = buildTasks(demoTeacher, courses, now, today);
  const { recordings, feedback, deliveries } = buildAnswers({ tasks, demoStudent, demoTeacher, enrollments }, audio, now, rnd);

  return {
    users: [...admins, ...teachers, ...students],
    assessments,
    courses,
    enrollments,
    assignments,
    completions,
    notices,
    complaints,
    messages,
    tasks,
    recordings,
    feedback,
    deliveries,
  };
}

/**
 * Loads the demo data set (docs/architecture.md#running-it: who and what it holds, and why the
 * users go in first) into an empty database; whether to call it at all is the caller's decision.
 * @param opts.uploads the course images' store; `opts.recordings` the recordings' store
 * @param opts.deliveryTools measure the demo answers at once (default `serverDeliveryTools()`)
 * @param opts.log receives one summary line when data was loaded
 * @returns `{ seeded: false }` without writing anything when the users collection has any document
 * @throws what failed, after removing what was written
 */
export async function seedDemoData(opts: { uploads: UploadStore; recordings: UploadStore; deliveryTools?: DeliveryTools; log?: (line: string) => void }): Promise<{ seeded: boolean }> {
  if (await User.exists({})) return { seeded: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD); // once: argon2id costs ~50 ms a call
  const storage = opts.uploads;
  const images: string[] = [];
  const takes: string[] = [];
  const removeFiles = () => Promise.all([...images.map((name) => storage.remove(name).catch(() => undefined)), ...takes.map((name) => opts.recordings.remove(name).catch(() => undefined))]);
  const written: Array<{ model: AnyModel; ids: Types.ObjectId[] }> = [];
  const insertAll = async (model: AnyModel, docs: ReadonlyArray<{ _id: Types.ObjectId }>) => {
    written.push({ model, ids: docs.map((d) => d._id) });
    for (let i = 0; i < docs.length; i += BATCH) await model.insertMany(docs.slice(i, i + BATCH), { timestamps: false });
  };

  try {
    for (const course of COURSES) {
      const bytes = await readFile(join(ASSETS_DIR, course.image));
      images.push((await storage.save(bytes, 'image', 'course')).name);
    }
    const audio: DemoAudio[] = [];
    for (const name of DEMO_RECORDINGS) {
      const bytes = new Uint8Array(await readFile(join(RECORDINGS_DIR, name)));
      const file = await opts.recordings.save(bytes, 'audio', 'recording');
      takes.push(file.name);
      const measurement = await measureNow(bytes, file.type, opts.deliveryTools ?? serverDeliveryTools());
      audio.push({ file, durationMs: (await audioDurationMs(bytes, file.type)) ?? 2000, measurement });
    }
    const data = buildDataSet(Date.now(), passwordHash, images, audio);
    try {
      await User.insertMany(data.users, { timestamps: true });
    } catch (err) {
      // Another process seeded at the same moment (unique email): leave its data alone.
      if ((err as { code?: number }).code === 11000 && (await User.exists({ email: ADMINS[0]!.email, _id: { $nin: data.users.map((u) => u._id) } }))) {
        await User.deleteMany({ _id: { $in: data.users.map((u) => u._id) } });
        await removeFiles();
        return { seeded: false };
      }
      written.push({ model: User, ids: data.users.map((u) => u._id) });
      throw err;
    }
    written.push({ model: User, ids: data.users.map((u) => u._id) });
    await insertAll(Assessment, data.assessments);
    await insertAll(Course, data.courses);
    await insertAll(Enrollment, data.enrollments);
    await insertAll(Assignment, data.assignments);
    await insertAll(AssignmentCompletion, data.completions);
    await insertAll(Notice, data.notices);
    await insertAll(Complaint, data.complaints);
    await insertAll(ChatMessage, data.messages);
    await insertAll(SpeakingTask, data.tasks);
    await insertAll(Recording, data.recordings);
    await insertAll(Feedback, data.feedback);
    await insertAll(StoredDeliveryReport, data.deliveries);
    opts.log?.(
      `Demo data loaded: ${data.users.length} people, ${data.courses.length} courses, ${data.enrollments.length} enrollments, ` +
        `${data.assignments.length} assignments, ${data.notices.length} notices, ${data.complaints.length} complaints, ${data.messages.length} messages, ` +
        `${data.tasks.length} speaking tasks, ${data.recordings.length} recordings (${data.deliveries.filter((d) => d.status === 'ready').length} with a delivery report).`,
    );
    return { seeded: true };
  } catch (err) {
    for (const { model, ids } of written.reverse()) await model.deleteMany({ _id: { $in: ids } }).catch(() => undefined);
    await removeFiles();
    throw err;
  }
}
