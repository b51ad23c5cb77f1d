import type { Types } from 'mongoose';
import { presentComplaint, type ComplaintJson, type ComplaintLike } from '../../../presenters/complaint.js';

/** The filer of a complaint as the admin list shows it (docs/product.md#notice-and-complaint-records: `user{name, role}`). */
export interface ComplaintUserJson {
  name: string;
  /** the filer's current role: 2 Teacher, 3 Student, anything else is shown as "Unknown Role" */
  role: number;
}

/**
 * A complaint in the admin view (docs/product.md#complaint-moderation-calls): the shared
 * `ComplaintJson` with `user{name, role}` — absent when the filer's account
 * was deleted ("Submitted by: Unknown User") — and who decided it and when.
 */
export interface AdminComplaintJson extends ComplaintJson {
  /** the admin who approved or disapproved it, or null while On Hold */
  decidedBy: string | null;
  /** ISO 8601, or null while On Hold */
  decidedAt: string | null;
}

/** The fields `presentAdminComplaint` reads: the shared ones plus the decision. */
export interface AdminComplaintLike extends ComplaintLike {
  decidedBy?: Types.ObjectId | string | null;
  decidedAt?: Date | null;
}

/**
 * Presents a complaint for the admin.
 * @param users filer id → `{name, role}`, resolved by the caller with one query
 */
export function presentAdminComplaint(complaint: AdminComplaintLike, users: ReadonlyMap<string, ComplaintUserJson>): AdminComplaintJson {
  return {
    ...presentComplaint(complaint, users.get(String(complaint.userId))),
    decidedBy: complaint.decidedBy ? String(complaint.decidedBy) : null,
    decidedAt: complaint.decidedAt ? complaint.decidedAt.toISOString() : null,
  };
}
