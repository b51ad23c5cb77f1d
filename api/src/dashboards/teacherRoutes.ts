import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { findPerson, teacherStats } from './stats.js';
import { assignmentsOfTeacher, coursesOfTeacher, studentsOfTeacher } from './teacherQueries.js';

/** The teacher themself or an admin, for calls naming the teacher by `param` (docs/product.md#authorization-matrix). */
const teacherOrAdmin = (param: string) => [requireRole(ROLES.teacher, ROLES.admin), requireSelfOrAdmin(param)] as const;

/**
 * The teacher's area (docs/product.md#teacher-calls, docs/product.md#teacher-dashboard, docs/product.md#teacher-courses, docs/product.md#your-students;
 * docs/product.md#authorization-matrix, docs/product.md#clarified-behaviour, docs/product.md#derived-and-stored-data), mounted at `/api`. Reads are for the teacher
 * themself or an admin: 401 without a session, 403 for anyone else, 400 for
 * a malformed id, 404 when no teacher has it. The teacher's complaints are the
 * complaints resource (`routes/complaints/`).
 *
 * - `GET /teacher/stats/:teacherId` → `TeacherStats`
 * - `GET /teacher/courses/:teacherId` → `CourseJson[]`
 * - `GET /teacher/students/:teacherId` → `TeacherStudentJson[]`
 * - `GET /teacher/assignments/:teacherId` → `TeacherAssignmentJson[]` (docs/product.md#teacher-courses)
 */
export const teacherRoutes = new Hono<AppEnv>()
  .get('/teacher/stats/:teacherId', ...teacherOrAdmin('teacherId'), async (c) => {
    const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
    return c.json(await teacherStats(teacher), 200);
  })
  .get('/teacher/courses/:teacherId', ...teacherOrAdmin('teacherId'), async (c) => {
    const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
    return c.json(await coursesOfTeacher(teacher), 200);
  })
  .get('/teacher/students/:teacherId', ...teacherOrAdmin('teacherId'), async (c) => {
    const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
    return c.json(await studentsOfTeacher(teacher), 200);
  })
  .get('/teacher/assignments/:teacherId', ...teacherOrAdmin('teacherId'), async (c) => {
    const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
    return c.json(await assignmentsOfTeacher(teacher), 200);
  });
