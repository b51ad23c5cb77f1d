/**
 * The speaking-task form's values and its client-side rules, mirroring the API's
 * (docs/product.md#speaking-tasks), kept apart from the dialog so they can be tested on their own.
 */
import { HttpError } from '../../platform/api/api';
import { STRAND_KEYS, type StrandKey } from '../../oracy';
import type { SpeakingTaskChanges, SpeakingTaskDraft, TeacherSpeakingTask } from '../speaking';
import { t, type MessageId } from '../../platform/i18n';

/** What the task form holds (docs/product.md#speaking-tasks): text as typed, the strands ticked, the length in seconds. */
export interface SpeakingTaskFormValues {
  courseId: string;
  title: string;
  prompt: string;
  /** the ticked strands, in any order (sent in the questionnaire's order) */
  focusStrands: StrandKey[];
  /** the longest answer in seconds, 15–300 */
  maxSeconds: number;
  /** a `datetime-local` value (`YYYY-MM-DDTHH:mm`, local time), or '' for no due date */
  dueAt: string;
  /** the text of a reading-aloud task as typed, '' for none (docs/product.md#reading-aloud) */
  script: string;
}

/** The keys a task form's error can sit under: the fields, plus `form` for a message that names none of them (docs/product.md#speaking-tasks). */
export type SpeakingTaskErrorKey = 'courseId' | 'title' | 'prompt' | 'focusStrands' | 'maxSeconds' | 'dueAt' | 'script' | 'form';

/** A task form's messages per key; an absent key has no error (docs/product.md#speaking-tasks). */
export type SpeakingTaskErrors = Partial<Record<SpeakingTaskErrorKey, string>>;

/** The catalogue keys of the form's messages (docs/product.md#speaking-tasks); the API answers the same words in English. */
export const TASK_FORM_MESSAGES = {
  courseId: 'teacher.taskForm.courseRequired',
  title: 'teacher.taskForm.titleRequired',
  titleLength: 'teacher.taskForm.titleLength',
  prompt: 'teacher.taskForm.promptRequired',
  promptLength: 'common.atMost2000Characters',
  scriptLength: 'common.atMost2000Characters',
  focusStrands: 'teacher.taskForm.strandsRequired',
  dueAt: 'teacher.taskForm.dueInPast',
} as const satisfies Record<string, MessageId>;

/** The "Maximum length" choices in seconds (docs/product.md#speaking-tasks: 15–300 s), shown by {@link maxLengthLabel}. */
export const MAX_LENGTH_OPTIONS: readonly { seconds: number }[] = [15, 30, 60, 90, 120, 180, 240, 300].map((seconds) => ({ seconds }));

/** The default longest answer, seconds (docs/product.md#speaking-tasks). */
export const DEFAULT_MAX_SECONDS = 120;

/** A length in seconds as the select shows it, in the active language: whole minutes from 2 min up ("2 min"), else seconds ("45 s", "90 s") (docs/product.md#speaking-tasks). */
export function maxLengthLabel(seconds: number): string {
  return seconds >= 120 && seconds % 60 === 0 ? t('teacher.taskForm.minutes', { count: seconds / 60 }) : t('teacher.taskForm.seconds', { count: seconds });
}

/** The empty form of a new task (docs/product.md#speaking-tasks), in `courseId` when given. */
export function emptyTaskForm(courseId = ''): SpeakingTaskFormValues {
  return { courseId, title: '', prompt: '', focusStrands: [], maxSeconds: DEFAULT_MAX_SECONDS, dueAt: '', script: '' };
}

/** Two digits. */
const pad = (n: number) => String(n).padStart(2, '0');

/** A task's `dueAt` (ISO 8601) as a `datetime-local` value in the device's time zone (`YYYY-MM-DDTHH:mm`); '' for null (docs/product.md#speaking-tasks). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as the ISO 8601 `dueAt` in UTC; null for '' or an unreadable value (docs/product.md#speaking-tasks). */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form filled from an existing task (edit mode, docs/product.md#speaking-tasks). */
export function taskToFormValues(task: TeacherSpeakingTask): SpeakingTaskFormValues {
  return {
    courseId: task.courseId,
    title: task.title,
    prompt: task.prompt,
    focusStrands: [...task.focusStrands],
    maxSeconds: task.maxSeconds,
    dueAt: isoToLocalInput(task.dueAt),
    script: task.script ?? '',
  };
}

/**
 * Checks the form as the API will (docs/product.md#speaking-tasks): a course (new tasks only), a
 * title of 1–120 and a prompt of 1–2,000 characters after trimming, at least one strand, a due
 * date, when set, not in the past, and a script of at most 2,000 characters after trimming.
 * @param now the time the due date is judged against, ms since the epoch
 * @returns the errors, in the active language; an empty object means the form may be sent
 */
export function validateTaskForm(values: SpeakingTaskFormValues, now: number = Date.now()): SpeakingTaskErrors {
  const errors: SpeakingTaskErrors = {};
  if (!values.courseId) errors.courseId = t(TASK_FORM_MESSAGES.courseId);
  const title = values.title.trim();
  if (!title) errors.title = t(TASK_FORM_MESSAGES.title);
  else if (title.length > 120) errors.title = t(TASK_FORM_MESSAGES.titleLength);
  const prompt = values.prompt.trim();
  if (!prompt) errors.prompt = t(TASK_FORM_MESSAGES.prompt);
  else if (prompt.length > 2000) errors.prompt = t(TASK_FORM_MESSAGES.promptLength);
  if (values.focusStrands.length === 0) errors.focusStrands = t(TASK_FORM_MESSAGES.focusStrands);
  const due = localInputToIso(values.dueAt);
  if (due && new Date(due).getTime() < now) errors.dueAt = t(TASK_FORM_MESSAGES.dueAt);
  if (values.script.trim().length > 2000) errors.script = t(TASK_FORM_MESSAGES.scriptLength);
  return errors;
}

/** True when a task form's `errors` hold a message (docs/product.md#speaking-tasks). */
export function hasTaskErrors(errors: SpeakingTaskErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The changes a form sends to `PUT /api/teacher/speaking-tasks/{taskId}` (docs/product.md#speaking-tasks): trimmed, strands in the questionnaire's order, an empty script as null. */
export function taskChanges(values: SpeakingTaskFormValues): SpeakingTaskChanges {
  return {
    title: values.title.trim(),
    prompt: values.prompt.trim(),
    focusStrands: STRAND_KEYS.filter((key) => values.focusStrands.includes(key)),
    maxSeconds: values.maxSeconds,
    dueAt: localInputToIso(values.dueAt),
    script: values.script.trim() || null,
  };
}

/** The body of `POST /api/teacher/speaking-tasks` (docs/product.md#speaking-tasks): the changes plus the course. */
export function taskDraft(values: SpeakingTaskFormValues): SpeakingTaskDraft {
  return { courseId: values.courseId, ...taskChanges(values) };
}

const FIELD_KEYS: readonly SpeakingTaskErrorKey[] = ['courseId', 'title', 'prompt', 'focusStrands', 'maxSeconds', 'dueAt', 'script'];

/**
 * A 400's field messages under the form's keys (docs/product.md#speaking-tasks): `focusStrands.1`
 * sits under `focusStrands`; a message naming no field of the form goes under `form`. Null when
 * `error` is not a 400 with fields.
 */
export function serverTaskErrors(error: unknown): SpeakingTaskErrors | null {
  if (!(error instanceof HttpError) || error.status !== 400 || Object.keys(error.fields).length === 0) return null;
  const errors: SpeakingTaskErrors = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    const key = FIELD_KEYS.find((field) => name === field || name.startsWith(`${field}.`));
    if (key) errors[key] ??= message;
    else others.push(message);
  }
  if (others.length) errors.form = others.join(' ');
  return errors;
}
