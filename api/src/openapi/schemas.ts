import { z } from 'zod';
export { adminStatsSchema, studentStatsSchema, teacherStatsSchema } from '../dashboards/statsSchema.js';
export { schoolSettingsSchema } from '../settings/schema.js';
export {
  assignedCoursesSchema,
  courseIdsSchema,
  instructorSchema,
  oneTimePasswordGrantSchema,
  personSchema,
  studentsPageSchema,
  teachersPageSchema,
  userLanguageSchema,
  usersPageSchema,
} from '../people/answers.js';
export { importResultSchema } from '../import/schema.js';
export { reanalysisSchema } from '../delivery/schema.js';
export { deletedIdSchema } from '../complaints/schema.js';
export { healthReportSchema } from '../platform/health.js';
export { okSchema } from '../platform/http/describe.js';
export { accessLogPageJsonSchema as accessLogPageSchema, ownAccessLogEntryJsonSchema as ownAccessLogEntrySchema } from '../privacy/accessLogPresenter.js';
export { retentionReportJsonSchema as retentionReportSchema } from '../privacy/retention.js';

/*
 * The answers' shapes of the OpenAPI document (docs/product.md#api), re-exported from the concepts
 * that declare them (presenters, schema files) under the document's names, for `schemas.typecheck.ts`;
 * the error body and the document's own shape are declared here.
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
export { courseJsonSchema as courseSchema } from '../courses/presenter.js';
export { deliveryJsonSchema as deliverySchema } from '../delivery/presenter.js';
export { transcriptJsonSchema as transcriptSchema } from '../transcripts/presenter.js';
export { currentUserJsonSchema as currentUserSchema, profileJsonSchema as profileSchema, userPhotoJsonSchema as userPhotoSchema } from '../people/userPresenter.js';
export { noticeJsonSchema as noticeSchema } from '../notices/presenter.js';
export { privacyNoticeJsonSchema as privacyNoticeSchema } from '../privacy/presenter.js';
export { privacyExportJsonSchema as privacyExportSchema, privacyExportStartedJsonSchema as privacyExportStartedSchema } from '../privacy/exportPresenter.js';
export { studentAssignmentJsonSchema as studentAssignmentSchema, teacherAssignmentJsonSchema as teacherAssignmentSchema } from '../assignments/presenter.js';
export { studentTeacherJsonSchema as studentTeacherSchema, teacherStudentJsonSchema as teacherStudentSchema } from '../people/personPresenter.js';

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

/** Any JSON object: the OpenAPI document itself. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string() }).meta({ id: 'OpenApiDocument' });
