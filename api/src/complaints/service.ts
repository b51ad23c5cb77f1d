import { Types } from 'mongoose';
import { Complaint, ComplaintDecision } from './model.js';
import { ROLES } from '../auth/roles.js';
import { conflict, isDuplicateKeyError, notFound } from '../platform/http/errors.js';
import { authorizeComplaintOwner } from './policy.js';
import { presentComplaint, type ComplaintJson } from './presenter.js';

/**
 * The complaint rules the student and teacher areas share (docs/product.md#student-complaints, docs/product.md#teacher-complaints,
 * docs/product.md#complaint-status, docs/product.md#complaint-dialog-validation; docs/product.md#authorization-matrix, docs/product.md#clarified-behaviour, docs/product.md#derived-and-stored-data),
 * written once and parameterised by the filer's role.
 */

/** The roles that file complaints: teachers and students. */
export type FilerRole = typeof ROLES.teacher | typeof ROLES.student;

/** Limits of a complaint body, in characters after trimming (the Complaint model's maxima). */
export const COMPLAINT_LIMITS = { title: 200, description: 5000 } as const;

/** What a filer sends: the validated, trimmed fields of a new complaint. */
export interface NewComplaint {
  /** 1–200 characters */
  title: string;
  /** 1–5000 characters */
  description: string;
}

/**
 * One filer's complaints, newest first (docs/product.md#student-complaints: the user's own list).
 * One query.
 * @param ownerId the filer's id (already authorised by the route)
 * @param role only complaints filed in this role
 */
export async function listComplaints(ownerId: string, role: FilerRole): Promise<ComplaintJson[]> {
  const rows = await Complaint.find({ userId: new Types.ObjectId(ownerId), role })
    .sort({ createdAt: -1, _id: -1 })
    .lean();
  return rows.map((row) => presentComplaint(row));
}

/**
 * Files a complaint for `ownerId` (always the signed-in user: docs/product.md#clarified-behaviour,
 * "the server fills the owner from the session whatever the body says"),
 * status null (On Hold). A replayed outbox submission never reaches this function twice: the
 * `Idempotency-Key` middleware (`platform/http/idempotency.ts`) answers repeats with the first answer.
 * @returns the stored complaint
 */
export async function fileComplaint(ownerId: string, role: FilerRole, input: NewComplaint): Promise<ComplaintJson> {
  const userId = new Types.ObjectId(ownerId);
  const complaint = await Complaint.create({ title: input.title, description: input.description, userId, role, status: null });
  return presentComplaint(complaint);
}

/**
 * Deletes one of the caller's complaints (docs/product.md#authorization-matrix; docs/product.md#states-and-transitions: "the owner
 * may delete a complaint while it is null or disapproved").
 * @param callerId the signed-in user
 * @param role the area the call came through; a complaint filed in another role is someone else's
 * @throws 404 when no complaint has this id; 403 when it is not the caller's
 *   (an admin is not its owner either); 409 when it is approved
 */
export async function deleteComplaint(callerId: string, role: FilerRole, complaintId: string): Promise<void> {
  const complaint = await Complaint.findById(complaintId).lean();
  if (!complaint) throw notFound('No such complaint.');
  authorizeComplaintOwner(callerId, role, complaint);
  if (complaint.status === 'approved') throw conflict('An approved complaint cannot be deleted.');
  if (complaint.status === null) {
    // Claim the On Hold complaint before deleting it: an approval racing in, through any process, loses — or wins and stops the deletion.
    try {
      await ComplaintDecision.create({ _id: complaint._id, status: 'withdrawn' });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const claim = await ComplaintDecision.findById(complaint._id, { status: 1 }).lean();
      if (claim?.status === 'approved') throw conflict('An approved complaint cannot be deleted.');
    }
  }
  // The status is part of the filter as well, for approvals recorded before claims existed.
  const result = await Complaint.deleteOne({ _id: complaint._id, status: { $ne: 'approved' } });
  if (result.deletedCount === 0) throw conflict('An approved complaint cannot be deleted.');
  await ComplaintDecision.deleteOne({ _id: complaint._id });
}
