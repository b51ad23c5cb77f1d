/**
 * Compile-time check, run by `tsc -p api/tsconfig.json`: every response schema of `schemas.ts`
 * describes exactly what the route answers, as the typed client sees it (`hc<AppType>`,
 * docs/architecture.md). A route whose answer changes without its schema fails the type check.
 */
import type { hc, InferResponseType } from 'hono/client';
import type { z } from 'zod';
import type { AppType } from '../app.js';
import type { presentCurrentUser } from '../people/userPresenter.js';
import type * as s from './schemas.js';

type Client = ReturnType<typeof hc<AppType>>;
type Api = Client['api'];
type Admin = Api['admin'];

/** `T` with its object types flattened (intersections merged), so that equal shapes compare equal. */
type Simplify<T> = T extends readonly unknown[] ? { [K in keyof T]: Simplify<T[K]> } : T extends object ? { [K in keyof T]: Simplify<T[K]> } : T;

/** True when `A` and `B` are the same type: mutually assignable, with the same optional and readonly properties. */
type Equal<A, B> = (<T>() => T extends Simplify<A> ? 1 : 2) extends <T>() => T extends Simplify<B> ? 1 : 2 ? true : false;

/** Fails to compile unless the route's answer (`Answer`) and the schema's type (`Schema`) are the same. */
type Check<Answer, Schema extends z.ZodType> = Equal<Answer, z.infer<Schema>>;

/** One row per documented JSON answer; a `false` here is a compile error. */
export const responseSchemasMatchTheServer: Record<string, true> = {
  'GET /auth/current_user': true satisfies Check<InferResponseType<Client['auth']['current_user']['$get'], 200>, typeof s.currentUserSchema>,
  // Sign-in, registration and the password change also answer HTML to forms, so the client types
  // their answer as `{}`: these are held to the presenter they answer with instead.
  'POST /auth/login': true satisfies Check<ReturnType<typeof presentCurrentUser>, typeof s.currentUserSchema>,
  'POST /auth/register': true satisfies Check<ReturnType<typeof presentCurrentUser>, typeof s.currentUserSchema>,
  'POST /auth/change-password': true satisfies Check<ReturnType<typeof presentCurrentUser>, typeof s.currentUserSchema>,
  'POST /auth/logout': true satisfies Check<InferResponseType<Client['auth']['logout']['$post'], 200>, typeof s.okSchema>,
  'GET /auth/logout': true satisfies Check<InferResponseType<Client['auth']['logout']['$get'], 200>, typeof s.okSchema>,
  'GET /api/health': true satisfies Check<InferResponseType<Api['health']['$get'], 200>, typeof s.okSchema>,
  'GET /healthz': true satisfies Check<InferResponseType<Client['healthz']['$get']>, typeof s.healthReportSchema>,
  'GET /readyz': true satisfies Check<InferResponseType<Client['readyz']['$get']>, typeof s.healthReportSchema>,
  'POST /api/updateOracyAssessment': true satisfies Check<InferResponseType<Api['updateOracyAssessment']['$post'], 201>, typeof s.assessmentResultSchema>,
  'GET /api/student/oracy/:studentId': true satisfies Check<InferResponseType<Api['student']['oracy'][':studentId']['$get'], 200>, typeof s.studentOracySchema>,
  'GET /api/teacher/oracy/:teacherId': true satisfies Check<InferResponseType<Api['teacher']['oracy'][':teacherId']['$get'], 200>, typeof s.teacherOracySchema>,
  'GET /api/teacher/students/:teacherId/:studentId/assignments': true satisfies Check<
    InferResponseType<Api['teacher']['students'][':teacherId'][':studentId']['assignments']['$get'], 200>,
    z.ZodArray<typeof s.studentAssignmentSchema>
  >,
  'GET /api/admin/oracy': true satisfies Check<InferResponseType<Admin['oracy']['$get'], 200>, typeof s.adminOracySchema>,
  'GET /api/student/stats/:studentId': true satisfies Check<InferResponseType<Api['student']['stats'][':studentId']['$get'], 200>, typeof s.studentStatsSchema>,
  'GET /api/student/courses/:studentId': true satisfies Check<InferResponseType<Api['student']['courses'][':studentId']['$get'], 200>, z.ZodArray<typeof s.courseSchema>>,
  'GET /api/student/teacher/:studentId': true satisfies Check<InferResponseType<Api['student']['teacher'][':studentId']['$get'], 200>, z.ZodArray<typeof s.studentTeacherSchema>>,
  'GET /api/student/assignments/:studentId': true satisfies Check<InferResponseType<Api['student']['assignments'][':studentId']['$get'], 200>, z.ZodArray<typeof s.studentAssignmentSchema>>,
  'GET /api/student/complaints': true satisfies Check<InferResponseType<Api['student']['complaints']['$get'], 200>, z.ZodArray<typeof s.complaintSchema>>,
  'POST /api/student/complaints': true satisfies Check<InferResponseType<Api['student']['complaints']['$post'], 201>, typeof s.complaintSchema>,
  'DELETE /api/student/complaints/:id': true satisfies Check<InferResponseType<Api['student']['complaints'][':id']['$delete'], 200>, typeof s.deletedIdSchema>,
  'GET /api/teacher/stats/:teacherId': true satisfies Check<InferResponseType<Api['teacher']['stats'][':teacherId']['$get'], 200>, typeof s.teacherStatsSchema>,
  'GET /api/teacher/courses/:teacherId': true satisfies Check<InferResponseType<Api['teacher']['courses'][':teacherId']['$get'], 200>, z.ZodArray<typeof s.courseSchema>>,
  'GET /api/teacher/assignments/:teacherId': true satisfies Check<InferResponseType<Api['teacher']['assignments'][':teacherId']['$get'], 200>, z.ZodArray<typeof s.teacherAssignmentSchema>>,
  'GET /api/teacher/students/:teacherId': true satisfies Check<InferResponseType<Api['teacher']['students'][':teacherId']['$get'], 200>, z.ZodArray<typeof s.teacherStudentSchema>>,
  'GET /api/teacher/complaints': true satisfies Check<InferResponseType<Api['teacher']['complaints']['$get'], 200>, z.ZodArray<typeof s.complaintSchema>>,
  'POST /api/teacher/complaints': true satisfies Check<InferResponseType<Api['teacher']['complaints']['$post'], 201>, typeof s.complaintSchema>,
  'DELETE /api/teacher/complaints/:id': true satisfies Check<InferResponseType<Api['teacher']['complaints'][':id']['$delete'], 200>, typeof s.deletedIdSchema>,
  'GET /api/admin/courses': true satisfies Check<InferResponseType<Admin['courses']['$get'], 200>, z.ZodArray<typeof s.courseSchema>>,
  'GET /api/admin/courses/:id': true satisfies Check<InferResponseType<Admin['courses'][':id']['$get'], 200>, typeof s.courseSchema>,
  'POST /api/admin/courses': true satisfies Check<InferResponseType<Admin['courses']['$post'], 201>, typeof s.courseSchema>,
  'PUT /api/admin/courses/:id': true satisfies Check<InferResponseType<Admin['courses'][':id']['$put'], 200>, typeof s.courseSchema>,
  'GET /api/admin/notice': true satisfies Check<InferResponseType<Admin['notice']['$get'], 200>, z.ZodArray<typeof s.noticeSchema>>,
  'POST /api/admin/notice': true satisfies Check<InferResponseType<Admin['notice']['$post'], 201>, typeof s.noticeSchema>,
  'PUT /api/admin/notice/:id': true satisfies Check<InferResponseType<Admin['notice'][':id']['$put'], 200>, typeof s.noticeSchema>,
  'GET /api/admin/complaints': true satisfies Check<InferResponseType<Admin['complaints']['$get'], 200>, z.ZodArray<typeof s.adminComplaintSchema>>,
  'POST /api/admin/complaints/:id/approve': true satisfies Check<InferResponseType<Admin['complaints'][':id']['approve']['$post'], 200>, typeof s.adminComplaintSchema>,
  'POST /api/admin/complaints/:id/disapprove': true satisfies Check<InferResponseType<Admin['complaints'][':id']['disapprove']['$post'], 200>, typeof s.adminComplaintSchema>,
  'POST /api/admin/complaints/:id/undo': true satisfies Check<InferResponseType<Admin['complaints'][':id']['undo']['$post'], 200>, typeof s.adminComplaintSchema>,
  'GET /api/admin/users': true satisfies Check<InferResponseType<Admin['users']['$get'], 200>, typeof s.usersPageSchema>,
  'POST /api/admin/users': true satisfies Check<InferResponseType<Admin['users']['$post'], 201>, typeof s.oneTimePasswordGrantSchema>,
  'POST /api/admin/users/:id/reset-password': true satisfies Check<InferResponseType<Admin['users'][':id']['reset-password']['$post'], 200>, typeof s.oneTimePasswordGrantSchema>,
  'PUT /api/admin/users/:id/role': true satisfies Check<InferResponseType<Admin['users'][':id']['role']['$put'], 200>, typeof s.personSchema>,
  'GET /api/admin/students': true satisfies Check<InferResponseType<Admin['students']['$get'], 200>, typeof s.studentsPageSchema>,
  'GET /api/admin/teachers': true satisfies Check<InferResponseType<Admin['teachers']['$get'], 200>, typeof s.teachersPageSchema>,
  'GET /api/admin/instructors': true satisfies Check<InferResponseType<Admin['instructors']['$get'], 200>, z.ZodArray<typeof s.instructorSchema>>,
  'GET /api/admin/students/:studentId/courses': true satisfies Check<InferResponseType<Admin['students'][':studentId']['courses']['$get'], 200>, typeof s.courseIdsSchema>,
  'POST /api/admin/students/:studentId/assign-courses': true satisfies Check<
    InferResponseType<Admin['students'][':studentId']['assign-courses']['$post'], 200>,
    typeof s.assignedCoursesSchema
  >,
  'GET /api/privacy/register': true satisfies Check<InferResponseType<Api['privacy']['register']['$get'], 200>, typeof s.privacyNoticeSchema>,
  'POST /api/privacy/exports': true satisfies Check<InferResponseType<Api['privacy']['exports']['$post'], 202>, typeof s.privacyExportStartedSchema>,
  'GET /api/privacy/exports': true satisfies Check<InferResponseType<Api['privacy']['exports']['$get'], 200>, z.ZodArray<typeof s.privacyExportSchema>>,
  'POST /api/admin/privacy/exports/:userId': true satisfies Check<InferResponseType<Admin['privacy']['exports'][':userId']['$post'], 202>, typeof s.privacyExportStartedSchema>,
  'GET /api/admin/privacy/exports': true satisfies Check<InferResponseType<Admin['privacy']['exports']['$get'], 200>, z.ZodArray<typeof s.privacyExportSchema>>,
  'GET /api/privacy/access-log': true satisfies Check<InferResponseType<Api['privacy']['access-log']['$get'], 200>, z.ZodArray<typeof s.ownAccessLogEntrySchema>>,
  'GET /api/admin/privacy/access-log': true satisfies Check<InferResponseType<Admin['privacy']['access-log']['$get'], 200>, typeof s.accessLogPageSchema>,
  'POST /api/admin/privacy/retention': true satisfies Check<InferResponseType<Admin['privacy']['retention']['$post'], 200>, typeof s.retentionReportSchema>,
  'GET /api/admin/settings': true satisfies Check<InferResponseType<Admin['settings']['$get'], 200>, typeof s.schoolSettingsSchema>,
  'PUT /api/admin/settings': true satisfies Check<InferResponseType<Admin['settings']['$put'], 200>, typeof s.schoolSettingsSchema>,
  'GET /api/admin/backups': true satisfies Check<InferResponseType<Admin['backups']['$get'], 200>, typeof s.backupStatusSchema>,
  'POST /api/admin/backups': true satisfies Check<InferResponseType<Admin['backups']['$post'], 202>, typeof s.backupStartedSchema>,
  'POST /api/admin/import': true satisfies Check<InferResponseType<Admin['import']['$post'], 200>, typeof s.importResultSchema>,
  'GET /api/admin/stats': true satisfies Check<InferResponseType<Admin['stats']['$get'], 200>, typeof s.adminStatsSchema>,
  'GET /api/recordings/:recordingId/delivery': true satisfies Check<InferResponseType<Api['recordings'][':recordingId']['delivery']['$get'], 200>, typeof s.deliverySchema>,
  'GET /api/recordings/:recordingId/transcript': true satisfies Check<InferResponseType<Api['recordings'][':recordingId']['transcript']['$get'], 200>, typeof s.transcriptSchema>,
  'PUT /api/recordings/:recordingId/transcript': true satisfies Check<InferResponseType<Api['recordings'][':recordingId']['transcript']['$put'], 200>, typeof s.transcriptSchema>,
  'POST /api/admin/delivery/reanalyse': true satisfies Check<InferResponseType<Admin['delivery']['reanalyse']['$post'], 202>, typeof s.reanalysisSchema>,
  'GET /api/user/profile/:userId': true satisfies Check<InferResponseType<Api['user']['profile'][':userId']['$get'], 200>, typeof s.profileSchema>,
  'PUT /api/user/language': true satisfies Check<InferResponseType<Api['user']['language']['$put'], 200>, typeof s.userLanguageSchema>,
  'PUT /api/user/photo': true satisfies Check<InferResponseType<Api['user']['photo']['$put'], 200>, typeof s.userPhotoSchema>,
  'DELETE /api/user/photo': true satisfies Check<InferResponseType<Api['user']['photo']['$delete'], 200>, typeof s.userPhotoSchema>,
  'POST /api/user/password': true satisfies Check<InferResponseType<Api['user']['password']['$post'], 200>, typeof s.okSchema>,
};
