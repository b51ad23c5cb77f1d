import { z } from 'zod';
import { objectId, oracyLevelSchema } from '../platform/http/fields.js';
import { userRowJsonSchema } from '../people/userPresenter.js';
export { accessLogPageJsonSchema as accessLogPageSchema, ownAccessLogEntryJsonSchema as ownAccessLogEntrySchema } from '../privacy/accessLogPresenter.js';
export { retentionReportJsonSchema as retentionReportSchema } from '../privacy/retention.js';

/*
 * The answers' shapes for the OpenAPI document (docs/product.md#api). The entities' answers are the
 * presenters' own schemas (`api/src/presenters/`, whose `z.infer` the presenters return), re-exported
 * here under the document's names; the rest (figures, health, small answers) are declared here.
 * Each schema with an `id` becomes a named component (`#/components/schemas/{id}`).
 * `schemas.typecheck.ts` holds every schema to the type the route really answers (`hc<AppType>`).
 */
export { adminComplaintJsonSchema as adminComplaintSchema, complaintJsonSchema as complaintSchema } from '../complaints/presenter.js';
export { backupStartedJsonSchema as backupStartedSchema, backupStatusJsonSchema as backupStatusSchema } from '../backups/presenter.js';
export {
  adminOracyJsonSchema as adminOracySchema,
  assessmentResultJsonSchema as assessmentResultSchema,
  studentOracyJsonSchema as studentOracySchema,
  teacherOracyJsonSchema as teacherOracySchema,
} from '../oracy/presenter.js';
export {
  feedbackJsonSchema as feedbackSchema,
  recordingJsonSchema as recordingSchema,
  reviewItemJsonSchema as reviewItemSchema,
  speakingTaskJsonSchema as speakingTaskSchema,
  studentSpeakingTaskJsonSchema as studentSpeakingTaskSchema,
  teacherSpeakingTaskJsonSchema as teacherSpeakingTaskSchema,
} from '../speaking/presenter.js';
export { courseJsonSchema as courseSchema } from '../courses/presenter.js';
export { deliveryJsonSchema as deliverySchema } from '../delivery/presenter.js';
export { transcriptJsonSchema as transcriptSchema } from '../transcripts/presenter.js';
export { currentUserJsonSchema as currentUserSchema, profileJsonSchema as profileSchema, userPhotoJsonSchema as userPhotoSchema } from '../people/userPresenter.js';
export { noticeJsonSchema as noticeSchema } from '../notices/presenter.js';
export { privacyNoticeJsonSchema as privacyNoticeSchema } from '../privacy/presenter.js';
export { privacyExportJsonSchema as privacyExportSchema, privacyExportStartedJsonSchema as privacyExportStartedSchema } from '../privacy/exportPresenter.js';
export { studentAssignmentJsonSchema as studentAssignmentSchema, teacherAssignmentJsonSchema as teacherAssignmentSchema } from '../assignments/presenter.js';
export { studentTeacherJsonSchema as studentTeacherSchema, teacherStudentJsonSchema as teacherStudentSchema } from '../people/personPresenter.js';

/** `POST /api/admin/delivery/reanalyse` (docs/product.md#delivery-feedback-calls): how many recordings are queued to be measured. */
export const reanalysisSchema = z.object({ queued: z.number().meta({ description: 'recordings queued to be measured' }) }).meta({ id: 'Reanalysis' });

/**
 * The body of every error answer (docs/product.md#error-messages): `{error: {code, message, fields?}}`;
 * `fields` ({field: message}) and `reasons` ({field: reason}) only on 400 `validation_error`. Matches `ErrorBody` of `errors.ts`.
 */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Machine-readable code, e.g. `validation_error`, `not_found`, `rate_limited`.' }),
      message: z.string().meta({ description: 'A sentence for people.' }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'Failing field → message (400 `validation_error` only).' }),
      reasons: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Failing field → machine-readable reason, e.g. `too_short`, `common_password` (400 `validation_error` only; the keys of `fields`).' }),
    }),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every error answer.' });

/** `{ok: true}` of `GET /api/health` and `GET`/`POST /auth/logout`. */
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** The body of `GET /healthz` and `GET /readyz` (`HealthReport` of `health.ts`). */
export const healthReportSchema = z
  .object({
    status: z.enum(['ok', 'unavailable', 'ready', 'not_ready']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'off']).optional(),
    draining: z.boolean().optional(),
  })
  .meta({ id: 'HealthReport' });

/** `{id}` of a deleted record. */
export const deletedIdSchema = z.object({ id: objectId() }).meta({ id: 'DeletedId' });

/** A month of the dashboards' activity charts: `YYYY-MM` on the UTC calendar (`dashboards/activity.ts`). */
const activityMonth = () => z.string().meta({ description: 'the month, `YYYY-MM` on the UTC calendar' });

/** One month of a student's activity chart (`StudentActivityMonth`, docs/product.md#student-dashboard). */
export const studentActivityMonthSchema = z
  .object({
    month: activityMonth(),
    completedCourses: z.number().meta({ description: 'enrolled courses completed in the month' }),
    completedAssignments: z.number().meta({ description: 'assignments of the enrolled courses the student completed in the month' }),
  })
  .meta({ id: 'StudentActivityMonth' });

/** A student's figures (`StudentStats`, docs/product.md#stats-records). */
export const studentStatsSchema = z
  .object({
    totalCourses: z.number(),
    completedCourses: z.number(),
    totalAssignments: z.number(),
    oracyLevel: oracyLevelSchema,
    selfAssessed: z.boolean().meta({ description: 'whether the student has ever submitted the self-assessment' }),
    activity: z.array(studentActivityMonthSchema).meta({ description: 'the last six months, oldest first, the current one last; a month without any is 0' }),
  })
  .meta({ id: 'StudentStats' });

/** A teacher's figures (`TeacherStats`, docs/product.md#stats-records). */
export const teacherStatsSchema = z.object({ totalCourses: z.number(), totalAssignments: z.number(), completedAssignments: z.number() }).meta({ id: 'TeacherStats' });

/** The admin's figures (`AdminStats`, docs/product.md#stats-records). */
export const adminStatsSchema = z
  .object({
    totalStudents: z.number(),
    totalTeachers: z.number(),
    totalCourses: z.number(),
    activity: z
      .array(
        z.object({ month: activityMonth(), newUsers: z.number().meta({ description: 'accounts of any role created in the month that still exist' }) }).meta({ id: 'AdminActivityMonth' }),
      )
      .meta({ description: 'the last six months, oldest first, the current one last; a month without any is 0' }),
  })
  .meta({ id: 'AdminStats' });

/** The school's settings (`SchoolSettings`, docs/product.md#settings). */
export const schoolSettingsSchema = z
  .object({
    language: z.enum(['English', 'Spanish', 'French']),
    backupFrequency: z.enum(['Daily', 'Weekly', 'Monthly']),
    schoolName: z.string().meta({ description: 'the school’s name on the privacy notice, at most 120 characters; empty until set' }),
    privacyContact: z.string().meta({ description: 'whom to ask for a copy or the deletion of one’s data (an email or a short text), at most 200 characters; empty until set' }),
    recordingRetentionDays: z.number().meta({ description: 'days a reviewed recording’s audio is kept, 30–1,825; default 365 (docs/product.md#retention)' }),
    inactiveAccountMonths: z.number().nullable().meta({ description: 'months without a sign-in before the retention report counts an account as inactive, 6–60; null: off (the default)' }),
    fillerWords: z
      .array(z.string())
      .meta({ description: 'the words and phrases transcripts mark as fillers, lower case; default um, uh, er, erm, hmm, like, you know (docs/product.md#transcripts)' }),
    updatedAt: z.string().nullable().meta({ format: 'date-time', description: 'the last save; null until the defaults were first saved' }),
    updatedBy: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'the admin who saved last; null before the first save or once that account is gone' }),
  })
  .meta({ id: 'SchoolSettings' });

/** A user's own language choice (`PUT /api/user/language`, docs/product.md#language): null follows the school's. */
export const userLanguageSchema = z.object({ language: z.enum(['English', 'Spanish', 'French']).nullable() }).meta({ id: 'UserLanguage' });

const importStatusSchema = z.enum(['create', 'update', 'skip', 'error']);

/** One row of an import file and what the import does with it (docs/product.md#import). */
export const importRowSchema = z
  .object({
    row: z.number().meta({ description: 'the 1-based line of the file where the row starts (the CSV header is line 1)' }),
    email: z.string().meta({ description: 'lower-cased; as written when it is not a valid address' }),
    firstName: z.string(),
    lastName: z.string(),
    role: z.string().meta({ description: '`student`, `teacher` or `admin`; as written when it is none of them' }),
    courses: z.array(z.string()).meta({ description: 'the course titles the row names, each once' }),
    status: importStatusSchema,
    reasons: z.array(z.string()).meta({ description: 'why the row is an error, or what an update changes, in words' }),
  })
  .meta({ id: 'ImportRow' });

/** The answer of `POST /api/admin/import`: the preview or what was done (docs/product.md#import). */
export const importResultSchema = z
  .object({
    dryRun: z.boolean(),
    format: z.enum(['csv', 'json']),
    counts: z.object({ create: z.number(), update: z.number(), skip: z.number(), error: z.number() }),
    rows: z.array(importRowSchema),
    passwords: z
      .array(z.object({ email: z.string(), password: z.string() }))
      .optional()
      .meta({ description: 'the one-time passwords of the accounts made, in row order: in the first answer of an import only' }),
    passwordsWithheld: z.number().optional().meta({ description: 'on a repeat of the same `Idempotency-Key`: how many one-time passwords the first answer held' }),
  })
  .meta({ id: 'ImportResult' });

/** A user row of the admin's users table (docs/product.md#users-and-sessions). */
export const personSchema = userRowJsonSchema;

/**
 * The answer to an account made or a password reset by an admin (docs/product.md#admin-made-accounts,
 * docs/product.md#password-reset): the user's row and their one-time password, answered this once.
 */
export const oneTimePasswordGrantSchema = z
  .object({ user: personSchema, oneTimePassword: z.string().meta({ description: '4 groups of 4 characters joined by dashes, e.g. `K7PM-3XQD-HW2N-9ZRC`; never answered again' }) })
  .meta({ id: 'OneTimePasswordGrant' });

/** A row of the student or teacher list: `{id, name, email}` (docs/product.md#student-and-teacher-records). */
const personRowSchema = z.object({ id: objectId(), name: z.string(), email: z.string() }).meta({ id: 'PersonRow' });

/** One page of `GET /api/admin/users`: the rows and the count of every match (docs/product.md#paged-tables). */
export const usersPageSchema = z.object({ users: z.array(personSchema), total: z.number() }).meta({ id: 'UsersPage' });
/** One page of `GET /api/admin/students`. */
export const studentsPageSchema = z.object({ students: z.array(personRowSchema), total: z.number() }).meta({ id: 'StudentsPage' });
/** One page of `GET /api/admin/teachers`. */
export const teachersPageSchema = z.object({ teachers: z.array(personRowSchema), total: z.number() }).meta({ id: 'TeachersPage' });

/** A teacher as the course form's instructor list shows it. */
export const instructorSchema = z.object({ id: objectId(), name: z.string() }).meta({ id: 'Instructor' });

/** The course ids assigned to a student. */
export const courseIdsSchema = z.array(objectId()).meta({ id: 'CourseIds' });

/** The answer to a course assignment: the student and the new set of course ids (docs/product.md#course-assignment-calls). */
export const assignedCoursesSchema = z.object({ studentId: objectId(), courses: z.array(objectId()) }).meta({ id: 'AssignedCourses' });

/** Any JSON object: the OpenAPI document itself. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string() }).meta({ id: 'OpenApiDocument' });
