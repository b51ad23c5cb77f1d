import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { findPerson, teacherStats } from './stats.js';
import { assignmentsOfTeacher, coursesOfTeacher, studentsOfTeacher } from './teacherQueries.js';
import { courseJsonSchema } from '../courses/presenter.js';
import { teacherAssignmentJsonSchema } from '../assignments/presenter.js';
import { teacherStatsSchema } from './statsSchema.js';
import { teacherStudentJsonSchema } from '../people/personPresenter.js';
import { describe, json } from '../platform/http/describe.js';
import { z } from 'zod';

/** The teacher themself or an admin, for calls naming the teacher by `param` (docs/product.md#authorization-matrix). */
const teacherOrAdmin = (param: string) => [requireRole(ROLES.teacher, ROLES.admin), requireSelfOrAdmin(param)] as const;

/** Mounted at `/api`; the calls and their rules: docs/product.md#teacher-calls (the reference: `/api/docs`). */
export const teacherRoutes = new Hono<AppEnv>()
  .get(
    '/teacher/stats/:teacherId',
    describe({
      summary: "A teacher's figures",
      tag: 'Teacher',
      success: { status: 200, answer: json('Courses, assignments and completions.', teacherStatsSchema) },
      errors: { 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await teacherStats(teacher), 200);
    },
  )
  .get(
    '/teacher/courses/:teacherId',
    describe({
      summary: "A teacher's courses",
      tag: 'Teacher',
      success: { status: 200, answer: json('The courses the teacher instructs.', z.array(courseJsonSchema)) },
      errors: { 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await coursesOfTeacher(teacher), 200);
    },
  )
  .get(
    '/teacher/students/:teacherId',
    describe({
      summary: "A teacher's students",
      tag: 'Teacher',
      success: { status: 200, answer: json("The students of the teacher's courses.", z.array(teacherStudentJsonSchema)) },
      errors: { 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await studentsOfTeacher(teacher), 200);
    },
  )
  .get(
    '/teacher/assignments/:teacherId',
    describe({
      summary: "The assignments of a teacher's courses",
      tag: 'Teacher',
      description: "Each with how many of its course's enrolled students have completed it (docs/product.md#teacher-courses).",
      success: { status: 200, answer: json('The assignments, by due date.', z.array(teacherAssignmentJsonSchema)) },
      errors: { 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await assignmentsOfTeacher(teacher), 200);
    },
  );
