import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Types } from 'mongoose';
import { z } from 'zod';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { ROLES, type Reader } from '../auth/roles.js';
import { Recording } from '../speaking/model.js';
import { authorizeRecorder, authorizeTaskOwner } from '../speaking/policy.js';
import { findTask } from '../speaking/queries.js';
import { recordingIdParamSchema, taskIdParamSchema } from '../speaking/schema.js';
import { recordFileRead } from '../privacy/accessLog.js';
import { gone, notFound, payloadTooLarge } from '../platform/http/errors.js';
import { idempotency } from '../platform/http/idempotency.js';
import { sendServedFile } from '../platform/http/static.js';
import { validate } from '../platform/http/validation.js';
import { describe, IDEMPOTENCY_CONFLICT, idempotencyKey, json, NOT_JSON, TOO_LARGE } from '../platform/http/describe.js';
import type { UploadStore } from '../platform/uploads.js';
import { authorizeModerator, authorizePeerTake, authorizeRecipient, PEER_REFUSALS } from './policy.js';
import { moderationItemJsonSchema, ownPeersJsonSchema, partnerGroupsJsonSchema, peerSettingsJsonSchema, peerTakeJsonSchema, writtenPeerFeedbackJsonSchema } from './presenter.js';
import { feedbackIdParamSchema, moderationQuerySchema, partnerGroupsSchema, peerFeedbackSchema, peerSettingsSchema } from './schema.js';
import {
  findPeerFeedback,
  moderationList,
  ownPeers,
  partnerGroups,
  peerTakes,
  recordListen,
  savePeerSettings,
  setPartnerGroups,
  setPeerFeedbackStatus,
  shufflePartners,
  writePeerFeedback,
  type PeerTaskDoc,
} from './service.js';

const TAG = 'Speaking practice';
const limitJson = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** The task `taskId` as the peer functions read it. @throws 404 when there is none */
const peerTask = async (taskId: string) => (await findTask(taskId)) as unknown as PeerTaskDoc & { _id: Types.ObjectId };

/** A recording's fields a classmate's call reads. */
interface TakeRow {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
  taskId: Types.ObjectId;
  courseId: Types.ObjectId;
  file?: { name: string };
  audioRemovedAt?: Date | null;
}

/** A recording with its task, for a classmate. @throws 404 without such a recording */
async function takeWithTask(recordingId: string) {
  const take = await Recording.findById(new Types.ObjectId(recordingId)).select('studentId taskId courseId file audioRemovedAt').lean<TakeRow>();
  if (!take) throw notFound('No such recording.');
  return { take, task: await peerTask(String(take.taskId)) };
}

/** The teacher's side: a task's peer settings and partner groups (docs/product.md#talk-partners). */
function teacherSettingsRoutes(random: () => number) {
  const owner = [requireRole(ROLES.teacher, ROLES.admin), validate('param', taskIdParamSchema)] as const;
  /** The task, when `user` is its teacher or an admin. @throws 404, 403 */
  const ownedTask = async (taskId: string, user: Reader) => {
    const task = await peerTask(taskId);
    await authorizeTaskOwner(user, task);
    return task;
  };
  const notOwner = { 403: 'Not the task’s teacher.', 404: 'No task has this id.' } as const;
  return new Hono<AppEnv>()
    .put(
      '/teacher/speaking-tasks/:taskId/peers',
      describe({
        summary: 'Open a task to talk partners',
        tag: TAG,
        description: '`peerFeedback`: `off` (default), `class` or `partners`; `showNames`: whether classmates see each other’s names (docs/product.md#talk-partners).',
        success: { status: 200, answer: json('Saved.', peerSettingsJsonSchema) },
        errors: { ...notOwner, 413: TOO_LARGE, 415: NOT_JSON },
      }),
      ...owner,
      limitJson,
      validate('json', peerSettingsSchema),
      async (c) => c.json(await savePeerSettings(await ownedTask(c.req.valid('param').taskId, c.var.user), c.req.valid('json')), 200),
    )
    .get(
      '/teacher/speaking-tasks/:taskId/partners',
      describe({
        summary: 'A task’s talk-partner groups',
        tag: TAG,
        success: { status: 200, answer: json('The groups, and the enrolled students in none.', partnerGroupsJsonSchema) },
        errors: notOwner,
      }),
      ...owner,
      async (c) => c.json(await partnerGroups(await ownedTask(c.req.valid('param').taskId, c.var.user)), 200),
    )
    .put(
      '/teacher/speaking-tasks/:taskId/partners',
      describe({
        summary: 'Set a task’s talk-partner groups',
        tag: TAG,
        description:
          'Replaces the groups: `groups` are lists of 2 or 3 ids of students enrolled in the course, each student at most once. Students left out (or enrolled later) hear no classmate until the groups are set again.',
        success: { status: 200, answer: json('Saved.', partnerGroupsJsonSchema) },
        errors: { 400: '`validation_error` on `groups`: a group of another size, a student twice, or one not enrolled.', ...notOwner, 413: TOO_LARGE, 415: NOT_JSON },
      }),
      ...owner,
      limitJson,
      validate('json', partnerGroupsSchema),
      async (c) => c.json(await setPartnerGroups(await ownedTask(c.req.valid('param').taskId, c.var.user), c.req.valid('json').groups), 200),
    )
    .post(
      '/teacher/speaking-tasks/:taskId/partners/shuffle',
      describe({
        summary: 'Pair a task’s students at random',
        tag: TAG,
        description: 'Replaces the groups with random pairs of the students enrolled now (a three when their number is odd); each call pairs them anew.',
        success: { status: 200, answer: json('The new groups.', partnerGroupsJsonSchema) },
        errors: notOwner,
      }),
      ...owner,
      async (c) => c.json(await shufflePartners(await ownedTask(c.req.valid('param').taskId, c.var.user), random), 200),
    );
}

/** The student's side: classmates' takes, their audio, feedback and reports (docs/product.md#talk-partners). */
function studentRoutes(store: UploadStore) {
  const refusals = `Not enrolled in the task’s course, the task is not open to peers, no own take yet, or not a take of the student’s talk partners (${Object.values(PEER_REFUSALS).slice(0, 5).join(' / ')}).`;
  return new Hono<AppEnv>()
    .get(
      '/student/speaking-tasks/:taskId/peer-takes',
      describe({
        summary: 'The classmates’ takes a student may hear',
        tag: TAG,
        description:
          'Only on a task open to peers, for a student enrolled in its course who has sent their own take: `class`, every classmate’s take; `partners`, their group’s. Names only when the task shows them (docs/product.md#talk-partners).',
        success: { status: 200, answer: json('The takes, "Classmate 1", "Classmate 2"… in the order they were first sent.', z.array(peerTakeJsonSchema)) },
        errors: { 403: refusals, 404: 'No task has this id.' },
      }),
      requireRole(ROLES.student),
      validate('param', taskIdParamSchema),
      async (c) => c.json(await peerTakes(c.var.user, await peerTask(c.req.valid('param').taskId)), 200),
    )
    .get(
      '/student/speaking-tasks/:taskId/peers',
      describe({
        summary: 'A student’s own talk-partner view of a task',
        tag: TAG,
        description: 'How many classmates listened to the student’s take, the approved feedback on it ("From your talk partners") and the feedback they wrote, with its status.',
        success: { status: 200, answer: json('The student’s side.', ownPeersJsonSchema) },
        errors: { 403: 'Not enrolled in the task’s course.', 404: 'No task has this id.' },
      }),
      requireRole(ROLES.student),
      validate('param', taskIdParamSchema),
      async (c) => {
        const task = await peerTask(c.req.valid('param').taskId);
        await authorizeRecorder(c.var.user._id, task);
        return c.json(await ownPeers(c.var.user, task), 200);
      },
    )
    .get(
      '/peer-takes/:recordingId/audio',
      describe({
        summary: 'A classmate’s take, to listen to',
        tag: TAG,
        description:
          'Under the talk-partner rules of `GET /api/student/speaking-tasks/{taskId}/peer-takes`. Byte ranges as the recording’s own audio. The first listen counts towards the author’s "partners have listened"; an access-log entry (`peer_listen`) is written once per listener and take in 10 minutes.',
        success: { status: 200, answer: { description: 'The audio, `Cache-Control: private, no-cache`.', media: { 'audio/webm': { type: 'string', format: 'binary' } } } },
        others: { 206: { description: 'The requested byte range.', media: { 'audio/webm': { type: 'string', format: 'binary' } } } },
        errors: { 403: refusals, 404: 'No recording has this id.', 410: '`audio_removed`: the school’s retention removed the audio.', 416: 'The range lies outside the file.' },
      }),
      requireRole(ROLES.student),
      validate('param', recordingIdParamSchema),
      async (c) => {
        const { take, task } = await takeWithTask(c.req.valid('param').recordingId);
        await authorizePeerTake(c.var.user._id, task, take);
        if (take.audioRemovedAt) throw gone('The audio was removed under the school’s retention policy.', 'audio_removed');
        await recordFileRead(c, { subjectId: take.studentId, what: 'peer_listen', resourceId: take._id });
        await recordListen(c.var.user._id, take);
        const file = await store.open(take.file?.name ?? '');
        if (!file) throw notFound('The recording’s audio is missing.');
        return sendServedFile(c, file, 'private, no-cache');
      },
    )
    .post(
      '/student/recordings/:recordingId/peer-feedback',
      describe({
        summary: 'Give a classmate feedback on their take',
        tag: TAG,
        description:
          'A stem (`liked`, `next`, `unsure`), 1–280 characters and a 1–3 clarity for each focus strand. One per writer and take: sending again changes it while the teacher has not checked it (200). Nothing reaches the classmate until the teacher approves it. With an `Idempotency-Key`, a repeat gets the first answer (docs/product.md#talk-partners).',
        success: { status: 201, answer: json('Written; pending until the teacher checks it.', writtenPeerFeedbackJsonSchema) },
        others: { 200: json('Changed (it was still pending).', writtenPeerFeedbackJsonSchema) },
        errors: {
          400: '`validation_error` naming `clarity.<key>` for a missing or extra strand.',
          403: refusals,
          404: 'No recording has this id.',
          409: `The teacher already approved or hid it, or it was reported; or: ${IDEMPOTENCY_CONFLICT}`,
          413: TOO_LARGE,
          415: NOT_JSON,
        },
        parameters: [idempotencyKey],
      }),
      requireRole(ROLES.student),
      validate('param', recordingIdParamSchema),
      limitJson,
      idempotency(),
      validate('json', peerFeedbackSchema),
      async (c) => {
        const { take, task } = await takeWithTask(c.req.valid('param').recordingId);
        await authorizePeerTake(c.var.user._id, task, take);
        const { feedback, created } = await writePeerFeedback(c.var.user, task, take, c.req.valid('json'));
        return created ? c.json(feedback, 201) : c.json(feedback, 200);
      },
    )
    .post(
      '/student/peer-feedback/:feedbackId/report',
      describe({
        summary: 'Report a classmate’s feedback to the teacher',
        tag: TAG,
        description: 'The student it is for: it goes back to the teacher’s list as `reported` and is no longer shown to them.',
        success: { status: 200, answer: json('Reported.', writtenPeerFeedbackJsonSchema) },
        errors: { 403: PEER_REFUSALS.notRecipient, 404: 'No peer feedback has this id.' },
      }),
      requireRole(ROLES.student),
      validate('param', feedbackIdParamSchema),
      async (c) => {
        const feedback = await findPeerFeedback(c.req.valid('param').feedbackId);
        authorizeRecipient(c.var.user, feedback);
        return c.json(await setPeerFeedbackStatus(feedback._id, 'reported', c.var.user._id), 200);
      },
    );
}

/** Moderation: "Peer feedback to check", approve and hide (docs/product.md#talk-partners). */
function moderationRoutes() {
  const decide = (action: 'approve' | 'hide') =>
    [
      describe({
        summary: action === 'approve' ? 'Approve peer feedback' : 'Hide peer feedback',
        tag: TAG,
        description:
          action === 'approve'
            ? 'The course’s current teacher or an admin: the take’s student sees it from now on.'
            : 'The course’s current teacher or an admin: the take’s student never sees it.',
        success: { status: 200, answer: json('Saved.', writtenPeerFeedbackJsonSchema) },
        errors: { 403: PEER_REFUSALS.notModerator, 404: 'No peer feedback has this id.' },
      }),
      requireRole(ROLES.teacher, ROLES.admin),
      validate('param', feedbackIdParamSchema),
    ] as const;
  return new Hono<AppEnv>()
    .get(
      '/teacher/peer-feedback',
      describe({
        summary: 'Peer feedback to check',
        tag: TAG,
        description:
          '`?status=pending` (default), `reported`, `approved` or `hidden`: the peer feedback of the courses the teacher teaches now (every course for an admin), oldest first, with who wrote it.',
        success: { status: 200, answer: json('The items.', z.array(moderationItemJsonSchema)) },
      }),
      requireRole(ROLES.teacher, ROLES.admin),
      validate('query', moderationQuerySchema),
      async (c) => c.json(await moderationList(c.var.user, c.req.valid('query').status), 200),
    )
    .post('/teacher/peer-feedback/:feedbackId/approve', ...decide('approve'), async (c) => {
      const feedback = await findPeerFeedback(c.req.valid('param').feedbackId);
      await authorizeModerator(c.var.user, feedback);
      return c.json(await setPeerFeedbackStatus(feedback._id, 'approved', c.var.user._id), 200);
    })
    .post('/teacher/peer-feedback/:feedbackId/hide', ...decide('hide'), async (c) => {
      const feedback = await findPeerFeedback(c.req.valid('param').feedbackId);
      await authorizeModerator(c.var.user, feedback);
      return c.json(await setPeerFeedbackStatus(feedback._id, 'hidden', c.var.user._id), 200);
    });
}

/**
 * Talk partners (docs/product.md#talk-partners), mounted at `/api`: a task's peer settings and
 * groups, classmates' takes and their audio, peer feedback, reports and moderation.
 * @param opts.recordings the recordings store the takes' audio is read from
 * @param opts.random the shuffle's random numbers in [0, 1); default `Math.random` (tests pass a seeded one)
 */
export function createPeerRoutes(opts: { recordings: UploadStore; random?: () => number }) {
  return new Hono<AppEnv>()
    .route('/', teacherSettingsRoutes(opts.random ?? Math.random))
    .route('/', studentRoutes(opts.recordings))
    .route('/', moderationRoutes());
}
