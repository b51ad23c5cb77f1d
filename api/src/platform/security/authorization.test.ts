import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { Course } from '../../courses/courseModel.js';
import { Enrollment } from '../../courses/enrollmentModel.js';
import { ROLES } from '../../auth/roles.js';
import { connected, handshakeStatus, openSocket, refused, signedInUser, startTestChatServer, type TestChatServer } from '../../test/testServer.js';
import {
  CALLERS,
  TINY_PNG,
  WORLD_PASSWORD,
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
  headersOf,
  quickUser,
  registeredEndpoints,
  type Caller,
  type World,
} from '../../test/testWorld.js';
import { audioFixture } from '../../test/audio.js';
import { Transcript } from '../../transcripts/model.js';

/**
 * The authorization matrix (docs/product.md#authorization-matrix): every endpoint the app
 * registers, with a sample valid request, against six callers, each cell's
 * expected status from docs/product.md#authorization-matrix — 401 without a session, 403 signed in
 * but not allowed, the success status otherwise. Every cell runs against the
 * real app and database with a fresh session; a call that changes data gets
 * fresh records per cell. The test fails listing every wrong cell, and a
 * registered endpoint without a row fails it too.
 */

type Expected = Record<Caller, number>;

/** A sample request for one cell: the path with its query, and a JSON or a multipart body if any. */
interface SampleRequest {
  path: string;
  json?: unknown;
  form?: FormData;
}

/** One endpoint of the matrix. */
interface Row {
  /** `METHOD /path` exactly as `app.routes` lists it */
  endpoint: string;
  /** the status each caller must get */
  expect: Expected;
  /** Builds a valid request for one cell, creating fresh records when the call changes data. */
  request(world: World, caller: Caller): Promise<SampleRequest> | SampleRequest;
}

/** A fresh recording with a ready transcript of two words, as the job would leave it. */
async function transcribedRecording(world: Parameters<typeof freshRecording>[0]) {
  const recording = await freshRecording(world);
  const words = [
    { text: 'Hello', startMs: 100, endMs: 400, confidence: 0.9 },
    { text: 'there', startMs: 500, endMs: 800, confidence: 0.9 },
  ];
  await Transcript.create({
    recordingId: recording._id,
    studentId: recording.studentId,
    audio: recording.file.name,
    status: 'ready',
    version: 1,
    language: 'en',
    text: 'Hello there',
    words,
  });
  return recording;
}

function cells(none: number, ownerStudent: number, otherStudent: number, ownerTeacher: number, otherTeacher: number, admin: number): Expected {
  return { none, ownerStudent, otherStudent, ownerTeacher, otherTeacher, admin };
}

/** `/api/admin/*` (docs/product.md#authorization-matrix): role 1 only. */
const adminOnly = (ok: number) => cells(401, 403, 403, 403, 403, ok);
/** Any signed-in user. */
const signedIn = (ok: number) => cells(401, ok, ok, ok, ok, ok);
/** No session needed. */
const open = (ok: number) => cells(ok, ok, ok, ok, ok, ok);
/** `/api/student/*` naming the owning student: the student themself, or an admin. */
const owningStudentOrAdmin = cells(401, 200, 403, 403, 403, 200);
/** `/api/teacher/*` naming the owning teacher: the teacher themself, or an admin. */
const owningTeacherOrAdmin = cells(401, 403, 403, 200, 403, 200);
/** `/api/user/profile/:userId` of the owning student: that user, or an admin. */
const selfOrAdmin = cells(401, 200, 403, 403, 403, 200);

/** A profile photo as Edit Profile sends it. */
function photoForm(): FormData {
  const form = new FormData();
  form.append('photo', new Blob([TINY_PNG], { type: 'image/png' }), 'me.png');
  return form;
}

const courseFields = (world: World) => ({
  title: 'Persuasive speaking',
  description: 'Speak to convince.',
  instructorId: world.t1.id as string,
  duration: 8,
  startDate: '2025-02-03',
  endDate: '2025-04-04',
  status: 'active',
});

const allScores = { oracy_scores: {} as Record<string, number> };

/** The matrix: one row per endpoint of docs/product.md#api and the ones the project added. */
const ROWS: Row[] = [
  // The sign-in site (docs/product.md#sign-in-site).
  { endpoint: 'GET /login', expect: open(200), request: () => ({ path: '/login' }) },
  { endpoint: 'GET /register', expect: open(200), request: () => ({ path: '/register' }) },
  {
    endpoint: 'POST /auth/login',
    expect: open(200),
    request: (world) => ({ path: '/auth/login', json: { email: world.s1.email, password: WORLD_PASSWORD } }),
  },
  {
    endpoint: 'POST /auth/register',
    expect: open(201),
    request: () => ({
      path: '/auth/register',
      json: { firstName: 'New', lastName: 'Student', email: `new-${Math.random().toString(36).slice(2)}@example.test`, password: 'a-long-enough-phrase' },
    }),
  },
  { endpoint: 'GET /auth/current_user', expect: signedIn(200), request: () => ({ path: '/auth/current_user' }) },
  // The page that replaces a one-time password (docs/product.md#one-time-passwords) sends everyone else on:
  // without a session to /login, signed in without a one-time password to /.
  { endpoint: 'GET /change-password', expect: open(302), request: () => ({ path: '/change-password' }) },
  {
    endpoint: 'POST /auth/change-password',
    expect: cells(401, 403, 403, 403, 403, 403),
    request: () => ({ path: '/auth/change-password', json: { password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-42' } }),
  },
  { endpoint: 'GET /auth/logout', expect: open(200), request: () => ({ path: '/auth/logout' }) },
  { endpoint: 'POST /auth/logout', expect: open(200), request: () => ({ path: '/auth/logout' }) },
  { endpoint: 'GET /api/health', expect: open(200), request: () => ({ path: '/api/health' }) },
  // the load balancer's liveness and readiness checks need no session.
  { endpoint: 'GET /healthz', expect: open(200), request: () => ({ path: '/healthz' }) },
  { endpoint: 'GET /readyz', expect: open(200), request: () => ({ path: '/readyz' }) },
  // the API's description of itself is public.
  { endpoint: 'GET /api/openapi.json', expect: open(200), request: () => ({ path: '/api/openapi.json' }) },
  { endpoint: 'GET /api/privacy/register', expect: open(200), request: () => ({ path: '/api/privacy/register' }) },
  // each caller exports their own data once: no cell meets another's day.
  { endpoint: 'POST /api/privacy/exports', expect: signedIn(202), request: () => ({ path: '/api/privacy/exports' }) },
  { endpoint: 'GET /api/privacy/exports', expect: signedIn(200), request: () => ({ path: '/api/privacy/exports' }) },
  // the owning student's export: another person's is a 404, as if it did not exist; admins download any.
  {
    endpoint: 'GET /api/privacy/exports/:id/download',
    expect: cells(401, 200, 404, 404, 404, 200),
    request: async (world) => ({ path: `/api/privacy/exports/${await freshExport(world)}/download` }),
  },
  {
    endpoint: 'POST /api/admin/privacy/exports/:userId',
    expect: adminOnly(202),
    request: async () => ({ path: `/api/admin/privacy/exports/${(await quickUser(ROLES.student)).id}` }),
  },
  { endpoint: 'GET /api/admin/privacy/exports', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/privacy/exports?userId=${world.s1.id}` }) },
  // the access log (docs/product.md#access-log): each person's own entries; the whole log and retention for admins.
  { endpoint: 'GET /api/privacy/access-log', expect: signedIn(200), request: () => ({ path: '/api/privacy/access-log' }) },
  { endpoint: 'GET /api/admin/privacy/access-log', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/privacy/access-log?subjectId=${world.s1.id}&page=1&limit=5` }) },
  { endpoint: 'GET /api/admin/privacy/access-log/csv', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/privacy/access-log/csv?subjectId=${world.s1.id}` }) },
  { endpoint: 'POST /api/admin/privacy/retention', expect: adminOnly(200), request: () => ({ path: '/api/admin/privacy/retention?dryRun=1' }) },
  { endpoint: 'GET /api/docs', expect: open(200), request: () => ({ path: '/api/docs' }) },
  { endpoint: 'GET /api/docs/assets/:file', expect: open(200), request: () => ({ path: '/api/docs/assets/init.js' }) },

  // Assessment (docs/product.md#authorization-matrix: any signed-in user, stored against the caller).
  { endpoint: 'POST /api/updateOracyAssessment', expect: signedIn(201), request: () => ({ path: '/api/updateOracyAssessment', json: allScores }) },

  // Admin: courses.
  { endpoint: 'GET /api/admin/courses', expect: adminOnly(200), request: () => ({ path: '/api/admin/courses' }) },
  { endpoint: 'GET /api/admin/courses/:id', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/courses/${world.courseId}` }) },
  { endpoint: 'POST /api/admin/courses', expect: adminOnly(201), request: (world) => ({ path: '/api/admin/courses', json: courseFields(world) }) },
  {
    endpoint: 'PUT /api/admin/courses/:id',
    expect: adminOnly(200),
    request: async (world) => ({ path: `/api/admin/courses/${(await freshCourse(world.t1._id)).id}`, json: courseFields(world) }),
  },
  {
    endpoint: 'DELETE /api/admin/courses/:id',
    expect: adminOnly(204),
    request: async (world) => ({ path: `/api/admin/courses/${(await freshCourse(world.t1._id)).id}` }),
  },

  // Admin: notices (GET open to every signed-in user).
  { endpoint: 'GET /api/admin/settings', expect: adminOnly(200), request: () => ({ path: '/api/admin/settings' }) },
  {
    endpoint: 'PUT /api/admin/settings',
    expect: adminOnly(200),
    request: () => ({
      path: '/api/admin/settings',
      json: { language: 'English', backupFrequency: 'Daily', schoolName: '', privacyContact: '', recordingRetentionDays: 365, inactiveAccountMonths: null },
    }),
  },
  { endpoint: 'GET /api/admin/backups', expect: adminOnly(200), request: () => ({ path: '/api/admin/backups' }) },
  // queues a backup that no runner takes here: the admin's cell is the first to reach the handler.
  { endpoint: 'POST /api/admin/backups', expect: adminOnly(202), request: () => ({ path: '/api/admin/backups' }) },
  { endpoint: 'GET /api/admin/backups/:name', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/backups/${freshArchive(world)}` }) },
  { endpoint: 'GET /api/admin/notice', expect: signedIn(200), request: () => ({ path: '/api/admin/notice' }) },
  { endpoint: 'POST /api/admin/notice', expect: adminOnly(201), request: () => ({ path: '/api/admin/notice', json: { title: 'Trip', description: 'Museum trip on Monday.' } }) },
  {
    endpoint: 'PUT /api/admin/notice/:id',
    expect: adminOnly(200),
    request: async () => ({ path: `/api/admin/notice/${(await freshNotice()).id}`, json: { title: 'Trip', description: 'Moved to Tuesday.' } }),
  },
  { endpoint: 'DELETE /api/admin/notice/:id', expect: adminOnly(204), request: async () => ({ path: `/api/admin/notice/${(await freshNotice()).id}` }) },

  // Admin: complaints.
  { endpoint: 'GET /api/admin/complaints', expect: adminOnly(200), request: () => ({ path: '/api/admin/complaints' }) },
  {
    endpoint: 'POST /api/admin/complaints/:id/approve',
    expect: adminOnly(200),
    request: async (world) => ({ path: `/api/admin/complaints/${(await freshComplaint(world.s1, ROLES.student)).id}/approve` }),
  },
  {
    endpoint: 'POST /api/admin/complaints/:id/disapprove',
    expect: adminOnly(200),
    request: async (world) => ({ path: `/api/admin/complaints/${(await freshComplaint(world.t1, ROLES.teacher)).id}/disapprove` }),
  },
  {
    endpoint: 'POST /api/admin/complaints/:id/undo',
    expect: adminOnly(200),
    request: async (world) => ({ path: `/api/admin/complaints/${(await freshDecidedComplaint(world.s1, ROLES.student, world.admin)).id}/undo` }),
  },

  // Admin: users, students, teachers, instructors, course assignment, stats, export.
  { endpoint: 'GET /api/admin/users', expect: adminOnly(200), request: () => ({ path: '/api/admin/users?page=1&limit=10&search=world' }) },
  {
    endpoint: 'POST /api/admin/users',
    expect: adminOnly(201),
    request: () => ({ path: '/api/admin/users', json: { firstName: 'Made', lastName: 'By Admin', email: `made-${Math.random().toString(36).slice(2)}@example.test`, role: 3 } }),
  },
  {
    endpoint: 'POST /api/admin/users/:id/reset-password',
    expect: adminOnly(200),
    request: async () => ({ path: `/api/admin/users/${(await quickUser(ROLES.student)).id}/reset-password` }),
  },
  {
    endpoint: 'PUT /api/admin/users/:id/role',
    expect: adminOnly(200),
    request: async () => ({ path: `/api/admin/users/${(await quickUser(ROLES.student)).id}/role`, json: { role: 2 } }),
  },
  { endpoint: 'DELETE /api/admin/users/:id', expect: adminOnly(204), request: async () => ({ path: `/api/admin/users/${(await quickUser(ROLES.student)).id}` }) },
  { endpoint: 'GET /api/admin/students', expect: adminOnly(200), request: () => ({ path: '/api/admin/students?page=1&rowsPerPage=25' }) },
  { endpoint: 'GET /api/admin/teachers', expect: adminOnly(200), request: () => ({ path: '/api/admin/teachers?page=1&limit=10' }) },
  { endpoint: 'DELETE /api/admin/students/:id', expect: adminOnly(204), request: async () => ({ path: `/api/admin/students/${(await quickUser(ROLES.student)).id}` }) },
  { endpoint: 'DELETE /api/admin/teachers/:id', expect: adminOnly(204), request: async () => ({ path: `/api/admin/teachers/${(await quickUser(ROLES.teacher)).id}` }) },
  { endpoint: 'GET /api/admin/instructors', expect: adminOnly(200), request: () => ({ path: '/api/admin/instructors' }) },
  { endpoint: 'GET /api/admin/students/:studentId/courses', expect: adminOnly(200), request: (world) => ({ path: `/api/admin/students/${world.s1.id}/courses` }) },
  {
    endpoint: 'POST /api/admin/students/:studentId/assign-courses',
    expect: adminOnly(200),
    request: async (world) => ({ path: `/api/admin/students/${(await quickUser(ROLES.student)).id}/assign-courses`, json: { courses: [world.courseId] } }),
  },
  { endpoint: 'GET /api/admin/stats', expect: adminOnly(200), request: () => ({ path: '/api/admin/stats' }) },
  { endpoint: 'GET /api/admin/export', expect: adminOnly(200), request: () => ({ path: '/api/admin/export?fileType=csv' }) },
  {
    endpoint: 'POST /api/admin/import',
    expect: adminOnly(200),
    request: () => {
      const form = new FormData();
      const csv = `firstName,lastName,email,role\nImported,Student,imported-${Math.random().toString(36).slice(2)}@example.test,student\n`;
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'class.csv');
      return { path: '/api/admin/import', form };
    },
  },

  // Student area (docs/product.md#authorization-matrix: the student themself or an admin; complaint writes are the owner's).
  { endpoint: 'GET /api/student/stats/:studentId', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/stats/${world.s1.id}` }) },
  { endpoint: 'GET /api/student/courses/:studentId', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/courses/${world.s1.id}` }) },
  { endpoint: 'GET /api/student/teacher/:studentId', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/teacher/${world.s1.id}` }) },
  { endpoint: 'GET /api/student/assignments/:studentId', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/assignments/${world.s1.id}` }) },
  { endpoint: 'GET /api/student/complaints', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/complaints?sId=${world.s1.id}` }) },
  {
    endpoint: 'POST /api/student/complaints',
    expect: cells(401, 201, 201, 403, 403, 403),
    request: (world) => ({ path: '/api/student/complaints', json: { title: 'Broken projector', description: 'Room 4.', sId: world.s1.id } }),
  },
  {
    endpoint: 'DELETE /api/student/complaints/:id',
    expect: cells(401, 200, 403, 403, 403, 403),
    request: async (world) => ({ path: `/api/student/complaints/${(await freshComplaint(world.s1, ROLES.student)).id}` }),
  },

  // Teacher area.
  { endpoint: 'GET /api/teacher/stats/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/stats/${world.t1.id}` }) },
  { endpoint: 'GET /api/teacher/courses/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/courses/${world.t1.id}` }) },
  // The Oracy profile (docs/product.md#oracy-profile): a student's profile is also for the teachers of their courses.
  { endpoint: 'GET /api/student/oracy/:studentId', expect: cells(401, 200, 403, 200, 403, 200), request: (world) => ({ path: `/api/student/oracy/${world.s1.id}` }) },
  { endpoint: 'GET /api/student/oracy/:studentId/evidence', expect: cells(401, 200, 403, 200, 403, 200), request: (world) => ({ path: `/api/student/oracy/${world.s1.id}/evidence` }) },
  { endpoint: 'GET /api/teacher/oracy/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/oracy/${world.t1.id}?courseId=${world.courseId}` }) },
  {
    endpoint: 'GET /api/teacher/students/:teacherId/:studentId/assignments',
    expect: owningTeacherOrAdmin,
    request: (world) => ({ path: `/api/teacher/students/${world.t1.id}/${world.s1.id}/assignments` }),
  },
  { endpoint: 'GET /api/admin/oracy', expect: adminOnly(200), request: () => ({ path: '/api/admin/oracy' }) },
  { endpoint: 'GET /api/teacher/students/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/students/${world.t1.id}` }) },
  { endpoint: 'GET /api/teacher/assignments/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/assignments/${world.t1.id}` }) },
  { endpoint: 'GET /api/teacher/complaints', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/complaints?tId=${world.t1.id}` }) },
  {
    endpoint: 'POST /api/teacher/complaints',
    expect: cells(401, 403, 403, 201, 201, 403),
    request: (world) => ({ path: '/api/teacher/complaints', json: { title: 'Timetable clash', description: 'Two classes at nine.', tId: world.t1.id } }),
  },
  {
    endpoint: 'DELETE /api/teacher/complaints/:id',
    expect: cells(401, 403, 403, 200, 403, 403),
    request: async (world) => ({ path: `/api/teacher/complaints/${(await freshComplaint(world.t1, ROLES.teacher)).id}` }),
  },

  // Speaking practice (docs/product.md#speaking-practice-calls): tasks of the owning teacher's course, answered by the owning student.
  {
    endpoint: 'POST /api/teacher/speaking-tasks',
    expect: cells(401, 403, 403, 201, 403, 403),
    request: (world) => ({
      path: '/api/teacher/speaking-tasks',
      json: { courseId: world.courseId, title: 'Tell a story', prompt: 'Tell a story in one minute.', focusStrands: ['cognitive'] },
    }),
  },
  { endpoint: 'GET /api/teacher/speaking-tasks/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/speaking-tasks/${world.t1.id}` }) },
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({
      path: `/api/teacher/speaking-tasks/${(await freshTask(world)).id}`,
      json: { title: 'Explain a process', prompt: 'Explain how the library works.', focusStrands: ['linguistic'], maxSeconds: 90 },
    }),
  },
  {
    endpoint: 'DELETE /api/teacher/speaking-tasks/:taskId',
    expect: cells(401, 403, 403, 204, 403, 204),
    request: async (world) => ({ path: `/api/teacher/speaking-tasks/${(await freshTask(world)).id}` }),
  },
  { endpoint: 'GET /api/student/speaking-tasks/:studentId', expect: owningStudentOrAdmin, request: (world) => ({ path: `/api/student/speaking-tasks/${world.s1.id}` }) },
  {
    endpoint: 'POST /api/student/speaking-tasks/:taskId/recordings',
    expect: cells(401, 201, 403, 403, 403, 403),
    request: async (world) => {
      const form = new FormData();
      form.append('audio', new Blob([audioFixture('speech.webm')], { type: 'audio/webm' }), 'answer.webm');
      form.append('durationMs', '2000');
      return { path: `/api/student/speaking-tasks/${(await freshTask(world)).id}/recordings`, form };
    },
  },
  {
    endpoint: 'GET /api/recordings/:recordingId/audio',
    expect: cells(401, 200, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/recordings/${(await freshRecording(world)).id}/audio` }),
  },
  { endpoint: 'GET /api/teacher/recordings/:teacherId', expect: owningTeacherOrAdmin, request: (world) => ({ path: `/api/teacher/recordings/${world.t1.id}?status=pending` }) },
  {
    endpoint: 'POST /api/teacher/recordings/:recordingId/feedback',
    expect: cells(401, 403, 403, 201, 403, 403),
    request: async (world) => ({ path: `/api/teacher/recordings/${(await freshRecording(world)).id}/feedback`, json: { strands: { linguistic: 4, physical: 3 }, comment: 'Good pace.' } }),
  },
  {
    endpoint: 'PUT /api/teacher/recordings/:recordingId/feedback',
    expect: cells(401, 403, 403, 200, 403, 403),
    request: async (world) => ({
      path: `/api/teacher/recordings/${(await freshRecording(world, { reviewed: true })).id}/feedback`,
      json: { strands: { linguistic: 5, physical: 4 }, comment: 'Better.' },
    }),
  },

  // Talk partners (docs/product.md#talk-partners): the task's teacher sets them; the course's students who sent a take hear and write; the teacher moderates.
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId/peers',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/teacher/speaking-tasks/${(await freshTask(world)).id}/peers`, json: { peerFeedback: 'class', showNames: false } }),
  },
  {
    endpoint: 'GET /api/teacher/speaking-tasks/:taskId/partners',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/teacher/speaking-tasks/${(await freshTask(world)).id}/partners` }),
  },
  {
    endpoint: 'PUT /api/teacher/speaking-tasks/:taskId/partners',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => {
      const { task, classmate } = await freshPeerTask(world);
      return { path: `/api/teacher/speaking-tasks/${task.id}/partners`, json: { groups: [[world.s1.id, classmate.id]] } };
    },
  },
  {
    endpoint: 'POST /api/teacher/speaking-tasks/:taskId/partners/shuffle',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/teacher/speaking-tasks/${(await freshTask(world)).id}/partners/shuffle` }),
  },
  {
    endpoint: 'GET /api/student/speaking-tasks/:taskId/peer-takes',
    expect: cells(401, 200, 403, 403, 403, 403),
    request: async (world) => ({ path: `/api/student/speaking-tasks/${(await freshPeerTask(world)).task.id}/peer-takes` }),
  },
  {
    endpoint: 'GET /api/student/speaking-tasks/:taskId/peers',
    expect: cells(401, 200, 403, 403, 403, 403),
    request: async (world) => ({ path: `/api/student/speaking-tasks/${(await freshPeerTask(world)).task.id}/peers` }),
  },
  {
    endpoint: 'GET /api/peer-takes/:recordingId/audio',
    expect: cells(401, 200, 403, 403, 403, 403),
    request: async (world) => ({ path: `/api/peer-takes/${(await freshPeerTask(world)).theirs.id}/audio` }),
  },
  {
    endpoint: 'POST /api/student/recordings/:recordingId/peer-feedback',
    expect: cells(401, 201, 403, 403, 403, 403),
    request: async (world) => ({
      path: `/api/student/recordings/${(await freshPeerTask(world)).theirs.id}/peer-feedback`,
      json: { stem: 'next', text: 'look up at the end.', clarity: { linguistic: 2, physical: 3 } },
    }),
  },
  {
    endpoint: 'POST /api/student/peer-feedback/:feedbackId/report',
    expect: cells(401, 200, 403, 403, 403, 403),
    request: async (world) => ({ path: `/api/student/peer-feedback/${(await freshPeerTask(world)).feedback.id}/report` }),
  },
  { endpoint: 'GET /api/teacher/peer-feedback', expect: cells(401, 403, 403, 200, 200, 200), request: () => ({ path: '/api/teacher/peer-feedback?status=pending' }) },
  {
    endpoint: 'POST /api/teacher/peer-feedback/:feedbackId/approve',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/teacher/peer-feedback/${(await freshPeerTask(world)).feedback.id}/approve` }),
  },
  {
    endpoint: 'POST /api/teacher/peer-feedback/:feedbackId/hide',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/teacher/peer-feedback/${(await freshPeerTask(world)).feedback.id}/hide` }),
  },

  // One recording for the review screen (docs/product.md#feedback) reads like its audio.
  {
    endpoint: 'GET /api/recordings/:recordingId',
    expect: cells(401, 200, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/recordings/${(await freshRecording(world)).id}` }),
  },

  // Delivery feedback (docs/product.md#delivery-feedback-calls): the report reads like the audio; the reanalysis is the admins'.
  {
    endpoint: 'GET /api/recordings/:recordingId/delivery',
    expect: cells(401, 200, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/recordings/${(await freshRecording(world)).id}/delivery` }),
  },
  { endpoint: 'POST /api/admin/delivery/reanalyse', expect: adminOnly(202), request: () => ({ path: '/api/admin/delivery/reanalyse' }) },
  // The transcript (docs/product.md#transcripts) reads exactly like the audio.
  {
    endpoint: 'GET /api/recordings/:recordingId/transcript',
    expect: cells(401, 200, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/recordings/${(await freshRecording(world)).id}/transcript` }),
  },
  {
    endpoint: 'PUT /api/recordings/:recordingId/transcript',
    expect: cells(401, 403, 403, 200, 403, 200),
    request: async (world) => ({ path: `/api/recordings/${(await transcribedRecording(world)).id}/transcript`, json: { dismissedFillers: [] } }),
  },

  // The discussion's attachment download (admins only) and the profile.
  { endpoint: 'GET /api/chat/attachments/:id', expect: adminOnly(200), request: (world) => ({ path: `/api/chat/attachments/${world.attachmentMessageId}` }) },
  { endpoint: 'GET /api/user/profile/:userId', expect: selfOrAdmin, request: (world) => ({ path: `/api/user/profile/${world.s1.id}` }) },
  { endpoint: 'PUT /api/user/language', expect: signedIn(200), request: () => ({ path: '/api/user/language', json: { language: null } }) },
  { endpoint: 'PUT /api/user/photo', expect: signedIn(200), request: () => ({ path: '/api/user/photo', form: photoForm() }) },
  { endpoint: 'DELETE /api/user/photo', expect: signedIn(200), request: () => ({ path: '/api/user/photo' }) },
  // a wrong current password (400) shows the call is let in without changing the callers' passwords.
  {
    endpoint: 'POST /api/user/password',
    expect: signedIn(400),
    request: () => ({ path: '/api/user/password', json: { currentPassword: 'not the password', password: 'my-own-phrase-42', confirmPassword: 'my-own-phrase-42' } }),
  },

  // Files and the PWA on the same origin (docs/architecture.md#one-origin): public.
  { endpoint: 'GET /uploads/:name', expect: open(200), request: (world) => ({ path: `/uploads/${world.imageName}` }) },
  { endpoint: 'GET /*', expect: open(200), request: () => ({ path: '/student/dashboard' }) },
];

const METHOD_OF = (endpoint: string) => endpoint.split(' ')[0]!;

/** Runs one cell and returns a description of what went wrong, or null. */
async function runCell(world: World, row: Row, caller: Caller): Promise<string | null> {
  const sample = await row.request(world, caller);
  const headers = await headersOf(world, caller, sample.json === undefined ? {} : { 'Content-Type': 'application/json' });
  const res = await world.app.request(sample.path, {
    method: METHOD_OF(row.endpoint),
    headers,
    ...(sample.json === undefined ? {} : { body: JSON.stringify(sample.json) }),
    ...(sample.form === undefined ? {} : { body: sample.form }),
  });
  const expected = row.expect[caller];
  if (res.status === expected) {
    await res.arrayBuffer();
    return null;
  }
  const body = (await res.text()).slice(0, 160).replace(/\s+/g, ' ');
  return `${row.endpoint} as ${caller}: expected ${expected}, got ${res.status} ${body}`;
}

let world: World;

beforeAll(async () => {
  world = await createWorld();
  const { ASSESSMENT_CATEGORIES } = await import('../../oracy/assessmentModel.js');
  for (const key of Object.values(ASSESSMENT_CATEGORIES).flat()) allScores.oracy_scores[key as string] = 4;
});

afterAll(() => world?.cleanup());

describe('the authorization matrix (docs/product.md#authorization-matrix)', () => {
  it('has exactly one row for every endpoint the app registers', () => {
    const registered = registeredEndpoints(world.app);
    const rows = ROWS.map((row) => row.endpoint);
    const duplicates = rows.filter((endpoint, i) => rows.indexOf(endpoint) !== i);
    const missing = registered.filter((endpoint) => !rows.includes(endpoint));
    const stale = rows.filter((endpoint) => !registered.includes(endpoint));
    expect({ missing, stale, duplicates }).toEqual({ missing: [], stale: [], duplicates: [] });
  });

  it('answers every cell as docs/product.md#authorization-matrix says', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const row of ROWS) {
      for (const caller of CALLERS) {
        const problem = await runCell(world, row, caller);
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a course handed over (docs/product.md#who-sees-a-recording): the matrix rows of a recording whose course t1 gave to t2', () => {
  /** A pending recording of `s1` in a fresh course of `t1`, then the course handed to `t2`; with `reviewed`, t1's feedback first. */
  async function handedOver(opts: { reviewed?: boolean } = {}) {
    const course = await freshCourse(world.t1._id);
    await Enrollment.create({ studentId: world.s1._id, courseId: course._id });
    const recording = await freshRecording({ ...world, courseId: course.id }, opts);
    await Course.updateOne({ _id: course._id }, { $set: { instructorId: world.t2._id } });
    return recording;
  }
  const scores = { strands: { linguistic: 4, physical: 3 }, comment: 'Good pace.' };
  // ownerTeacher is t1, the former teacher; otherTeacher is t2, the course's teacher now.
  const rows: Row[] = [
    { endpoint: 'GET /api/recordings/:recordingId/audio', expect: cells(401, 200, 403, 403, 200, 200), request: async () => ({ path: `/api/recordings/${(await handedOver()).id}/audio` }) },
    {
      endpoint: 'GET /api/recordings/:recordingId/delivery',
      expect: cells(401, 200, 403, 403, 200, 200),
      request: async () => ({ path: `/api/recordings/${(await handedOver()).id}/delivery` }),
    },
    {
      endpoint: 'GET /api/recordings/:recordingId/transcript',
      expect: cells(401, 200, 403, 403, 200, 200),
      request: async () => ({ path: `/api/recordings/${(await handedOver()).id}/transcript` }),
    },
    {
      endpoint: 'POST /api/teacher/recordings/:recordingId/feedback',
      expect: cells(401, 403, 403, 403, 201, 403),
      request: async () => ({ path: `/api/teacher/recordings/${(await handedOver()).id}/feedback`, json: scores }),
    },
    {
      endpoint: 'PUT /api/teacher/recordings/:recordingId/feedback',
      // t1 wrote it but teaches the course no more; t2 teaches it but did not write it
      expect: cells(401, 403, 403, 403, 403, 403),
      request: async () => ({ path: `/api/teacher/recordings/${(await handedOver({ reviewed: true })).id}/feedback`, json: scores }),
    },
    { endpoint: 'GET /api/student/oracy/:studentId', expect: cells(401, 200, 403, 200, 200, 200), request: async () => (await handedOver(), { path: `/api/student/oracy/${world.s1.id}` }) },
    {
      endpoint: 'GET /api/student/oracy/:studentId/evidence',
      expect: cells(401, 200, 403, 200, 200, 200),
      request: async () => (await handedOver(), { path: `/api/student/oracy/${world.s1.id}/evidence` }),
    },
  ];

  it('answers each cell', { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    for (const row of rows) {
      for (const caller of CALLERS) {
        const problem = await runCell(world, row, caller);
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists the take in t2’s review queue, not in t1’s', async () => {
    const recording = await handedOver();
    const queueOf = async (caller: Caller, teacherId: string) =>
      (await (await world.app.request(`/api/teacher/recordings/${teacherId}?status=pending`, { headers: await headersOf(world, caller) })).json()) as { id: string }[];
    expect((await queueOf('ownerTeacher', world.t1.id)).map((r) => r.id)).not.toContain(String(recording._id));
    expect((await queueOf('otherTeacher', world.t2.id)).map((r) => r.id)).toContain(String(recording._id));
  });
});

describe('the discussion socket (docs/product.md#authorization-matrix: a valid session, a matching payload, admins only)', () => {
  let server: TestChatServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    server = await startTestChatServer();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('admits only admins: the handshake answers anyone else 403 before a transport opens', async () => {
    const outcomes: Record<string, string | number> = {};
    outcomes.none = await handshakeStatus(server.url, 'polling');
    const none = openSocket(server.url, { auth: { userId: world.admin.id, userRole: '1' } });
    sockets.push(none);
    await refused(none);
    for (const [caller, role] of [
      ['student', ROLES.student],
      ['teacher', ROLES.teacher],
      ['admin', ROLES.admin],
    ] as const) {
      const person = await signedInUser(server.app, role);
      if (role !== ROLES.admin) {
        outcomes[caller] = await handshakeStatus(server.url, 'polling', { Cookie: person.cookie, Origin: server.url });
        continue;
      }
      const socket = openSocket(server.url, { headers: { Cookie: person.cookie, Origin: server.url }, auth: person.auth });
      sockets.push(socket);
      outcomes[caller] = await connected(socket).then(
        () => 'connected',
        (err: Error & { data?: { code?: string } }) => err.data?.code ?? 'refused',
      );
    }
    expect(outcomes).toEqual({ none: 403, student: 403, teacher: 403, admin: 'connected' });
  });
});
