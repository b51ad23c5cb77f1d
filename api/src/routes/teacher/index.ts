import { Hono } from 'hono';
import type { AppEnv } from '../../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../../auth/middleware.js';
import { ROLES } from '../../db/models/index.js';
import { validate } from '../../validation.js';
import { deleteComplaint, fileComplaint, listComplaints } from '../../services/complaints.js';
import { findPerson, teacherStats } from '../../services/stats.js';
import { complaintBodyLimit } from '../student/index.js';
import { coursesOfTeacher, studentsOfTeacher } from './queries.js';
import { complaintIdParamSchema, teacherComplaintSchema } from './schema.js';

/** The teacher themself or an admin, for calls naming the teacher by `param` (docs/product.md#authorization-matrix). */
const teacherOrAdmin = (param: string) => [requireRole(ROLES.teacher, ROLES.admin), requireSelfOrAdmin(param)] as const;

/**
 * The teacher's area (docs/product.md#teacher-calls, docs/product.md#teacher-dashboard, docs/product.md#teacher-complaints, docs/product.md#teacher-courses, docs/product.md#your-students;
 * docs/product.md#authorization-matrix, docs/product.md#clarified-behaviour, docs/product.md#derived-and-stored-data), mounted at `/api`. Reads are for the teacher
 * themself or an admin: 401 without a session, 403 for anyone else, 400 for
 * a malformed id, 404 when no teacher has it. Complaint writes are the
 * teacher's own.
 *
 * - `GET /teacher/stats/:teacherId` → `TeacherStats`
 * - `GET /teacher/courses/:teacherId` → `CourseJson[]`
 * - `GET /teacher/students/:teacherId` → `TeacherStudentJson[]`
 * - `GET /teacher/complaints?tId=` → `ComplaintJson[]`, newest first
 * - `POST /teacher/complaints` `{title, description, tId?, userId?, clientId?}`
 *   (teachers only) → 201 `ComplaintJson`, or 200 with the first complaint for a repeated `clientId`
 * - `DELETE /teacher/complaints/:id` (the owner only) → 200 `{id}`; 409 when approved
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
  .get('/teacher/complaints', ...teacherOrAdmin('tId'), async (c) => {
    const teacher = await findPerson(c.req.query('tId') ?? '', ROLES.teacher);
    return c.json(await listComplaints(String(teacher._id), ROLES.teacher), 200);
  })
  .post('/teacher/complaints', requireRole(ROLES.teacher), complaintBodyLimit, validate('json', teacherComplaintSchema), async (c) => {
    const { title, description, clientId } = c.req.valid('json');
    const { complaint, created } = await fileComplaint(c.var.user.id as string, ROLES.teacher, { title, description, clientId });
    return c.json(complaint, created ? 201 : 200);
  })
  .delete('/teacher/complaints/:id', requireRole(ROLES.teacher), validate('param', complaintIdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await deleteComplaint(c.var.user.id as string, ROLES.teacher, id);
    return c.json({ id }, 200);
  });
