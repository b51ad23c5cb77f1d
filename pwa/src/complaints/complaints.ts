/**
 * Complaints as the admin screen holds them (docs/product.md#notice-and-complaint-records,
 * docs/product.md#complaint-moderation-calls) and the texts of their cards (docs/product.md#complaint-moderation, docs/product.md#constants-and-limits).
 */
import type { Answer, client } from '../platform/api/client';
import { t } from '../platform/i18n';
import { ROLE, roleName } from '../auth';

/** An unresolved complaint of `GET /api/admin/complaints`, oldest first; `user` is null when the filer's account was deleted. */
export type AdminComplaint = Answer<typeof client.api.admin.complaints.$get>[number];

/** The filer of a complaint: name and role (2 Teacher, 3 Student, anything else Unknown Role). */
export type ComplaintUser = NonNullable<AdminComplaint['user']>;

/** The two moderation actions (docs/product.md#complaint-status). */
export type ComplaintDecision = 'approve' | 'disapprove';

/** Longest note to the filer, in characters (the server's limit, docs/product.md#complaint-status). */
export const MODERATION_NOTE_MAX = 500;

/** How long the "Undo" toast after a decision stays, in ms (docs/product.md#complaint-moderation); the server allows 60 s. */
export const UNDO_TOAST_MS = 5000;

/** The body of an approve or disapprove call: the note trimmed, or none when blank. */
export function noteBody(note: string): { note?: string } {
  const trimmed = note.trim();
  return trimmed ? { note: trimmed } : {};
}

/** 2 → "Teacher", 3 → "Student", anything else → "Unknown Role" (docs/product.md#constants-and-limits). */
export function complaintRoleName(role: number | null | undefined): string {
  return role === ROLE.admin ? t('roles.unknown') : roleName(role);
}

/** "Submitted by: {name} (Role: …)", or "Submitted by: Unknown User" when there is no user (docs/product.md#complaint-moderation). */
export function submittedBy(user: ComplaintUser | null | undefined): string {
  if (!user) return t('admin.complaints.submittedByUnknown');
  return t('admin.complaints.submittedBy', { name: user.name, role: complaintRoleName(user.role) });
}

/** Puts a complaint back into the list, in the list's order (oldest first), once. */
export function restoreComplaint(list: readonly AdminComplaint[] | undefined, complaint: AdminComplaint): AdminComplaint[] {
  const rest = (list ?? []).filter((item) => item.id !== complaint.id);
  const index = rest.findIndex((item) => (item.createdAt ?? '') > (complaint.createdAt ?? ''));
  return index === -1 ? [...rest, complaint] : [...rest.slice(0, index), complaint, ...rest.slice(index)];
}
