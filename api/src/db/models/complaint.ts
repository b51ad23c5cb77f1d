import { Schema, model, type InferSchemaType } from 'mongoose';
import { baseSchemaOptions } from './common.js';

/** Complaint statuses (spec §4); null is "On Hold". */
export const COMPLAINT_STATUSES = ['approved', 'disapproved'] as const;

/** A complaint filed by a teacher or a student (decisions §9). */
const complaintSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    description: { type: String, required: true, trim: true, maxlength: 5000 },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** role of the filer: 2 teacher, 3 student */
    role: { type: Number, required: true, enum: [2, 3] },
    status: { type: String, enum: [...COMPLAINT_STATUSES, null], default: null },
    /** the admin who approved or disapproved it (issue 4: "record who decided and when"), null while On Hold */
    decidedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** when it was approved or disapproved, null while On Hold */
    decidedAt: { type: Date, default: null },
    /** client-generated idempotency key of an outbox submission, if any */
    clientId: { type: String, default: null, maxlength: 100 },
  },
  baseSchemaOptions,
);
complaintSchema.index({ userId: 1, createdAt: -1 });
complaintSchema.index({ status: 1 });
// The outbox's idempotency check (issue 5): a repeated clientId from the same user returns the first complaint.
// Not unique: FerretDB v1 has no partial indexes, and most complaints have no clientId.
complaintSchema.index({ userId: 1, clientId: 1 });

export type ComplaintFields = InferSchemaType<typeof complaintSchema>;
export const Complaint = model('Complaint', complaintSchema);
