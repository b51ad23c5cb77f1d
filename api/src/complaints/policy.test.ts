import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { authorizeComplaintOwner, authorizeDecisionUndo, isComplaintOwner } from './policy.js';

const refusal = (message: string) => expect.objectContaining({ status: 403, code: 'forbidden', message });

/** Whose complaint it is, and whose decision (docs/product.md#authorization-matrix, docs/product.md#states-and-transitions). */
describe('the complaints policy', () => {
  const filer = new Types.ObjectId();
  const complaint = { userId: filer, role: ROLES.student };

  it('makes a complaint its filer’s in the role it was filed in', () => {
    expect(isComplaintOwner(String(filer), ROLES.student, complaint)).toBe(true);
    expect(isComplaintOwner(String(filer), ROLES.teacher, complaint)).toBe(false);
    expect(isComplaintOwner(String(new Types.ObjectId()), ROLES.student, complaint)).toBe(false);
    expect(() => authorizeComplaintOwner(String(filer), ROLES.teacher, complaint)).toThrow(refusal('You can delete only your own complaints.'));
  });

  it('leaves an undo to the admin who decided', () => {
    const admin = new Types.ObjectId();
    expect(() => authorizeDecisionUndo(String(admin), { decidedBy: admin })).not.toThrow();
    expect(() => authorizeDecisionUndo(String(new Types.ObjectId()), { decidedBy: admin })).toThrow(refusal('Only the admin who decided this complaint can undo it.'));
  });
});
