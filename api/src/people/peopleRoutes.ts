import { Hono, type Context } from 'hono';
import type { AppEnv, AuthedEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { badRequest } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { assignCourses, assignedCourseIds, deletePerson, listInstructors, listPeople } from './service.js';
import type { UserRowJson } from './userPresenter.js';
import { assignCoursesBodySchema, peopleListQuerySchema, personIdParamSchema, studentIdParamSchema } from './peopleSchema.js';
import type { UploadStores } from '../platform/uploads.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { assignedCoursesSchema, courseIdsSchema, instructorSchema, studentsPageSchema, teachersPageSchema } from './answers.js';
import { describe, json, noBody, NOT_JSON } from '../platform/http/describe.js';
import { z } from 'zod';

const admin = requireRole(ROLES.admin);

/** A list row as docs/product.md#api names it for students and teachers: `{id, name, email}`. */
const withoutRole = ({ id, name, email }: UserRowJson) => ({ id, name, email });

/** What the people routes need: the upload stores (a deleted person's files) and the sockets to end. */
interface PeopleRoutesOptions {
  uploads: UploadStores;
  sockets?: SocketRevocation;
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#student-list (the reference: `/api/docs`). */
export const createAdminPeopleRoutes = (opts: PeopleRoutesOptions) => new Hono<AppEnv>().route('/', listRoutes()).route('/', deletionRoutes(opts)).route('/', courseAssignmentRoutes());

/** Deletes the person of the path's `id` with the given role and ends their sockets; 404 when no such person has it. */
const deletePersonOf = (role: typeof ROLES.student | typeof ROLES.teacher, opts: PeopleRoutesOptions) => async (c: Context<AuthedEnv, string, { out: { param: { id: string } } }>) => {
  const { id } = c.req.valid('param');
  await deletePerson(id, { actorId: c.var.user.id as string, role, uploads: opts.uploads });
  opts.sockets?.endUserSockets(id.toLowerCase());
  return c.body(null, 204);
};

/** The pages of students and teachers, and every teacher for the course form. */
const listRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/admin/students',
      describe({
        summary: 'A page of students',
        tag: 'Users',
        success: { status: 200, answer: json('The page and the count of every match.', studentsPageSchema) },
      }),
      admin,
      validate('query', peopleListQuerySchema),
      async (c) => {
        const { people, total } = await listPeople({ ...c.req.valid('query'), role: ROLES.student });
        return c.json({ students: people.map(withoutRole), total }, 200);
      },
    )
    .get(
      '/admin/teachers',
      describe({
        summary: 'A page of teachers',
        tag: 'Users',
        success: { status: 200, answer: json('The page and the count of every match.', teachersPageSchema) },
      }),
      admin,
      validate('query', peopleListQuerySchema),
      async (c) => {
        const { people, total } = await listPeople({ ...c.req.valid('query'), role: ROLES.teacher });
        return c.json({ teachers: people.map(withoutRole), total }, 200);
      },
    )
    .get(
      '/admin/instructors',
      describe({
        summary: 'Every teacher, for the course form',
        tag: 'Courses',
        success: { status: 200, answer: json('The teachers.', z.array(instructorSchema)) },
      }),
      admin,
      async (c) => c.json(await listInstructors(), 200),
    );

/** Deleting a student or a teacher with everything that was theirs (docs/product.md#privacy). */
const deletionRoutes = (opts: PeopleRoutesOptions) =>
  new Hono<AppEnv>()
    .delete(
      '/admin/students/:id',
      describe({
        summary: 'Delete a student',
        tag: 'Users',
        success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
        errors: { 404: 'No student has this id.' },
      }),
      admin,
      validate('param', personIdParamSchema),
      deletePersonOf(ROLES.student, opts),
    )
    .delete(
      '/admin/teachers/:id',
      describe({
        summary: 'Delete a teacher',
        tag: 'Users',
        success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
        errors: { 404: 'No teacher has this id.' },
      }),
      admin,
      validate('param', personIdParamSchema),
      deletePersonOf(ROLES.teacher, opts),
    );

/** A student's courses: read and set (docs/product.md#assign-courses-validation). */
const courseAssignmentRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/admin/students/:studentId/courses',
      describe({
        summary: "A student's assigned courses",
        tag: 'Users',
        success: { status: 200, answer: json('The course ids.', courseIdsSchema) },
        errors: { 404: 'No student has this id.' },
      }),
      admin,
      validate('param', studentIdParamSchema),
      async (c) => {
        return c.json(await assignedCourseIds(c.req.valid('param').studentId), 200);
      },
    )
    .post(
      '/admin/students/:studentId/assign-courses',
      describe({
        summary: "Set a student's courses",
        tag: 'Users',
        description: 'Replaces the set; nothing changes when a course id is unknown (docs/product.md#assign-courses-validation).',
        success: { status: 200, answer: json('The new set.', assignedCoursesSchema) },
        errors: {
          400: "`validation_error`: an unknown course id, or a body `studentId` other than the path's.",
          404: 'No student has this id.',
          415: NOT_JSON,
        },
      }),
      admin,
      validate('param', studentIdParamSchema),
      validate('json', assignCoursesBodySchema),
      async (c) => {
        const { studentId } = c.req.valid('param');
        const body = c.req.valid('json');
        if (body.studentId && body.studentId.toLowerCase() !== studentId.toLowerCase()) {
          throw badRequest('The studentId in the body must be the one in the path.', { studentId: 'Must equal the id in the path.' });
        }
        const courses = await assignCourses(studentId, body.courses);
        return c.json({ studentId: studentId.toLowerCase(), courses }, 200);
      },
    );
