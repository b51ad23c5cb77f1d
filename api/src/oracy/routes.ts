import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { Types } from 'mongoose';
import type { AppEnv, AuthedEnv } from '../auth/context.js';
import { OBJECT_ID_PATTERN, requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { badRequest, unauthorized } from '../platform/http/errors.js';
import { describeGuard } from '../platform/http/openApiSecurity.js';
import { recordAccess } from '../privacy/accessLog.js';
import { findPerson } from '../dashboards/stats.js';
import { validate } from '../platform/http/validation.js';
import { assignmentsOfStudent } from '../dashboards/studentQueries.js';
import { authorizeStudentProfileReader, authorizeTeacherOfStudent } from './policy.js';
import { schoolOverview, studentProfile, teacherOverview } from './queries.js';
import { profileQuerySchema, teacherOverviewQuerySchema } from './schema.js';

/**
 * Who may read a student's Oracy profile (docs/product.md#oracy-profile,
 * docs/product.md#authorization-matrix, the rule of `oracy/policy.ts`): the student
 * themself, the current teacher of a course the student is enrolled in, or an admin. 401 without a session; 400
 * naming `param` when it is not an ObjectId; 403 for another student or a
 * teacher who does not teach the student; 404 (to a teacher or an admin)
 * when no student has the id.
 */
function requireStudentReader(param: string) {
  return describeGuard(
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = c.get('user');
      if (!user) throw unauthorized();
      const value = c.req.param(param) ?? '';
      if (!OBJECT_ID_PATTERN.test(value)) throw badRequest(`Invalid ${param}.`, { [param]: 'Must be a valid id.' });
      await authorizeStudentProfileReader(user, value);
      await next();
    }),
    [400, 401, 403],
  );
}

/** The teacher themself or an admin, for calls naming the teacher by `param` (docs/product.md#authorization-matrix). */
const teacherOrAdmin = (param: string) => [requireRole(ROLES.teacher, ROLES.admin), requireSelfOrAdmin(param)] as const;

/**
 * The Oracy profile (docs/product.md#oracy-profile), mounted at `/api`:
 *
 * - `GET /student/oracy/:studentId[?before=ISO]` → `StudentOracyJson`, for the
 *   student, their teachers and admins; 404 for an unknown student. A teacher's or an admin's
 *   read writes one entry of the access log (docs/product.md#access-log).
 * - `GET /teacher/oracy/:teacherId[?courseId=]` → `TeacherOracyJson`, for the
 *   teacher or an admin; 403 when `courseId` is not the teacher's.
 * - `GET /teacher/students/:teacherId/:studentId/assignments` →
 *   `StudentAssignmentJson[]`: the student's assignments in the teacher's
 *   courses with completion, for the teacher (who must teach the student:
 *   403 otherwise) or an admin.
 * - `GET /admin/oracy` → `AdminOracyJson`, admins only.
 *
 * Errors are docs/product.md#error-format's: 400 `validation_error` naming
 * the field for a malformed id or `before`.
 */
export const oracyRoutes = new Hono<AppEnv>()
  .get('/student/oracy/:studentId', requireStudentReader('studentId'), validate('query', profileQuerySchema), async (c) => {
    const student = await findPerson(c.req.param('studentId'), ROLES.student);
    const { before } = c.req.valid('query');
    // a teacher's or an admin's read is logged beside the profile's queries, and acknowledged before the answer.
    const [profile] = await Promise.all([studentProfile(student, before, Date.now()), recordAccess(c, { subjectId: student._id, what: 'oracy_profile', resourceId: student._id })]);
    return c.json(profile, 200);
  })
  .get('/teacher/oracy/:teacherId', ...teacherOrAdmin('teacherId'), validate('query', teacherOverviewQuerySchema), async (c) => {
    const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
    return c.json(await teacherOverview(teacher, c.req.valid('query').courseId, Date.now()), 200);
  })
  .get('/teacher/students/:teacherId/:studentId/assignments', ...teacherOrAdmin('teacherId'), async (c) => {
    const studentId = c.req.param('studentId');
    if (!OBJECT_ID_PATTERN.test(studentId)) throw badRequest('Invalid studentId.', { studentId: 'Must be a valid id.' });
    const [teacher, student] = await Promise.all([findPerson(c.req.param('teacherId'), ROLES.teacher), findPerson(studentId, ROLES.student)]);
    await authorizeTeacherOfStudent(teacher._id, student._id);
    return c.json(await assignmentsOfStudent(student, { instructorId: new Types.ObjectId(teacher._id) }), 200);
  })
  .get('/admin/oracy', requireRole(ROLES.admin), async (c) => c.json(await schoolOverview(), 200));
