import { z } from 'zod';

/*
 * The answers' shapes for the OpenAPI document (docs/product.md#api). Each schema with an `id`
 * becomes a named component (`#/components/schemas/{id}`). `schemas.typecheck.ts` holds every
 * schema to the type the server really answers (`hc<AppType>`), so they cannot drift apart.
 */

/** ISO 8601 timestamp, e.g. `2025-01-31T09:00:00.000Z`. */
const timestamp = () => z.string().meta({ format: 'date-time' });
/** A 24-hex-digit ObjectId. */
const objectId = () => z.string().meta({ pattern: '^[a-fA-F0-9]{24}$' });

/** Role code: 1 admin, 2 teacher, 3 student (docs/product.md#role-codes). */
export const roleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({ id: 'Role', description: 'Role code: 1 admin, 2 teacher, 3 student.' });

/** Oracy level of a mean score (docs/product.md#self-assessment-flow). */
export const oracyLevelSchema = z.enum(['Beginner', 'Developing', 'Proficient', 'Advanced']).meta({ id: 'OracyLevel' });

/**
 * The body of every error answer (docs/product.md#error-messages): `{error: {code, message, fields?}}`;
 * `fields` ({field: message}) only on 400 `validation_error`. Matches `ErrorBody` of `errors.ts`.
 */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Machine-readable code, e.g. `validation_error`, `not_found`, `rate_limited`.' }),
      message: z.string().meta({ description: 'A sentence for people.' }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'Failing field → message (400 `validation_error` only).' }),
    }),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every error answer.' });

/** `{ok: true}` of `GET /api/health` and `GET /auth/logout`. */
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** The signed-in user (`presentCurrentUser`, docs/product.md#users-and-sessions). */
export const currentUserSchema = z
  .object({ id: objectId(), firstName: z.string(), lastName: z.string(), name: z.string(), email: z.string(), role: roleSchema })
  .meta({ id: 'CurrentUser' });

/** The body of `GET /healthz` and `GET /readyz` (`HealthReport` of `health.ts`). */
export const healthReportSchema = z
  .object({
    status: z.enum(['ok', 'unavailable', 'ready', 'not_ready']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'off']).optional(),
    draining: z.boolean().optional(),
  })
  .meta({ id: 'HealthReport' });

/** The answer to a self-assessment: `mean` 1–5 unrounded (docs/product.md#assessment-records). */
export const assessmentResultSchema = z
  .object({ id: objectId(), oracyLevel: oracyLevelSchema, mean: z.number().meta({ minimum: 1, maximum: 5 }) })
  .meta({ id: 'AssessmentResult' });

/** A course (`CourseJson`, docs/product.md#course-records); dates `YYYY-MM-DD`, `duration` in hours. */
export const courseSchema = z
  .object({
    id: objectId(),
    title: z.string(),
    description: z.string(),
    instructorId: objectId().nullable(),
    instructorName: z.string().nullable(),
    duration: z.number().meta({ description: 'hours' }),
    startDate: z.string().meta({ format: 'date' }),
    endDate: z.string().meta({ format: 'date' }),
    status: z.string().meta({ description: '`active` or `inactive`' }),
    image: z.string().nullable().meta({ description: 'stored file name' }),
    imageUrl: z.string().nullable().meta({ description: '`/uploads/{image}`, or null for the placeholder' }),
  })
  .meta({ id: 'Course' });

/** A complaint's status: null is On Hold (docs/product.md#complaint-status). */
const complaintStatusSchema = z.enum(['approved', 'disapproved']).nullable();

const complaintShape = {
  id: objectId(),
  title: z.string(),
  description: z.string(),
  userId: objectId(),
  sId: objectId().optional().meta({ description: "the filer's id when a student filed it" }),
  tId: objectId().optional().meta({ description: "the filer's id when a teacher filed it" }),
  role: z.number().meta({ description: 'role of the filer: 2 teacher, 3 student' }),
  status: complaintStatusSchema,
  createdAt: timestamp(),
  user: z.object({ name: z.string(), role: z.number() }).optional(),
};

/** A complaint of the student and teacher screens (`ComplaintJson`, docs/product.md#notice-and-complaint-records). */
export const complaintSchema = z.object(complaintShape).meta({ id: 'Complaint' });

/** A complaint in the admin view (`AdminComplaintJson`, docs/product.md#complaint-moderation-calls). */
export const adminComplaintSchema = z
  .object({ ...complaintShape, decidedBy: objectId().nullable(), decidedAt: timestamp().nullable() })
  .meta({ id: 'AdminComplaint' });

/** `{id}` of a deleted record. */
export const deletedIdSchema = z.object({ id: objectId() }).meta({ id: 'DeletedId' });

/** A notice (`NoticeJson`, docs/product.md#notice-and-complaint-records). */
export const noticeSchema = z
  .object({ id: objectId(), title: z.string(), description: z.string(), createdAt: timestamp(), updatedAt: timestamp() })
  .meta({ id: 'Notice' });

/** A student's figures (`StudentStats`, docs/product.md#stats-records). */
export const studentStatsSchema = z
  .object({ totalCourses: z.number(), completedCourses: z.number(), totalAssignments: z.number(), oracyLevel: oracyLevelSchema })
  .meta({ id: 'StudentStats' });

/** A teacher's figures (`TeacherStats`, docs/product.md#stats-records). */
export const teacherStatsSchema = z
  .object({ totalCourses: z.number(), totalAssignments: z.number(), completedAssignments: z.number() })
  .meta({ id: 'TeacherStats' });

/** The admin's figures (`AdminStats`, docs/product.md#stats-records). */
export const adminStatsSchema = z
  .object({ totalStudents: z.number(), totalTeachers: z.number(), totalCourses: z.number() })
  .meta({ id: 'AdminStats' });

/** A teacher of a student (`StudentTeacherJson`, docs/product.md#student-and-teacher-records). */
export const studentTeacherSchema = z
  .object({
    id: objectId(),
    teacherName: z.string(),
    profilePicture: z.string().nullable(),
    teacherEmail: z.string(),
    courses: z.array(z.object({ courseName: z.string() })),
  })
  .meta({ id: 'StudentTeacher' });

/** A student of a teacher (`TeacherStudentJson`, docs/product.md#student-and-teacher-records). */
export const teacherStudentSchema = z
  .object({
    id: objectId(),
    studentName: z.string(),
    profilePicture: z.string().nullable(),
    studentEmail: z.string(),
    courses: z.array(z.object({ courseName: z.string() })),
  })
  .meta({ id: 'TeacherStudent' });

/** An assignment of a student's course (`StudentAssignmentJson`); `dueDate` `YYYY-MM-DD`. */
export const studentAssignmentSchema = z
  .object({
    id: objectId(),
    title: z.string(),
    courseId: objectId(),
    courseTitle: z.string(),
    dueDate: z.string(),
    done: z.boolean(),
    completedAt: timestamp().nullable(),
  })
  .meta({ id: 'StudentAssignment' });

/** A user row of the admin's users table (`PersonJson`, docs/product.md#users-and-sessions). */
export const personSchema = z.object({ id: objectId(), name: z.string(), email: z.string(), role: roleSchema }).meta({ id: 'Person' });

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

/** A profile (`ProfileJson`, docs/product.md#users-and-sessions). */
export const profileSchema = z.object({ name: z.string(), email: z.string(), role: roleSchema }).meta({ id: 'Profile' });

/** Any JSON object: the OpenAPI document itself. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string() }).meta({ id: 'OpenApiDocument' });
