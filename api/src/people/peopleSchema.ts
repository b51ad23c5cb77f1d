import { z } from 'zod';
import { objectId } from './usersSchema.js';

export { peopleListQuerySchema } from './usersSchema.js';

/** The `:id` path parameter of `DELETE /api/admin/students/:id` and `/teachers/:id`. */
export const personIdParamSchema = z.object({
  /** the student's or teacher's id (24 hex digits). */
  id: objectId,
});

/** The `:studentId` path parameter of the course-assignment calls (docs/product.md#course-assignment-calls). */
export const studentIdParamSchema = z.object({
  /** the student's id (24 hex digits). */
  studentId: objectId,
});

/** Most course ids one assignment may carry. */
export const MAX_ASSIGNED_COURSES = 1000;

/**
 * The body of `POST /api/admin/students/:studentId/assign-courses` in both
 * readings (docs/product.md#clarified-behaviour): `{courses}` or `{studentId, courses}`. It
 * replaces the student's assigned set; an empty list is allowed (docs/product.md#validation-rules).
 */
export const assignCoursesBodySchema = z.object({
  /** the course ids to assign (24 hex digits each, at most 1000); duplicates are ignored. */
  courses: z.array(objectId, { error: 'Must be a list of course ids.' }).max(MAX_ASSIGNED_COURSES, { error: `At most ${MAX_ASSIGNED_COURSES} courses.` }),
  /** the student's id (second reading); must equal the path's `:studentId`. */
  studentId: objectId.optional(),
});
