import type { Types } from 'mongoose';
import { z } from 'zod';
import { objectId } from '../platform/http/fields.js';
import { isoDay } from '../courses/presenter.js';

/** What every view of an assignment shows: which one, of which course, due when. */
const assignmentFields = {
  id: objectId(),
  title: z.string(),
  courseId: objectId(),
  courseTitle: z.string(),
  dueDate: z.string().meta({ format: 'date', description: 'YYYY-MM-DD (UTC)' }),
};

/** One row of the student's `/assignments` screen (docs/product.md#links-and-redirects). */
export const studentAssignmentJsonSchema = z
  .object({
    ...assignmentFields,
    done: z.boolean().meta({ description: 'true when the student has completed it' }),
    completedAt: z.string().nullable().meta({ format: 'date', description: 'YYYY-MM-DD (UTC) of the completion, or null' }),
  })
  .meta({ id: 'StudentAssignment' });

/** One row of the student's assignments: see {@link studentAssignmentJsonSchema}. */
export type StudentAssignmentJson = z.infer<typeof studentAssignmentJsonSchema>;

/** One assignment of a teacher's course, with how many of the course's students have done it (docs/product.md#teacher-courses). */
export const teacherAssignmentJsonSchema = z
  .object({
    ...assignmentFields,
    completed: z.number().int().min(0).meta({ description: "how many of the course's enrolled students have completed it" }),
    enrolled: z.number().int().min(0).meta({ description: 'how many students are enrolled in the course' }),
  })
  .meta({ id: 'TeacherAssignment' });

/** One assignment of a teacher's course: see {@link teacherAssignmentJsonSchema}. */
export type TeacherAssignmentJson = z.infer<typeof teacherAssignmentJsonSchema>;

/** The fields `presentStudentAssignment` reads (a lean or a hydrated document). */
export interface AssignmentLike {
  _id: Types.ObjectId | string;
  title: string;
  courseId: Types.ObjectId | string;
  dueDate: Date;
}

/** The fields of {@link assignmentFields}, presented. */
function assignmentBase(assignment: AssignmentLike, courseTitle: string) {
  return { id: String(assignment._id), title: assignment.title, courseId: String(assignment.courseId), courseTitle, dueDate: isoDay(assignment.dueDate) };
}

/**
 * Presents an assignment for one student as `StudentAssignmentJson`.
 * @param courseTitle the title of the assignment's course
 * @param completedAt when the student completed it; undefined when not done
 */
export function presentStudentAssignment(assignment: AssignmentLike, courseTitle: string, completedAt: Date | null | undefined): StudentAssignmentJson {
  return {
    ...assignmentBase(assignment, courseTitle),
    done: completedAt !== undefined,
    completedAt: completedAt ? isoDay(completedAt) : null,
  };
}

/**
 * Presents an assignment of a teacher's course as `TeacherAssignmentJson`.
 * @param counts `completed`: the course's enrolled students who completed it; `enrolled`: the course's students
 */
export function presentTeacherAssignment(assignment: AssignmentLike, courseTitle: string, counts: { completed: number; enrolled: number }): TeacherAssignmentJson {
  return {
    ...assignmentBase(assignment, courseTitle),
    completed: counts.completed,
    enrolled: counts.enrolled,
  };
}
