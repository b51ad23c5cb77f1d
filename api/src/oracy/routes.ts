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
import { studentEvidence } from './evidenceQueries.js';
import { studentEvidenceJsonSchema } from './evidencePresenter.js';
import { adminOracyJsonSchema, studentOracyJsonSchema, teacherOracyJsonSchema } from './presenter.js';
import { studentAssignmentJsonSchema } from '../assignments/presenter.js';
import { describe, json } from '../platform/http/describe.js';
import { z } from 'zod';

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

/** Mounted at `/api`; the calls and their rules: docs/product.md#oracy-profile (the reference: `/api/docs`). */
export const oracyRoutes = new Hono<AppEnv>()
  .get(
    '/student/oracy/:studentId',
    describe({
      summary: "A student's Oracy profile",
      tag: 'Oracy profile',
      description:
        'The latest and the previous submission, the change, the history (newest first, 50 at most; `?before=` pages further back) and the needs-attention reasons. For the student, a teacher of one of their courses, or an admin (docs/product.md#oracy-profile); a teacher’s or an admin’s read is written to the access log first (docs/product.md#access-log).',
      success: { status: 200, answer: json('The profile.', studentOracyJsonSchema) },
      errors: { 403: 'Another student, or a teacher who does not teach this student.', 404: 'No student has this id.' },
    }),
    requireStudentReader('studentId'),
    validate('query', profileQuerySchema),
    async (c) => {
      const student = await findPerson(c.req.param('studentId'), ROLES.student);
      const { before } = c.req.valid('query');
      // a teacher's or an admin's read is logged beside the profile's queries, and acknowledged before the answer.
      const [profile] = await Promise.all([studentProfile(student, before, Date.now()), recordAccess(c, { subjectId: student._id, what: 'oracy_profile', resourceId: student._id })]);
      return c.json(profile, 200);
    },
  )
  .get(
    '/student/oracy/:studentId/evidence',
    describe({
      summary: "A student's evidence beside belief",
      tag: 'Oracy profile',
      description:
        'For each strand: the latest self-assessed score, the teacher’s latest score, what was measured on the latest takes, the gap reading and the next task (docs/product.md#evidence-beside-belief). For whoever may read the student’s Oracy profile; a teacher’s or an admin’s read is written to the access log first (docs/product.md#access-log).',
      success: { status: 200, answer: json('The evidence of each strand.', studentEvidenceJsonSchema) },
      errors: { 403: 'Another student, or a teacher who does not teach this student.', 404: 'No student has this id.' },
    }),
    requireStudentReader('studentId'),
    async (c) => {
      const student = await findPerson(c.req.param('studentId'), ROLES.student);
      const [evidence] = await Promise.all([studentEvidence(student, Date.now()), recordAccess(c, { subjectId: student._id, what: 'oracy_profile', resourceId: student._id })]);
      return c.json(evidence, 200);
    },
  )
  .get(
    '/teacher/oracy/:teacherId',
    describe({
      summary: "A teacher's students' Oracy",
      tag: 'Oracy profile',
      description:
        "Every student of the teacher's courses (of one course with `?courseId=`) with level, strands, last assessment, change and needs-attention reasons — needs attention first, then by name — plus strand averages and level counts (docs/product.md#oracy-profile).",
      success: { status: 200, answer: json('The overview.', teacherOracyJsonSchema) },
      errors: { 403: 'The course is not one of this teacher’s.', 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    validate('query', teacherOverviewQuerySchema),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await teacherOverview(teacher, c.req.valid('query').courseId, Date.now()), 200);
    },
  )
  .get(
    '/teacher/students/:teacherId/:studentId/assignments',
    describe({
      summary: "A student's assignments in a teacher's courses",
      tag: 'Oracy profile',
      description: "The assignments of the teacher's courses the student is enrolled in, with the student's completion (docs/product.md#oracy-profile).",
      success: { status: 200, answer: json('The assignments, by due date.', z.array(studentAssignmentJsonSchema)) },
      errors: { 400: 'A malformed student id.', 403: 'The student is in none of this teacher’s courses.', 404: 'No such teacher or student.' },
    }),
    ...teacherOrAdmin('teacherId'),
    async (c) => {
      const studentId = c.req.param('studentId');
      if (!OBJECT_ID_PATTERN.test(studentId)) throw badRequest('Invalid studentId.', { studentId: 'Must be a valid id.' });
      const [teacher, student] = await Promise.all([findPerson(c.req.param('teacherId'), ROLES.teacher), findPerson(studentId, ROLES.student)]);
      await authorizeTeacherOfStudent(teacher._id, student._id);
      return c.json(await assignmentsOfStudent(student, { instructorId: new Types.ObjectId(teacher._id) }), 200);
    },
  )
  .get(
    '/admin/oracy',
    describe({
      summary: "The school's Oracy",
      tag: 'Oracy profile',
      description: 'Students, how many are assessed, the level distribution and the strand averages over every student (docs/product.md#oracy-profile).',
      success: { status: 200, answer: json('The overview.', adminOracyJsonSchema) },
    }),
    requireRole(ROLES.admin),
    async (c) => c.json(await schoolOverview(), 200),
  );
