import mongoose, { Types } from 'mongoose';
import { ASSESSMENT_KEYS, Assessment } from '../oracy/assessmentModel.js';
import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { meanScore, oracyLevelForMean } from '../oracy/level.js';
import { refreshOracySummary } from '../oracy/summary.js';

/**
 * Test-only builders for the student and teacher area tests: courses,
 * enrollments, assignments and completions with known values, written
 * straight to the models.
 */

let counter = 0;

/** Creates a course; `instructorId` null for none. Titles are unique unless given. */
export async function makeCourse(
  fields: { title?: string; description?: string; instructorId?: Types.ObjectId | null; status?: 'active' | 'inactive' | 'ongoing'; image?: string | null; startDate?: string } = {},
) {
  counter += 1;
  return Course.create({
    title: fields.title ?? `Course ${counter}`,
    description: fields.description ?? `About course ${counter}`,
    instructorId: fields.instructorId ?? null,
    duration: 10,
    startDate: new Date(fields.startDate ?? '2025-01-01'),
    endDate: new Date('2025-12-31'),
    status: fields.status ?? 'active',
    image: fields.image ?? null,
  });
}

/** Enrolls a student in courses; `completed` lists the course ids to mark completed. */
export async function enroll(studentId: Types.ObjectId, courseIds: Types.ObjectId[], completed: Types.ObjectId[] = []) {
  const done = new Set(completed.map(String));
  await Enrollment.insertMany(courseIds.map((courseId) => ({ studentId, courseId, completedAt: done.has(String(courseId)) ? new Date('2025-06-01') : null })));
}

/** Creates `count` assignments in a course, due on consecutive days from `firstDue`. */
export async function makeAssignments(courseId: Types.ObjectId, count: number, firstDue = '2025-03-01') {
  const start = new Date(firstDue).getTime();
  return Assignment.insertMany(
    Array.from({ length: count }, (_, i) => ({ courseId, title: `Assignment ${i + 1} of ${String(courseId).slice(-4)}`, dueDate: new Date(start + i * 86_400_000) })),
  );
}

/** Marks assignments completed by a student. */
export async function complete(studentId: Types.ObjectId, assignmentIds: Types.ObjectId[]) {
  await AssignmentCompletion.insertMany(assignmentIds.map((assignmentId) => ({ assignmentId, studentId, completedAt: new Date('2025-04-01') })));
}

/**
 * Runs `fn` and counts the database operations Mongoose sends meanwhile
 * (through its debug hook), to show that a read does not grow with the data.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  mongoose.set('debug', () => {
    queries += 1;
  });
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    mongoose.set('debug', false);
  }
}

/**
 * 16 scores: every statement `value`, then `overrides` by statement key
 * (e.g. `{professionalVocab: 1}`).
 */
export function scoresOf(value: number, overrides: Record<string, number> = {}): Record<string, number> {
  return { ...Object.fromEntries(ASSESSMENT_KEYS.map((key) => [key, value])), ...overrides };
}

/**
 * Stores a self-assessment submission made at `at` (a past time the API
 * would not accept) and brings the user's Oracy summary up to date, as a
 * submission through the API does.
 */
export async function submitAt(userId: Types.ObjectId, scores: Record<string, number>, at: Date) {
  const mean = meanScore(Object.values(scores));
  const submission = await Assessment.create({ userId, scores, mean, level: oracyLevelForMean(mean), createdAt: at, updatedAt: at });
  await refreshOracySummary(userId);
  return submission;
}
