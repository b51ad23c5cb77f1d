import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { changePasswordSchema, loginSchema, registerSchema } from '../auth/schema.js';
import { courseFieldsSchema } from '../courses/schema.js';
import { IDEMPOTENCY_HEADER, KEY_LENGTH } from '../platform/http/idempotency.js';
import * as s from './schemas.js';

/** The groups of the reference, in the order it lists them. */
export const TAGS = [
  { name: 'Authentication', description: 'Sign-in, registration and the session cookie (docs/product.md#authentication-and-assessment-calls).' },
  { name: 'Health', description: 'Liveness and readiness for load balancers; no session.' },
  { name: 'Assessment', description: 'The oracy self-assessment (docs/product.md#self-assessment-flow).' },
  { name: 'Student', description: "A student's own data; an admin may read it too (docs/product.md#student-calls)." },
  { name: 'Teacher', description: "A teacher's own data; an admin may read it too (docs/product.md#teacher-calls)." },
  { name: 'Oracy profile', description: 'Strand scores, history and who needs attention (docs/product.md#oracy-profile).' },
  { name: 'Speaking practice', description: 'Speaking tasks, recorded answers and teachers’ feedback (docs/product.md#speaking-practice).' },
  { name: 'Delivery feedback', description: 'Pace, pauses, expression and volume of recordings, measured by the server (docs/product.md#delivery-feedback).' },
  { name: 'Complaints', description: 'Filing, withdrawing and moderating complaints (docs/product.md#complaint-moderation-calls).' },
  { name: 'Courses', description: 'Course management, admins only (docs/product.md#course-calls).' },
  { name: 'Notices', description: 'Notices: every signed-in user reads, admins write (docs/product.md#notice-calls).' },
  { name: 'Users', description: 'Users, students, teachers and course assignment, admins only (docs/product.md#admin-user-calls).' },
  { name: 'Settings', description: "The school's settings and backups, admins only (docs/product.md#settings)." },
  { name: 'Import', description: 'Importing people from a CSV or an export file, admins only (docs/product.md#import).' },
  { name: 'Stats and export', description: 'Figures and the user export, admins only (docs/product.md#stats-and-export-calls).' },
  { name: 'Chat', description: 'Chat attachments; the chat itself runs over Socket.IO (docs/product.md#real-time-socket).' },
  { name: 'Profile', description: 'Profiles (docs/product.md#user-calls).' },
  {
    name: 'Privacy',
    description:
      'The privacy notice: what Oracy stores, why, for how long and who can see it, without a session (docs/product.md#privacy); and "Download my data" (docs/product.md#download-my-data).',
  },
  { name: 'Documentation', description: 'This document and its reference page; no session.' },
] as const satisfies readonly OpenAPIV3_1.TagObject[];

/** A tag of `TAGS`. */
export type Tag = (typeof TAGS)[number]['name'];

/** A 4xx a route itself may answer (the guards' 401/403 and the validators' 400 are added from the route's middleware). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429;

/** One answer of a route: its description and, unless it has no body, its schema (JSON unless `media` says otherwise). */
export interface AnswerDoc {
  /** what the answer means */
  description: string;
  /** the JSON body's shape (`schemas.ts`); omit for a body that is not JSON or for no body */
  schema?: z.ZodType;
  /** media type → OpenAPI schema for bodies that are not JSON, e.g. `{'text/csv': {type: 'string'}}` */
  media?: Record<string, OpenAPIV3_1.SchemaObject>;
  /** response headers, e.g. `Content-Disposition` */
  headers?: Record<string, OpenAPIV3_1.HeaderObject>;
}

/**
 * What the OpenAPI document says of one route beyond what its middleware tells (request
 * parameters and bodies come from its validators, security and 401/403 from its guards).
 */
export interface RouteDoc {
  /** one line for the reference's list */
  summary: string;
  /** the reference's group */
  tag: Tag;
  /** more, in Markdown; where the rule is documented */
  description?: string;
  /** the success status and its answer */
  success: { status: 200 | 201 | 202 | 204; answer: AnswerDoc };
  /** further non-error answers (e.g. 303 after a form, 503 when unhealthy) */
  others?: Partial<Record<number, AnswerDoc>>;
  /** every 4xx the route itself answers, with what it means there; the body is always `ErrorBody` */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** true for a route that reads the session itself (no guard) and answers 401 without one */
  session?: true;
  /** a body the route reads without a validator: media type → zod schema */
  body?: { description?: string; content: Record<string, z.ZodType> };
  /** parameters the route reads without a validator (a query the guard checks, a header) */
  parameters?: OpenAPIV3_1.ParameterObject[];
}

const json = (description: string, schema: z.ZodType): AnswerDoc => ({ description, schema });
const noBody = (description: string): AnswerDoc => ({ description });

const idempotencyKey: OpenAPIV3_1.ParameterObject = {
  in: 'header',
  name: IDEMPOTENCY_HEADER,
  required: false,
  description: `Makes a retried POST safe: a repeat with the same key and body gets the first answer (${KEY_LENGTH.min}–${KEY_LENGTH.max} visible characters).`,
  schema: { type: 'string', minLength: KEY_LENGTH.min, maxLength: KEY_LENGTH.max },
};

const idQuery = (name: string, who: string): OpenAPIV3_1.ParameterObject => ({
  in: 'query',
  name,
  required: true,
  description: `The ${who}'s id: the caller's own, or any for an admin.`,
  schema: { type: 'string', pattern: '^[a-fA-F0-9]{24}$' },
});

const TOO_LARGE = 'The body is larger than the route accepts.';
const NOT_JSON = 'The body was not sent as `application/json`.';
const IDEMPOTENCY_CONFLICT = 'The Idempotency-Key was used with another body, or its first request is still running.';

/** A course as the admin form sends it, as multipart text fields plus an optional `image` file. */
const courseFormSchema = z.object({
  title: z.string(),
  description: z.string(),
  instructorId: z.string(),
  duration: z.string().meta({ description: 'hours, a number > 0' }),
  startDate: z.string().meta({ format: 'date' }),
  endDate: z.string().meta({ format: 'date' }),
  status: z.enum(['active', 'inactive']),
  image: z.string().optional().meta({ format: 'binary', description: 'a PNG, JPEG, GIF or WebP image of at most 5 MB' }),
});

/**
 * The complaint routes of one area (docs/product.md#student-complaints,
 * docs/product.md#teacher-complaints): the same three calls for students and
 * teachers, told apart by the path and the owner's query parameter.
 */
function complaintDocs(area: 'student' | 'teacher', ownerQuery: 'sId' | 'tId'): Record<string, RouteDoc> {
  const base = `/api/${area}/complaints`;
  return {
    [`GET ${base}`]: {
      summary: `A ${area}'s complaints`,
      tag: 'Complaints',
      success: { status: 200, answer: json('The complaints, newest first.', z.array(s.complaintSchema)) },
      errors: { 404: `No ${area} has this id.` },
      parameters: [idQuery(ownerQuery, area)],
    },
    [`POST ${base}`]: {
      summary: `File a complaint (${area})`,
      tag: 'Complaints',
      description: `${area === 'student' ? 'Students' : 'Teachers'} only (docs/product.md#${area}-complaints).`,
      success: { status: 201, answer: json('Filed.', s.complaintSchema) },
      errors: { 409: IDEMPOTENCY_CONFLICT, 413: TOO_LARGE, 415: NOT_JSON },
      parameters: [idempotencyKey],
    },
    [`DELETE ${base}/:id`]: {
      summary: `Withdraw a complaint (${area})`,
      tag: 'Complaints',
      success: { status: 200, answer: json('Withdrawn.', s.deletedIdSchema) },
      errors: { 404: 'No complaint has this id.', 409: 'An approved complaint cannot be deleted.' },
    },
  };
}

/** A photo as Edit Profile sends it: one image file. */
const photoFormDoc = z.object({
  photo: z.string().meta({ format: 'binary', description: 'a PNG, JPEG, GIF or WebP image of at most 5 MB' }),
});

/** An import as the settings screen sends it: one file. */
const importFormDoc = z.object({
  file: z.string().meta({ format: 'binary', description: 'a CSV (`.csv`) or the JSON of "Export Now" (`.json`), UTF-8, at most 2 MB and 5,000 people' }),
});

/** A recording as the student's phone sends it: the audio file and the length it measured. */
const recordingFormDoc = z.object({
  audio: z.string().meta({ format: 'binary', description: 'WebM, Ogg, MP4 (M4A) or WAV audio of at most 10 MB, judged by its content' }),
  durationMs: z.string().optional().meta({ description: 'the length the recorder measured, ms; the file’s own length is what counts' }),
  delivery: z.string().optional().meta({
    description: 'the phone’s delivery report (`DeliveryReport`) as JSON; kept as `source: device` until the server has measured the audio (docs/product.md#measured-by-the-server)',
  }),
});

/**
 * The documentation of every route of the app, keyed `METHOD /path` in Hono's path syntax
 * (`GET /api/student/stats/:studentId`) — exactly the method and path `app.routes` lists.
 * `openapi/document.ts` merges each entry into the operation built from the route's validators
 * and guards; `openapi.test.ts` fails when a route of the app has no entry here.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Authentication
  'POST /auth/login': {
    summary: 'Sign in',
    tag: 'Authentication',
    description:
      'Starts a session: sets the session cookie and a device cookie for the account (`oracy_device_…`, `Path=/auth/login`, 90 days), and answers the current user. A form post is answered with a redirect to `/`, or the sign-in page again (HTML) on failure (docs/product.md#users-and-sessions). Failed sign-ins are limited per email and address, per email and per address; a browser holding a valid device cookie for the email passes those limits (docs/architecture.md#sign-in-throttling).',
    success: { status: 200, answer: json('Signed in; the session cookie is set.', s.currentUserSchema) },
    others: { 303: noBody('A form post signed in: redirect to `/`.') },
    errors: {
      400: 'Email or password missing or malformed (`validation_error` naming the fields), or a malformed body.',
      401: '`invalid_credentials`: "Invalid email or password", whether or not the email exists.',
      413: TOO_LARGE,
      415: 'The body is neither JSON nor a form.',
      429: 'Too many failed sign-ins for this email from this address, for this email, or from this address, and no device cookie trusted by the account; `Retry-After` says when to try again.',
    },
    body: { content: { 'application/json': loginSchema, 'application/x-www-form-urlencoded': loginSchema } },
  },
  'POST /auth/register': {
    summary: 'Register a student account',
    tag: 'Authentication',
    description:
      'Creates a student (role 3) and signs them in, as far as `REGISTRATION` allows (docs/product.md#registration-policy). A form post is answered with a redirect to `/`, or the page again (HTML) on failure.',
    success: { status: 201, answer: json('Registered and signed in; the session cookie is set.', s.currentUserSchema) },
    others: { 303: noBody('A form post registered: redirect to `/`.') },
    errors: {
      400: '`validation_error` naming the fields (e.g. a password that is too short or too common), or a malformed body.',
      403: 'Registration is closed, or the email is not of an allowed domain (`forbidden`; the domains are not named).',
      409: 'An account with this email already exists.',
      413: TOO_LARGE,
      415: 'The body is neither JSON nor a form.',
      429: 'Too many registrations from this address; `Retry-After` says when to try again.',
    },
    body: { content: { 'application/json': registerSchema, 'application/x-www-form-urlencoded': registerSchema } },
  },
  'POST /auth/change-password': {
    summary: 'Replace a one-time password',
    tag: 'Authentication',
    description:
      'For a user who signed in with a one-time password (docs/product.md#one-time-passwords): their own password, typed twice, replaces it. Every session of the user ends and this one continues in a fresh session (a new cookie). A form post is answered with a redirect to `/`, or the page again (HTML) on failure.',
    success: { status: 200, answer: json('Changed; a fresh session cookie is set.', s.currentUserSchema) },
    others: { 303: noBody('A form post: redirect to `/` (changed, or nothing to change), or to `/login` without a session.') },
    errors: {
      400: '`validation_error` naming the fields: the password rules, a confirmation that differs, or the one-time password itself.',
      401: 'No valid session.',
      403: 'The user has no one-time password to replace (`forbidden`).',
      413: TOO_LARGE,
      415: 'The body is neither JSON nor a form.',
    },
    session: true,
    body: { content: { 'application/json': changePasswordSchema, 'application/x-www-form-urlencoded': changePasswordSchema } },
  },
  'GET /auth/current_user': {
    summary: 'The signed-in user',
    tag: 'Authentication',
    success: { status: 200, answer: json('The user of the session.', s.currentUserSchema) },
    errors: { 401: 'No valid session.' },
    session: true,
  },
  'POST /auth/logout': {
    summary: 'Sign out',
    tag: 'Authentication',
    description: 'Ends the session, if any, and clears the cookie (docs/product.md#logout). What the PWA sends; refused from other origins like every POST.',
    success: { status: 200, answer: json('Signed out.', s.okSchema) },
  },
  'GET /auth/logout': {
    summary: 'Sign out from a link of the app',
    tag: 'Authentication',
    description:
      'Ends the session, if any, and clears the cookie (docs/product.md#logout), from the app’s own pages only: a request that another site started (`Sec-Fetch-Site: cross-site` or `same-site`) is refused and the session lives.',
    success: { status: 200, answer: json('Signed out.', s.okSchema) },
    errors: { 403: 'Started by another site (`Sec-Fetch-Site: cross-site` or `same-site`).' },
  },

  // Health
  'GET /api/health': { summary: 'The API answers', tag: 'Health', success: { status: 200, answer: json('Up.', s.okSchema) } },
  'GET /healthz': {
    summary: 'Liveness',
    tag: 'Health',
    description: 'Up when the database answers a ping within 2 s.',
    success: { status: 200, answer: json('Healthy.', s.healthReportSchema) },
    others: { 503: json('The database did not answer.', s.healthReportSchema) },
  },
  'GET /readyz': {
    summary: 'Readiness',
    tag: 'Health',
    description: 'Ready when the database is up, Redis (if configured) is ready and the process is not shutting down.',
    success: { status: 200, answer: json('Ready for requests.', s.healthReportSchema) },
    others: { 503: json('Not ready: the body says why.', s.healthReportSchema) },
  },

  // Assessment
  'POST /api/updateOracyAssessment': {
    summary: 'Submit a self-assessment',
    tag: 'Assessment',
    description: "Stores the 16 scores (1–5) against the caller and sets the caller's oracy level from their mean (docs/product.md#self-assessment-flow).",
    success: { status: 201, answer: json('Stored; the level and mean of this submission.', s.assessmentResultSchema) },
    errors: { 413: TOO_LARGE, 415: NOT_JSON },
  },

  // Student
  'GET /api/student/stats/:studentId': {
    summary: "A student's figures",
    tag: 'Student',
    success: {
      status: 200,
      answer: json('Courses, completions, assignments, oracy level, whether the student has self-assessed, and completions per month for the last six months.', s.studentStatsSchema),
    },
    errors: { 404: 'No student has this id.' },
  },
  'GET /api/student/courses/:studentId': {
    summary: "A student's enrolled courses",
    tag: 'Student',
    success: { status: 200, answer: json('The courses.', z.array(s.courseSchema)) },
    errors: { 404: 'No student has this id.' },
  },
  'GET /api/student/teacher/:studentId': {
    summary: "A student's teachers",
    tag: 'Student',
    success: { status: 200, answer: json("The teachers of the student's courses.", z.array(s.studentTeacherSchema)) },
    errors: { 404: 'No student has this id.' },
  },
  'GET /api/student/assignments/:studentId': {
    summary: "A student's assignments",
    tag: 'Student',
    success: { status: 200, answer: json("The assignments of the student's courses.", z.array(s.studentAssignmentSchema)) },
    errors: { 404: 'No student has this id.' },
  },
  ...complaintDocs('student', 'sId'),

  // Teacher
  'GET /api/teacher/stats/:teacherId': {
    summary: "A teacher's figures",
    tag: 'Teacher',
    success: { status: 200, answer: json('Courses, assignments and completions.', s.teacherStatsSchema) },
    errors: { 404: 'No teacher has this id.' },
  },
  'GET /api/teacher/courses/:teacherId': {
    summary: "A teacher's courses",
    tag: 'Teacher',
    success: { status: 200, answer: json('The courses the teacher instructs.', z.array(s.courseSchema)) },
    errors: { 404: 'No teacher has this id.' },
  },
  'GET /api/teacher/students/:teacherId': {
    summary: "A teacher's students",
    tag: 'Teacher',
    success: { status: 200, answer: json("The students of the teacher's courses.", z.array(s.teacherStudentSchema)) },
    errors: { 404: 'No teacher has this id.' },
  },
  'GET /api/teacher/assignments/:teacherId': {
    summary: "The assignments of a teacher's courses",
    tag: 'Teacher',
    description: "Each with how many of its course's enrolled students have completed it (docs/product.md#teacher-courses).",
    success: { status: 200, answer: json('The assignments, by due date.', z.array(s.teacherAssignmentSchema)) },
    errors: { 404: 'No teacher has this id.' },
  },
  ...complaintDocs('teacher', 'tId'),

  // Oracy profile
  'GET /api/student/oracy/:studentId': {
    summary: "A student's Oracy profile",
    tag: 'Oracy profile',
    description:
      'The latest and the previous submission, the change, the history (newest first, 50 at most; `?before=` pages further back) and the needs-attention reasons. For the student, a teacher of one of their courses, or an admin (docs/product.md#oracy-profile); a teacher’s or an admin’s read is written to the access log first (docs/product.md#access-log).',
    success: { status: 200, answer: json('The profile.', s.studentOracySchema) },
    errors: { 403: 'Another student, or a teacher who does not teach this student.', 404: 'No student has this id.' },
  },
  'GET /api/teacher/oracy/:teacherId': {
    summary: "A teacher's students' Oracy",
    tag: 'Oracy profile',
    description:
      "Every student of the teacher's courses (of one course with `?courseId=`) with level, strands, last assessment, change and needs-attention reasons — needs attention first, then by name — plus strand averages and level counts (docs/product.md#oracy-profile).",
    success: { status: 200, answer: json('The overview.', s.teacherOracySchema) },
    errors: { 403: 'The course is not one of this teacher’s.', 404: 'No teacher has this id.' },
  },
  'GET /api/teacher/students/:teacherId/:studentId/assignments': {
    summary: "A student's assignments in a teacher's courses",
    tag: 'Oracy profile',
    description: "The assignments of the teacher's courses the student is enrolled in, with the student's completion (docs/product.md#oracy-profile).",
    success: { status: 200, answer: json('The assignments, by due date.', z.array(s.studentAssignmentSchema)) },
    errors: { 400: 'A malformed student id.', 403: 'The student is in none of this teacher’s courses.', 404: 'No such teacher or student.' },
  },
  'GET /api/admin/oracy': {
    summary: "The school's Oracy",
    tag: 'Oracy profile',
    description: 'Students, how many are assessed, the level distribution and the strand averages over every student (docs/product.md#oracy-profile).',
    success: { status: 200, answer: json('The overview.', s.adminOracySchema) },
  },

  // Speaking practice
  'POST /api/teacher/speaking-tasks': {
    summary: 'Set a speaking task',
    tag: 'Speaking practice',
    description: 'Teachers only, for one of their courses (docs/product.md#speaking-practice).',
    success: { status: 201, answer: json('Set.', s.speakingTaskSchema) },
    errors: { 403: 'The course is not one of the teacher’s.', 413: TOO_LARGE, 415: NOT_JSON },
  },
  'GET /api/teacher/speaking-tasks/:teacherId': {
    summary: "A teacher's speaking tasks",
    tag: 'Speaking practice',
    success: { status: 200, answer: json('The tasks, by due date, with submitted, reviewed and student counts.', z.array(s.teacherSpeakingTaskSchema)) },
    errors: { 404: 'No teacher has this id.' },
  },
  'PUT /api/teacher/speaking-tasks/:taskId': {
    summary: 'Change a speaking task',
    tag: 'Speaking practice',
    description: 'The task’s teacher or an admin; the course stays.',
    success: { status: 200, answer: json('Saved.', s.speakingTaskSchema) },
    errors: { 403: 'Not the task’s teacher.', 404: 'No task has this id.', 413: TOO_LARGE, 415: NOT_JSON },
  },
  'DELETE /api/teacher/speaking-tasks/:taskId': {
    summary: 'Delete a speaking task',
    tag: 'Speaking practice',
    success: { status: 204, answer: noBody('Deleted.') },
    errors: { 403: 'Not the task’s teacher.', 404: 'No task has this id.', 409: 'Students have answered it.' },
  },
  'GET /api/student/speaking-tasks/:studentId': {
    summary: "A student's speaking tasks",
    tag: 'Speaking practice',
    success: { status: 200, answer: json('The tasks of the student’s courses with their own recording and its feedback.', z.array(s.studentSpeakingTaskSchema)) },
    errors: { 404: 'No student has this id.' },
  },
  'POST /api/student/speaking-tasks/:taskId/recordings': {
    summary: 'Send a recorded answer',
    tag: 'Speaking practice',
    description:
      'Students enrolled in the task’s course. Replaces the student’s pending recording of the task. With an `Idempotency-Key`, a repeat gets the first answer and never makes a second recording (docs/product.md#speaking-practice).',
    success: { status: 201, answer: json('Stored.', s.recordingSchema) },
    errors: {
      400: 'A length that cannot be read from the audio, a `delivery` that is not a valid report, or a malformed form. (503 `measurement_unavailable`: WebM, Ogg and MP4 cannot be measured on this server now, without ffmpeg.)',
      403: 'Not enrolled in the task’s course (answered before the body is read).',
      404: 'No task has this id (answered before the body is read).',
      409: 'Already reviewed (answered before the body is read), or the `Idempotency-Key` was used for another request.',
      413: 'The recording is larger than 10 MB, or its audio is longer than the task’s `maxSeconds` + 10 % (measured by the server; `durationMs` is ignored).',
      415: 'Not WebM, Ogg, MP4 (M4A) or WAV audio by its content, or a WAV encoding other than PCM (8/16/24/32-bit) or IEEE float (32/64-bit).',
    },
    parameters: [idempotencyKey],
    body: { content: { 'multipart/form-data': recordingFormDoc } },
  },
  'GET /api/recordings/:recordingId': {
    summary: 'One recording for review',
    tag: 'Speaking practice',
    description:
      'The recording as the teacher’s review screen shows it (docs/product.md#feedback): the task, the student’s name, the audio URL, the delivery summary and the feedback (`null` before any). For whoever may hear its audio: the recording’s student, its course’s current teacher and admins (docs/product.md#who-sees-a-recording).',
    success: { status: 200, answer: json('The recording with its task and feedback.', s.reviewItemSchema) },
    errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
  },
  'GET /api/recordings/:recordingId/audio': {
    summary: "A recording's audio",
    tag: 'Speaking practice',
    description:
      'For the recording’s student, its course’s current teacher and admins (docs/product.md#who-sees-a-recording). Byte ranges (`Range: bytes=0-99`, `bytes=100-`, `bytes=-500`) get 206 with `Content-Range`; ranges apart or another unit get the whole file; `If-None-Match` gets 304. A staff read writes one access-log entry per person and recording in 10 minutes, whatever its `Range`.',
    success: {
      status: 200,
      answer: {
        description: 'The audio with its stored content type, `Accept-Ranges: bytes` and `Cache-Control: private, no-cache`.',
        media: { 'audio/webm': { type: 'string', format: 'binary' }, 'audio/mp4': { type: 'string', format: 'binary' } },
      },
    },
    others: {
      206: { description: 'The requested byte range, with `Content-Range`.', media: { 'audio/webm': { type: 'string', format: 'binary' } } },
      304: noBody('Not modified (`If-None-Match` named the ETag).'),
    },
    errors: {
      403: 'Not the recording’s student, its course’s current teacher or an admin.',
      404: 'No recording has this id.',
      410: '`audio_removed`: the daily retention job removed the audio after the school’s recording retention (docs/product.md#retention); the recording and its feedback stay.',
      416: 'The range lies outside the file.',
    },
  },
  'GET /api/teacher/recordings/:teacherId': {
    summary: "A teacher's review queue",
    tag: 'Speaking practice',
    description: '`?status=pending` (default): oldest first; `?status=reviewed`: newest first, with the feedback.',
    success: { status: 200, answer: json('The recordings of the teacher’s tasks.', z.array(s.reviewItemSchema)) },
    errors: { 404: 'No teacher has this id.' },
  },
  'POST /api/teacher/recordings/:recordingId/feedback': {
    summary: 'Score a recording',
    tag: 'Speaking practice',
    description: 'The course’s current teacher: one integer 1–5 for each of the task’s focus strands and a comment.',
    success: { status: 201, answer: json('Saved; the recording is reviewed.', s.feedbackSchema) },
    errors: {
      400: '`validation_error` naming `strands.<key>` for a missing or extra strand.',
      403: 'Not the current teacher of the recording’s course.',
      404: 'No recording has this id.',
      409: 'The recording already has feedback.',
      413: TOO_LARGE,
      415: NOT_JSON,
    },
  },
  'PUT /api/teacher/recordings/:recordingId/feedback': {
    summary: 'Change your feedback',
    tag: 'Speaking practice',
    success: { status: 200, answer: json('Saved.', s.feedbackSchema) },
    errors: { 403: 'Not the current teacher of the recording’s course, or someone else’s feedback.', 404: 'No recording, or no feedback yet.', 413: TOO_LARGE, 415: NOT_JSON },
  },

  // Delivery feedback
  'GET /api/recordings/:recordingId/delivery': {
    summary: "A recording's delivery report",
    tag: 'Delivery feedback',
    description:
      'For the recording’s student, its course’s current teacher and admins. `pending` until the server has measured the stored audio; the phone’s report (`source: device`) until the server’s replaces it; `failed` or `unavailable` with a `reason` when the server could not measure it (docs/product.md#measured-by-the-server).',
    success: { status: 200, answer: json('The measurement and its report.', s.deliverySchema) },
    errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
  },
  'GET /api/recordings/:recordingId/transcript': {
    summary: "A recording's transcript",
    tag: 'Delivery feedback',
    description:
      'The audio’s rule: the recording’s student, its course’s current teacher and admins; a staff read is in the access log. `pending` until the server has transcribed the stored audio; `unavailable` when this server does not transcribe; `failed` when this take could not be. Words with their times, words a minute, fillers from the school’s list, repeats, and the reading against a script (null without one). Every mark is a suggestion (docs/product.md#transcripts).',
    success: { status: 200, answer: json('The transcript.', s.transcriptSchema) },
    errors: { 403: 'Not the recording’s student, its course’s current teacher or an admin.', 404: 'No recording has this id.' },
  },
  'PUT /api/recordings/:recordingId/transcript': {
    summary: "Correct a recording's transcript",
    tag: 'Delivery feedback',
    description:
      'The course’s current teacher and admins. `words`: every word in order as it should read (times kept; an empty word drops it); `dismissedFillers`: start times (ms) of fillers that are not. Fillers, repeats and words a minute are worked out again; `version` goes up by one and the worker’s version is kept (docs/product.md#transcripts).',
    success: { status: 200, answer: json('The corrected transcript.', s.transcriptSchema) },
    errors: {
      400: '`validation_error`: words of another count than the transcript’s, or neither field.',
      403: 'The student, or not the course’s current teacher.',
      404: 'No recording has this id.',
      409: 'The transcript is not ready, or changed meanwhile.',
    },
  },
  'POST /api/admin/delivery/reanalyse': {
    summary: 'Measure recordings again',
    tag: 'Delivery feedback',
    description:
      'Admins only. Queues the server’s measurement of every recording it has not measured with the current method: reports by an older version, the phone’s reports, `pending` and `unavailable` ones; not those it failed to measure (docs/product.md#measured-by-the-server).',
    success: { status: 202, answer: json('Queued; the measurements run in the background.', s.reanalysisSchema) },
  },

  // Complaint moderation
  'GET /api/admin/complaints': {
    summary: 'Complaints on hold',
    tag: 'Complaints',
    success: { status: 200, answer: json('Every unresolved complaint, oldest first.', z.array(s.adminComplaintSchema)) },
  },
  'POST /api/admin/complaints/:id/approve': {
    summary: 'Approve a complaint',
    tag: 'Complaints',
    description:
      'The body is optional: `{note}` is a note to the filer, shown under the status on their screen, trimmed, at most 500 characters (docs/product.md#complaint-status). The deciding admin may undo it within 60 s (`/undo`).',
    success: { status: 200, answer: json('Approved.', s.adminComplaintSchema) },
    errors: { 400: 'A malformed id, or a note over 500 characters.', 404: 'No complaint has this id.', 409: 'The complaint was already approved or disapproved.', 415: NOT_JSON },
  },
  'POST /api/admin/complaints/:id/disapprove': {
    summary: 'Disapprove a complaint',
    tag: 'Complaints',
    description:
      'The body is optional: `{note}` is a note to the filer, shown under the status on their screen, trimmed, at most 500 characters (docs/product.md#complaint-status). The deciding admin may undo it within 60 s (`/undo`).',
    success: { status: 200, answer: json('Disapproved.', s.adminComplaintSchema) },
    errors: { 400: 'A malformed id, or a note over 500 characters.', 404: 'No complaint has this id.', 409: 'The complaint was already approved or disapproved.', 415: NOT_JSON },
  },
  'POST /api/admin/complaints/:id/undo': {
    summary: 'Undo a complaint decision',
    tag: 'Complaints',
    description:
      'Returns an approved or disapproved complaint to On Hold (`status: null`, no decision, no note), back in the admin list: only the admin who decided it, within 60 s of the decision (docs/product.md#complaint-status).',
    success: { status: 200, answer: json('On Hold again.', s.adminComplaintSchema) },
    errors: {
      403: 'Another admin decided this complaint.',
      404: 'No complaint has this id.',
      409: 'The complaint is On Hold, or more than 60 s have passed since the decision.',
    },
  },

  // Courses
  'GET /api/admin/courses': {
    summary: 'Every course',
    tag: 'Courses',
    success: { status: 200, answer: json('The courses, newest first, with their instructor names.', z.array(s.courseSchema)) },
  },
  'GET /api/admin/courses/:id': {
    summary: 'One course',
    tag: 'Courses',
    success: { status: 200, answer: json('The course.', s.courseSchema) },
    errors: { 404: 'No course has this id.' },
  },
  'POST /api/admin/courses': {
    summary: 'Create a course',
    tag: 'Courses',
    description: 'Multipart with an optional `image` file, or JSON without an image (docs/product.md#course-form-validation).',
    success: { status: 201, answer: json('Created.', s.courseSchema) },
    errors: {
      400: '`validation_error` naming the fields (an instructor who is not a teacher, an end date before the start date), or a malformed body.',
      413: 'The request is larger than 5 MB.',
      415: 'The body is neither multipart nor JSON, or the image is not a real image.',
    },
    body: { content: { 'multipart/form-data': courseFormSchema, 'application/json': courseFieldsSchema } },
  },
  'PUT /api/admin/courses/:id': {
    summary: 'Update a course',
    tag: 'Courses',
    description: 'As creation; a new image replaces the old one, no image keeps it.',
    success: { status: 200, answer: json('Saved.', s.courseSchema) },
    errors: {
      400: '`validation_error` naming the fields, or a malformed id or body.',
      404: 'No course has this id.',
      413: 'The request is larger than 5 MB.',
      415: 'The body is neither multipart nor JSON, or the image is not a real image.',
    },
    body: { content: { 'multipart/form-data': courseFormSchema, 'application/json': courseFieldsSchema } },
  },
  'DELETE /api/admin/courses/:id': {
    summary: 'Delete a course',
    tag: 'Courses',
    description: 'Also removes its enrollments, assignments and image.',
    success: { status: 204, answer: noBody('Deleted.') },
    errors: { 404: 'No course has this id.' },
  },

  // Notices
  'GET /api/admin/notice': {
    summary: 'Every notice',
    tag: 'Notices',
    success: { status: 200, answer: json('The notices, newest first.', z.array(s.noticeSchema)) },
  },
  'POST /api/admin/notice': {
    summary: 'Post a notice',
    tag: 'Notices',
    success: { status: 201, answer: json('Posted.', s.noticeSchema) },
    errors: { 413: TOO_LARGE, 415: NOT_JSON },
  },
  'PUT /api/admin/notice/:id': {
    summary: 'Edit a notice',
    tag: 'Notices',
    success: { status: 200, answer: json('Saved.', s.noticeSchema) },
    errors: { 404: 'No notice has this id.', 413: TOO_LARGE, 415: NOT_JSON },
  },
  'DELETE /api/admin/notice/:id': {
    summary: 'Delete a notice',
    tag: 'Notices',
    success: { status: 204, answer: noBody('Deleted.') },
    errors: { 404: 'No notice has this id.' },
  },

  // Users, students, teachers
  'GET /api/admin/users': {
    summary: 'A page of users',
    tag: 'Users',
    success: { status: 200, answer: json('The page, sorted by name, and the count of every match.', s.usersPageSchema) },
  },
  'POST /api/admin/users': {
    summary: 'Make an account with a one-time password',
    tag: 'Users',
    description:
      'The server makes the one-time password and answers it this once; it is stored only as a hash. The user must choose their own password at their next sign-in (docs/product.md#admin-made-accounts).',
    success: { status: 201, answer: json('Made; the one-time password is in this answer only.', s.oneTimePasswordGrantSchema) },
    errors: { 409: 'A user with this email already exists.', 415: NOT_JSON },
  },
  'POST /api/admin/users/:id/reset-password': {
    summary: "Reset a user's password",
    tag: 'Users',
    description:
      'Gives the user a new one-time password, answered this once; the old password stops working and every session and discussion socket of the user ends (docs/product.md#password-reset).',
    success: { status: 200, answer: json('Reset; the one-time password is in this answer only.', s.oneTimePasswordGrantSchema) },
    errors: { 404: 'No user has this id.', 409: 'Oneself.' },
  },
  'PUT /api/admin/users/:id/role': {
    summary: "Change a user's role",
    tag: 'Users',
    description: "The user's live sessions carry the new role from their next request (docs/product.md#role-change).",
    success: { status: 200, answer: json('The updated user.', s.personSchema) },
    errors: { 404: 'No user has this id.', 409: 'It would leave no admin.', 415: NOT_JSON },
  },
  'DELETE /api/admin/users/:id': {
    summary: 'Delete a user',
    tag: 'Users',
    success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
    errors: { 404: 'No user has this id.', 409: 'Oneself, or the last admin.' },
  },
  'GET /api/admin/students': {
    summary: 'A page of students',
    tag: 'Users',
    success: { status: 200, answer: json('The page and the count of every match.', s.studentsPageSchema) },
  },
  'GET /api/admin/teachers': {
    summary: 'A page of teachers',
    tag: 'Users',
    success: { status: 200, answer: json('The page and the count of every match.', s.teachersPageSchema) },
  },
  'DELETE /api/admin/students/:id': {
    summary: 'Delete a student',
    tag: 'Users',
    success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
    errors: { 404: 'No student has this id.' },
  },
  'DELETE /api/admin/teachers/:id': {
    summary: 'Delete a teacher',
    tag: 'Users',
    success: { status: 204, answer: noBody('Deleted, with everything that was theirs.') },
    errors: { 404: 'No teacher has this id.' },
  },
  'GET /api/admin/instructors': {
    summary: 'Every teacher, for the course form',
    tag: 'Courses',
    success: { status: 200, answer: json('The teachers.', z.array(s.instructorSchema)) },
  },
  'GET /api/admin/students/:studentId/courses': {
    summary: "A student's assigned courses",
    tag: 'Users',
    success: { status: 200, answer: json('The course ids.', s.courseIdsSchema) },
    errors: { 404: 'No student has this id.' },
  },
  'POST /api/admin/students/:studentId/assign-courses': {
    summary: "Set a student's courses",
    tag: 'Users',
    description: 'Replaces the set; nothing changes when a course id is unknown (docs/product.md#assign-courses-validation).',
    success: { status: 200, answer: json('The new set.', s.assignedCoursesSchema) },
    errors: {
      400: "`validation_error`: an unknown course id, or a body `studentId` other than the path's.",
      404: 'No student has this id.',
      415: NOT_JSON,
    },
  },

  // Settings
  'GET /api/admin/settings': {
    summary: "The school's settings",
    tag: 'Settings',
    description: 'Admins only (docs/product.md#settings). English and Daily until an admin first saves.',
    success: { status: 200, answer: json('The settings.', s.schoolSettingsSchema) },
  },
  'PUT /api/admin/settings': {
    summary: "Save the school's settings",
    tag: 'Settings',
    description:
      'Admins only (docs/product.md#settings): every setting — language, backup frequency, the school’s name and privacy contact (docs/product.md#privacy) — and no other field; a full replace. "Revert to Default" saves English and Daily.',
    success: { status: 200, answer: json('Saved; the admin is `updatedBy`.', s.schoolSettingsSchema) },
    errors: { 413: TOO_LARGE, 415: NOT_JSON },
  },
  'GET /api/admin/backups': {
    summary: 'The backups',
    tag: 'Settings',
    description:
      'Admins only (docs/product.md#backups-on-the-settings-screen): `embedded` or `external` (`MONGODB_URI`: backups are that database’s job), the Backup Frequency, the next scheduled backup (03:00 server local time; null when none is scheduled), the latest finished backup, whether one is running, and the kept archives, newest first (docs/architecture.md#scheduled-backups).',
    success: { status: 200, answer: json('The backups.', s.backupStatusSchema) },
  },
  'POST /api/admin/backups': {
    summary: 'Back up now',
    tag: 'Settings',
    description:
      'Admins only (docs/product.md#backups-on-the-settings-screen): queues a backup of the embedded database and the uploads, the same archive as `npm run backup`. Poll `GET /api/admin/backups` until `running` is false; `last` then tells how it went.',
    success: { status: 202, answer: json('Queued; the id of its run.', s.backupStartedSchema) },
    errors: { 409: '`backup_running`: a backup is queued or running; `backups_external`: `MONGODB_URI` is set, so Oracy makes no backups.' },
  },
  'GET /api/admin/backups/:name': {
    summary: 'Download a backup',
    tag: 'Settings',
    description:
      'Admins only. `:name` is an archive’s name as `GET /api/admin/backups` lists it (`oracy-backup-2026-11-27T03-00-01Z.tar.gz`); byte ranges are served. The archive holds password hashes and sessions: keep it as safe as the server.',
    success: {
      status: 200,
      answer: {
        description: 'The archive: a gzip-compressed tar with `manifest.json` first (docs/architecture.md#backups), `Cache-Control: private, no-store`.',
        media: { 'application/gzip': { type: 'string', format: 'binary' } },
        headers: { 'Content-Disposition': { description: '`attachment; filename="<name>"`', schema: { type: 'string' } } },
      },
    },
    others: {
      206: { description: 'The requested byte range, with `Content-Range`.', media: { 'application/gzip': { type: 'string', format: 'binary' } } },
      304: noBody('Not modified (`If-None-Match` named the ETag).'),
    },
    errors: {
      400: 'Not the name of a backup archive (`validation_error`): a path, `..`, another extension.',
      404: 'No such archive is kept.',
      416: 'The requested range is outside the file.',
    },
  },

  // Import
  'POST /api/admin/import': {
    summary: 'Import people from a file',
    tag: 'Import',
    description:
      'Admins only (docs/product.md#import). One `file`: a CSV with the columns `firstName, lastName, email, role, courses` (role `student` or `teacher`, courses separated by `;`) or the JSON of "Export Now". `?dryRun=1` answers the preview and writes nothing; without it the file is applied: rows with errors never are, new accounts get one-time passwords, which this answer holds once. Importing the same file again changes nothing. With an `Idempotency-Key`, a repeat gets the first answer without the passwords (`passwordsWithheld`).',
    success: { status: 200, answer: json('Each row with its status and reasons, and the counts.', s.importResultSchema) },
    errors: {
      400: 'The file cannot be read (not UTF-8 text, another kind of file, not valid CSV or JSON, missing columns, no rows), with the reason in words; or a bad `dryRun`.',
      409: IDEMPOTENCY_CONFLICT,
      413: '`file_too_large`: the file is larger than 2 MB; `too_many_rows`: it holds more than 5,000 people.',
      415: 'The body is not `multipart/form-data`.',
    },
    parameters: [idempotencyKey],
    body: { content: { 'multipart/form-data': importFormDoc } },
  },

  // Stats and export
  'GET /api/admin/stats': {
    summary: 'Figures for the admin dashboard',
    tag: 'Stats and export',
    success: { status: 200, answer: json('Counts of students, teachers and courses, and new users per month for the last six months.', s.adminStatsSchema) },
  },
  'GET /api/admin/export': {
    summary: 'Export every user',
    tag: 'Stats and export',
    description:
      '`id, name, email, role, createdAt` of every user, each student’s latest Oracy level, mean, strands and date, then `firstName, lastName` and a student’s course titles (`courses`), streamed as a download (docs/product.md#export-file).',
    success: {
      status: 200,
      answer: {
        description: 'The file: CSV with a header row, or a JSON array.',
        media: {
          'text/csv': { type: 'string' },
          'application/json': { type: 'array', items: { type: 'object' } },
        },
        headers: { 'Content-Disposition': { description: '`attachment; filename=user_data.csv` or `user_data.json`', schema: { type: 'string' } } },
      },
    },
  },

  // Chat
  'GET /api/chat/attachments/:id': {
    summary: 'Download a chat attachment',
    tag: 'Chat',
    description: 'Admins only; `:id` is the message id (its `file_url`). Answered with an ETag; `If-None-Match` gets a 304.',
    success: {
      status: 200,
      answer: {
        description: 'The file with its stored content type.',
        media: { 'application/octet-stream': { type: 'string', format: 'binary' } },
        headers: { 'Content-Disposition': { description: '`attachment` with the original file name', schema: { type: 'string' } } },
      },
    },
    others: { 304: noBody('Not modified (`If-None-Match` named the ETag).') },
    errors: { 404: 'No message has this id, or it has no file.' },
  },

  // Profile
  'GET /api/user/profile/:userId': {
    summary: "A user's profile",
    tag: 'Profile',
    description:
      'The user themself or an admin (docs/product.md#teacher-and-student-profiles): name, email, role, photo and own language, with a student’s progress (share of their assignments completed), enrolled courses and badges (docs/product.md#badges), or a teacher’s courses taught, subjects and teaching progress.',
    success: { status: 200, answer: json('The profile.', s.profileSchema) },
    errors: { 404: 'No user has this id.' },
  },
  'PUT /api/user/photo': {
    summary: 'Choose my photo',
    tag: 'Profile',
    description:
      'Any signed-in user (docs/product.md#edit-profile): multipart with one `photo` image file of at most 5 MB, judged by its content (never SVG). It replaces the previous photo, which is removed.',
    success: { status: 200, answer: json('Saved: the photo’s path.', s.userPhotoSchema) },
    errors: { 400: '`validation_error`: no `photo` file, or a malformed body.', 413: 'The file is larger than 5 MB.', 415: 'The body is not multipart, or the file is not an image.' },
    body: { content: { 'multipart/form-data': photoFormDoc } },
  },
  'DELETE /api/user/photo': {
    summary: 'Remove my photo',
    tag: 'Profile',
    description: 'Any signed-in user (docs/product.md#edit-profile): the photo is removed; the profile shows initials again.',
    success: { status: 200, answer: json('Removed.', s.userPhotoSchema) },
  },
  'POST /api/user/password': {
    summary: 'Change my password',
    tag: 'Profile',
    description:
      'Any signed-in user (docs/product.md#change-password): the current password and the new one typed twice, under the rules of registration. Every other session of the user ends (their discussion sockets too); this one continues in a fresh session (a new cookie). A wrong current password counts as a failed sign-in.',
    success: { status: 200, answer: json('Changed; a fresh session cookie is set.', s.okSchema) },
    errors: {
      400: '`validation_error` naming the fields (the password rules, a confirmation that differs, the current password again), or `wrong_current_password`.',
      413: TOO_LARGE,
      415: NOT_JSON,
      429: '`rate_limited`: too many wrong passwords for this account; see `Retry-After`.',
    },
  },
  'GET /api/privacy/register': {
    summary: 'The privacy notice',
    tag: 'Privacy',
    description:
      'Open to anyone, no session (docs/product.md#privacy): the school’s name and privacy contact, and every collection of the privacy register (docs/personal-data.md) with its purpose, personal data, who can see it, retention and what erasure does, in English.',
    success: { status: 200, answer: json('The notice.', s.privacyNoticeSchema) },
  },
  'POST /api/privacy/exports': {
    summary: 'Download my data: start an export',
    tag: 'Privacy',
    description:
      'Every signed-in user (docs/product.md#download-my-data): queues an export of their own data — a ZIP made in the background. Poll `GET /api/privacy/exports` until it is `ready`. One export a day per person; kept 7 days.',
    success: { status: 202, answer: json('Queued.', s.privacyExportStartedSchema) },
    errors: { 429: '`rate_limited`: an export of this person was asked for less than 24 hours ago; `Retry-After` says in how many seconds the next may be.' },
  },
  'GET /api/privacy/exports': {
    summary: 'Download my data: my exports',
    tag: 'Privacy',
    description: 'Every signed-in user (docs/product.md#download-my-data): their exports still kept (7 days), newest first; `size` in bytes once ready.',
    success: { status: 200, answer: json('The exports.', z.array(s.privacyExportSchema)) },
  },
  'GET /api/privacy/exports/:id/download': {
    summary: 'Download my data: download an export',
    tag: 'Privacy',
    description: 'Every signed-in user, for their own exports; admins for anyone’s (docs/product.md#download-my-data). Byte ranges are served.',
    success: {
      status: 200,
      answer: {
        description: 'The archive: a ZIP with `data.json`, `index.html` and the person’s files under `files/` (docs/product.md#download-my-data), `Cache-Control: private, no-store`.',
        media: { 'application/zip': { type: 'string', format: 'binary' } },
        headers: { 'Content-Disposition': { description: '`attachment; filename="oracy-data-<day>.zip"`', schema: { type: 'string' } } },
      },
    },
    others: {
      206: { description: 'The requested byte range, with `Content-Range`.', media: { 'application/zip': { type: 'string', format: 'binary' } } },
      304: noBody('Not modified (`If-None-Match` named the ETag).'),
    },
    errors: { 400: 'Not an id (`validation_error`).', 404: 'No such export: someone else’s, expired, not ready yet, or failed.', 416: 'The requested range is outside the file.' },
  },
  'POST /api/admin/privacy/exports/:userId': {
    summary: 'Export a person’s data',
    tag: 'Privacy',
    description: 'Admins only (docs/product.md#download-my-data): as `POST /api/privacy/exports`, for anyone; the limit of one a day is per person exported.',
    success: { status: 202, answer: json('Queued.', s.privacyExportStartedSchema) },
    errors: { 404: 'No user has this id.', 429: '`rate_limited`: an export of this person was asked for less than 24 hours ago; see `Retry-After` (seconds).' },
  },
  'GET /api/admin/privacy/exports': {
    summary: 'A person’s exports',
    tag: 'Privacy',
    description: 'Admins only (docs/product.md#download-my-data): the exports of `?userId=` still kept, newest first; download them at `GET /api/privacy/exports/:id/download`.',
    success: { status: 200, answer: json('The exports.', z.array(s.privacyExportSchema)) },
  },
  'GET /api/privacy/access-log': {
    summary: 'Who looked at my data',
    tag: 'Privacy',
    description:
      'Any signed-in user (docs/product.md#access-log): the entries of the access log about them of the last 90 days, newest first — who other than them opened their recording audio, Oracy profile or data export (name and role), what and when. Only students’ data is logged, so staff get an empty list.',
    success: { status: 200, answer: json('The entries.', z.array(s.ownAccessLogEntrySchema)) },
  },
  'GET /api/admin/privacy/access-log': {
    summary: 'The access log',
    tag: 'Privacy',
    description:
      'Admins only (docs/product.md#access-log): who opened which student’s data, newest first, filtered by `subjectId` (the student), `actorId` (the staff member), `from` and `to` (ISO dates or times), paged like the people lists (`page`, `limit` 1–100, default 10).',
    success: { status: 200, answer: json('A page `{entries, total}`.', s.accessLogPageSchema) },
    errors: { 400: '`validation_error`: a malformed id, date, page or limit, or `from` after `to`.' },
  },
  'GET /api/admin/privacy/access-log/csv': {
    summary: 'Export the access log',
    tag: 'Privacy',
    description:
      'Admins only (docs/product.md#access-log): every entry matching the same filters as `GET /api/admin/privacy/access-log` (`page` and `limit` are ignored), newest first, streamed.',
    success: {
      status: 200,
      answer: {
        description: 'CSV with the header row `at, actorId, actorName, actorRole, subjectId, subjectName, what, resourceId, ip`.',
        media: { 'text/csv': { type: 'string' } },
        headers: { 'Content-Disposition': { description: '`attachment; filename=access-log.csv`', schema: { type: 'string' } } },
      },
    },
    errors: { 400: '`validation_error`: a malformed id or date, or `from` after `to`.' },
  },
  'POST /api/admin/privacy/retention': {
    summary: 'Run retention now, or preview it',
    tag: 'Privacy',
    description:
      'Admins only (docs/product.md#retention). `?dryRun=1`: what the daily retention job would remove now — per kind (`recording_audio`, `sessions`, `idempotency_keys`, `access_log`) the count and the oldest date — removing nothing; `&recordingRetentionDays=` previews another recording retention (30–1,825) before it is saved. Without `dryRun` the steps run now and the answer says what they removed. `inactiveAccounts` counts accounts without a sign-in for the school’s `inactiveAccountMonths`: reported, never removed.',
    success: { status: 200, answer: json('What was, or would be, removed.', s.retentionReportSchema) },
    errors: { 400: '`validation_error`: a bad `dryRun` or `recordingRetentionDays`, or `recordingRetentionDays` without a dry run.' },
  },
  'PUT /api/user/language': {
    summary: 'Choose my language',
    tag: 'Profile',
    description: 'Any signed-in user (docs/product.md#language): English, Spanish or French, or null to follow the school’s language.',
    success: { status: 200, answer: json('Saved.', s.userLanguageSchema) },
    errors: { 413: TOO_LARGE, 415: NOT_JSON },
  },

  // Documentation
  'GET /api/openapi.json': {
    summary: 'This document',
    tag: 'Documentation',
    success: { status: 200, answer: json('The OpenAPI 3.1 document of the API.', s.openApiDocumentSchema) },
  },
  'GET /api/docs': {
    summary: 'The API reference page',
    tag: 'Documentation',
    success: { status: 200, answer: { description: 'An HTML page that renders this document.', media: { 'text/html': { type: 'string' } } } },
  },
  'GET /api/docs/assets/:file': {
    summary: "The reference page's scripts",
    tag: 'Documentation',
    success: { status: 200, answer: { description: 'JavaScript, from this origin.', media: { 'text/javascript': { type: 'string' } } } },
    others: { 304: noBody('Not modified.') },
    errors: { 404: 'No such file.' },
  },
};
