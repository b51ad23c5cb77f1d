/**
 * Complaints as the admin screen holds them (docs/product.md#notice-and-complaint-records,
 * docs/product.md#complaint-moderation-calls) and the texts of their cards (docs/product.md#complaint-moderation, docs/product.md#constants-and-limits).
 */

/** The filer of a complaint: name and role (2 Teacher, 3 Student, anything else Unknown Role). */
export interface ComplaintUser {
  name: string;
  role: number;
}

/** An unresolved complaint of `GET /api/admin/complaints`. */
export interface AdminComplaint {
  id: string;
  title: string;
  description: string;
  /** ISO 8601; the list is oldest first */
  createdAt?: string;
  /** absent when the filer's account was deleted */
  user?: ComplaintUser | null;
}

/** The two moderation actions (docs/product.md#complaint-status). */
export type ComplaintDecision = 'approve' | 'disapprove';

/** 2 → "Teacher", 3 → "Student", anything else → "Unknown Role" (docs/product.md#constants-and-limits). */
export function complaintRoleName(role: number | null | undefined): string {
  if (role === 2) return 'Teacher';
  if (role === 3) return 'Student';
  return 'Unknown Role';
}

/** "Submitted by: {name} (Role: …)", or "Submitted by: Unknown User" when there is no user (docs/product.md#complaint-moderation). */
export function submittedBy(user: ComplaintUser | null | undefined): string {
  if (!user) return 'Submitted by: Unknown User';
  return `Submitted by: ${user.name} (Role: ${complaintRoleName(user.role)})`;
}

/** Puts a complaint back into the list, in the list's order (oldest first), once. */
export function restoreComplaint(list: readonly AdminComplaint[] | undefined, complaint: AdminComplaint): AdminComplaint[] {
  const rest = (list ?? []).filter((item) => item.id !== complaint.id);
  const index = rest.findIndex((item) => (item.createdAt ?? '') > (complaint.createdAt ?? ''));
  return index === -1 ? [...rest, complaint] : [...rest.slice(0, index), complaint, ...rest.slice(index)];
}
