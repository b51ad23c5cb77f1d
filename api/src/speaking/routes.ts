import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { Types } from 'mongoose';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole, requireSelfOrAdmin } from '../auth/middleware.js';
import { Course } from '../courses/courseModel.js';
import { Feedback, Recording, SpeakingTask } from './model.js';
import { ROLES } from '../auth/roles.js';
import { ApiError, badRequest, conflict, gone, isDuplicateKeyError, notFound, payloadTooLarge, unsupportedMediaType, validationError } from '../platform/http/errors.js';
import {
  feedbackJsonSchema,
  presentFeedback,
  presentRecording,
  presentSpeakingTask,
  recordingJsonSchema,
  reviewItemJsonSchema,
  speakingTaskJsonSchema,
  studentSpeakingTaskJsonSchema,
  teacherSpeakingTaskJsonSchema,
} from './presenter.js';
import { recordFileRead } from '../privacy/accessLog.js';
import { measureRecordingLength } from './audioLength.js';
import { receiveRecording } from './recordingUpload.js';
import { startDelivery } from '../delivery/service.js';
import { rereadTask, startTranscript } from '../transcripts/index.js';
import { removePeerData } from '../peers/removal.js';
import { idempotency } from '../platform/http/idempotency.js';
import { findPerson } from '../dashboards/stats.js';
import { checkUploadFile, MAX_AUDIO_BYTES, type UploadStore } from '../platform/uploads.js';
import { sendServedFile } from '../platform/http/static.js';
import { validate } from '../platform/http/validation.js';
import { authorizeFeedbackAuthor, authorizeRecorder, authorizeTaskCourse, authorizeTaskOwner, recordingFor } from './policy.js';
import type { Reader } from '../auth/roles.js';
import { reviewRoute } from './reviewRoute.js';
import { findTask, readableRecording, reviewQueue, studentTasks, teacherTasks, type RecordingDoc } from './queries.js';
import { createTaskSchema, DUE_IN_THE_PAST, feedbackSchema, isPast, queueQuerySchema, recordingFieldsSchema, recordingIdParamSchema, taskIdParamSchema, updateTaskSchema } from './schema.js';
import { describe, idempotencyKey, json, noBody, NOT_JSON, TOO_LARGE as BODY_TOO_LARGE } from '../platform/http/describe.js';
import { z } from 'zod';

/** A recording as the student's phone sends it: the audio file and the length it measured. */
const recordingFormDoc = z.object({
  audio: z.string().meta({ format: 'binary', description: 'WebM, Ogg, MP4 (M4A) or WAV audio of at most 10 MB, judged by its content' }),
  durationMs: z.string().optional().meta({ description: 'the length the recorder measured, ms; the file’s own length is what counts' }),
  delivery: z.string().optional().meta({
    description: 'the phone’s delivery report (`DeliveryReport`) as JSON; kept as `source: device` until the server has measured the audio (docs/product.md#measured-by-the-server)',
  }),
});

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
  await authorizeRecorder(studentId, task);
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

/** The teacher's speaking tasks: set, list, edit, delete (docs/product.md#speaking-practice). */
function teacherTaskRoutes() {
  return new Hono<AppEnv>()
    .post(
      '/teacher/speaking-tasks',
      describe({
        summary: 'Set a speaking task',
        tag: 'Speaking practice',
        description: 'Teachers only, for one of their courses (docs/product.md#speaking-practice).',
        success: { status: 201, answer: json('Set.', speakingTaskJsonSchema) },
        errors: { 403: 'The course is not one of the teacher’s.', 413: BODY_TOO_LARGE, 415: NOT_JSON },
      }),
      requireRole(ROLES.teacher),
      limitJson,
      validate('json', createTaskSchema),
      async (c) => {
        const { courseId, ...fields } = c.req.valid('json');
        const course = await Course.findById(new Types.ObjectId(courseId)).select('title instructorId').lean();
        authorizeTaskCourse(c.var.user, course);
        const task = await SpeakingTask.create({ ...fields, dueAt: fields.dueAt ?? null, courseId: course._id, teacherId: c.var.user._id });
        return c.json(presentSpeakingTask(task, course.title), 201);
      },
    )
    .get(
      '/teacher/speaking-tasks/:teacherId',
      describe({
        summary: "A teacher's speaking tasks",
        tag: 'Speaking practice',
        success: { status: 200, answer: json('The tasks, by due date, with submitted, reviewed and student counts.', z.array(teacherSpeakingTaskJsonSchema)) },
        errors: { 404: 'No teacher has this id.' },
      }),
      ...teacherOrAdmin('teacherId'),
      async (c) => {
        const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
        return c.json(await teacherTasks(teacher), 200);
      },
    )
    .put(
      '/teacher/speaking-tasks/:taskId',
      describe({
        summary: 'Change a speaking task',
        tag: 'Speaking practice',
        description: 'The task’s teacher or an admin; the course stays. A changed `script` reads the task’s ready transcripts against it again (docs/product.md#reading-aloud).',
        success: { status: 200, answer: json('Saved.', speakingTaskJsonSchema) },
        errors: { 403: 'Not the task’s teacher.', 404: 'No task has this id.', 413: BODY_TOO_LARGE, 415: NOT_JSON },
      }),
      requireRole(ROLES.teacher, ROLES.admin),
      validate('param', taskIdParamSchema),
      limitJson,
      validate('json', updateTaskSchema),
      async (c) => {
        const task = await findTask(c.req.valid('param').taskId);
        await authorizeTaskOwner(c.var.user, task);
        const fields = c.req.valid('json');
        if (isPast(fields.dueAt) && fields.dueAt?.getTime() !== task.dueAt?.getTime()) throw badRequest(DUE_IN_THE_PAST, { dueAt: DUE_IN_THE_PAST });
        const updated = await SpeakingTask.findByIdAndUpdate(task._id, { $set: { ...fields, dueAt: fields.dueAt ?? null } }, { returnDocument: 'after', runValidators: true }).lean();
        if (!updated) throw notFound('No such speaking task.');
        if ((updated.script ?? null) !== (task.script ?? null)) await rereadTask(updated._id, updated.script ?? null);
        const course = await Course.findById(updated.courseId).select('title').lean();
        return c.json(presentSpeakingTask(updated, course?.title ?? ''), 200);
      },
    )
    .delete(
      '/teacher/speaking-tasks/:taskId',
      describe({
        summary: 'Delete a speaking task',
        tag: 'Speaking practice',
        success: { status: 204, answer: noBody('Deleted.') },
        errors: { 403: 'Not the task’s teacher.', 404: 'No task has this id.', 409: 'Students have answered it.' },
      }),
      requireRole(ROLES.teacher, ROLES.admin),
      validate('param', taskIdParamSchema),
      async (c) => {
        const task = await findTask(c.req.valid('param').taskId);
        await authorizeTaskOwner(c.var.user, task);
        if (await Recording.exists({ taskId: task._id })) throw conflict('Students have answered this task: it cannot be deleted.');
        await SpeakingTask.deleteOne({ _id: task._id });
        await removePeerData({ taskId: task._id });
        return c.body(null, 204);
      },
    );
}

/** The student's tasks and the upload of a recorded answer (docs/product.md#speaking-practice). */
function studentTaskRoutes(store: UploadStore, opts: { recordings: UploadStore; ffmpegPath?: string }) {
  return new Hono<AppEnv>()
    .get(
      '/student/speaking-tasks/:studentId',
      describe({
        summary: "A student's speaking tasks",
        tag: 'Speaking practice',
        success: { status: 200, answer: json('The tasks of the student’s courses with their own recording and its feedback.', z.array(studentSpeakingTaskJsonSchema)) },
        errors: { 404: 'No student has this id.' },
      }),
      ...studentOrAdmin('studentId'),
      async (c) => {
        const student = await findPerson(c.req.param('studentId'), ROLES.student);
        return c.json(await studentTasks(student), 200);
      },
    )
    .post(
      '/student/speaking-tasks/:taskId/recordings',
      describe({
        summary: 'Send a recorded answer',
        tag: 'Speaking practice',
        description:
          'Students enrolled in the task’s course. Replaces the student’s pending recording of the task. With an `Idempotency-Key`, a repeat gets the first answer and never makes a second recording (docs/product.md#speaking-practice).',
        success: { status: 201, answer: json('Stored.', recordingJsonSchema) },
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
      }),
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
    );
}

/** A recording's audio, with byte ranges (docs/product.md#who-sees-a-recording). */
function recordingAudioRoutes(store: UploadStore) {
  return new Hono<AppEnv>().get(
    '/recordings/:recordingId/audio',
    describe({
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
    }),
    requireAuth,
    validate('param', recordingIdParamSchema),
    async (c) => {
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
    },
  );
}

/** The teacher's review queue: the recordings of the courses they teach now (docs/product.md#speaking-practice). */
function reviewQueueRoutes() {
  return new Hono<AppEnv>().get(
    '/teacher/recordings/:teacherId',
    describe({
      summary: "A teacher's review queue",
      tag: 'Speaking practice',
      description: '`?status=pending` (default): oldest first; `?status=reviewed`: newest first, with the feedback.',
      success: { status: 200, answer: json('The recordings of the teacher’s tasks.', z.array(reviewItemJsonSchema)) },
      errors: { 404: 'No teacher has this id.' },
    }),
    ...teacherOrAdmin('teacherId'),
    validate('query', queueQuerySchema),
    async (c) => {
      const teacher = await findPerson(c.req.param('teacherId'), ROLES.teacher);
      return c.json(await reviewQueue(teacher, c.req.valid('query').status), 200);
    },
  );
}

/** Feedback on a recording: given once, edited by its teacher (docs/product.md#speaking-practice). */
function feedbackRoutes() {
  return new Hono<AppEnv>()
    .post(
      '/teacher/recordings/:recordingId/feedback',
      describe({
        summary: 'Score a recording',
        tag: 'Speaking practice',
        description: 'The course’s current teacher: one integer 1–5 for each of the task’s focus strands and a comment.',
        success: { status: 201, answer: json('Saved; the recording is reviewed.', feedbackJsonSchema) },
        errors: {
          400: '`validation_error` naming `strands.<key>` for a missing or extra strand.',
          403: 'Not the current teacher of the recording’s course.',
          404: 'No recording has this id.',
          409: 'The recording already has feedback.',
          413: BODY_TOO_LARGE,
          415: NOT_JSON,
        },
      }),
      requireRole(ROLES.teacher),
      validate('param', recordingIdParamSchema),
      limitJson,
      validate('json', feedbackSchema),
      async (c) => {
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
      },
    )
    .put(
      '/teacher/recordings/:recordingId/feedback',
      describe({
        summary: 'Change your feedback',
        tag: 'Speaking practice',
        success: { status: 200, answer: json('Saved.', feedbackJsonSchema) },
        errors: { 403: 'Not the current teacher of the recording’s course, or someone else’s feedback.', 404: 'No recording, or no feedback yet.', 413: BODY_TOO_LARGE, 415: NOT_JSON },
      }),
      requireRole(ROLES.teacher),
      validate('param', recordingIdParamSchema),
      limitJson,
      validate('json', feedbackSchema),
      async (c) => {
        const { recording, task } = await reviewable(c.req.valid('param').recordingId, c.var.user);
        const existing = await Feedback.findOne({ recordingId: recording._id }).select('teacherId').lean();
        if (!existing) throw notFound('This recording has no feedback yet.');
        authorizeFeedbackAuthor(c.var.user, existing);
        const body = c.req.valid('json');
        const updated = await Feedback.findByIdAndUpdate(
          existing._id,
          { $set: { strands: checkedStrands(body.strands, task.focusStrands), comment: body.comment } },
          { returnDocument: 'after', runValidators: true },
        ).lean();
        if (!updated) throw notFound('This recording has no feedback yet.');
        return c.json(presentFeedback(updated), 200);
      },
    );
}

/**
 * Speaking practice (docs/product.md#speaking-practice), mounted at `/api`: tasks, recordings and their
 * audio, the review queue and feedback; each resource a sub-app of its own, in this order.
 */
export function createSpeakingRoutes(opts: { recordings: UploadStore; ffmpegPath?: string }) {
  const store = opts.recordings;
  return new Hono<AppEnv>()
    .route('/', teacherTaskRoutes())
    .route('/', studentTaskRoutes(store, opts))
    .route('/', reviewRoute)
    .route('/', recordingAudioRoutes(store))
    .route('/', reviewQueueRoutes())
    .route('/', feedbackRoutes());
}

/**
 * The recording a teacher reviews, with its task: only the current teacher of its course scores it
 * (docs/product.md#who-sees-a-recording, `speaking/policy.ts`).
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
