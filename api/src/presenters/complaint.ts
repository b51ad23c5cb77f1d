import type { Types } from 'mongoose';

/** A complaint's status (docs/product.md#complaint-status): `null` is shown as On Hold. */
export type ComplaintStatus = 'approved' | 'disapproved' | null;

/**
 * The complaint JSON of the student and teacher screens (docs/product.md#notice-and-complaint-records,
 * docs/product.md#derived-and-stored-data). The filer's id appears as `userId` and, by role, as `sId`
 * (a student's complaint) or `tId` (a teacher's), as the spec names them.
 * `user` is present only when the caller passes the filer (the admin view,
 * docs/product.md#complaint-moderation-calls).
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
  /** the client-generated idempotency key it was filed with (decisions' outbox), or null */
  clientId: string | null;
  /** ISO 8601 timestamp */
  createdAt: string;
  /** the filer as the admin list shows them (docs/product.md#complaint-moderation); only when given to the presenter */
  user?: { name: string; role: number };
}

/** The fields `presentComplaint` reads (a lean document or a hydrated one). */
export interface ComplaintLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  userId: Types.ObjectId | string;
  role: number;
  status?: string | null;
  clientId?: string | null;
  createdAt?: Date | null;
}

/**
 * Presents a complaint document as `ComplaintJson`.
 * @param user the filer's `{name, role}` for the admin view; omit it elsewhere
 */
export function presentComplaint(complaint: ComplaintLike, user?: { name: string; role: number }): ComplaintJson {
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
    clientId: complaint.clientId ?? null,
    createdAt: (complaint.createdAt ?? new Date(0)).toISOString(),
    ...(user ? { user: { name: user.name, role: user.role } } : {}),
  };
}
