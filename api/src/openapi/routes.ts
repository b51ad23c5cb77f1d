import { z } from 'zod';
import { changePasswordSchema, loginSchema, registerSchema } from '../auth/schema.js';
import { courseFieldsSchema } from '../courses/schema.js';
import { IDEMPOTENCY_CONFLICT, NOT_JSON, TOO_LARGE, idQuery, idempotencyKey, json, noBody, type RouteDoc } from '../platform/http/describe.js';
import * as s from './schemas.js';

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

  // Assessment

  // Student
  ...complaintDocs('student', 'sId'),

  // Teacher
  ...complaintDocs('teacher', 'tId'),

  // Oracy profile

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

  // Complaint moderation

  // Courses

  // Notices

  // Users, students, teachers

  // Settings

  // Import

  // Stats and export

  // Chat

  // Profile

  // Documentation
  'GET /api/docs/assets/:file': {
    summary: "The reference page's scripts",
    tag: 'Documentation',
    success: { status: 200, answer: { description: 'JavaScript, from this origin.', media: { 'text/javascript': { type: 'string' } } } },
    others: { 304: noBody('Not modified.') },
    errors: { 404: 'No such file.' },
  },
};
