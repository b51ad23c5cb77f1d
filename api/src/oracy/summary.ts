import type { Types } from 'mongoose';
import { Assessment } from './assessmentModel.js';
import { User } from '../people/userModel.js';
import { summarise, type SubmissionLike, type SubmissionSummary } from './profile.js';

/**
 * Each user's Oracy summary, `User.oracy = {latest, previous}`: the two
 * newest self-assessment submissions as `SubmissionSummary`, kept in step
 * with every submission so that an overview of many students needs no read
 * of their submissions (docs/decisions/0015-oracy-summary-on-the-user.md,
 * docs/product.md#oracy-profile).
 */

/** A user's summary: the latest and the previous submission, each null when there is none. */
export interface OracySummary {
  latest: SubmissionSummary | null;
  previous: SubmissionSummary | null;
}

/** The newest first, `_id` breaking ties, as every read of a user's submissions sorts. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The summary of a user's submissions given newest first. */
export function summaryOf(newestFirst: readonly SubmissionLike[]): OracySummary {
  const [latest, previous] = newestFirst;
  return { latest: latest ? summarise(latest) : null, previous: previous ? summarise(previous) : null };
}

/**
 * Recomputes a user's summary from their two newest stored submissions and
 * stores it, unless a newer submission's summary is already stored (two
 * submissions in flight at once: the one stored last must not put an older
 * latest back). Two queries.
 * @returns the summary as computed
 */
export async function refreshOracySummary(userId: Types.ObjectId): Promise<OracySummary> {
  const newest = await Assessment.find({ userId }).sort(NEWEST_FIRST).limit(2).lean<SubmissionLike[]>();
  const summary = summaryOf(newest);
  const latestAt = summary.latest?.submittedAt;
  const notNewer = latestAt ? [{ 'oracy.latest': null }, { 'oracy.latest.submittedAt': { $lte: latestAt } }] : [{}];
  await User.updateOne({ _id: userId, $or: notNewer }, { $set: { oracy: summary } });
  return summary;
}

/**
 * Gives every user stored before summaries existed (no `oracy` field) their
 * summary, from one read of those users' submissions. Runs at start-up
 * (`server.ts`); a second run finds nothing to do.
 * @returns how many users were updated
 */
export async function backfillOracySummaries(): Promise<number> {
  const users = await User.find({ oracy: { $exists: false } })
    .select('_id')
    .lean();
  if (users.length === 0) return 0;
  const submissions = await Assessment.find({ userId: { $in: users.map((u) => u._id) } })
    .sort(NEWEST_FIRST)
    .lean<Array<SubmissionLike & { userId: Types.ObjectId }>>();
  const byUser = new Map<string, SubmissionLike[]>();
  for (const s of submissions) {
    const list = byUser.get(String(s.userId)) ?? [];
    if (list.length < 2) byUser.set(String(s.userId), [...list, s]);
  }
  for (const user of users) {
    await User.updateOne({ _id: user._id, oracy: { $exists: false } }, { $set: { oracy: summaryOf(byUser.get(String(user._id)) ?? []) } });
  }
  return users.length;
}
