import type { Types } from 'mongoose';

/** A complaint's status (docs/product.md#complaint-status): `null` is shown as On Hold. */
export type ComplaintStatus = 'approved' | 'disapproved' | null;

/**
 * The complaint JSON of the student and teacher screens (docs/product.md#notice-and-complaint-records,
 * docs/product.md#derived-and-stored-data). The filer's id appears as `userId` and, by role, as `sId`
 * (a student's complaint) or `tId` (a teacher's), as docs/product.md#student-calls and
 * docs/product.md#teacher-calls name them. `user` is present only when the caller passes the filer
 * (the admin view, docs/product.md#complaint-moderation-calls).
 */
export interface ComplaintJson {
  id: string;
  title: string;
  description: string;
  /** the filer's id */
  userId: string;
  /** the filer's id when the filer is a student (role 3) */
  sId?: string;
  /** the filer's id when the filer is a teacher (role 2) */
  tId?: string;
  /** role of the filer: 2 teacher, 3 student */
  role: number;
  /** `approved`, `disapproved`, or null (On Hold) */
  status: ComplaintStatus;
  /** ISO 8601 timestamp */
  createdAt: string;
  /** the filer as the admin list shows them (docs/product.md#complaint-moderation); only when given to the presenter */
  user?: ComplaintUserJson;
}

/** The fields `presentComplaint` reads (a lean document or a hydrated one). */
export interface ComplaintLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  userId: Types.ObjectId | string;
  role: number;
  status?: string | null;
  createdAt?: Date | null;
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
    ...(complaint.role === 3 ? { sId: userId } : {}),
    ...(complaint.role === 2 ? { tId: userId } : {}),
    role: complaint.role,
    status,
    createdAt: (complaint.createdAt ?? new Date(0)).toISOString(),
    ...(user ? { user: { name: user.name, role: user.role } } : {}),
  };
}

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
 * Presents a complaint for the admin as `AdminComplaintJson`.
 * @param users filer id → `{name, role}`, resolved by the caller with one query
 */
export function presentAdminComplaint(complaint: AdminComplaintLike, users: ReadonlyMap<string, ComplaintUserJson>): AdminComplaintJson {
  return {
    ...presentComplaint(complaint, users.get(String(complaint.userId))),
    decidedBy: complaint.decidedBy ? String(complaint.decidedBy) : null,
    decidedAt: complaint.decidedAt ? complaint.decidedAt.toISOString() : null,
  };
}
