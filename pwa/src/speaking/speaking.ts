/**
 * Speaking practice's calls (docs/product.md#speaking-practice-calls): the shapes come from the
 * typed client, one function per call. Recordings are sent through the outbox (so that a take
 * made with no signal is delivered later, exactly once), never directly: a `recording.submit`
 * item of the outbox (`platform/offline/outboxItems.ts`).
 */
import { callOptions, client, done, json, type Answer, type JsonBody } from '../platform/api/client';

const api = client.api;

/** A task as its student sees it, with their own recording and its feedback. */
export type StudentSpeakingTask = Answer<(typeof api.student)['speaking-tasks'][':studentId']['$get']>[number];
/** A teacher's task with `{submitted, reviewed, students}`. */
export type TeacherSpeakingTask = Answer<(typeof api.teacher)['speaking-tasks'][':teacherId']['$get']>[number];
/** What a teacher sends to set a task. */
export type SpeakingTaskDraft = JsonBody<(typeof api.teacher)['speaking-tasks']['$post']>;
/** What a teacher sends to change a task (every field but the course). */
export type SpeakingTaskChanges = JsonBody<(typeof api.teacher)['speaking-tasks'][':taskId']['$put']>;
/** A recording. */
export type Recording = NonNullable<StudentSpeakingTask['recording']>;
/** A teacher's feedback. */
export type Feedback = NonNullable<StudentSpeakingTask['feedback']>;
/** One entry of the review queue. */
export type ReviewItem = Answer<(typeof api.teacher.recordings)[':teacherId']['$get']>[number];
/** What a teacher sends as feedback. */
export type FeedbackDraft = JsonBody<(typeof api.teacher.recordings)[':recordingId']['feedback']['$post']>;

/** The two parts of a teacher's review queue (docs/product.md#recordings). */
export type ReviewStatus = 'pending' | 'reviewed';

/** The offline-cache key of a teacher's tasks (docs/product.md#speaking-tasks). */
export const tasksKey = (teacherId: string) => `/api/teacher/speaking-tasks/${teacherId}`;
/** The start of the offline-cache keys of a teacher's review queue and of the recordings in it (docs/product.md#recordings). */
export const reviewQueuePath = (teacherId: string) => `/api/teacher/recordings/${teacherId}`;
/** The offline-cache key of one part, pending or reviewed, of a teacher's review queue (docs/product.md#recordings). */
export const queueKey = (teacherId: string, status: ReviewStatus) => `${reviewQueuePath(teacherId)}?status=${status}`;
/** What the review queue's cache holds under {@link queueKey}: the part asked for, and its recordings. */
export interface CachedQueue {
  status: ReviewStatus;
  items: ReviewItem[];
}

/** `GET /api/student/speaking-tasks/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentSpeakingTasks = (studentId: string, signal?: AbortSignal) =>
  json(api.student['speaking-tasks'][':studentId'].$get({ param: { studentId } }, callOptions({ signal })));

/** `GET /api/teacher/speaking-tasks/{teacherId}`. @throws the errors of `api.ts`. */
export const loadTeacherSpeakingTasks = (teacherId: string, signal?: AbortSignal) =>
  json(api.teacher['speaking-tasks'][':teacherId'].$get({ param: { teacherId } }, callOptions({ signal })));

/** `POST /api/teacher/speaking-tasks`. @throws the errors of `api.ts` (400 naming fields, 403 for another's course). */
export const createSpeakingTask = (draft: SpeakingTaskDraft) => json(api.teacher['speaking-tasks'].$post({ json: draft }));

/** `PUT /api/teacher/speaking-tasks/{taskId}`. @throws the errors of `api.ts`. */
export const updateSpeakingTask = (taskId: string, changes: SpeakingTaskChanges) => json(api.teacher['speaking-tasks'][':taskId'].$put({ param: { taskId }, json: changes }));

/** `DELETE /api/teacher/speaking-tasks/{taskId}`. @throws the errors of `api.ts` (409 once answered). */
export const deleteSpeakingTask = (taskId: string) => done(api.teacher['speaking-tasks'][':taskId'].$delete({ param: { taskId } }));

/** `GET /api/teacher/recordings/{teacherId}?status=`. @throws the errors of `api.ts`. */
export const loadReviewQueue = (teacherId: string, status: ReviewStatus, signal?: AbortSignal) =>
  json(api.teacher.recordings[':teacherId'].$get({ param: { teacherId }, query: { status } }, callOptions({ signal })));

/**
 * `GET /api/recordings/{recordingId}`: one recording as the review screen shows it, for whoever may
 * hear its audio (docs/product.md#who-sees-a-recording).
 * @throws the errors of `api.ts` (400 a malformed id, 403 another's recording, 404 none)
 */
export const loadRecordingForReview = (recordingId: string, signal?: AbortSignal): Promise<ReviewItem> =>
  json(api.recordings[':recordingId'].$get({ param: { recordingId } }, callOptions({ signal })));

/** `POST /api/teacher/recordings/{recordingId}/feedback`. @throws the errors of `api.ts` (400 naming `strands.<key>`, 409 when reviewed). */
export const giveFeedback = (recordingId: string, draft: FeedbackDraft) => json(api.teacher.recordings[':recordingId'].feedback.$post({ param: { recordingId }, json: draft }));

/** `PUT /api/teacher/recordings/{recordingId}/feedback`. @throws the errors of `api.ts`. */
export const editFeedback = (recordingId: string, draft: FeedbackDraft) => json(api.teacher.recordings[':recordingId'].feedback.$put({ param: { recordingId }, json: draft }));
