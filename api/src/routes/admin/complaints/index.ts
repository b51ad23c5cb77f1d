import { Hono } from 'hono';
import type { AppEnv } from '../../../auth/context.js';
import { requireRole } from '../../../auth/middleware.js';
import { Complaint, User } from '../../../db/models/index.js';
import { conflict, notFound, validate } from '../../../errors.js';
import { presentAdminComplaint, type AdminComplaintLike, type ComplaintUserJson } from './presenter.js';
import { complaintIdParamSchema } from './schema.js';

/** The two decisions an admin can take (spec §4 "Complaint status"). */
type Decision = 'approved' | 'disapproved';

/** filer id → `{name, role}` for the given complaints, with one query (no `$lookup` on FerretDB). */
async function filersOf(complaints: readonly AdminComplaintLike[]): Promise<Map<string, ComplaintUserJson>> {
  const ids = [...new Set(complaints.flatMap((c) => (c.userId ? [String(c.userId)] : [])))];
  if (ids.length === 0) return new Map();
  const users = await User.find({ _id: { $in: ids } }, { name: 1, role: 1 }).lean();
  return new Map(users.map((u) => [String(u._id), { name: u.name, role: u.role }]));
}

/** The decision in progress per complaint id, so that decisions on one complaint run one after another. */
const decisionsInProgress = new Map<string, Promise<void>>();

/**
 * Runs `task` after every earlier task for the same `key` has finished.
 * FerretDB v1 runs a conditional `findOneAndUpdate` as a read followed by a
 * write, so two admins deciding at once could both see `status: null`; the
 * API is one Node process (decisions §2), so queueing here closes that gap.
 * On MongoDB the conditional update alone is already atomic.
 */
async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = decisionsInProgress.get(key) ?? Promise.resolve();
  let release: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queued = previous.then(() => mine);
  decisionsInProgress.set(key, queued);
  await previous;
  try {
    return await task();
  } finally {
    release();
    if (decisionsInProgress.get(key) === queued) decisionsInProgress.delete(key);
  }
}

/**
 * Moves a complaint from null (On Hold) to `status`, recording the deciding
 * admin and the time, with a conditional update (`status: null` in the
 * filter) run one at a time per complaint, so that two admins deciding at
 * once cannot both win.
 * @throws 404 when no complaint has this id; 409 when it was already decided
 */
function decide(id: string, status: Decision, adminId: string) {
  return oneAtATime(id.toLowerCase(), () => decideNow(id, status, adminId));
}

async function decideNow(id: string, status: Decision, adminId: string) {
  const updated = await Complaint.findOneAndUpdate(
    { _id: id, status: null },
    { $set: { status, decidedBy: adminId, decidedAt: new Date() } },
    { returnDocument: 'after' },
  ).lean();
  if (updated) return updated;
  const existing = await Complaint.findById(id, { status: 1 }).lean();
  if (!existing) throw notFound('No such complaint.');
  throw conflict(`This complaint has already been ${existing.status ?? 'decided'}.`);
}

/**
 * Complaint moderation (spec §2.14, §4 "Complaint status", §7 "Admin:
 * complaints"), admins only (401 without a session, 403 for other roles),
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
