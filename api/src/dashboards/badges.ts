import { Types } from 'mongoose';
import { Assessment } from '../oracy/assessmentModel.js';
import { Feedback, Recording } from '../speaking/model.js';
import { strandScores, STRAND_KEYS } from '../oracy/profile.js';

/**
 * The badges a student earns by practising (docs/product.md#badges): derived on every read from
 * records the school already holds — the student's speaking recordings, the teachers' feedback on
 * them and the student's self-assessments — and never stored (docs/personal-data.md, "Derived
 * data"). A badge whose records are deleted (a task removed with its recordings) is no longer
 * earned.
 */

/** The badge ids, in the order the profile lists them. */
export const BADGE_IDS = ['first-take', 'five-takes', 'reviewed', 'assessed-twice', 'level-up'] as const;
/** One badge's id. */
export type BadgeId = (typeof BADGE_IDS)[number];

/** Recordings (one per task) a student sends for "Five takes". */
export const FIVE_TAKES = 5;
/** Points (1–5 scale) a strand's self-assessed score must rise between two submissions in a row for "Level up". */
export const LEVEL_UP_POINTS = 1;

/** A badge's English title and rule; the PWA shows its own translation by `id`. */
export const BADGE_TEXTS: Readonly<Record<BadgeId, { title: string; description: string }>> = {
  'first-take': { title: 'First take', description: 'Send your first speaking recording.' },
  'five-takes': { title: 'Five takes', description: `Send recordings for ${FIVE_TAKES} speaking tasks.` },
  reviewed: { title: 'Reviewed', description: 'Get a teacher’s feedback on one of your recordings.' },
  'assessed-twice': { title: 'Self-assessed twice', description: 'Complete the self-assessment twice, so every strand is assessed twice.' },
  'level-up': { title: 'Level up', description: `Raise a strand by ${LEVEL_UP_POINTS} point from one self-assessment to the next.` },
};

/** One badge as the profile answers it. */
export interface Badge {
  id: BadgeId;
  /** English; see {@link BADGE_TEXTS} */
  title: string;
  /** English: what earns it */
  description: string;
  earned: boolean;
  /** when it was earned (the moment of the record that earned it, ISO 8601), or null when not earned */
  earnedAt: string | null;
}

/** What the rules read of a student's records, oldest first. */
export interface BadgeFacts {
  /** `submittedAt` of each recording (one per task; a replaced recording counts at its latest send) */
  recordings: readonly Date[];
  /** `createdAt` of each teacher feedback on the student's recordings */
  feedback: readonly Date[];
  /** each self-assessment: when, and its 16 scores */
  assessments: readonly { at: Date; scores: ReadonlyMap<string, number> | Readonly<Record<string, number>> }[];
}

const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();

/** The moment of "Level up": the first submission where a strand rose by `LEVEL_UP_POINTS` or more over the one before. */
function levelUpAt(assessments: BadgeFacts['assessments']): Date | null {
  const sorted = [...assessments].sort((a, b) => byTime(a.at, b.at));
  for (let i = 1; i < sorted.length; i++) {
    const before = strandScores(sorted[i - 1]!.scores);
    const after = strandScores(sorted[i]!.scores);
    // strand scores carry two decimals: compare in hundredths so that 2.75 → 3.75 counts.
    if (STRAND_KEYS.some((key) => Math.round((after[key] - before[key]) * 100) >= LEVEL_UP_POINTS * 100)) return sorted[i]!.at;
  }
  return null;
}

/**
 * The rules (docs/product.md#badges), on facts already loaded: each badge with whether it is earned
 * and when — "First take" at the earliest recording, "Five takes" at the fifth, "Reviewed" at the
 * first feedback, "Self-assessed twice" at the second self-assessment, "Level up" at the first
 * self-assessment where a strand's score rose by a whole point over the previous one.
 * @returns every badge in `BADGE_IDS` order, earned or not
 */
export function badgesFrom(facts: BadgeFacts): Badge[] {
  const recordings = [...facts.recordings].sort(byTime);
  const feedback = [...facts.feedback].sort(byTime);
  const assessments = [...facts.assessments].map((a) => a.at).sort(byTime);
  const earnedAt: Record<BadgeId, Date | null> = {
    'first-take': recordings[0] ?? null,
    'five-takes': recordings[FIVE_TAKES - 1] ?? null,
    reviewed: feedback[0] ?? null,
    'assessed-twice': assessments[1] ?? null,
    'level-up': levelUpAt(facts.assessments),
  };
  return BADGE_IDS.map((id) => ({ id, ...BADGE_TEXTS[id], earned: earnedAt[id] !== null, earnedAt: earnedAt[id]?.toISOString() ?? null }));
}

/**
 * A student's badges (docs/product.md#badges): three queries, each on an indexed owner field,
 * reading only dates and scores.
 * @param studentId the student's id
 */
export async function studentBadges(studentId: Types.ObjectId | string): Promise<Badge[]> {
  const id = new Types.ObjectId(String(studentId));
  const [recordings, feedback, assessments] = await Promise.all([
    Recording.find({ studentId: id }).select('submittedAt').lean(),
    Feedback.find({ studentId: id }).select('createdAt').lean(),
    Assessment.find({ userId: id }).select('scores createdAt').lean(),
  ]);
  return badgesFrom({
    recordings: recordings.map((r) => r.submittedAt),
    feedback: feedback.map((f) => f.createdAt),
    assessments: assessments.map((a) => ({ at: a.createdAt, scores: a.scores as unknown as Record<string, number> })),
  });
}
