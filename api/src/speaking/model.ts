import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** The strand keys a task can focus on (docs/product.md#oracy-profile), in the questionnaire's order. */
export const SPEAKING_STRANDS = ['linguistic', 'cognitive', 'socialEmotional', 'physical'] as const;

/**
 * A speaking task a teacher sets for one of their courses (docs/product.md#speaking-practice):
 * a prompt to answer aloud in at most `maxSeconds`, and the strands the teacher will score.
 */
const speakingTaskSchema = new Schema(
  {
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    /**
     * the teacher who set it (the course's instructor then); null once that teacher's account is
     * deleted: the task stays for the students (docs/personal-data.md)
     */
    teacherId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    title: { type: String, required: true, trim: true, maxlength: 120 },
    prompt: { type: String, required: true, trim: true, maxlength: 2000 },
    /** for a reading-aloud task, the text the student reads (at most 2,000 characters): takes are aligned to it word by word (docs/product.md#reading-aloud); null for none */
    script: { type: String, default: null, trim: true, maxlength: 2000 },
    /** 1–4 distinct strand keys */
    focusStrands: { type: [{ type: String, enum: SPEAKING_STRANDS }], required: true },
    /** the longest answer, seconds (15–300) */
    maxSeconds: { type: Number, required: true, min: 15, max: 300 },
    /** when it is due, or null */
    dueAt: { type: Date, default: null },
    /** who else hears the takes and gives feedback (docs/product.md#talk-partners): `off`, `class` or `partners` */
    peerFeedback: { type: String, enum: ['off', 'class', 'partners'], default: 'off' },
    /** whether classmates see each other's names on takes and feedback (docs/product.md#talk-partners) */
    showNames: { type: Boolean, default: false },
  },
  baseSchemaOptions,
);
speakingTaskSchema.index({ courseId: 1 });
speakingTaskSchema.index({ teacherId: 1 });
watchWrites(speakingTaskSchema, 'SpeakingTask');

export const SpeakingTask = model('SpeakingTask', speakingTaskSchema);

/** Review states of a recording. */
export const RECORDING_STATUSES = ['pending', 'reviewed'] as const;

/**
 * A student's recorded answer to a task (docs/product.md#speaking-practice): one per student and
 * task — a new submission replaces it until it is reviewed. The audio lives in the recordings
 * upload store under `file.name`.
 */
const recordingSchema = new Schema(
  {
    taskId: { type: Schema.Types.ObjectId, ref: 'SpeakingTask', required: true },
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the task's course, so that a course's recordings are found without its tasks */
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    /** the stored audio: its key in the recordings store, detected MIME type and size (bytes) */
    file: {
      type: new Schema(
        {
          name: { type: String, required: true },
          type: { type: String, required: true },
          size: { type: Number, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    /** the duration read from the file, ms */
    durationMs: { type: Number, required: true, min: 0 },
    /** when this audio was submitted (a replacement moves it) */
    submittedAt: { type: Date, required: true },
    status: { type: String, enum: RECORDING_STATUSES, default: 'pending' },
    /** when the retention job removed the audio from the upload store (the record, feedback and report stay); null while it is kept (docs/product.md#retention) */
    audioRemovedAt: { type: Date, default: null },
    /** the school's `recordingRetentionDays` when the audio was removed; null while it is kept */
    audioRemovedAfterDays: { type: Number, default: null },
  },
  baseSchemaOptions,
);
recordingSchema.index({ taskId: 1, studentId: 1 }, { unique: true });
recordingSchema.index({ status: 1, submittedAt: 1 });
recordingSchema.index({ studentId: 1 });
recordingSchema.index({ courseId: 1, status: 1, submittedAt: 1 });
watchWrites(recordingSchema, 'Recording');

export const Recording = model('Recording', recordingSchema);

/**
 * A teacher's feedback on one recording (docs/product.md#speaking-practice): a 1–5 score for each
 * of the task's focus strands and a comment. One per recording: the unique index makes the
 * first of two simultaneous reviews win, in every process.
 */
const feedbackSchema = new Schema(
  {
    recordingId: { type: Schema.Types.ObjectId, ref: 'Recording', required: true },
    /** the teacher who wrote it; null once that teacher's account is deleted: the feedback stays for the student (docs/personal-data.md) */
    teacherId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** the student, so that a student's feedback is found without their recordings */
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** `{strandKey: 1–5}` for the task's focus strands */
    strands: { type: Map, of: Number, required: true },
    comment: { type: String, default: '', trim: true, maxlength: 2000 },
  },
  baseSchemaOptions,
);
feedbackSchema.index({ recordingId: 1 }, { unique: true });
feedbackSchema.index({ studentId: 1, createdAt: -1 });
watchWrites(feedbackSchema, 'Feedback');

export const Feedback = model('Feedback', feedbackSchema);
