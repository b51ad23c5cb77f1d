import type { Types } from 'mongoose';
import { z } from 'zod';
import { objectId, timestamp } from '../platform/http/fields.js';
import { ROLES } from '../auth/roles.js';

/** A complaint's status (docs/product.md#complaint-status): `null` is shown as On Hold. */
const complaintStatusSchema = z.enum(['approved', 'disapproved']).nullable();

/** The filer of a complaint as the admin list shows it (docs/product.md#notice-and-complaint-records: `user{name, role}`). */
const complaintUserJsonSchema = z.object({
  name: z.string(),
  role: z.number().meta({ description: 'the filer\'s current role: 2 Teacher, 3 Student, anything else is shown as "Unknown Role"' }),
});

/** The filer as the admin list shows them: see {@link complaintUserJsonSchema}. */
export type ComplaintUserJson = z.infer<typeof complaintUserJsonSchema>;

const complaintShape = {
  id: objectId(),
  title: z.string(),
  description: z.string(),
  userId: objectId().meta({ description: "the filer's id" }),
  sId: objectId().optional().meta({ description: "the filer's id when a student (role 3) filed it" }),
  tId: objectId().optional().meta({ description: "the filer's id when a teacher (role 2) filed it" }),
  role: z.number().meta({ description: 'role of the filer: 2 teacher, 3 student' }),
  status: complaintStatusSchema,
  createdAt: timestamp(),
  decidedAt: timestamp().nullable().meta({ description: 'when it was approved or disapproved; null while On Hold' }),
  moderationNote: z
    .string()
    .nullable()
    .meta({ description: "the deciding admin's note to the filer, at most 500 characters (docs/product.md#complaint-status); null without one or while On Hold" }),
  user: complaintUserJsonSchema.optional().meta({ description: 'the filer as the admin list shows them; only when given to the presenter' }),
};

/**
 * The complaint JSON of the student and teacher screens (docs/product.md#notice-and-complaint-records,
 * docs/product.md#derived-and-stored-data), with the decision's time and the admin's optional note
 * to the filer (never who decided it). The filer's id appears as `userId` and, by role, as `sId`
 * (a student's complaint) or `tId` (a teacher's), as docs/product.md#student-calls and
 * docs/product.md#teacher-calls name them. `user` is present only when the caller passes the filer
 * (the admin view, docs/product.md#complaint-moderation-calls).
 */
export const complaintJsonSchema = z.object(complaintShape).meta({ id: 'Complaint' });

/** A complaint as the student and teacher screens read it: see {@link complaintJsonSchema}. */
export type ComplaintJson = z.infer<typeof complaintJsonSchema>;

/** The fields `presentComplaint` reads (a lean document or a hydrated one). */
export interface ComplaintLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  userId: Types.ObjectId | string;
  role: number;
  status?: string | null;
  createdAt?: Date | null;
  decidedAt?: Date | null;
  moderationNote?: string | null;
}

/**
 * Presents a complaint document as `ComplaintJson`.
 * @param user the filer's `{name, role}` for the admin view; omit it elsewhere
 */
export function presentComplaint(complaint: ComplaintLike, user?: ComplaintUserJson): ComplaintJson {
  const userId = String(complaint.userId);
  const status = complaint.status === 'approved' || complaint.status === 'disapproved' ? complaint.status : null;
  return {
    id: String(complaint._id),
    title: complaint.title,
    description: complaint.description,
    userId,
    ...(complaint.role === ROLES.student ? { sId: userId } : {}),
    ...(complaint.role === ROLES.teacher ? { tId: userId } : {}),
    role: complaint.role,
    status,
    createdAt: (complaint.createdAt ?? new Date(0)).toISOString(),
    decidedAt: status && complaint.decidedAt ? complaint.decidedAt.toISOString() : null,
    moderationNote: status && complaint.moderationNote ? complaint.moderationNote : null,
    ...(user ? { user: { name: user.name, role: user.role } } : {}),
  };
}

/**
 * A complaint in the admin view (docs/product.md#complaint-moderation-calls): the shared
 * complaint with `user{name, role}` — absent when the filer's account
 * was deleted ("Submitted by: Unknown User") — and who decided it.
 */
export const adminComplaintJsonSchema = z
  .object({
    ...complaintShape,
    decidedBy: objectId().nullable().meta({ description: 'the admin who approved or disapproved it, or null while On Hold' }),
  })
  .meta({ id: 'AdminComplaint' });

/** A complaint in the admin view: see {@link adminComplaintJsonSchema}. */
export type AdminComplaintJson = z.infer<typeof adminComplaintJsonSchema>;

/** The fields `presentAdminComplaint` reads: the shared ones plus the deciding admin. */
export interface AdminComplaintLike extends ComplaintLike {
  decidedBy?: Types.ObjectId | string | null;
}

/**
 * Presents a complaint for the admin as `AdminComplaintJson`.
 * @param users filer id → `{name, role}`, resolved by the caller with one query
 */
export function presentAdminComplaint(complaint: AdminComplaintLike, users: ReadonlyMap<string, ComplaintUserJson>): AdminComplaintJson {
  return {
    ...presentComplaint(complaint, users.get(String(complaint.userId))),
    decidedBy: complaint.decidedBy ? String(complaint.decidedBy) : null,
  };
}
