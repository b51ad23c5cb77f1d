import type { Types } from 'mongoose';
import { Assessment } from './assessmentModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from '../speaking/model.js';
import { StoredDeliveryReport } from '../delivery/model.js';
import type { DeliveryFigures } from '../delivery/presenter.js';
import { Transcript } from '../transcripts/model.js';
import { transcriptRates } from '../transcripts/service.js';
import { STRAND_KEYS, TEACHER_SCORE_WINDOW_DAYS, strandScores, type StrandKey, type SubmissionLike } from './profile.js';
import { EVIDENCE_TAKES, gapOf, measuredEvidence, teacherScoresOf, vocabularyRange, type MeasuredTake, type ScoredFeedback } from './evidence.js';
import { NEWEST_FIRST } from './summary.js';
import { DAY_MS } from '../platform/time.js';
import type { StudentEvidenceJson } from './evidencePresenter.js';
import type { Person } from '../dashboards/stats.js';

/**
 * The reads of "Evidence beside belief" (docs/product.md#evidence-beside-belief): a student's latest
 * self-assessment, the teachers' feedback of the last 90 days, the latest takes' delivery reports
 * and transcripts, and the open tasks of their courses.
 */

/** The teachers' feedback of a student in the window the profile counts, newest first. One query. */
export function recentFeedback(studentId: Types.ObjectId, now: number): Promise<ScoredFeedback[]> {
  return Feedback.find({ studentId, createdAt: { $gte: new Date(now - TEACHER_SCORE_WINDOW_DAYS * DAY_MS) } })
    .sort({ createdAt: -1, _id: -1 })
    .select('strands createdAt')
    .lean<ScoredFeedback[]>();
}

/** The latest takes with a ready delivery report, oldest first, with their transcripts' measures. Four queries. */
async function measuredTakes(studentId: Types.ObjectId): Promise<MeasuredTake[]> {
  const records = await StoredDeliveryReport.find({ studentId, status: 'ready', figures: { $ne: null } })
    .sort({ submittedAt: -1, _id: -1 })
    .limit(EVIDENCE_TAKES)
    .select('recordingId figures')
    .lean<Array<{ recordingId: Types.ObjectId; figures: DeliveryFigures }>>();
  const ids = records.map((r) => String(r.recordingId));
  const [rates, transcripts] = await Promise.all([
    transcriptRates(ids),
    ids.length
      ? Transcript.find({ recordingId: { $in: ids }, status: 'ready' })
          .select('recordingId words')
          .lean<Array<{ recordingId: Types.ObjectId; words: Array<{ text: string }> }>>()
      : [],
  ]);
  const wordsOf = new Map(transcripts.map((t) => [String(t.recordingId), Array.isArray(t.words) ? t.words : []]));
  return records.reverse().map((r) => {
    const id = String(r.recordingId);
    const f = r.figures;
    return {
      pace: f.pace,
      syllablesPerSecond: f.syllablesPerSecond,
      pausesPerMinute: f.pausesPerMinute,
      variationSemitones: f.variationSemitones,
      quiet: f.quiet,
      clipped: f.clipped,
      wordsPerMinute: rates.get(id)?.wordsPerMinute ?? null,
      fillersPerMinute: rates.get(id)?.fillersPerMinute ?? null,
      vocabularyRange: vocabularyRange(wordsOf.get(id) ?? []),
    };
  });
}

/** A task the evidence suggests next. */
type NextTask = { taskId: string; title: string; dueAt: string | null };

/**
 * For each strand, the open task of the student's courses that focuses on it and that the
 * student has not taken: not past due, the soonest due first (tasks without a due date last),
 * then the newest. Three queries.
 */
async function nextTasks(studentId: Types.ObjectId, now: number): Promise<Partial<Record<StrandKey, NextTask>>> {
  const courseIds = (await Enrollment.find({ studentId }).select('courseId').lean()).map((e) => e.courseId);
  if (courseIds.length === 0) return {};
  const tasks = await SpeakingTask.find({ courseId: { $in: courseIds }, $or: [{ dueAt: null }, { dueAt: { $gte: new Date(now) } }] })
    .select('title focusStrands dueAt createdAt')
    .lean<Array<{ _id: Types.ObjectId; title: string; focusStrands: string[]; dueAt: Date | null; createdAt: Date }>>();
  if (tasks.length === 0) return {};
  const taken = new Set(
    (
      await Recording.find({ studentId, taskId: { $in: tasks.map((t) => t._id) } })
        .select('taskId')
        .lean()
    ).map((r) => String(r.taskId)),
  );
  const open = tasks
    .filter((t) => !taken.has(String(t._id)))
    .sort((a, b) => (a.dueAt?.getTime() ?? Infinity) - (b.dueAt?.getTime() ?? Infinity) || b.createdAt.getTime() - a.createdAt.getTime() || String(a._id).localeCompare(String(b._id)));
  const next: Partial<Record<StrandKey, NextTask>> = {};
  for (const strand of STRAND_KEYS) {
    const task = open.find((t) => t.focusStrands.includes(strand));
    if (task) next[strand] = { taskId: String(task._id), title: task.title, dueAt: task.dueAt?.toISOString() ?? null };
  }
  return next;
}

/**
 * A student's evidence beside belief (`GET /api/student/oracy/:studentId/evidence`,
 * docs/product.md#evidence-beside-belief): for each strand in the questionnaire's order, the
 * latest self-assessed score, the teacher's latest score of the last 90 days, the measured items
 * of the latest takes, the gap reading and the next task. At most nine queries.
 * @param now ms since the epoch: the feedback window and which tasks are still open
 */
export async function studentEvidence(student: Person, now: number): Promise<StudentEvidenceJson> {
  const [latest, feedback, takes, next] = await Promise.all([
    Assessment.findOne({ userId: student._id }).sort(NEWEST_FIRST).lean<SubmissionLike>(),
    recentFeedback(student._id, now),
    measuredTakes(student._id),
    nextTasks(student._id, now),
  ]);
  const self = latest ? strandScores(latest.scores) : null;
  const measured = measuredEvidence(takes);
  return {
    studentId: String(student._id),
    strands: STRAND_KEYS.map((strand) => {
      const teacher = teacherScoresOf(feedback, strand);
      const selfScore = self ? self[strand] : null;
      return {
        strand,
        selfScore,
        selfAt: latest ? latest.createdAt.toISOString() : null,
        teacherScore: teacher[0]?.score ?? null,
        teacherAt: teacher[0]?.at.toISOString() ?? null,
        ...measured[strand],
        gap: gapOf(
          selfScore,
          teacher.map((s) => s.score),
        ),
        next: next[strand] ?? null,
      };
    }),
  };
}
