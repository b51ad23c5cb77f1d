import { Hono } from 'hono';
import type { AppEnv } from '../../../auth/context.js';
import { requireRole } from '../../../auth/middleware.js';
import { Complaint, ComplaintDecision, User } from '../../../db/models/index.js';
import { conflict, isDuplicateKeyError, notFound } from '../../../errors.js';
import { validate } from '../../../validation.js';
import { presentAdminComplaint, type AdminComplaintLike, type ComplaintUserJson } from '../../../presenters/complaint.js';
import { complaintIdParamSchema } from '../../complaints/schema.js';

/** The two decisions an admin can take (docs/product.md#complaint-status). */
type Decision = 'approved' | 'disapproved';

/** filer id → `{name, role}` for the given complaints, with one query (no `$lookup` on FerretDB). */
async function filersOf(complaints: readonly AdminComplaintLike[]): Promise<Map<string, ComplaintUserJson>> {
  const ids = [...new Set(complaints.flatMap((c) => (c.userId ? [String(c.userId)] : [])))];
  if (ids.length === 0) return new Map();
  const users = await User.find({ _id: { $in: ids } }, { name: 1, role: 1 }).lean();
  return new Map(users.map((u) => [String(u._id), { name: u.name, role: u.role }]));
}

/** How old an unfinished claim must be before another request completes it, in ms. */
const STALE_CLAIM_MS = 30_000;

function alreadyDecided(status: string | null | undefined) {
  return conflict(`This complaint has already been ${status ?? 'decided'}.`);
}

/**
 * Moves a complaint from null (On Hold) to `status`, recording the deciding
 * admin and the time. The decision is claimed first with a
 * `ComplaintDecision` whose `_id` is the complaint's, so two
 * admins deciding at once — through the same process or two — cannot both
 * win, on FerretDB as on MongoDB. A claim whose complaint was never updated
 * (the process stopped in between) is completed by the next request after 30 s.
 * @throws 404 when no complaint has this id (or its owner is deleting it);
 *   409 when it was already approved or disapproved
 */
async function decide(id: string, status: Decision, adminId: string) {
  const existing = await Complaint.findById(id, { status: 1 }).lean();
  if (!existing) throw notFound('No such complaint.');
  if (existing.status) throw alreadyDecided(existing.status);
  try {
    await ComplaintDecision.create({ _id: id, status, decidedBy: adminId });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const claim = await ComplaintDecision.findById(id).lean();
    if (!claim || claim.status === 'withdrawn') throw notFound('No such complaint.');
    if (Date.now() - claim.createdAt.getTime() > STALE_CLAIM_MS) {
      await Complaint.updateOne({ _id: id, status: null }, { $set: { status: claim.status, decidedBy: claim.decidedBy, decidedAt: claim.createdAt } });
    }
    throw alreadyDecided(claim.status);
  }
  const updated = await Complaint.findOneAndUpdate(
    { _id: id },
    { $set: { status, decidedBy: adminId, decidedAt: new Date() } },
    { returnDocument: 'after' },
  ).lean();
  if (updated) return updated;
  await ComplaintDecision.deleteOne({ _id: id });
  throw notFound('No such complaint.');
}

/**
 * Complaint moderation (docs/product.md#complaint-moderation, docs/product.md#complaint-status, docs/product.md#complaint-moderation-calls), admins only (401 without a session, 403 for other roles),
 * mounted at `/api`:
 * - `GET /admin/complaints` → `AdminComplaintJson[]`: only unresolved
 *   complaints (`status: null`), oldest first, each with `user{name, role}`
 *   unless the filer was deleted;
 * - `POST /admin/complaints/:id/approve` and `/disapprove` → 200 the decided
 *   `AdminComplaintJson`; 400 for a malformed id, 404 when absent, 409 when
 *   the complaint was already approved or disapproved.
 */
export const complaintRoutes = new Hono<AppEnv>()
  .get('/admin/complaints', requireRole(1), async (c) => {
    const complaints = await Complaint.find({ status: null }).sort({ createdAt: 1, _id: 1 }).lean();
    const users = await filersOf(complaints);
    return c.json(complaints.map((complaint) => presentAdminComplaint(complaint, users)), 200);
  })
  .post('/admin/complaints/:id/approve', requireRole(1), validate('param', complaintIdParamSchema), async (c) => {
    const complaint = await decide(c.req.valid('param').id, 'approved', c.var.user.id as string);
    return c.json(presentAdminComplaint(complaint, await filersOf([complaint])), 200);
  })
  .post('/admin/complaints/:id/disapprove', requireRole(1), validate('param', complaintIdParamSchema), async (c) => {
    const complaint = await decide(c.req.valid('param').id, 'disapproved', c.var.user.id as string);
    return c.json(presentAdminComplaint(complaint, await filersOf([complaint])), 200);
  });
