import type { Recording, ReviewItem, StudentSpeakingTask, TeacherSpeakingTask } from '../speaking/speaking';
import type { FakeRoute } from './fetchMock';

/** A teacher's task as the API answers it (docs/product.md#speaking-tasks), in course `c1` ("Public Speaking") by default; `fields` override. */
export function teacherTaskFixture(id: string, title: string, fields: Partial<TeacherSpeakingTask> = {}): TeacherSpeakingTask {
  return {
    id,
    courseId: 'c1',
    courseTitle: 'Public Speaking',
    teacherId: 'u-teacher',
    title,
    prompt: `Talk about ${title}.`,
    script: null,
    focusStrands: ['linguistic'],
    maxSeconds: 120,
    dueAt: null,
    peerFeedback: 'off',
    showNames: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    submitted: 0,
    reviewed: 0,
    students: 0,
    ...fields,
  };
}

/** A review-queue entry as the API answers it (docs/product.md#recordings): pending, no feedback, 1:23 long; `fields` override. */
export function reviewItemFixture(id: string, studentName: string, fields: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id,
    taskId: 'k1',
    studentId: `s-${id}`,
    type: 'audio/webm',
    size: 48_000,
    durationMs: 83_400,
    submittedAt: '2026-02-01T10:00:00.000Z',
    status: 'pending',
    audioUrl: `/api/recordings/${id}/audio`,
    audioRemoved: null,
    delivery: { status: 'pending', source: null, pace: null, pausesCount: null, expression: null, quiet: null, clipped: null },
    studentName,
    taskTitle: 'My hero',
    prompt: 'Describe your hero in one minute.',
    script: null,
    focusStrands: ['linguistic', 'physical'],
    courseTitle: 'Public Speaking',
    feedback: null,
    ...fields,
  };
}

/** A fake `GET /api/teacher/recordings/u-teacher?status=…` (docs/product.md#recordings): `pending` or `reviewed` by the query, pending when absent. */
export function queueRoute(queue: { pending: ReviewItem[] | (() => ReviewItem[]); reviewed: ReviewItem[] }): FakeRoute {
  return (request) => {
    const status = new URL(request.url).searchParams.get('status') ?? 'pending';
    const pending = typeof queue.pending === 'function' ? queue.pending() : queue.pending;
    return { body: status === 'reviewed' ? queue.reviewed : pending };
  };
}

/** Fakes of `GET /api/recordings/{id}` (the review screen's read) for these recordings; any other id answers 404. */
export function reviewItemRoutes(items: readonly ReviewItem[]): Record<string, FakeRoute> {
  return Object.fromEntries(items.map((item) => [`GET /api/recordings/${item.id}`, { body: item }]));
}

/** A student's task as the API answers it (docs/product.md#speaking-tasks): "Describe your weekend", 90 s, not answered; `fields` override. */
export function studentTaskFixture(fields: Partial<StudentSpeakingTask> = {}): StudentSpeakingTask {
  return {
    id: 't1',
    courseId: 'c1',
    courseTitle: 'Voice',
    teacherId: 'u-teacher',
    title: 'Describe your weekend',
    prompt: 'Tell a friend about your weekend in one minute.',
    script: null,
    focusStrands: ['linguistic', 'physical'],
    maxSeconds: 90,
    dueAt: '2026-12-03T12:00:00.000Z',
    peerFeedback: 'off',
    showNames: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    recording: null,
    feedback: null,
    ...fields,
  };
}

/** A student's recording of task `t1` as the API answers it (docs/product.md#recordings), pending; `fields` override. */
export function recordingFixture(fields: Partial<Recording> = {}): Recording {
  return {
    id: 'r1',
    taskId: 't1',
    studentId: 'u-student',
    type: 'audio/webm',
    size: 10,
    durationMs: 4000,
    submittedAt: '2026-11-20T10:00:00.000Z',
    status: 'pending',
    audioUrl: '/api/recordings/r1/audio',
    audioRemoved: null,
    delivery: { status: 'pending', source: null, pace: null, pausesCount: null, expression: null, quiet: null, clipped: null },
    ...fields,
  };
}
