import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { badRequest } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { assignCourses, assignedCourseIds, deletePerson, listInstructors, listPeople } from './service.js';
import type { UserRowJson } from './userPresenter.js';
import { assignCoursesBodySchema, peopleListQuerySchema, personIdParamSchema, studentIdParamSchema } from './peopleSchema.js';
import type { UploadStores } from '../platform/uploads.js';
import type { SocketRevocation } from '../chat/revocation.js';

const admin = requireRole(ROLES.admin);

/** A list row as docs/product.md#api names it for students and teachers: `{id, name, email}`. */
const withoutRole = ({ id, name, email }: UserRowJson) => ({ id, name, email });

/**
 * The student and teacher lists, the instructor list and course assignment
 * (docs/product.md#student-list, docs/product.md#teacher-list, docs/product.md#assign-courses, docs/product.md#admin-student-and-teacher-calls, docs/product.md#course-assignment-calls; docs/product.md#authorization-matrix, docs/product.md#error-format, docs/product.md#clarified-behaviour), mounted at `/api`. Admins only (401 / 403),
 * guarded per route.
 *
 * - `GET /admin/students`, `GET /admin/teachers` with `page`, `limit` or
 *   `rowsPerPage`, `search` → 200 `{students|teachers: [{id, name, email}], total}`.
 * - `DELETE /admin/students/:id`, `DELETE /admin/teachers/:id` → 204 after
 *   the cascade of `deletePerson`, which also ends any discussion socket of
 *   theirs; 404 when the id is not a student / teacher.
 * - `GET /admin/instructors` → 200 `[{id, name}]`, every teacher.
 * - `GET /admin/students/:studentId/courses` → 200 `[courseId]`.
 * - `POST /admin/students/:studentId/assign-courses` with `{courses}` or
 *   `{studentId, courses}` → 200 `{studentId, courses}` (the new set);
 *   400 naming `courses` for an unknown course, with nothing changed.
 */
export const createAdminPeopleRoutes = (opts: { uploads: UploadStores; sockets?: SocketRevocation }) =>
  new Hono<AppEnv>()
    .get('/admin/students', admin, validate('query', peopleListQuerySchema), async (c) => {
      const { people, total } = await listPeople({ ...c.req.valid('query'), role: ROLES.student });
      return c.json({ students: people.map(withoutRole), total }, 200);
    })
    .get('/admin/teachers', admin, validate('query', peopleListQuerySchema), async (c) => {
      const { people, total } = await listPeople({ ...c.req.valid('query'), role: ROLES.teacher });
      return c.json({ teachers: people.map(withoutRole), total }, 200);
    })
    .delete('/admin/students/:id', admin, validate('param', personIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      await deletePerson(id, { actorId: c.var.user.id as string, role: ROLES.student, uploads: opts.uploads });
      opts.sockets?.endUserSockets(id.toLowerCase());
      return c.body(null, 204);
    })
    .delete('/admin/teachers/:id', admin, validate('param', personIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      await deletePerson(id, { actorId: c.var.user.id as string, role: ROLES.teacher, uploads: opts.uploads });
      opts.sockets?.endUserSockets(id.toLowerCase());
      return c.body(null, 204);
    })
    .get('/admin/instructors', admin, async (c) => c.json(await listInstructors(), 200))
    .get('/admin/students/:studentId/courses', admin, validate('param', studentIdParamSchema), async (c) => {
      return c.json(await assignedCourseIds(c.req.valid('param').studentId), 200);
    })
    .post('/admin/students/:studentId/assign-courses', admin, validate('param', studentIdParamSchema), validate('json', assignCoursesBodySchema), async (c) => {
      const { studentId } = c.req.valid('param');
      const body = c.req.valid('json');
      if (body.studentId && body.studentId.toLowerCase() !== studentId.toLowerCase()) {
        throw badRequest('The studentId in the body must be the one in the path.', { studentId: 'Must equal the id in the path.' });
      }
      const courses = await assignCourses(studentId, body.courses);
      return c.json({ studentId: studentId.toLowerCase(), courses }, 200);
    });
