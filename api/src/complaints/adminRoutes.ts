import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { ROLES } from '../auth/roles.js';
import { requireRole } from '../auth/middleware.js';
import { Complaint, ComplaintDecision } from './model.js';
import { User } from '../people/userModel.js';
import { conflict, isDuplicateKeyError, notFound } from '../platform/http/errors.js';
import { authorizeDecisionUndo } from './policy.js';
import { validate } from '../platform/http/validation.js';
import { adminComplaintJsonSchema, type AdminComplaintLike, type ComplaintUserJson, presentAdminComplaint } from './presenter.js';
import { complaintIdParamSchema } from './schema.js';
import { optionalDecisionBody } from './adminSchema.js';
import { describe, json, NOT_JSON, type RouteDoc } from '../platform/http/describe.js';
import { z } from 'zod';

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
 * How long after a decision the deciding admin may take it back, in ms (docs/product.md#complaint-status):
 * long enough for the screen's 5-second Undo on a slow connection, short enough that a tab left open
 * cannot reopen an old decision.
 */
export const UNDO_WINDOW_MS = 60_000;

/**
 * Moves a complaint from null (On Hold) to `status`, recording the deciding
 * admin, the time and the admin's optional note to the filer (trimmed; blank is none). The decision is claimed first with a
 * `ComplaintDecision` whose `_id` is the complaint's, so two
 * admins deciding at once — through the same process or two — cannot both
 * win, on FerretDB as on MongoDB. A claim whose complaint was never updated
 * (the process stopped in between) is completed by the next request after 30 s.
 * @throws 404 when no complaint has this id (or its owner is deleting it);
 *   409 when it was already approved or disapproved
 */
async function decide(id: string, status: Decision, adminId: string, note: string | null | undefined) {
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
    { $set: { status, decidedBy: adminId, decidedAt: new Date(), moderationNote: note ? note : null } },
    { returnDocument: 'after' },
  ).lean();
  if (updated) return updated;
  await ComplaintDecision.deleteOne({ _id: id });
  throw notFound('No such complaint.');
}

/**
 * Returns a decided complaint to null (On Hold), as the deciding admin's Undo: the decision, its
 * time, its note and its claim are cleared, so it is back in the admin list and may be decided (or
 * withdrawn by its owner) again. The claim goes first: a process stopping in between leaves the
 * complaint decided and unclaimed, which every other call already treats as decided.
 * @param now the time of the request, against which the window is measured
 * @throws 404 when no complaint has this id; 403 when another admin decided it; 409 when it is On
 *   Hold, or more than {@link UNDO_WINDOW_MS} have passed since the decision
 */
async function undoDecision(id: string, adminId: string, now: number) {
  const existing = await Complaint.findById(id, { status: 1, decidedBy: 1, decidedAt: 1 }).lean();
  if (!existing) throw notFound('No such complaint.');
  if (!existing.status) throw conflict('This complaint is not decided, so there is nothing to undo.');
  authorizeDecisionUndo(adminId, existing);
  if (!existing.decidedAt || now - existing.decidedAt.getTime() > UNDO_WINDOW_MS) throw conflict('This decision can no longer be undone.');
  await ComplaintDecision.deleteOne({ _id: id, status: existing.status });
  const reopened = await Complaint.findOneAndUpdate(
    { _id: id, status: existing.status, decidedAt: existing.decidedAt },
    { $set: { status: null, decidedBy: null, decidedAt: null, moderationNote: null } },
    { returnDocument: 'after' },
  ).lean();
  if (!reopened) throw conflict('This decision can no longer be undone.');
  return reopened;
}

/** The description of an approval or a disapproval: the same optional note, undo window and refusals. */
const decisionDoc = (summary: string, answer: string): RouteDoc => ({
  summary,
  tag: 'Complaints',
  description:
    'The body is optional: `{note}` is a note to the filer, shown under the status on their screen, trimmed, at most 500 characters (docs/product.md#complaint-status). The deciding admin may undo it within 60 s (`/undo`).',
  success: { status: 200, answer: json(answer, adminComplaintJsonSchema) },
  errors: { 400: 'A malformed id, or a note over 500 characters.', 404: 'No complaint has this id.', 409: 'The complaint was already approved or disapproved.', 415: NOT_JSON },
});

/** Mounted at `/api`; the calls and their rules: docs/product.md#complaint-moderation (the reference: `/api/docs`). */
export const complaintRoutes = new Hono<AppEnv>()
  .get(
    '/admin/complaints',
    describe({
      summary: 'Complaints on hold',
      tag: 'Complaints',
      success: { status: 200, answer: json('Every unresolved complaint, oldest first.', z.array(adminComplaintJsonSchema)) },
    }),
    requireRole(ROLES.admin),
    async (c) => {
      const complaints = await Complaint.find({ status: null }).sort({ createdAt: 1, _id: 1 }).lean();
      const users = await filersOf(complaints);
      return c.json(
        complaints.map((complaint) => presentAdminComplaint(complaint, users)),
        200,
      );
    },
  )
  .post(
    '/admin/complaints/:id/approve',
    describe(decisionDoc('Approve a complaint', 'Approved.')),
    requireRole(ROLES.admin),
    validate('param', complaintIdParamSchema),
    optionalDecisionBody,
    async (c) => {
      const complaint = await decide(c.req.valid('param').id, 'approved', c.var.user.id as string, c.req.valid('json').note);
      return c.json(presentAdminComplaint(complaint, await filersOf([complaint])), 200);
    },
  )
  .post(
    '/admin/complaints/:id/disapprove',
    describe(decisionDoc('Disapprove a complaint', 'Disapproved.')),
    requireRole(ROLES.admin),
    validate('param', complaintIdParamSchema),
    optionalDecisionBody,
    async (c) => {
      const complaint = await decide(c.req.valid('param').id, 'disapproved', c.var.user.id as string, c.req.valid('json').note);
      return c.json(presentAdminComplaint(complaint, await filersOf([complaint])), 200);
    },
  )
  .post(
    '/admin/complaints/:id/undo',
    describe({
      summary: 'Undo a complaint decision',
      tag: 'Complaints',
      description:
        'Returns an approved or disapproved complaint to On Hold (`status: null`, no decision, no note), back in the admin list: only the admin who decided it, within 60 s of the decision (docs/product.md#complaint-status).',
      success: { status: 200, answer: json('On Hold again.', adminComplaintJsonSchema) },
      errors: {
        403: 'Another admin decided this complaint.',
        404: 'No complaint has this id.',
        409: 'The complaint is On Hold, or more than 60 s have passed since the decision.',
      },
    }),
    requireRole(ROLES.admin),
    validate('param', complaintIdParamSchema),
    async (c) => {
      const complaint = await undoDecision(c.req.valid('param').id, c.var.user.id as string, Date.now());
      return c.json(presentAdminComplaint(complaint, await filersOf([complaint])), 200);
    },
  );
