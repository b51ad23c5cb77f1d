import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** Who hears a task's takes besides the teacher (docs/product.md#talk-partners): nobody, the class, or one's partner group. */
export const PEER_MODES = ['off', 'class', 'partners'] as const;
/** One of {@link PEER_MODES}. */
export type PeerMode = (typeof PEER_MODES)[number];

/** The sentence stems of peer feedback (docs/product.md#talk-partners): "I liked how you…", "Next time, try…", "I wasn't sure when…". */
export const PEER_STEMS = ['liked', 'next', 'unsure'] as const;
/** One of {@link PEER_STEMS}. */
export type PeerStem = (typeof PEER_STEMS)[number];

/** Moderation states of peer feedback: written `pending`; the teacher makes it `approved` or `hidden`; the recipient's report makes it `reported`. */
export const PEER_FEEDBACK_STATUSES = ['pending', 'approved', 'hidden', 'reported'] as const;
/** One of {@link PEER_FEEDBACK_STATUSES}. */
export type PeerFeedbackStatus = (typeof PEER_FEEDBACK_STATUSES)[number];

/**
 * One student's place in a talk-partner group of a task (docs/product.md#talk-partners): the
 * students of one `group` number hear each other's takes when the task is open to `partners`. Set
 * by the teacher or shuffled; replaced as a whole each time.
 */
const partnerMemberSchema = new Schema(
  {
    taskId: { type: Schema.Types.ObjectId, ref: 'SpeakingTask', required: true },
    /** the task's course, so that a course's groups go with it */
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the group's number within the task, from 1 */
    group: { type: Number, required: true, min: 1 },
  },
  baseSchemaOptions,
);
partnerMemberSchema.index({ taskId: 1, studentId: 1 }, { unique: true });
partnerMemberSchema.index({ taskId: 1, group: 1 });
partnerMemberSchema.index({ studentId: 1 });
partnerMemberSchema.index({ courseId: 1 });
watchWrites(partnerMemberSchema, 'PartnerMember');

export const PartnerMember = model('PartnerMember', partnerMemberSchema);

/**
 * A classmate heard a student's take (docs/product.md#talk-partners): one per listener and
 * recording, so that the author sees how many partners have listened.
 */
const peerListenSchema = new Schema(
  {
    recordingId: { type: Schema.Types.ObjectId, ref: 'Recording', required: true },
    /** the recording's student */
    authorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the classmate who listened */
    listenerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    /** when they first listened */
    at: { type: Date, required: true },
  },
  { timestamps: false, versionKey: false },
);
peerListenSchema.index({ recordingId: 1, listenerId: 1 }, { unique: true });
peerListenSchema.index({ authorId: 1 });
peerListenSchema.index({ listenerId: 1 });
peerListenSchema.index({ courseId: 1 });
watchWrites(peerListenSchema, 'PeerListen');

export const PeerListen = model('PeerListen', peerListenSchema);

/**
 * A classmate's structured feedback on a take (docs/product.md#talk-partners): a stem, a short
 * text and a 1–3 "how clear was it" per focus strand. One per writer and recording; nothing
 * reaches the recording's student until the teacher approves it.
 */
const peerFeedbackSchema = new Schema(
  {
    recordingId: { type: Schema.Types.ObjectId, ref: 'Recording', required: true },
    taskId: { type: Schema.Types.ObjectId, ref: 'SpeakingTask', required: true },
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    /** the classmate who wrote it */
    authorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the recording's student: whom it is for */
    recipientId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    stem: { type: String, enum: PEER_STEMS, required: true },
    /** 1–280 characters */
    text: { type: String, required: true, trim: true, maxlength: 280 },
    /** `{strandKey: 1–3}` for the task's focus strands */
    clarity: { type: Map, of: Number, required: true },
    status: { type: String, enum: PEER_FEEDBACK_STATUSES, default: 'pending' },
    /** the teacher or admin who approved or hid it last; null until then, or once their account is deleted */
    moderatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    moderatedAt: { type: Date, default: null },
    /** when the recipient reported it; null unless they did */
    reportedAt: { type: Date, default: null },
  },
  baseSchemaOptions,
);
peerFeedbackSchema.index({ recordingId: 1, authorId: 1 }, { unique: true });
peerFeedbackSchema.index({ courseId: 1, status: 1, createdAt: 1 });
peerFeedbackSchema.index({ authorId: 1 });
peerFeedbackSchema.index({ recipientId: 1 });
watchWrites(peerFeedbackSchema, 'PeerFeedback');

export const PeerFeedback = model('PeerFeedback', peerFeedbackSchema);
