import { z } from 'zod';
import { objectId } from '../platform/http/fields.js';
import { userRowJsonSchema } from './userPresenter.js';

/* The people routes' answers that no presenter returns whole: pages, grants, id lists (docs/product.md#admin-user-calls). */

/** A user's own language choice (`PUT /api/user/language`, docs/product.md#language): null follows the school's. */
export const userLanguageSchema = z.object({ language: z.enum(['English', 'Spanish', 'French']).nullable() }).meta({ id: 'UserLanguage' });

/** A user row of the admin's users table (docs/product.md#users-and-sessions). */
export const personSchema = userRowJsonSchema;

/**
 * The answer to an account made or a password reset by an admin (docs/product.md#admin-made-accounts,
 * docs/product.md#password-reset): the user's row and their one-time password, answered this once.
 */
export const oneTimePasswordGrantSchema = z
  .object({ user: personSchema, oneTimePassword: z.string().meta({ description: '4 groups of 4 characters joined by dashes, e.g. `K7PM-3XQD-HW2N-9ZRC`; never answered again' }) })
  .meta({ id: 'OneTimePasswordGrant' });

/** A row of the student or teacher list: `{id, name, email}` (docs/product.md#student-and-teacher-records). */
const personRowSchema = z.object({ id: objectId(), name: z.string(), email: z.string() }).meta({ id: 'PersonRow' });

/** One page of `GET /api/admin/users`: the rows and the count of every match (docs/product.md#paged-tables). */
export const usersPageSchema = z.object({ users: z.array(personSchema), total: z.number() }).meta({ id: 'UsersPage' });

/** One page of `GET /api/admin/students`. */
export const studentsPageSchema = z.object({ students: z.array(personRowSchema), total: z.number() }).meta({ id: 'StudentsPage' });

/** One page of `GET /api/admin/teachers`. */
export const teachersPageSchema = z.object({ teachers: z.array(personRowSchema), total: z.number() }).meta({ id: 'TeachersPage' });

/** A teacher as the course form's instructor list shows it. */
export const instructorSchema = z.object({ id: objectId(), name: z.string() }).meta({ id: 'Instructor' });

/** The course ids assigned to a student. */
export const courseIdsSchema = z.array(objectId()).meta({ id: 'CourseIds' });

/** The answer to a course assignment: the student and the new set of course ids (docs/product.md#course-assignment-calls). */
export const assignedCoursesSchema = z.object({ studentId: objectId(), courses: z.array(objectId()) }).meta({ id: 'AssignedCourses' });
