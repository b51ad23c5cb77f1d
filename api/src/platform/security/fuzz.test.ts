import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import mongoose from 'mongoose';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, registerSchema } from '../../auth/schema.js';
import { chatUploadsDir } from '../../chat/messages.js';
import { ASSESSMENT_CATEGORIES } from '../../oracy/assessmentModel.js';
import { ROLES } from '../../auth/roles.js';
import { courseFieldsSchema } from '../../courses/schema.js';
import { exportQuerySchema } from '../../import/exportSchema.js';
import { importFormSchema, importQuerySchema } from '../../import/schema.js';
import { decisionBodySchema } from '../../complaints/adminSchema.js';
import { noticeBodySchema } from '../../notices/schema.js';
import { schoolSettingsBodySchema } from '../../settings/schema.js';
import { userLanguageBodySchema, userPasswordBodySchema } from '../../people/userSchema.js';
import { assignCoursesBodySchema } from '../../people/peopleSchema.js';
import { newUserBodySchema, roleChangeBodySchema } from '../../people/usersSchema.js';
import { updateOracyAssessmentSchema } from '../../oracy/assessmentSchema.js';
import { studentComplaintSchema, teacherComplaintSchema } from '../../complaints/schema.js';
import { createTaskSchema, feedbackSchema, recordingFormSchema, updateTaskSchema } from '../../speaking/schema.js';
import { transcriptCorrectionSchema } from '../../transcripts/schema.js';
import { partnerGroupsSchema, peerFeedbackSchema, peerSettingsSchema } from '../../peers/schema.js';
import { recordingsDir } from '../uploads.js';
import { flushAccessLog } from '../../privacy/accessLog.js';
import { sampleReport } from '../../test/delivery.js';
import { TEST_ORIGIN } from '../../test/factories.js';
import { OPERATOR_MARKER, POLLUTION_MARKER, fuzzBody, fuzzParam, fuzzQuery, fuzzValue, mutated, type FuzzBody } from '../../test/fuzzArbitraries.js';
import {
  TINY_PNG,
  WORLD_PASSWORD,
  cookieOf,
  createWorld,
  freshComplaint,
  freshDecidedComplaint,
  freshArchive,
  freshCourse,
  freshExport,
  freshNotice,
  freshPeerTask,
  freshRecording,
  freshTask,
  generousRateLimits,
  quickUser,
  registeredEndpoints,
  userOf,
  type Caller,
  type World,
} from '../../test/testWorld.js';

/**
 * Input never causes a 500 (docs/product.md#error-format): at least 200 generated
 * requests per endpoint — bodies from the routes' zod schemas with hostile
 * values mixed into every field (wrong types, huge and odd strings,
 * `$`-operator objects, prototype-pollution keys, invalid ids, unicode),
 * hostile raw bodies and content types, query strings and path parameters —
 * each sent as a caller who gets past the access check. Every answer must be
 * 2xx or 4xx (a 4xx in the docs/product.md#error-format error shape), no operator object
 * from a request may reach a database call, a refused request may write
 * nothing (besides sessions and idempotency bookkeeping) and store no file,
 * and nothing may pollute `Object.prototype`.
 */

/** Generated requests per endpoint. */
const RUNS = 200;

/** Collections a refused request may still write: the caller's session (last use) and idempotency reservations (freed again). */
const BOOKKEEPING = new Set(['sessions', 'idempotencykeys']);
const WRITE_METHODS = new Set([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'bulkWrite',
  'drop',
]);

/** How one endpoint is fuzzed. */
interface Target {
  /** `METHOD /path` as `app.routes` lists it */
  endpoint: string;
  /** who sends the requests: someone the route lets in, so that input reaches validation and the handler */
  caller: Caller;
  /** the body's zod schema, when the route takes one */
  body?: z.ZodType;
  /** a valid body, mutated one field at a time */
  sample?: (world: World) => Record<string, unknown>;
  /** the query's keys, when the route reads any */
  query?: readonly string[];
  /** the route's own good query values (e.g. the caller's id for `sId`) */
  queryValues?: (world: World) => string[];
  /** good values per path parameter; never the callers' own records when the route deletes or changes them */
  params?: (world: World) => Promise<Record<string, string[]>> | Record<string, string[]>;
  /** also send multipart bodies (course create and update, recordings) */
  multipart?: boolean;
  /** the multipart file's field name: `image` unless given */
  fileField?: string;
}

const scores = () =>
  Object.fromEntries(
    Object.values(ASSESSMENT_CATEGORIES)
      .flat()
      .map((key) => [key, 3]),
  );
const course = (world: World) => ({
  title: 'Storytelling',
  description: 'Tell a story in three minutes.',
  instructorId: world.t1.id as string,
  duration: 6,
  startDate: '2025-03-03',
  endDate: '2025-05-30',
  status: 'inactive',
});
const ids = async (make: () => Promise<{ id: unknown }>, n = 4) => Promise.all(Array.from({ length: n }, async () => String((await make()).id)));
const PEOPLE_QUERY = ['page', 'limit', 'rowsPerPage', 'search'] as const;

const TARGETS: Target[] = [
  { endpoint: 'GET /login', caller: 'none', query: ['email', 'next'] },
  { endpoint: 'GET /register', caller: 'none', query: ['email'] },
  { endpoint: 'POST /auth/login', caller: 'none', body: loginSchema, sample: (w) => ({ email: w.s1.email, password: WORLD_PASSWORD }) },
  {
    endpoint: 'POST /auth/register',
    caller: 'none',
    body: registerSchema,
    sample: () => ({ firstName: 'Fuzz', lastName: 'Student', email: 'fuzz-student@example.test', password: 'a-long-enough-phrase' }),
  },
  { endpoint: 'GET /auth/current_user', caller: 'ownerStudent', query: ['userId'] },
  { endpoint: 'GET /change-password', caller: 'ownerStudent', query: ['next'] },
  {
    endpoint: 'POST /auth/change-password',
    caller: 'ownerStudent',
    body: changePasswordSchema,
    sample: () => ({ password: 'fuzzed-own-phrase', confirmPassword: 'fuzzed-own-phrase' }),
  },
  { endpoint: 'GET /auth/logout', caller: 'ownerStudent', query: ['next'] },
  { endpoint: 'POST /auth/logout', caller: 'ownerStudent', query: ['next'] },
  { endpoint: 'GET /api/health', caller: 'none', query: ['verbose'] },
  { endpoint: 'GET /healthz', caller: 'none', query: ['verbose'] },
  { endpoint: 'GET /readyz', caller: 'none', query: ['verbose'] },
  { endpoint: 'GET /api/openapi.json', caller: 'none', query: ['format'] },
  { endpoint: 'GET /api/privacy/register', caller: 'none' },
  // the first request queues an export that no runner takes here; the rest are refused (429).
  { endpoint: 'POST /api/privacy/exports', caller: 'ownerStudent' },
  { endpoint: 'GET /api/privacy/exports', caller: 'ownerStudent' },
  { endpoint: 'GET /api/privacy/exports/:id/download', caller: 'ownerStudent', params: async (w) => ({ id: [await freshExport(w)] }) },
  { endpoint: 'POST /api/admin/privacy/exports/:userId', caller: 'admin', params: async () => ({ userId: await ids(() => quickUser(ROLES.student), 6) }) },
  { endpoint: 'GET /api/admin/privacy/exports', caller: 'admin', query: ['userId'], queryValues: (w) => [w.s1.id as string] },
  { endpoint: 'GET /api/privacy/access-log', caller: 'ownerStudent', query: ['since'] },
  {
    endpoint: 'GET /api/admin/privacy/access-log',
    caller: 'admin',
    query: ['subjectId', 'actorId', 'from', 'to', 'page', 'limit'],
    queryValues: (w) => [w.s1.id as string, w.t1.id as string, '2026-01-31', '2026-01-31T09:00:00.000Z', '2', '50'],
  },
  {
    endpoint: 'GET /api/admin/privacy/access-log/csv',
    caller: 'admin',
    query: ['subjectId', 'actorId', 'from', 'to'],
    queryValues: (w) => [w.s1.id as string, w.t1.id as string, '2026-01-31', '2026-12-31T23:00:00Z'],
  },
  // `dryRun=0` runs the steps: the world's recordings are fresh, so nothing of theirs is due.
  { endpoint: 'POST /api/admin/privacy/retention', caller: 'admin', query: ['dryRun', 'recordingRetentionDays'], queryValues: () => ['1', 'true', '0', '90', '1825'] },
  { endpoint: 'GET /api/docs', caller: 'none', query: ['theme'] },
  { endpoint: 'GET /api/docs/assets/:file', caller: 'none', params: () => ({ file: ['init.js'] }) },
  { endpoint: 'POST /api/updateOracyAssessment', caller: 'ownerStudent', body: updateOracyAssessmentSchema, sample: () => ({ oracy_scores: scores() }) },

  { endpoint: 'GET /api/admin/courses', caller: 'admin', query: ['status'] },
  { endpoint: 'GET /api/admin/courses/:id', caller: 'admin', params: (w) => ({ id: [w.courseId] }) },
  { endpoint: 'POST /api/admin/courses', caller: 'admin', body: courseFieldsSchema, sample: course, multipart: true },
  {
    endpoint: 'PUT /api/admin/courses/:id',
    caller: 'admin',
    body: courseFieldsSchema,
    sample: course,
    multipart: true,
    params: async (w) => ({ id: await ids(() => freshCourse(w.t1._id)) }),
  },
  { endpoint: 'DELETE /api/admin/courses/:id', caller: 'admin', params: async (w) => ({ id: await ids(() => freshCourse(w.t2._id), 6) }) },

  { endpoint: 'GET /api/admin/settings', caller: 'admin' },
  {
    endpoint: 'PUT /api/admin/settings',
    caller: 'admin',
    body: schoolSettingsBodySchema,
    sample: () => ({
      language: 'French',
      backupFrequency: 'Weekly',
      schoolName: 'Hillside School',
      privacyContact: 'privacy@hillside.example',
      recordingRetentionDays: 180,
      inactiveAccountMonths: 24,
    }),
  },
  { endpoint: 'GET /api/admin/backups', caller: 'admin' },
  // the first request queues a backup that no runner takes here; the rest are refused (409).
  { endpoint: 'POST /api/admin/backups', caller: 'admin' },
  { endpoint: 'GET /api/admin/backups/:name', caller: 'admin', params: (w) => ({ name: [freshArchive(w)] }) },
  { endpoint: 'GET /api/admin/notice', caller: 'ownerTeacher' },
  { endpoint: 'POST /api/admin/notice', caller: 'admin', body: noticeBodySchema, sample: () => ({ title: 'Sports day', description: 'Bring water.' }) },
  {
    endpoint: 'PUT /api/admin/notice/:id',
    caller: 'admin',
    body: noticeBodySchema,
    sample: () => ({ title: 'Sports day', description: 'Moved indoors.' }),
    params: async () => ({ id: await ids(freshNotice) }),
  },
  { endpoint: 'DELETE /api/admin/notice/:id', caller: 'admin', params: async () => ({ id: await ids(freshNotice, 6) }) },

  { endpoint: 'GET /api/admin/complaints', caller: 'admin' },
  {
    endpoint: 'POST /api/admin/complaints/:id/approve',
    caller: 'admin',
    body: decisionBodySchema,
    sample: () => ({ note: 'Thank you; the heating is fixed.' }),
    params: async (w) => ({ id: await ids(() => freshComplaint(w.s2, ROLES.student), 6) }),
  },
  {
    endpoint: 'POST /api/admin/complaints/:id/disapprove',
    caller: 'admin',
    body: decisionBodySchema,
    sample: () => ({ note: 'This is a matter for your teacher.' }),
    params: async (w) => ({ id: await ids(() => freshComplaint(w.t2, ROLES.teacher), 6) }),
  },
  { endpoint: 'POST /api/admin/complaints/:id/undo', caller: 'admin', params: async (w) => ({ id: await ids(() => freshDecidedComplaint(w.s2, ROLES.student, w.admin), 6) }) },

  { endpoint: 'GET /api/admin/users', caller: 'admin', query: PEOPLE_QUERY },
  {
    endpoint: 'POST /api/admin/users',
    caller: 'admin',
    body: newUserBodySchema,
    sample: () => ({ firstName: 'Fuzz', lastName: 'Made', email: 'fuzz-made@example.test', role: 2 }),
  },
  {
    endpoint: 'POST /api/admin/users/:id/reset-password',
    caller: 'admin',
    params: async () => ({ id: await ids(() => quickUser(ROLES.student), 6) }),
  },
  {
    endpoint: 'PUT /api/admin/users/:id/role',
    caller: 'admin',
    body: roleChangeBodySchema,
    sample: () => ({ role: 2 }),
    params: async () => ({ id: await ids(() => quickUser(ROLES.student)) }),
  },
  { endpoint: 'DELETE /api/admin/users/:id', caller: 'admin', params: async () => ({ id: await ids(() => quickUser(ROLES.student), 6) }) },
  { endpoint: 'GET /api/admin/students', caller: 'admin', query: PEOPLE_QUERY },
  { endpoint: 'GET /api/admin/teachers', caller: 'admin', query: PEOPLE_QUERY },
  { endpoint: 'DELETE /api/admin/students/:id', caller: 'admin', params: async () => ({ id: await ids(() => quickUser(ROLES.student), 6) }) },
  { endpoint: 'DELETE /api/admin/teachers/:id', caller: 'admin', params: async () => ({ id: await ids(() => quickUser(ROLES.teacher), 6) }) },
  { endpoint: 'GET /api/admin/instructors', caller: 'admin' },
  { endpoint: 'GET /api/admin/students/:studentId/courses', caller: 'admin', params: (w) => ({ studentId: [w.s1.id as string] }) },
  {
    endpoint: 'POST /api/admin/students/:studentId/assign-courses',
    caller: 'admin',
    body: assignCoursesBodySchema,
    sample: (w) => ({ courses: [w.courseId] }),
    params: async () => ({ studentId: await ids(() => quickUser(ROLES.student)) }),
  },
  { endpoint: 'GET /api/admin/stats', caller: 'admin' },
  { endpoint: 'GET /api/admin/export', caller: 'admin', query: Object.keys(exportQuerySchema.shape) },
  {
    endpoint: 'POST /api/admin/import',
    caller: 'admin',
    body: importFormSchema.omit({ file: true }),
    multipart: true,
    fileField: 'file',
    query: Object.keys(importQuerySchema.shape),
    queryValues: () => ['1', '0', 'true'],
  },

  { endpoint: 'GET /api/student/stats/:studentId', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  { endpoint: 'GET /api/student/courses/:studentId', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  { endpoint: 'GET /api/student/teacher/:studentId', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  { endpoint: 'GET /api/student/assignments/:studentId', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  { endpoint: 'GET /api/student/complaints', caller: 'ownerStudent', query: ['sId'], queryValues: (w) => [w.s1.id as string] },
  {
    endpoint: 'POST /api/student/complaints',
    caller: 'ownerStudent',
    body: studentComplaintSchema,
    sample: (w) => ({ title: 'Cold classroom', description: 'The heating is off.', sId: w.s1.id as string, clientId: 'client-key-0001' }),
  },
  { endpoint: 'DELETE /api/student/complaints/:id', caller: 'ownerStudent', params: async (w) => ({ id: await ids(() => freshComplaint(w.s1, ROLES.student), 6) }) },

  {
    endpoint: 'POST /api/teacher/speaking-tasks',
    caller: 'ownerTeacher',
    body: createTaskSchema,
    sample: (w) => ({ courseId: w.courseId, title: 'Tell a story', prompt: 'Tell a story in one minute.', focusStrands: ['cognitive'], maxSeconds: 60 }),
  },
  { endpoint: 'GET /api/teacher/speaking-tasks/:teacherId', caller: 'ownerTeacher', params: (w) => ({ teacherId: [w.t1.id as string] }) },
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId',
    caller: 'ownerTeacher',
    body: updateTaskSchema,
    sample: () => ({ title: 'Explain a process', prompt: 'Explain how the library works.', focusStrands: ['linguistic'], maxSeconds: 90 }),
    params: async (w) => ({ taskId: await ids(() => freshTask(w)) }),
  },
  { endpoint: 'DELETE /api/teacher/speaking-tasks/:taskId', caller: 'ownerTeacher', params: async (w) => ({ taskId: await ids(() => freshTask(w), 6) }) },
  { endpoint: 'GET /api/student/speaking-tasks/:studentId', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  {
    endpoint: 'POST /api/student/speaking-tasks/:taskId/recordings',
    caller: 'ownerStudent',
    body: recordingFormSchema.omit({ audio: true }),
    sample: () => ({ durationMs: '2000', delivery: JSON.stringify(sampleReport()) }),
    multipart: true,
    fileField: 'audio',
    params: async (w) => ({ taskId: await ids(() => freshTask(w)) }),
  },
  { endpoint: 'GET /api/recordings/:recordingId', caller: 'ownerStudent', params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }) },
  { endpoint: 'GET /api/recordings/:recordingId/audio', caller: 'ownerStudent', params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }) },
  {
    endpoint: 'GET /api/teacher/recordings/:teacherId',
    caller: 'ownerTeacher',
    params: (w) => ({ teacherId: [w.t1.id as string] }),
    query: ['status'],
    queryValues: () => ['pending', 'reviewed'],
  },
  {
    endpoint: 'POST /api/teacher/recordings/:recordingId/feedback',
    caller: 'ownerTeacher',
    body: feedbackSchema,
    sample: () => ({ strands: { linguistic: 4, physical: 3 }, comment: 'Good pace.' }),
    params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }),
  },
  {
    endpoint: 'PUT /api/teacher/recordings/:recordingId/feedback',
    caller: 'ownerTeacher',
    body: feedbackSchema,
    sample: () => ({ strands: { linguistic: 5, physical: 4 }, comment: 'Better.' }),
    params: async (w) => ({ recordingId: await ids(() => freshRecording(w, { reviewed: true })) }),
  },
  { endpoint: 'GET /api/recordings/:recordingId/delivery', caller: 'ownerStudent', params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }) },
  { endpoint: 'POST /api/admin/delivery/reanalyse', caller: 'admin', query: ['version'] },
  { endpoint: 'GET /api/recordings/:recordingId/transcript', caller: 'ownerStudent', params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }) },
  {
    endpoint: 'PUT /api/recordings/:recordingId/transcript',
    caller: 'ownerTeacher',
    body: transcriptCorrectionSchema,
    sample: () => ({ dismissedFillers: [] }),
    params: async (w) => ({ recordingId: await ids(() => freshRecording(w)) }),
  },
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId/peers',
    caller: 'ownerTeacher',
    body: peerSettingsSchema,
    sample: () => ({ peerFeedback: 'partners', showNames: true }),
    params: async (w) => ({ taskId: await ids(() => freshTask(w)) }),
  },
  { endpoint: 'GET /api/teacher/speaking-tasks/:taskId/partners', caller: 'ownerTeacher', params: async (w) => ({ taskId: await ids(() => freshTask(w)) }) },
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId/partners',
    caller: 'ownerTeacher',
    body: partnerGroupsSchema,
    sample: (w) => ({ groups: [[w.s1.id as string, w.s2.id as string]] }),
    params: async (w) => ({ taskId: await ids(() => freshTask(w)) }),
  },
  { endpoint: 'POST /api/teacher/speaking-tasks/:taskId/partners/shuffle', caller: 'ownerTeacher', params: async (w) => ({ taskId: await ids(() => freshTask(w)) }) },
  {
    endpoint: 'GET /api/student/speaking-tasks/:taskId/peer-takes',
    caller: 'ownerStudent',
    params: async (w) => ({ taskId: await ids(async () => (await freshPeerTask(w)).task, 2) }),
  },
  { endpoint: 'GET /api/student/speaking-tasks/:taskId/peers', caller: 'ownerStudent', params: async (w) => ({ taskId: await ids(async () => (await freshPeerTask(w)).task, 2) }) },
  { endpoint: 'GET /api/peer-takes/:recordingId/audio', caller: 'ownerStudent', params: async (w) => ({ recordingId: await ids(async () => (await freshPeerTask(w)).theirs, 2) }) },
  {
    endpoint: 'POST /api/student/recordings/:recordingId/peer-feedback',
    caller: 'ownerStudent',
    body: peerFeedbackSchema,
    sample: () => ({ stem: 'unsure', text: 'you changed topic.', clarity: { linguistic: 2, physical: 1 } }),
    params: async (w) => ({ recordingId: await ids(async () => (await freshPeerTask(w)).theirs, 2) }),
  },
  {
    endpoint: 'POST /api/student/peer-feedback/:feedbackId/report',
    caller: 'ownerStudent',
    params: async (w) => ({ feedbackId: await ids(async () => (await freshPeerTask(w)).feedback, 2) }),
  },
  { endpoint: 'GET /api/teacher/peer-feedback', caller: 'ownerTeacher', query: ['status'], queryValues: () => ['pending', 'reported', 'approved', 'hidden'] },
  {
    endpoint: 'POST /api/teacher/peer-feedback/:feedbackId/approve',
    caller: 'ownerTeacher',
    params: async (w) => ({ feedbackId: await ids(async () => (await freshPeerTask(w)).feedback, 2) }),
  },
  {
    endpoint: 'POST /api/teacher/peer-feedback/:feedbackId/hide',
    caller: 'ownerTeacher',
    params: async (w) => ({ feedbackId: await ids(async () => (await freshPeerTask(w)).feedback, 2) }),
  },
  { endpoint: 'GET /api/teacher/stats/:teacherId', caller: 'ownerTeacher', params: (w) => ({ teacherId: [w.t1.id as string] }) },
  { endpoint: 'GET /api/teacher/courses/:teacherId', caller: 'ownerTeacher', params: (w) => ({ teacherId: [w.t1.id as string] }) },
  {
    endpoint: 'GET /api/student/oracy/:studentId',
    caller: 'ownerStudent',
    params: (w) => ({ studentId: [w.s1.id as string] }),
    query: ['before'],
    queryValues: () => ['2026-01-31T09:00:00.000Z'],
  },
  { endpoint: 'GET /api/student/oracy/:studentId/evidence', caller: 'ownerStudent', params: (w) => ({ studentId: [w.s1.id as string] }) },
  {
    endpoint: 'GET /api/teacher/oracy/:teacherId',
    caller: 'ownerTeacher',
    params: (w) => ({ teacherId: [w.t1.id as string] }),
    query: ['courseId'],
    queryValues: (w) => [w.courseId as string],
  },
  {
    endpoint: 'GET /api/teacher/students/:teacherId/:studentId/assignments',
    caller: 'ownerTeacher',
    params: (w) => ({ teacherId: [w.t1.id as string], studentId: [w.s1.id as string] }),
  },
  { endpoint: 'GET /api/admin/oracy', caller: 'admin' },
  { endpoint: 'GET /api/teacher/students/:teacherId', caller: 'ownerTeacher', params: (w) => ({ teacherId: [w.t1.id as string] }) },
  { endpoint: 'GET /api/teacher/assignments/:teacherId', caller: 'ownerTeacher', params: (w) => ({ teacherId: [w.t1.id as string] }) },
  { endpoint: 'GET /api/teacher/complaints', caller: 'ownerTeacher', query: ['tId'], queryValues: (w) => [w.t1.id as string] },
  {
    endpoint: 'POST /api/teacher/complaints',
    caller: 'ownerTeacher',
    body: teacherComplaintSchema,
    sample: (w) => ({ title: 'Printer jam', description: 'Staff room printer.', tId: w.t1.id as string }),
  },
  { endpoint: 'DELETE /api/teacher/complaints/:id', caller: 'ownerTeacher', params: async (w) => ({ id: await ids(() => freshComplaint(w.t1, ROLES.teacher), 6) }) },

  { endpoint: 'GET /api/chat/attachments/:id', caller: 'admin', params: (w) => ({ id: [w.attachmentMessageId] }) },
  { endpoint: 'GET /api/user/profile/:userId', caller: 'ownerStudent', params: (w) => ({ userId: [w.s1.id as string] }) },
  { endpoint: 'PUT /api/user/language', caller: 'ownerStudent', body: userLanguageBodySchema, sample: () => ({ language: 'Spanish' }) },
  { endpoint: 'PUT /api/user/photo', caller: 'ownerStudent', multipart: true, fileField: 'photo' },
  { endpoint: 'DELETE /api/user/photo', caller: 'ownerStudent' },
  {
    endpoint: 'POST /api/user/password',
    caller: 'ownerStudent',
    body: userPasswordBodySchema,
    // never the caller's password: the fuzzing must not change it.
    sample: () => ({ currentPassword: 'not the password', password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-42' }),
  },
  { endpoint: 'GET /uploads/:name', caller: 'none', params: (w) => ({ name: [w.imageName] }) },
  { endpoint: 'GET /*', caller: 'none', params: () => ({ '*': ['student/dashboard', 'admin/users', 'assets/missing.js', 'favicon.svg'] }) },
];

/** Endpoints that answer a form post with a page or a redirect. */
const FORM_ENDPOINTS = new Set(['POST /auth/login', 'POST /auth/register', 'POST /auth/change-password']);
/** Pages that send a visitor they are not for elsewhere (302). */
const REDIRECTING_PAGES = new Set(['GET /change-password']);

/** A fresh student who signed in with a one-time password and must choose their own (docs/product.md#one-time-passwords). */
async function oneTimePasswordUser() {
  const user = await quickUser(ROLES.student, 'Fuzz');
  await user.updateOne({ $set: { mustChangePassword: true } });
  return user;
}

/** One generated request. */
interface Generated {
  path: string;
  query: string;
  body: FuzzBody | { multipart: Record<string, unknown>; file: Uint8Array | null; fileField: string } | null;
}

function arbitraryFor(target: Target, world: World, pools: Record<string, string[]>): fc.Arbitrary<Generated> {
  const [method, pattern] = target.endpoint.split(' ') as [string, string];
  const names = [...pattern.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
  const params = fc.tuple(...names.map((name) => (name === '*' ? wildcardPath(pools['*'] ?? []) : fuzzParam(pools[name] ?? []))));
  const path = params.map((values) => {
    let i = 0;
    return pattern.replace(/:([A-Za-z]+)|\*/g, () => values[i++] ?? '');
  });
  const query = fuzzQuery(target.query ?? [], target.queryValues?.(world) ?? []);
  const value = target.body
    ? fc.oneof(
        { weight: 2, arbitrary: fuzzValue(target.body, { ids: [world.courseId, world.t1.id as string, world.s1.id as string] }) },
        { weight: 2, arbitrary: target.sample ? mutated(target.sample(world)) : fc.constant({}) },
      )
    : fc.oneof(fc.constant({}), fc.constant(null), fc.constant({ $where: OPERATOR_MARKER }));
  const formKeys = target.sample ? Object.keys(target.sample(world)) : ['title'];
  const json = fuzzBody(value, formKeys);
  let body: fc.Arbitrary<Generated['body']> = fc.constant(null);
  if (method !== 'GET') {
    body = target.multipart
      ? fc.oneof(
          { weight: 3, arbitrary: json },
          {
            weight: 1,
            arbitrary: fc.tuple(value, fc.oneof(fc.constant(null), fc.constant(TINY_PNG as Uint8Array), fc.uint8Array({ maxLength: 64 }))).map(([fields, file]) => ({
              multipart: (fields && typeof fields === 'object' ? fields : { value: fields }) as Record<string, unknown>,
              file,
              fileField: target.fileField ?? 'image',
            })),
          },
        )
      : json;
  }
  return fc.record({ path, query, body });
}

/** A path under the PWA: good ones, or hostile segments (encoded traversal, odd characters, huge). */
function wildcardPath(pool: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...pool),
    fc.array(fuzzParam([]), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')),
    fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', 'assets/..%2F..%2Fpackage.json', 'a'.repeat(3000), '%00', 'index.html%00.js'),
  );
}

function formDataOf(fields: Record<string, unknown>, file: Uint8Array | null, fileField: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  if (file) form.append(fileField, new Blob([file as Uint8Array<ArrayBuffer>], { type: 'image/png' }), '../../../evil name.png');
  return form;
}

function countFiles(world: World): number {
  const dirs = [join(world.dataDir, 'uploads'), chatUploadsDir(world.dataDir), recordingsDir(world.dataDir)].filter((dir) => existsSync(dir));
  return dirs.reduce((n, dir) => n + readdirSync(dir).length, 0);
}

/** What must never show in an answer: stack frames, driver and database errors, server paths. */
const INTERNALS = /\bat \S+ \(|:\d+:\d+\)|E11000|Cast to \w+ failed|MongoServerError|BSON|ferret|sqlite|node_modules|\/work\/|\/home\/|ReferenceError|TypeError/i;

function isErrorBody(value: unknown): boolean {
  const error = (value as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return false;
  if (error.fields === undefined) return true;
  return typeof error.fields === 'object' && error.fields !== null && Object.values(error.fields).every((v) => typeof v === 'string');
}

/** Every database operation Mongoose sends while the hook is on: collection, method, arguments. */
const operations: { collection: string; method: string; args: unknown[] }[] = [];
/** Off while the test itself reads the database. */
let recording = true;

/** A digest of one collection's documents, to tell whether a request changed it. */
async function digest(collection: string): Promise<string> {
  recording = false;
  try {
    const rows = await mongoose.connection.collection(collection).find().sort({ _id: 1 }).toArray();
    return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  } finally {
    recording = true;
  }
}

/** The digest of a collection without documents (or not created yet). */
const EMPTY_DIGEST = createHash('sha256').update('[]').digest('hex');

/** Each data collection's digest as of the last write call to it. */
const digests = new Map<string, string>();

/** Digests every data collection afresh (before each endpoint's run). */
async function digestAll(): Promise<void> {
  digests.clear();
  recording = false;
  const names = (await mongoose.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  recording = true;
  for (const name of names) if (!BOOKKEEPING.has(name)) digests.set(name, await digest(name));
}

/**
 * The first database call that carries `marker` as a value of its own — the
 * operand of an operator object that a request smuggled into a filter or an
 * update. The marker inside a longer string (text a user typed) is fine.
 */
function reachedDatabase(marker: string): string | undefined {
  const asValue = new RegExp(`(?<!\\\\)"${marker}"`);
  for (const op of operations) {
    let text: string;
    try {
      text = JSON.stringify(op.args) ?? '';
    } catch {
      continue;
    }
    if (asValue.test(text)) return `${op.collection}.${op.method}(${text.slice(0, 300)})`;
  }
  return undefined;
}

/**
 * Sends one generated request and checks the answer; returns what is wrong,
 * or null when all is well.
 */
async function check(world: World, target: Target, cookie: string | undefined, input: Generated): Promise<string | null> {
  const method = target.endpoint.split(' ')[0]!;
  const headers = new Headers({ Origin: TEST_ORIGIN });
  // Each logout ends its session: it gets a fresh one, so that every request reaches the handler signed in.
  // A password change needs a user with a one-time password, and ends every session of theirs: a fresh one each time.
  const effectiveCookie = target.endpoint.endsWith(' /auth/logout')
    ? await cookieOf(userOf(world, target.caller)!)
    : target.endpoint === 'POST /auth/change-password'
      ? await cookieOf(await oneTimePasswordUser())
      : cookie;
  if (effectiveCookie) headers.set('Cookie', effectiveCookie);
  let body: RequestInit['body'];
  if (input.body && 'multipart' in input.body) {
    body = formDataOf(input.body.multipart, input.body.file, input.body.fileField);
  } else if (input.body) {
    body = input.body.text;
    if (input.body.contentType) headers.set('Content-Type', input.body.contentType);
  }
  const url = `${input.path}${input.query ? `?${input.query}` : ''}`;
  const filesBefore = countFiles(world);
  // access-log entries journalled by earlier requests (a classmate's listen) reach the collection now, not during this one.
  await flushAccessLog();
  operations.length = 0;

  let res: Response;
  try {
    res = await world.app.request(url, { method, headers, body });
  } catch (err) {
    return `${method} ${url} threw ${String(err)}`;
  }
  const text = await res.text();
  const describe = () => `${method} ${url.slice(0, 200)} body=${JSON.stringify(input.body)?.slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`;

  if (res.status >= 500 || res.status < 200) return `status ${describe()}`;
  const formPost = FORM_ENDPOINTS.has(target.endpoint) && /form/.test(headers.get('Content-Type') ?? '');
  if (res.status >= 300 && res.status < 400 && !formPost && !REDIRECTING_PAGES.has(target.endpoint)) return `redirect ${describe()}`;
  const leaked = reachedDatabase(OPERATOR_MARKER);
  if (leaked) return `operator object reached the database: ${leaked} for ${describe()}`;
  if (({} as Record<string, unknown>).polluted !== undefined || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')) {
    return `Object.prototype polluted by ${describe()}`;
  }
  if (res.status >= 400) {
    const type = res.headers.get('Content-Type') ?? '';
    if (type.includes('application/json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return `unparseable error body ${describe()}`;
      }
      if (!isErrorBody(parsed)) return `error shape ${describe()}`;
      if (INTERNALS.test(text)) return `error body shows internals ${describe()}`;
    } else if (!(formPost && type.includes('text/html'))) {
      return `error content type ${type} ${describe()}`;
    }
    if (countFiles(world) !== filesBefore) return `refused request stored a file: ${describe()}`;
  }
  // A write call alone proves nothing (a conditional update that matches nothing answers 404):
  // compare each collection written to with its last known state.
  const written = [...new Set(operations.filter((op) => WRITE_METHODS.has(op.method) && !BOOKKEEPING.has(op.collection)).map((op) => op.collection))];
  const changed: string[] = [];
  for (const collection of written) {
    const now = await digest(collection);
    if ((digests.get(collection) ?? EMPTY_DIGEST) !== now) changed.push(collection);
    digests.set(collection, now);
  }
  if (res.status >= 400 && changed.length) return `refused request changed ${changed.join(', ')}: ${describe()}`;
  return null;
}

let world: World;
const crashes: unknown[] = [];
const onCrash = (err: unknown) => crashes.push(err);

beforeAll(async () => {
  world = await createWorld({}, { rateLimits: generousRateLimits() });
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (recording) operations.push({ collection, method, args });
  });
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
});

afterAll(() => {
  mongoose.set('debug', false);
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
  world?.cleanup();
});

describe('fuzzing every endpoint (input never causes a 500)', () => {
  it('has a fuzz target for every endpoint the app registers', () => {
    const targets = TARGETS.map((t) => t.endpoint);
    expect(registeredEndpoints(world.app).filter((endpoint) => !targets.includes(endpoint))).toEqual([]);
  });

  for (const target of TARGETS) {
    it(`${target.endpoint}: ${RUNS} generated requests, each 2xx or 4xx in the error shape, refusals change nothing`, { timeout: 240_000 }, async () => {
      const caller = userOf(world, target.caller);
      const cookie = caller ? await cookieOf(caller) : undefined;
      const pools = (await target.params?.(world)) ?? {};
      await digestAll();
      const problems: string[] = [];
      await fc
        .assert(
          fc.asyncProperty(arbitraryFor(target, world, pools), async (input) => {
            const problem = await check(world, target, cookie, input);
            if (problem) problems.push(problem);
            return problem === null;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch((err: unknown) => {
          throw new Error(`${problems[0] ?? ''}\n${err instanceof Error ? err.message.split('\n').slice(0, 4).join('\n') : String(err)}`);
        });
      expect(crashes).toEqual([]);
    });
  }

  it('answers the inputs that once broke it', async () => {
    const admin = await cookieOf(world.admin);
    const teacher = await cookieOf(world.t1);
    // A NUL in a search reached a BSON regex: the driver threw, a 500.
    const search = await world.app.request('/api/admin/students?search=%00', { headers: { Cookie: admin } });
    expect(search.status).toBe(200);
    // A body over 64 KiB without Content-Length hung the idempotency layer forever.
    const chunked = await world.app.request('/api/teacher/complaints', {
      method: 'POST',
      headers: { Cookie: teacher, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Long', description: 'x', tId: 'x'.repeat(100_000) }),
    });
    expect(chunked.status).toBe(413);
  });

  it('refuses blank names and titles with a line separator as 400, never 500 (docs/product.md#names-and-titles)', async () => {
    const admin = await cookieOf(world.admin);
    const teacher = await cookieOf(world.t1);
    const person = { firstName: '\u3164\u3164', lastName: '\u2800', email: `blank-${Date.now()}@example.test`, role: 3 };
    const user = await world.app.request('/api/admin/users', {
      method: 'POST',
      headers: { Cookie: admin, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(user.status).toBe(400);
    const complaint = await world.app.request('/api/teacher/complaints', {
      method: 'POST',
      headers: { Cookie: teacher, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Heating\u2028off', description: 'x', tId: world.t2.id as string }),
    });
    expect(complaint.status).toBe(400);
  });

  it('leaves the app answering and Object.prototype clean', async () => {
    const res = await world.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(POLLUTION_MARKER in ({} as Record<string, unknown>)).toBe(false);
    expect(crashes).toEqual([]);
  });
});
