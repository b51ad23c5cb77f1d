import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';

/** Complaint statuses (docs/product.md#states-and-transitions); null is "On Hold". */
export const COMPLAINT_STATUSES = ['approved', 'disapproved'] as const;

/** Longest note an admin may leave the filer with a decision, in characters after trimming (docs/product.md#complaint-status). */
export const MODERATION_NOTE_MAX = 500;

/** A complaint filed by a teacher or a student (docs/product.md#derived-and-stored-data). */
const complaintSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    description: { type: String, required: true, trim: true, maxlength: 5000 },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** role of the filer: 2 teacher, 3 student */
    role: { type: Number, required: true, enum: [2, 3] },
    status: { type: String, enum: [...COMPLAINT_STATUSES, null], default: null },
    /** the admin who approved or disapproved it ("record who decided and when"), null while On Hold */
    decidedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** when it was approved or disapproved, null while On Hold */
    decidedAt: { type: Date, default: null },
    /** the deciding admin's optional note to the filer, shown under the status; null without one or while On Hold */
    moderationNote: { type: String, trim: true, maxlength: MODERATION_NOTE_MAX, default: null },
  },
  baseSchemaOptions,
);
complaintSchema.index({ userId: 1, createdAt: -1 });
complaintSchema.index({ status: 1 });

export const Complaint = model('Complaint', complaintSchema);

/** What a complaint's decision claim says: an admin's decision, or the owner's deletion (`withdrawn`). */
export const COMPLAINT_CLAIMS = [...COMPLAINT_STATUSES, 'withdrawn'] as const;

/**
 * The one claim on a complaint's decision. Its `_id` is the
 * complaint's id, so the unique `_id` index lets exactly one writer — an
 * admin approving or disapproving, or the owner deleting an On Hold
 * complaint — win, whichever API process it goes through: a conditional
 * `findOneAndUpdate` is a read then a write on FerretDB v1, and an
 * in-process queue does not reach the other processes.
 */
const complaintDecisionSchema = new Schema(
  {
    /** the complaint's id */
    _id: { type: Schema.Types.ObjectId, required: true },
    status: { type: String, enum: COMPLAINT_CLAIMS, required: true },
    /** the deciding admin; null for a withdrawal */
    decidedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const ComplaintDecision = model('ComplaintDecision', complaintDecisionSchema);
