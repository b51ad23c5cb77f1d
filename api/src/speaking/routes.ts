import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { Types } from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { Feedback, Recording, SpeakingTask } from './model.js';
import { ROLES } from '../auth/roles.js';
import { ApiError, badRequest, conflict, forbidden, gone, isDuplicateKeyError, notFound, payloadTooLarge, unsupportedMediaType, validationError } from '../platform/http/errors.js';
import { presentFeedback, presentRecording, presentSpeakingTask } from './presenter.js';
import { recordFileRead } from '../privacy/accessLog.js';
import { measureRecordingLength } from './audioLength.js';
import { receiveRecording } from './recordingUpload.js';
import { startDelivery } from '../delivery/service.js';
import { startTranscript } from '../transcripts/index.js';
import { idempotency } from '../platform/http/idempotency.js';
import { findPerson } from '../dashboards/stats.js';
import { checkUploadFile, MAX_AUDIO_BYTES, type UploadStore } from '../platform/uploads.js';
import { sendServedFile } from '../platform/http/static.js';
import { validate } from '../platform/http/validation.js';
import { recordingFor, type Reader } from './recordingAccess.js';
import { reviewRoute } from './reviewRoute.js';
import { findTask, readableRecording, requireTaskOwner, reviewQueue, studentTasks, teacherTasks, type RecordingDoc } from './queries.js';
import { createTaskSchema, DUE_IN_THE_PAST, feedbackSchema, isPast, queueQuerySchema, recordingFieldsSchema, recordingIdParamSchema, taskIdParamSchema, updateTaskSchema } from './schema.js';

/** A recording's body: the 10 MB file and room for the form's other fields (the phone's delivery report is up to about 100 KB). */
const RECORDING_BODY_BYTES = MAX_AUDIO_BYTES + 256 * 1024;
/** How much longer than the task allows a recording may be, as a fraction of `maxSeconds`: the recorder stops at the limit, encoders may pad a little. */
const DURATION_SLACK = 0.1;

const limitJson = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw payloadTooLarge();
  },
});
const limitRecording = bodyLimit({
  maxSize: RECORDING_BODY_BYTES,
  onError: () => {
    throw payloadTooLarge('The recording is larger than 10 MB.');
  },
});

/** What a recording's multipart body may hold: the file, and fields up to the phone's report's 200,000 characters (UTF-8: up to 4 bytes each). */
const RECEIVE_LIMITS = { maxFileBytes: MAX_AUDIO_BYTES, maxFieldBytes: 800_000, fileField: 'audio' } as const;
const TOO_LARGE = 'The recording is larger than 10 MB.';
const REVIEWED = 'Your teacher has reviewed this recording: it cannot be replaced.';

/**
 * The task a student may send a recording to, checked before the body is read
 * (docs/product.md#speaking-practice): the task exists, the student is enrolled in its course,
 * and their recording of it (if any) is not reviewed yet.
 * @throws 404 no such task; 403 not enrolled; 409 already reviewed
 */
async function recordingTarget(studentId: Types.ObjectId, taskId: string) {
  const task = await findTask(taskId);
  if (!(await Enrollment.exists({ studentId, courseId: task.courseId }))) throw forbidden('You are not enrolled in this task’s course.');
  const existing = await Recording.findOne({ taskId: task._id, studentId }).select('status').lean();
  if (existing?.status === 'reviewed') throw conflict(REVIEWED);
  return task;
}

/** The form's fields but the file, validated as `recordingFormSchema`. @throws 400 `validation_error` naming the fields */
function validFields(fields: Record<string, string>) {
  const checked = recordingFieldsSchema.safeParse(fields);
  if (!checked.success) throw validationError({ issues: checked.error.issues });
  return checked.data;
}

/**
 * The recording's length from its own audio (docs/product.md#speaking-practice), at most the
 * task's `maxSeconds` + {@link DURATION_SLACK} (`speaking/audioLength.ts`).
 * @returns ms
 * @throws 413 longer; 415 a WAV encoding or rate not accepted; 400 `validation_error` on `audio`
 *   when it is not readable audio; 503 `measurement_unavailable` when WebM, Ogg or MP4 cannot be
 *   measured here (no ffmpeg) or measuring timed out
 */
async function measuredLength(path: string, type: string, maxSeconds: number, ffmpegPath?: string): Promise<number> {
  const result = await measureRecordingLength(path, type, { maxMs: Math.round(maxSeconds * 1000 * (1 + DURATION_SLACK)), ffmpegPath });
  switch (result.kind) {
    case 'measured':
      return result.durationMs;
    case 'too-long':
      throw payloadTooLarge(`The recording is longer than this task allows (${maxSeconds} seconds).`);
    case 'unsupported':
      throw unsupportedMediaType(result.message);
    case 'unreadable':
      throw badRequest('The recording’s length could not be read.', { audio: 'The length could not be read.' });
    case 'unavailable':
      throw new ApiError(503, 'measurement_unavailable', 'The server cannot measure this recording’s length right now. Try again later.');
  }
}

/** The teacher themself or an admin, for calls naming the teacher by `param`. */
const teacherOrAdmin = (param: string) => [requireRole(ROLES.teacher, ROLES.admin), requireSelfOrAdmin(param)] as const;
/** The student themself or an admin, for calls naming the student by `param`. */
const studentOrAdmin = (param: string) => [requireRole(ROLES.student, ROLES.admin), requireSelfOrAdmin(param)] as const;

/** Removes a stored file whose record could not be written; a failure here only leaves an unreachable file. */
const discard = (store: UploadStore, name: string) => store.remove(name).catch(() => undefined);

/**
 * A promise that is started now and awaited later: answers a function that resolves (or throws)
 * as `promise` did, without an unhandled rejection in between.
 */
function settled(promise: Promise<void>): () => Promise<void> {
  const outcome = promise.then(
    () => null,
    (err: unknown) => ({ err }),
  );
  return async () => {
    const failed = await outcome;
    if (failed) throw failed.err;
  };
}

/** 410 `audio_removed`: the retention job removed this recording's audio (docs/product.md#retention). */
function audioRemoved(afterDays: number | null): ReturnType<typeof gone> {
  const after = afterDays ? ` after ${afterDays} days` : '';
  return gone(`The audio was removed${after} under the school’s retention policy.`, 'audio_removed');
}

/**
 * Speaking practice (docs/product.md#speaking-practice), mounted at `/api`. Errors are
 * docs/product.md#error-format's.
 *
 * - `POST /teacher/speaking-tasks` `{courseId, title, prompt, focusStrands, maxSeconds?, dueAt?}`
 *   → 201 task; teachers only, the course must be theirs (403).
 * - `GET /teacher/speaking-tasks/:teacherId` → the teacher's tasks with `{submitted, reviewed, students}`.
 * - `PUT` / `DELETE /teacher/speaking-tasks/:taskId` → 200 task / 204, for the task's teacher
 *   (its course's current teacher) or an admin; deleting a task that has recordings → 409.
 * - `GET /student/speaking-tasks/:studentId` → the tasks of the student's courses with their own
 *   recording and its feedback.
 * - `POST /student/speaking-tasks/:taskId/recordings` multipart `{audio, durationMs?, delivery?}`
 *   with an optional `Idempotency-Key` → 201 recording; students enrolled in the task's course
 *   only (403, with 404 and 409 checked before the body is read); the body streams to a temporary
 *   file; WebM, Ogg, MP4/M4A or WAV by content (415; WAV in PCM or float only), at most 10 MB
 *   (413), at most the task's `maxSeconds` + 10 % by the audio's own length (413; `durationMs` is
 *   ignored), 503 `measurement_unavailable` without ffmpeg for WebM, Ogg, MP4; `delivery`, the phone's report
 *   (docs/product.md#measured-by-the-server), must be a valid report (400 naming `delivery`);
 *   replaces the student's pending recording, 409 once it has been reviewed. The server's
 *   measurement of the audio is queued.
 * - `GET /recordings/:recordingId/audio` → the audio (410 `audio_removed` once the retention job
 *   removed it; one access-log entry per person other than the student, recording and 10 minutes,
 *   whatever the `Range`), with byte ranges (206, 416), ETag/304 and `Cache-Control: private`; for
 *   the recording's student, its course's current teacher and admins (docs/product.md#who-sees-a-recording).
 * - `GET /teacher/recordings/:teacherId?status=pending|reviewed` → the review queue: the
 *   recordings of the courses the teacher teaches now.
 * - `POST /teacher/recordings/:recordingId/feedback` `{strands, comment}` → 201 feedback, for the
 *   course's current teacher; a second feedback → 409 (one wins, in any process); `PUT` edits
 *   one's own while one still teaches the course.
 */
export function createSpeakingRoutes(opts: { recordings: UploadStore; ffmpegPath?: string }) {
  const store = opts.recordings;

  return new Hono<AppEnv>()
    .post('/teacher/speaking-tasks', requireRole(ROLES.teacher), limitJson, validate('json', createTaskSchema), async (c) => {
      const { courseId, ...fields } = c.req.valid('json');
      const course = await Course.findById(new Types.ObjectId(courseId)).select('title instructorId').lean();
      if (!course || !course.instructorId?.equals(c.var.user._id)) throw forbidden('This course is not one of your courses.');
      const task = await SpeakingTask.create({ ...fields, dueAt: fields.dueAt ?? null, courseId: course._id, teacherId: c.var.user._id });
      return c.json(presentSpeakingTask(task, course.title), 201);
    })
    .get('/teacher/speaking-tasks/:teacherId', ...teacherOrAdmin('teacherId'), async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await teacherTasks(teacher), 200);
    })
    .put('/teacher/speaking-tasks/:taskId', requireRole(ROLES.teacher, ROLES.admin), validate('param', taskIdParamSchema), limitJson, validate('json', updateTaskSchema), async (c) => {
      const task = await findTask(c.req.valid('param').taskId);
      await requireTaskOwner(c.var.user, task);
      const fields = c.req.valid('json');
      if (isPast(fields.dueAt) && fields.dueAt?.getTime() !== task.dueAt?.getTime()) throw badRequest(DUE_IN_THE_PAST, { dueAt: DUE_IN_THE_PAST });
      const updated = await SpeakingTask.findByIdAndUpdate(task._id, { $set: { ...fields, dueAt: fields.dueAt ?? null } }, { returnDocument: 'after', runValidators: true }).lean();
      if (!updated) throw notFound('No such speaking task.');
      const course = await Course.findById(updated.courseId).select('title').lean();
      return c.json(presentSpeakingTask(updated, course?.title ?? ''), 200);
    })
    .delete('/teacher/speaking-tasks/:taskId', requireRole(ROLES.teacher, ROLES.admin), validate('param', taskIdParamSchema), async (c) => {
      const task = await findTask(c.req.valid('param').taskId);
      await requireTaskOwner(c.var.user, task);
      if (await Recording.exists({ taskId: task._id })) throw conflict('Students have answered this task: it cannot be deleted.');
      await SpeakingTask.deleteOne({ _id: task._id });
      return c.body(null, 204);
    })
    .get('/student/speaking-tasks/:studentId', ...studentOrAdmin('studentId'), async (c) => {
      const student = await findPerson(c.req.param('studentId'), ROLES.student);
      return c.json(await studentTasks(student), 200);
    })
    .post(
      '/student/speaking-tasks/:taskId/recordings',
      requireRole(ROLES.student),
      validate('param', taskIdParamSchema),
      // who may send, to which task, is settled before a byte of the body is read
      createMiddleware<AppEnv>(async (c, next) => {
        if (c.var.user) await recordingTarget(c.var.user._id, c.req.param('taskId') ?? '');
        await next();
      }),
      limitRecording,
      idempotency({ maxBodyBytes: RECORDING_BODY_BYTES }),
      async (c) => {
        const student = c.var.user;
        const task = await recordingTarget(student._id, c.req.valid('param').taskId);
        const received = await receiveRecording(c.req.raw, RECEIVE_LIMITS, TOO_LARGE);
        try {
          const { durationMs: _declared, delivery: device } = validFields(received.fields);
          const upload = await checkUploadFile(received.path, 'audio', 'recording');
          const durationMs = await measuredLength(received.path, upload.type, task.maxSeconds, opts.ffmpegPath);

          const stored = await store.saveFile(received.path, 'audio', 'recording');
          const fields = { file: stored, durationMs, submittedAt: new Date(), status: 'pending' as const };
          let recording;
          try {
            recording = await Recording.create({ taskId: task._id, studentId: student._id, courseId: task.courseId, ...fields });
          } catch (err) {
            if (!isDuplicateKeyError(err)) {
              await discard(store, stored.name);
              throw err;
            }
            // A recording exists: replace it while it is pending, and let the old file go.
            const previous = await Recording.findOneAndUpdate({ taskId: task._id, studentId: student._id, status: 'pending' }, { $set: fields }).lean();
            if (!previous) {
              await discard(store, stored.name);
              throw conflict(REVIEWED);
            }
            await discard(store, previous.file?.name ?? '');
            recording = await Recording.findById(previous._id).lean();
          }
          if (!recording) throw notFound('No such recording.');
          const delivery = await startDelivery(recording, device);
          await startTranscript(recording);
          return c.json(presentRecording(recording, delivery), 201);
        } finally {
          await received.cleanup();
        }
      },
    )
    .route('/', reviewRoute)
    .get('/recordings/:recordingId/audio', requireAuth, validate('param', recordingIdParamSchema), async (c) => {
      const recording = await readableRecording(c.req.valid('param').recordingId, c.var.user, 'This recording is not yours to hear.', 'play');
      if (recording.audioRemovedAt) throw audioRemoved(recording.audioRemovedAfterDays ?? null);
      // every request counts, whatever its Range (once per person and recording in 10 minutes); the
      // entry is written while the answer is prepared, and acknowledged before it is sent.
      const logged = settled(recordFileRead(c, { subjectId: recording.studentId, what: 'recording_audio', resourceId: recording._id }));
      const file = await store.open(recording.file?.name ?? '');
      if (!file) {
        await logged();
        throw notFound('The recording’s audio is missing.');
      }
      let answer: Response;
      try {
        answer = sendServedFile(c, file, 'private, no-cache');
      } finally {
        await logged();
      }
      return answer;
    })
    .get('/teacher/recordings/:teacherId', ...teacherOrAdmin('teacherId'), validate('query', queueQuerySchema), async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await reviewQueue(teacher, c.req.valid('query').status), 200);
    })
    .post('/teacher/recordings/:recordingId/feedback', requireRole(ROLES.teacher), validate('param', recordingIdParamSchema), limitJson, validate('json', feedbackSchema), async (c) => {
      const { recording, task } = await reviewable(c.req.valid('param').recordingId, c.var.user);
      const body = c.req.valid('json');
      const strands = checkedStrands(body.strands, task.focusStrands);
      let feedback;
      try {
        feedback = await Feedback.create({ recordingId: recording._id, teacherId: c.var.user._id, studentId: recording.studentId, strands, comment: body.comment });
      } catch (err) {
        if (isDuplicateKeyError(err)) throw conflict('This recording already has feedback.');
        throw err;
      }
      await Recording.updateOne({ _id: recording._id }, { $set: { status: 'reviewed' } });
      return c.json(presentFeedback(feedback), 201);
    })
    .put('/teacher/recordings/:recordingId/feedback', requireRole(ROLES.teacher), validate('param', recordingIdParamSchema), limitJson, validate('json', feedbackSchema), async (c) => {
      const { recording, task } = await reviewable(c.req.valid('param').recordingId, c.var.user);
      const existing = await Feedback.findOne({ recordingId: recording._id }).select('teacherId').lean();
      if (!existing) throw notFound('This recording has no feedback yet.');
      if (!existing.teacherId?.equals(c.var.user._id)) throw forbidden('Only the teacher who gave this feedback can change it.');
      const body = c.req.valid('json');
      const updated = await Feedback.findByIdAndUpdate(
        existing._id,
        { $set: { strands: checkedStrands(body.strands, task.focusStrands), comment: body.comment } },
        { returnDocument: 'after', runValidators: true },
      ).lean();
      if (!updated) throw notFound('This recording has no feedback yet.');
      return c.json(presentFeedback(updated), 200);
    });
}

/**
 * The recording a teacher reviews, with its task: only the current teacher of its course scores it
 * (docs/product.md#who-sees-a-recording, `speaking/recordingAccess.ts`).
 * @throws 404 without such a recording; 403 when the recording's course is not the teacher's now
 */
async function reviewable(recordingId: string, teacher: Reader) {
  const recording = await recordingFor<RecordingDoc>(recordingId, teacher, 'score', 'This recording is not one of your students’ answers to your tasks.');
  const task = await findTask(String(recording.taskId));
  return { recording, task };
}

/**
 * The scores of a feedback, exactly one for each of the task's focus strands.
 * @throws 400 `validation_error` naming `strands.<key>` for a missing or an extra strand
 */
function checkedStrands(strands: Partial<Record<string, number>>, focus: readonly string[]): Record<string, number> {
  const fields: Record<string, string> = {};
  for (const key of focus) if (strands[key] === undefined) fields[`strands.${key}`] = 'Give a score from 1 to 5.';
  for (const key of Object.keys(strands)) if (!focus.includes(key)) fields[`strands.${key}`] = 'This task does not focus on this strand.';
  if (Object.keys(fields).length > 0) throw badRequest('Score exactly the task’s focus strands.', fields);
  return Object.fromEntries(focus.map((key) => [key, strands[key] as number]));
}
