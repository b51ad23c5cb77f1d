import type { Types } from 'mongoose';
import { z } from 'zod';
import { RECORDING_STATUSES, SPEAKING_STRANDS } from './model.js';
import type { DeliverySummary } from '../delivery/analysis/report.js';
import { deliverySummaryJsonSchema } from '../delivery/presenter.js';
import { objectId, timestamp } from '../platform/http/fields.js';

type Id = Types.ObjectId | string;

/** A strand key a task focuses on. */
const strandKey = z.enum(SPEAKING_STRANDS);

/** A speaking task (docs/product.md#speaking-practice). */
export const speakingTaskJsonSchema = z
  .object({
    id: objectId(),
    courseId: objectId(),
    courseTitle: z.string(),
    teacherId: objectId().nullable().meta({ description: 'the teacher who set it; null once their account is deleted (shown as "Deleted user")' }),
    title: z.string(),
    prompt: z.string(),
    script: z.string().nullable().meta({ description: 'for a reading-aloud task, the text the student reads (docs/product.md#reading-aloud); null for none' }),
    focusStrands: z.array(strandKey).meta({ description: '1–4 distinct strand keys, in the questionnaire’s order' }),
    maxSeconds: z.number().meta({ description: 'the longest answer, seconds (15–300)' }),
    dueAt: timestamp().nullable(),
    peerFeedback: z.enum(['off', 'class', 'partners']).meta({ description: 'who else hears the takes and gives feedback (docs/product.md#talk-partners)' }),
    showNames: z.boolean().meta({ description: 'whether classmates see each other’s names' }),
    createdAt: timestamp(),
  })
  .meta({ id: 'SpeakingTask' });

/** A speaking task: see {@link speakingTaskJsonSchema}. */
export type SpeakingTaskJson = z.infer<typeof speakingTaskJsonSchema>;

/** The fields the task presenter reads. */
export interface SpeakingTaskLike {
  _id: Id;
  courseId: Id;
  teacherId?: Id | null;
  title: string;
  prompt: string;
  script?: string | null;
  focusStrands: readonly string[];
  maxSeconds: number;
  dueAt?: Date | null;
  peerFeedback?: 'off' | 'class' | 'partners' | null;
  showNames?: boolean | null;
  createdAt: Date;
}

/** Presents a task; the focus strands in the questionnaire's order. */
export function presentSpeakingTask(task: SpeakingTaskLike, courseTitle: string): SpeakingTaskJson {
  return {
    id: String(task._id),
    courseId: String(task.courseId),
    courseTitle,
    teacherId: task.teacherId ? String(task.teacherId) : null,
    title: task.title,
    prompt: task.prompt,
    script: task.script || null,
    focusStrands: SPEAKING_STRANDS.filter((s) => task.focusStrands.includes(s)),
    maxSeconds: task.maxSeconds,
    dueAt: task.dueAt ? task.dueAt.toISOString() : null,
    peerFeedback: task.peerFeedback ?? 'off',
    showNames: task.showNames ?? false,
    createdAt: task.createdAt.toISOString(),
  };
}

/** A teacher's task with how far the course got (`GET /api/teacher/speaking-tasks/:teacherId`). */
export const teacherSpeakingTaskJsonSchema = speakingTaskJsonSchema
  .extend({
    submitted: z.number().meta({ description: 'students with a recording' }),
    reviewed: z.number().meta({ description: 'recordings with feedback' }),
    students: z.number().meta({ description: 'students enrolled in the course' }),
  })
  .meta({ id: 'TeacherSpeakingTask' });

/** A teacher's task with its counts: see {@link teacherSpeakingTaskJsonSchema}. */
export type TeacherSpeakingTaskJson = z.infer<typeof teacherSpeakingTaskJsonSchema>;

/** A student's recorded answer (docs/product.md#speaking-practice). */
export const recordingJsonSchema = z
  .object({
    id: objectId(),
    taskId: objectId(),
    studentId: objectId(),
    type: z.string().meta({ description: 'the stored audio’s MIME type: audio/webm, audio/ogg, audio/mp4 or audio/wav' }),
    size: z.number().meta({ description: 'bytes' }),
    durationMs: z.number().meta({ description: 'read from the file, ms' }),
    submittedAt: timestamp(),
    status: z.enum(RECORDING_STATUSES),
    audioUrl: z.string().meta({ description: '`/api/recordings/{id}/audio`; it answers 410 once `audioRemoved` is set' }),
    audioRemoved: z
      .object({ at: timestamp(), afterDays: z.number().nullable().meta({ description: 'the school’s retention then, days' }) })
      .nullable()
      .meta({ description: 'when the retention job removed the audio (docs/product.md#retention); null while it is kept' }),
    delivery: deliverySummaryJsonSchema.meta({ description: 'its delivery report in brief (docs/product.md#measured-by-the-server)' }),
  })
  .meta({ id: 'Recording' });

/** A recording: see {@link recordingJsonSchema}. */
export type RecordingJson = z.infer<typeof recordingJsonSchema>;

/** The fields the recording presenter reads. */
export interface RecordingLike {
  _id: Id;
  taskId: Id;
  studentId: Id;
  file: { type: string; size: number };
  durationMs: number;
  submittedAt: Date;
  status: (typeof RECORDING_STATUSES)[number];
  audioRemovedAt?: Date | null;
  audioRemovedAfterDays?: number | null;
}

/** Presents a recording, with the URL its audio streams from and the summary of its delivery report. */
export function presentRecording(recording: RecordingLike, delivery: DeliverySummary): RecordingJson {
  const id = String(recording._id);
  return {
    id,
    taskId: String(recording.taskId),
    studentId: String(recording.studentId),
    type: recording.file.type,
    size: recording.file.size,
    durationMs: recording.durationMs,
    submittedAt: recording.submittedAt.toISOString(),
    status: recording.status,
    audioUrl: `/api/recordings/${id}/audio`,
    audioRemoved: recording.audioRemovedAt ? { at: recording.audioRemovedAt.toISOString(), afterDays: recording.audioRemovedAfterDays ?? null } : null,
    delivery,
  };
}

/** A teacher's feedback on a recording (docs/product.md#speaking-practice). */
export const feedbackJsonSchema = z
  .object({
    id: objectId(),
    recordingId: objectId(),
    teacherId: objectId().nullable().meta({ description: 'the teacher who wrote it; null once their account is deleted (shown as "Deleted user")' }),
    strands: z.partialRecord(strandKey, z.number()).meta({ description: '1–5 for each of the task’s focus strands' }),
    comment: z.string(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'Feedback' });

/** Feedback: see {@link feedbackJsonSchema}. */
export type FeedbackJson = z.infer<typeof feedbackJsonSchema>;

/** The fields the feedback presenter reads (`strands` a stored Map or a plain object). */
export interface FeedbackLike {
  _id: Id;
  recordingId: Id;
  teacherId?: Id | null;
  strands: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  comment?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Presents feedback; the strands in the questionnaire's order. */
export function presentFeedback(feedback: FeedbackLike): FeedbackJson {
  const read = (key: string) => (feedback.strands instanceof Map ? (feedback.strands.get(key) as number | undefined) : (feedback.strands as Record<string, number>)[key]);
  return {
    id: String(feedback._id),
    recordingId: String(feedback.recordingId),
    teacherId: feedback.teacherId ? String(feedback.teacherId) : null,
    strands: Object.fromEntries(SPEAKING_STRANDS.flatMap((key) => (read(key) === undefined ? [] : [[key, read(key) as number]]))),
    comment: feedback.comment ?? '',
    createdAt: feedback.createdAt.toISOString(),
    updatedAt: feedback.updatedAt.toISOString(),
  };
}

/** A task as its student sees it, with their own recording and its feedback (`GET /api/student/speaking-tasks/:studentId`). */
export const studentSpeakingTaskJsonSchema = speakingTaskJsonSchema
  .extend({ recording: recordingJsonSchema.nullable(), feedback: feedbackJsonSchema.nullable() })
  .meta({ id: 'StudentSpeakingTask' });

/** A student's task: see {@link studentSpeakingTaskJsonSchema}. */
export type StudentSpeakingTaskJson = z.infer<typeof studentSpeakingTaskJsonSchema>;

/** One entry of a teacher's review queue (`GET /api/teacher/recordings/:teacherId`). */
export const reviewItemJsonSchema = recordingJsonSchema
  .extend({
    studentName: z.string(),
    taskTitle: z.string(),
    prompt: z.string(),
    script: z.string().nullable().meta({ description: 'the task’s script for reading aloud; null for none' }),
    focusStrands: z.array(strandKey),
    courseTitle: z.string(),
    feedback: feedbackJsonSchema.nullable(),
  })
  .meta({ id: 'ReviewItem' });

/** A review-queue entry: see {@link reviewItemJsonSchema}. */
export type ReviewItemJson = z.infer<typeof reviewItemJsonSchema>;
