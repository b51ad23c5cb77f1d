import { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from './model.js';
import { User } from '../people/userModel.js';
import { notFound } from '../platform/http/errors.js';
import {
  presentFeedback,
  presentRecording,
  presentSpeakingTask,
  type FeedbackLike,
  type RecordingLike,
  type ReviewItemJson,
  type SpeakingTaskLike,
  type StudentSpeakingTaskJson,
  type TeacherSpeakingTaskJson,
} from './presenter.js';
import { deliverySummaries } from '../delivery/service.js';
import { coursesTaughtBy, recordingFor, type RecordingUse } from './policy.js';
import type { Reader } from '../auth/roles.js';
import type { Person } from '../dashboards/stats.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';

/**
 * Speaking practice's reads (docs/product.md#speaking-practice); who may read them is `policy.ts`'s. Every read
 * runs a fixed number of queries (related records by `$in`), whatever the number of tasks,
 * students or recordings.
 */

/** A stored task, as the routes read it. */
export type TaskDoc = SpeakingTaskLike & { _id: Types.ObjectId; courseId: Types.ObjectId; teacherId?: Types.ObjectId | null };

/** The task called `id`. @throws 404 `not_found` when there is none */
export async function findTask(id: string): Promise<TaskDoc> {
  const task = await SpeakingTask.findById(new Types.ObjectId(id)).lean<TaskDoc>();
  if (!task) throw notFound('No such speaking task.');
  return task;
}

/** A stored recording, as the routes read it. */
export type RecordingDoc = RecordingLike & {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
  taskId: Types.ObjectId;
  courseId: Types.ObjectId;
  file: { name: string; type: string; size: number };
};

/**
 * A recording that `user` may hear (`use: 'play'`) or read the delivery report of (`'read'`):
 * its student, its course's current teacher, or an admin (docs/product.md#who-sees-a-recording,
 * the rule of `speaking/policy.ts`). Two queries at most.
 * @param refusal the 403's message
 * @throws 404 `not_found` without such a recording; 403 `forbidden` for anyone else
 */
export async function readableRecording(recordingId: string, user: Reader, refusal: string, use: RecordingUse = 'read'): Promise<RecordingDoc> {
  return recordingFor<RecordingDoc>(recordingId, user, use, refusal);
}

/** Titles of some courses by id. One query. */
async function courseTitles(ids: readonly Types.ObjectId[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const courses = await Course.find({ _id: { $in: ids } })
    .select('title')
    .lean();
  return new Map(courses.map((c) => [String(c._id), c.title]));
}

/** Tasks by due date (none last), then newest first. */
function byDueDate(a: TaskDoc, b: TaskDoc): number {
  const due = (t: TaskDoc) => t.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return due(a) - due(b) || b.createdAt.getTime() - a.createdAt.getTime();
}

/** The tasks a teacher answers for: those of the courses they teach now (docs/product.md#who-sees-a-recording). Two queries. */
async function tasksOfTeacher(teacherId: Types.ObjectId): Promise<TaskDoc[]> {
  const courseIds = await coursesTaughtBy(teacherId);
  if (courseIds.length === 0) return [];
  return SpeakingTask.find({ courseId: { $in: courseIds } }).lean<TaskDoc[]>();
}

/**
 * A teacher's tasks (`GET /api/teacher/speaking-tasks/:teacherId`) with, for each, how many
 * students have a recording (`submitted`), how many recordings have feedback (`reviewed`) and
 * how many students its course has (`students`), by due date. Five queries.
 */
export async function teacherTasks(teacher: Person): Promise<TeacherSpeakingTaskJson[]> {
  const tasks = await tasksOfTeacher(teacher._id);
  if (tasks.length === 0) return [];
  const courseIds = [...new Map(tasks.map((t) => [String(t.courseId), t.courseId])).values()];
  const [titles, recordings, enrollments] = await Promise.all([
    courseTitles(courseIds),
    Recording.find({ taskId: { $in: tasks.map((t) => t._id) } })
      .select('taskId status')
      .lean(),
    Enrollment.find({ courseId: { $in: courseIds } })
      .select('courseId')
      .lean(),
  ]);
  const count = <T>(items: readonly T[], key: (item: T) => string) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return counts;
  };
  const submitted = count(recordings, (r) => String(r.taskId));
  const reviewed = count(
    recordings.filter((r) => r.status === 'reviewed'),
    (r) => String(r.taskId),
  );
  const students = count(enrollments, (e) => String(e.courseId));
  return tasks.sort(byDueDate).map((task) => ({
    ...presentSpeakingTask(task, titles.get(String(task.courseId)) ?? ''),
    submitted: submitted.get(String(task._id)) ?? 0,
    reviewed: reviewed.get(String(task._id)) ?? 0,
    students: students.get(String(task.courseId)) ?? 0,
  }));
}

/**
 * A student's tasks (`GET /api/student/speaking-tasks/:studentId`): the tasks of their enrolled
 * courses, by due date, each with the student's own recording (with its delivery summary) and its
 * feedback, if any. Six queries.
 */
export async function studentTasks(student: Person): Promise<StudentSpeakingTaskJson[]> {
  const courseIds = (await Enrollment.find({ studentId: student._id }).select('courseId').lean()).map((e) => e.courseId);
  if (courseIds.length === 0) return [];
  const tasks = await SpeakingTask.find({ courseId: { $in: courseIds } }).lean<TaskDoc[]>();
  if (tasks.length === 0) return [];
  const [titles, recordings] = await Promise.all([
    courseTitles(courseIds),
    Recording.find({ studentId: student._id, taskId: { $in: tasks.map((t) => t._id) } }).lean<Array<RecordingLike & { _id: Types.ObjectId }>>(),
  ]);
  const recordingIds = recordings.map((r) => r._id);
  const [feedback, deliveryOf] = await Promise.all([recordings.length ? Feedback.find({ recordingId: { $in: recordingIds } }).lean<FeedbackLike[]>() : [], deliverySummaries(recordingIds)]);
  const recordingOf = new Map(recordings.map((r) => [String(r.taskId), r]));
  const feedbackOf = new Map(feedback.map((f) => [String(f.recordingId), f]));
  return tasks.sort(byDueDate).map((task) => {
    const recording = recordingOf.get(String(task._id));
    const review = recording ? feedbackOf.get(String(recording._id)) : undefined;
    return {
      ...presentSpeakingTask(task, titles.get(String(task.courseId)) ?? ''),
      recording: recording ? presentRecording(recording, deliveryOf(recording._id)) : null,
      feedback: review ? presentFeedback(review) : null,
    };
  });
}

/**
 * A teacher's review queue (`GET /api/teacher/recordings/:teacherId?status=`): the recordings of
 * the courses they teach now (docs/product.md#who-sees-a-recording: a course handed over moves its
 * pending takes to the new teacher's queue) in one state — pending oldest first, reviewed newest first — each with the
 * student's name, the task's title, prompt and focus strands, its delivery summary and its
 * feedback. Seven queries.
 */
export async function reviewQueue(teacher: Person, status: 'pending' | 'reviewed'): Promise<ReviewItemJson[]> {
  const courseIds = await coursesTaughtBy(teacher._id);
  if (courseIds.length === 0) return [];
  const recordings = await Recording.find({ courseId: { $in: courseIds }, status }).lean<Array<RecordingLike & { _id: Types.ObjectId; studentId: Types.ObjectId }>>();
  const order = status === 'pending' ? 1 : -1;
  recordings.sort((a, b) => order * (a.submittedAt.getTime() - b.submittedAt.getTime()) || String(a._id).localeCompare(String(b._id)));
  return reviewItems(recordings, status === 'reviewed');
}

/**
 * Recordings as review-queue entries, in the given order (docs/product.md#feedback): each with the
 * student's name, the task's title, prompt and focus strands, its delivery summary and, when
 * `withFeedback`, its feedback (`null` otherwise). Five queries; none for no recordings.
 */
export async function reviewItems(recordings: ReadonlyArray<RecordingLike & { _id: Types.ObjectId; studentId: Types.ObjectId }>, withFeedback: boolean): Promise<ReviewItemJson[]> {
  if (recordings.length === 0) return [];
  const tasks = await SpeakingTask.find({ _id: { $in: [...new Set(recordings.map((r) => String(r.taskId)))].map((id) => new Types.ObjectId(id)) } }).lean<TaskDoc[]>();
  const [students, titles, feedback, deliveryOf] = await Promise.all([
    User.find({ _id: { $in: recordings.map((r) => r.studentId) } })
      .select('name')
      .lean(),
    courseTitles(tasks.map((t) => t.courseId)),
    withFeedback ? Feedback.find({ recordingId: { $in: recordings.map((r) => r._id) } }).lean<FeedbackLike[]>() : Promise.resolve([]),
    deliverySummaries(recordings.map((r) => r._id)),
  ]);
  const names = new Map(students.map((s) => [String(s._id), s.name]));
  const taskOf = new Map(tasks.map((t) => [String(t._id), t]));
  const feedbackOf = new Map(feedback.map((f) => [String(f.recordingId), f]));
  return recordings.map((recording) => {
    const task = taskOf.get(String(recording.taskId))!;
    const presented = presentSpeakingTask(task, titles.get(String(task.courseId)) ?? '');
    const review = feedbackOf.get(String(recording._id));
    return {
      ...presentRecording(recording, deliveryOf(recording._id)),
      studentName: names.get(String(recording.studentId)) ?? DELETED_USER_NAME,
      taskTitle: presented.title,
      prompt: presented.prompt,
      script: presented.script,
      focusStrands: presented.focusStrands,
      courseTitle: presented.courseTitle,
      feedback: review ? presentFeedback(review) : null,
    };
  });
}
