/**
 * The words of the student's speaking practice screens (docs/product.md#speaking-practice): a
 * task's status and dates as shown, and the texts both screens share.
 */
import type { StudentSpeakingTask } from '../speaking';
import type { QueuedRecording } from '../useSpeakingOutbox';
import { t, type MessageId } from '../../platform/i18n';
import { formatDate } from '../../platform/i18n/dates';

/** The cache key (and API path stem) of the student's speaking tasks. */
export const SPEAKING_TASKS_KEY = '/api/student/speaking-tasks';

/** A recording waiting in the outbox (a catalogue key). */
export const QUEUED_TEXT: MessageId = 'student.speaking.queued';
/** A recording that reached the server (a catalogue key). */
export const SENT_TEXT: MessageId = 'student.speaking.sent';
/** The label of the upload's progress bar (a catalogue key). */
export const UPLOADING_TEXT: MessageId = 'student.speaking.uploading';

/** A task's status for its student: `todo`, `queued` (a take in the outbox), `failed` (refused), `submitted` or `reviewed`. */
export type TaskStatus = 'todo' | 'queued' | 'failed' | 'submitted' | 'reviewed';

/** The status badge's words per {@link TaskStatus} (catalogue keys). */
export const STATUS_LABELS: Record<TaskStatus, MessageId> = {
  todo: 'student.speaking.status.todo',
  queued: 'student.speaking.status.queued',
  failed: 'student.speaking.status.failed',
  submitted: 'student.speaking.status.submitted',
  reviewed: 'student.speaking.status.reviewed',
};

/**
 * A task's status (docs/product.md#speaking-practice): `reviewed` once it has feedback (nothing
 * can replace it then); otherwise the newest take of the outbox, if any (`queued` or `failed`);
 * otherwise `submitted` with a recording on the server, or `todo`.
 */
export function taskStatus(task: StudentSpeakingTask, queued: QueuedRecording | undefined): TaskStatus {
  if (task.feedback || task.recording?.status === 'reviewed') return 'reviewed';
  if (queued) return queued.status;
  return task.recording ? 'submitted' : 'todo';
}

/** The newest outbox take for `taskId`, if any (docs/product.md#recordings). */
export function queuedFor(items: readonly QueuedRecording[], taskId: string): QueuedRecording | undefined {
  return items.filter((item) => item.taskId === taskId).at(-1);
}

/** A day (an ISO time) as shown in speaking practice, local time, in the active language: "3 Dec 2026" (docs/product.md#speaking-practice). */
export function formatDay(iso: string): string {
  return formatDate(iso, 'date');
}

/** A task's due date (ISO time or null) in words: "Due 3 Dec 2026", or "No due date" (docs/product.md#speaking-practice). */
export function formatDue(dueAt: string | null): string {
  return dueAt ? t('student.speaking.due', { date: formatDay(dueAt) }) : t('speaking.task.noDueDate');
}
