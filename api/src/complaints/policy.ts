import type { Types } from 'mongoose';
import { forbidden } from '../platform/http/errors.js';

/**
 * Complaints' "who may" rules (docs/architecture.md#authorization, docs/product.md#authorization-matrix,
 * docs/product.md#states-and-transitions): a complaint is its filer's, in the role it was filed in;
 * a decision is the deciding admin's to undo.
 */

/** The fields of a complaint the rules read. */
interface FiledComplaint {
  userId: Types.ObjectId | string;
  role: number;
}

/**
 * True when `callerId`, calling through the area of `role`, filed `complaint`: a complaint filed
 * in another role is someone else's, and an admin is no complaint's owner.
 */
export function isComplaintOwner(callerId: string, role: number, complaint: FiledComplaint): boolean {
  return String(complaint.userId) === callerId && complaint.role === role;
}

/** Who may delete a complaint: its owner (as {@link isComplaintOwner}). @throws 403 `forbidden` for anyone else */
export function authorizeComplaintOwner(callerId: string, role: number, complaint: FiledComplaint): void {
  if (!isComplaintOwner(callerId, role, complaint)) throw forbidden('You can delete only your own complaints.');
}

/** Who may undo a decision: the admin who took it. @throws 403 `forbidden` for another admin */
export function authorizeDecisionUndo(adminId: string, complaint: { decidedBy?: Types.ObjectId | string | null }): void {
  if (String(complaint.decidedBy) !== adminId) throw forbidden('Only the admin who decided this complaint can undo it.');
}
