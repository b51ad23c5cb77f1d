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

/** Mounted at `/api`; the calls and their rules: docs/product.md#student-calls (the reference: `/api/docs`). */
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
