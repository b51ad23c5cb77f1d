import type { Types } from 'mongoose';

/** The filer of a complaint as the admin list shows it (spec §3 "Complaint": `user{name, role}`). */
export interface ComplaintUserJson {
  name: string;
  /** the filer's current role: 2 Teacher, 3 Student, anything else is shown as "Unknown Role" */
  role: number;
}

/**
 * A complaint in the admin view (spec §7 "Admin: complaints"). `user` is
 * absent when the filer's account was deleted ("Submitted by: Unknown User").
 */
export interface AdminComplaintJson {
  id: string;
  title: string;
  description: string;
  /** the filer's id, or null */
  userId: string | null;
  /** the filer's role when they filed it: 2 teacher, 3 student */
  role: number;
  /** null (On Hold), `approved` or `disapproved` (spec §4 "Complaint status") */
  status: 'approved' | 'disapproved' | null;
  /** ISO 8601 */
  createdAt: string;
  /** the admin who decided it, or null while On Hold */
  decidedBy: string | null;
  /** ISO 8601, or null while On Hold */
  decidedAt: string | null;
  user?: ComplaintUserJson;
}

/** The fields `presentAdminComplaint` reads (a lean or a hydrated document). */
export interface ComplaintLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  userId?: Types.ObjectId | string | null;
  role: number;
  status?: string | null;
  createdAt?: Date | null;
  decidedBy?: Types.ObjectId | string | null;
  decidedAt?: Date | null;
}

/**
 * Presents a complaint for the admin.
 * @param users filer id → `{name, role}`, resolved by the caller with one query
 */
export function presentAdminComplaint(complaint: ComplaintLike, users: ReadonlyMap<string, ComplaintUserJson>): AdminComplaintJson {
  const userId = complaint.userId ? String(complaint.userId) : null;
  const user = userId ? users.get(userId) : undefined;
  const status = complaint.status === 'approved' || complaint.status === 'disapproved' ? complaint.status : null;
  return {
    id: String(complaint._id),
    title: complaint.title,
    description: complaint.description,
    userId,
    role: complaint.role,
    status,
    createdAt: (complaint.createdAt ?? new Date(0)).toISOString(),
    decidedBy: complaint.decidedBy ? String(complaint.decidedBy) : null,
    decidedAt: complaint.decidedAt ? complaint.decidedAt.toISOString() : null,
    ...(user ? { user: { name: user.name, role: user.role } } : {}),
  };
}
