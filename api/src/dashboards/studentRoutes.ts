import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { findPerson, studentStatsById } from './stats.js';
import { assignmentsOfStudent, coursesOfStudentById, teachersOfStudent } from './studentQueries.js';
import { courseJsonSchema } from '../courses/presenter.js';
import { studentAssignmentJsonSchema } from '../assignments/presenter.js';
import { studentStatsSchema } from './statsSchema.js';
import { studentTeacherJsonSchema } from '../people/personPresenter.js';
import { describe, json } from '../platform/http/describe.js';
import { z } from 'zod';

/** The student themself or an admin, for calls naming the student by `param` (docs/product.md#authorization-matrix). */
const studentOrAdmin = (param: string) => [requireRole(ROLES.student, ROLES.admin), requireSelfOrAdmin(param)] as const;

/**
 * The student's area (docs/product.md#student-calls, docs/product.md#student-dashboard, docs/product.md#your-teachers, docs/product.md#your-enrolled-courses;
 * docs/product.md#authorization-matrix, docs/product.md#clarified-behaviour, docs/product.md#links-and-redirects, docs/product.md#derived-and-stored-data), mounted at `/api`. Reads are for the student
 * themself or an admin: 401 without a session, 403 for anyone else, 400 for
 * a malformed id, 404 when no student has it. The student's complaints are the
 * complaints resource (`routes/complaints/`).
 *
 * - `GET /student/stats/:studentId` → `StudentStats`
 * - `GET /student/courses/:studentId` → `CourseJson[]`
 * - `GET /student/teacher/:studentId` → `StudentTeacherJson[]`
 * - `GET /student/assignments/:studentId` → `StudentAssignmentJson[]` (docs/product.md#links-and-redirects)
 */
export const studentRoutes = new Hono<AppEnv>()
  .get(
    '/student/stats/:studentId',
    describe({
      summary: "A student's figures",
      tag: 'Student',
      success: {
        status: 200,
        answer: json('Courses, completions, assignments, oracy level, whether the student has self-assessed, and completions per month for the last six months.', studentStatsSchema),
      },
      errors: { 404: 'No student has this id.' },
    }),
    ...studentOrAdmin('studentId'),
    async (c) => {
      return c.json(await studentStatsById(c.req.param('studentId')), 200);
    },
  )
  .get(
    '/student/courses/:studentId',
    describe({
      summary: "A student's enrolled courses",
      tag: 'Student',
      success: { status: 200, answer: json('The courses.', z.array(courseJsonSchema)) },
      errors: { 404: 'No student has this id.' },
    }),
    ...studentOrAdmin('studentId'),
    async (c) => {
      return c.json(await coursesOfStudentById(c.req.param('studentId')), 200);
    },
  )
  .get(
    '/student/teacher/:studentId',
    describe({
      summary: "A student's teachers",
      tag: 'Student',
      success: { status: 200, answer: json("The teachers of the student's courses.", z.array(studentTeacherJsonSchema)) },
      errors: { 404: 'No student has this id.' },
    }),
    ...studentOrAdmin('studentId'),
    async (c) => {
      const student = await findPerson(c.req.param('studentId'), ROLES.student);
      return c.json(await teachersOfStudent(student), 200);
    },
  )
  .get(
    '/student/assignments/:studentId',
    describe({
      summary: "A student's assignments",
      tag: 'Student',
      success: { status: 200, answer: json("The assignments of the student's courses.", z.array(studentAssignmentJsonSchema)) },
      errors: { 404: 'No student has this id.' },
    }),
    ...studentOrAdmin('studentId'),
    async (c) => {
      const student = await findPerson(c.req.param('studentId'), ROLES.student);
      return c.json(await assignmentsOfStudent(student), 200);
    },
  );
