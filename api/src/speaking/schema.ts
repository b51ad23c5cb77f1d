import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { SPEAKING_STRANDS } from './model.js';
import { deliveryReportSchema, type DeliveryReport } from '../delivery/analysis/report.js';
import { TITLE_CHARACTERS_MESSAGE, oneLineText } from '../platform/http/validation.js';

/** An ObjectId in a path or body. */
const objectIdField = () => z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' });

/** The task fields a teacher writes (docs/product.md#speaking-practice); `now` judges `dueAt`. */
const taskFields = {
  /** NFC, 1–120 characters after trimming, no control or invisible character (docs/product.md#names-and-titles) */
  title: oneLineText('Enter a title.', TITLE_CHARACTERS_MESSAGE).min(1, { error: 'Enter a title.' }).max(120, { error: 'At most 120 characters.' }),
  /** 1–2,000 characters after trimming: what the student answers aloud */
  prompt: z.string({ error: 'Enter a prompt.' }).trim().min(1, { error: 'Enter a prompt.' }).max(2000, { error: 'At most 2,000 characters.' }),
  /** for a reading-aloud task, the text read: at most 2,000 characters after trimming; empty, null or left out for none (docs/product.md#reading-aloud) */
  script: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(2000, { error: 'At most 2,000 characters.' })
    .nullable()
    .optional()
    .transform((script) => script || null),
  /** 1–4 distinct strand keys the teacher will score */
  focusStrands: z
    .array(z.enum(SPEAKING_STRANDS, { error: 'Must be linguistic, cognitive, socialEmotional or physical.' }), { error: 'Choose at least one strand.' })
    .min(1, { error: 'Choose at least one strand.' })
    .max(4, { error: 'At most the four strands.' })
    .refine((strands) => new Set(strands).size === strands.length, { error: 'Choose each strand once.' }),
  /** the longest answer in seconds, 15–300; 120 when left out */
  maxSeconds: z.int({ error: 'Must be a whole number of seconds.' }).min(15, { error: 'At least 15 seconds.' }).max(300, { error: 'At most 300 seconds.' }).default(120),
  /** ISO 8601 date and time with a zone; null or left out for none (not in the past: checked per call) */
  dueAt: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-12-01T15:00:00.000Z.' })
    .transform((value) => new Date(value))
    .nullable()
    .optional(),
};

/** Message of a due date in the past. */
export const DUE_IN_THE_PAST = 'The due date is in the past.';

/** True when a due date lies in the past (a minute's grace for clocks that differ). */
export const isPast = (date: unknown): boolean => date instanceof Date && date.getTime() < Date.now() - 60_000;

/** `POST /api/teacher/speaking-tasks` (docs/product.md#speaking-practice). */
export const createTaskSchema = z
  .object({
    /** one of the teacher's courses (403 otherwise) */
    courseId: objectIdField(),
    ...taskFields,
  })
  .refine((task) => !isPast(task.dueAt), { error: DUE_IN_THE_PAST, path: ['dueAt'] });

/**
 * `PUT /api/teacher/speaking-tasks/:taskId`: every field but the course (a task stays with its
 * course). A due date already past may stay as it is (the route checks), so an overdue task
 * can still be edited.
 */
export const updateTaskSchema = z.object(taskFields);

/** `:taskId` */
export const taskIdParamSchema = z.object({ taskId: objectIdField() });

/** `:recordingId` */
export const recordingIdParamSchema = z.object({ recordingId: objectIdField() });

/** The multipart form of `POST /api/student/speaking-tasks/:taskId/recordings`. */
export const recordingFormSchema = z.object({
  /** the audio: WebM, Ogg, MP4/M4A or WAV by its content, at most 10 MB */
  audio: z.instanceof(File, { error: 'Attach the recording as the file field "audio".' }),
  /** the length the recorder measured, ms; ignored: the server measures the audio itself */
  durationMs: z.coerce.number({ error: 'Must be a number of milliseconds.' }).int({ error: 'Must be a whole number of milliseconds.' }).min(0).max(3_600_000).optional(),
  /** the phone's delivery report as JSON (`deliveryReportSchema`, docs/product.md#measured-by-the-server), at most 200,000 characters */
  delivery: z
    .string({ error: 'Must be a delivery report as JSON.' })
    .max(200_000, { error: 'At most 200,000 characters.' })
    .transform((text, ctx): DeliveryReport => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be a delivery report as JSON.' });
        return z.NEVER;
      }
      const checked = deliveryReportSchema.safeParse(parsed);
      if (checked.success) return checked.data;
      const first = checked.error.issues[0];
      ctx.addIssue({ code: 'custom', message: `Not a valid delivery report${first?.path.length ? ` (${first.path.join('.')})` : ''}.` });
      return z.NEVER;
    })
    .optional(),
});

/** The fields of that form but the file, as the route reads them after streaming the file to disk. */
export const recordingFieldsSchema = recordingFormSchema.omit({ audio: true });

/** `?status=` of the review queue: `pending` (default) or `reviewed`. */
export const queueQuerySchema = z.object({
  status: z.enum(['pending', 'reviewed'], { error: 'Must be pending or reviewed.' }).default('pending'),
});

/** `POST` / `PUT /api/teacher/recordings/:recordingId/feedback`. */
export const feedbackSchema = z.object({
  /** `{strandKey: integer 1–5}` for exactly the task's focus strands (checked against the task) */
  strands: z.partialRecord(
    z.enum(SPEAKING_STRANDS, { error: 'Must be linguistic, cognitive, socialEmotional or physical.' }),
    z.int({ error: 'Must be an integer from 1 to 5.' }).min(1, { error: 'Must be an integer from 1 to 5.' }).max(5, { error: 'Must be an integer from 1 to 5.' }),
    { error: 'Give a score for each focus strand.' },
  ),
  /** 0–2,000 characters after trimming */
  comment: z.string({ error: 'Must be text.' }).trim().max(2000, { error: 'At most 2,000 characters.' }).default(''),
});
