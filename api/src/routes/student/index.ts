import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../../auth/middleware.js';
import { ROLES } from '../../db/models/index.js';
import { payloadTooLarge } from '../../errors.js';
import { validate } from '../../validation.js';
import { deleteComplaint, fileComplaint, listComplaints } from '../../services/complaints.js';
import { findPerson, studentStatsById } from '../../services/stats.js';
import { assignmentsOfStudent, coursesOfStudentById, teachersOfStudent } from './queries.js';
import { complaintIdParamSchema, studentComplaintSchema } from './schema.js';

/** Largest complaint body accepted, in bytes (a 5000-character description with room for escapes); larger → 413. */
export const COMPLAINT_BODY_LIMIT = 64 * 1024;

/** `bodyLimit` answering 413 in the docs/product.md#error-format shape. */
export const complaintBodyLimit = bodyLimit({
  maxSize: COMPLAINT_BODY_LIMIT,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** The student themself or an admin, for calls naming the student by `param` (docs/product.md#authorization-matrix). */
const studentOrAdmin = (param: string) => [requireRole(ROLES.student, ROLES.admin), requireSelfOrAdmin(param)] as const;

/**
 * The student's area (docs/product.md#student-calls, docs/product.md#student-dashboard, docs/product.md#student-complaints, docs/product.md#your-teachers, docs/product.md#your-enrolled-courses;
 * docs/product.md#authorization-matrix, docs/product.md#clarified-behaviour, docs/product.md#links-and-redirects, docs/product.md#derived-and-stored-data), mounted at `/api`. Reads are for the student
 * themself or an admin: 401 without a session, 403 for anyone else, 400 for
 * a malformed id, 404 when no student has it. Complaint writes are the
 * student's own.
 *
 * - `GET /student/stats/:studentId` → `StudentStats`
 * - `GET /student/courses/:studentId` → `CourseJson[]`
 * - `GET /student/teacher/:studentId` → `StudentTeacherJson[]`
 * - `GET /student/assignments/:studentId` → `StudentAssignmentJson[]` (docs/product.md#links-and-redirects)
 * - `GET /student/complaints?sId=` → `ComplaintJson[]`, newest first
 * - `POST /student/complaints` `{title, description, sId?|studentId?, userId?, clientId?}`
 *   (students only) → 201 `ComplaintJson`, or 200 with the first complaint for a repeated `clientId`
 * - `DELETE /student/complaints/:id` (the owner only) → 200 `{id}`; 409 when approved
 */
export const studentRoutes = new Hono<AppEnv>()
  .get('/student/stats/:studentId', ...studentOrAdmin('studentId'), async (c) => {
    return c.json(await studentStatsById(c.req.param('studentId')), 200);
  })
  .get('/student/courses/:studentId', ...studentOrAdmin('studentId'), async (c) => {
    return c.json(await coursesOfStudentById(c.req.param('studentId')), 200);
  })
  .get('/student/teacher/:studentId', ...studentOrAdmin('studentId'), async (c) => {
    const student = await findPerson(c.req.param('studentId'), ROLES.student);
    return c.json(await teachersOfStudent(student), 200);
  })
  .get('/student/assignments/:studentId', ...studentOrAdmin('studentId'), async (c) => {
    const student = await findPerson(c.req.param('studentId'), ROLES.student);
    return c.json(await assignmentsOfStudent(student), 200);
  })
  .get('/student/complaints', ...studentOrAdmin('sId'), async (c) => {
    const student = await findPerson(c.req.query('sId') ?? '', ROLES.student);
    return c.json(await listComplaints(String(student._id), ROLES.student), 200);
  })
  .post('/student/complaints', requireRole(ROLES.student), complaintBodyLimit, validate('json', studentComplaintSchema), async (c) => {
    const { title, description, clientId } = c.req.valid('json');
    const { complaint, created } = await fileComplaint(c.var.user.id as string, ROLES.student, { title, description, clientId });
    return c.json(complaint, created ? 201 : 200);
  })
  .delete('/student/complaints/:id', requireRole(ROLES.student), validate('param', complaintIdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await deleteComplaint(c.var.user.id as string, ROLES.student, id);
    return c.json({ id }, 200);
  });
