import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { COURSE_STATUSES } from './courseModel.js';
import { TITLE_CHARACTERS_MESSAGE, oneLineText } from '../platform/http/validation.js';

/** Longest course title, in characters (after trimming); matches the Course model. */
export const COURSE_TITLE_MAX = 200;
/** Longest course description, in characters (after trimming); matches the Course model. */
export const COURSE_DESCRIPTION_MAX = 5000;
/** Longest course, in hours: ten thousand is far beyond any real course and keeps the number sane. */
export const COURSE_DURATION_MAX = 10_000;

/** `:id` of `GET`/`PUT`/`DELETE /api/admin/courses/:id`. */
export const courseIdParamSchema = z.object({
  /** the course's id: 24 hex digits (docs/product.md#authorization-matrix: malformed → 400) */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});

/** `YYYY-MM-DD` as the date inputs send it, and a real calendar day. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A required day: `YYYY-MM-DD` (a full ISO timestamp is cut to its day), then a UTC midnight Date. */
function day(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
    .refine(isCalendarDay, { error: 'Must be a date as YYYY-MM-DD.' })
    .transform((value) => new Date(`${value}T00:00:00.000Z`));
}

const DURATION_MESSAGE = 'Duration must be a positive number';

/**
 * The fields of a course as the admin form sends them (docs/product.md#course-management, docs/product.md#course-form-validation,
 * docs/product.md#course-calls), as JSON or as the text fields of a
 * `multipart/form-data` body — so numbers may arrive as strings. Unknown keys
 * (`id`, `imageUrl`, `instructorName` echoed back) are ignored. Messages are
 * docs/product.md#error-messages' wording where it has one.
 */
export const courseFieldsSchema = z
  .object({
    /** NFC, trimmed, 1–200 characters, no control or invisible character (docs/product.md#names-and-titles) */
    title: oneLineText('Title is required', TITLE_CHARACTERS_MESSAGE)
      .min(1, { error: 'Title is required' })
      .max(COURSE_TITLE_MAX, { error: `Title must be at most ${COURSE_TITLE_MAX} characters` }),
    /** trimmed, 1–5000 characters */
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, { error: 'Description is required' })
      .max(COURSE_DESCRIPTION_MAX, { error: `Description must be at most ${COURSE_DESCRIPTION_MAX} characters` }),
    /** id of an existing teacher (role 2); existence is checked by the route */
    instructorId: z
      .string({ error: 'Instructor ID is required' })
      .trim()
      .min(1, { error: 'Instructor ID is required' })
      .regex(OBJECT_ID_PATTERN, { error: 'Instructor ID must be a valid id' }),
    /** hours, a number > 0 (a numeric string from a form counts), at most 10,000 */
    duration: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: DURATION_MESSAGE })
        .refine(Number.isFinite, { error: DURATION_MESSAGE })
        .refine((n) => n > 0, { error: DURATION_MESSAGE })
        .refine((n) => n <= COURSE_DURATION_MAX, { error: `Duration must be at most ${COURSE_DURATION_MAX} hours` }),
    ),
    /** first day, `YYYY-MM-DD` */
    startDate: day('Start Date is required'),
    /** last day, `YYYY-MM-DD`, not before `startDate` */
    endDate: day('End Date is required'),
    /** `active` or `inactive` (docs/product.md#clarified-behaviour) */
    status: z.enum(COURSE_STATUSES, {
      error: (issue) => (issue.input === undefined || issue.input === '' || issue.input === null ? 'Status is required' : 'Status must be active or inactive'),
    }),
  })
  .refine((course) => course.startDate.getTime() <= course.endDate.getTime(), {
    error: 'End Date must be after Start Date',
    path: ['endDate'],
    when: (payload) => {
      // Runs even when the body is not an object at all (`null`): never assume one, or such a body would be a 500.
      const value = payload.value as { startDate?: unknown; endDate?: unknown } | null | undefined;
      return value?.startDate instanceof Date && value.endDate instanceof Date;
    },
  });

/** Validated course fields: trimmed strings, `duration` in hours, both dates as UTC-midnight Dates. */
export type CourseFieldsInput = z.output<typeof courseFieldsSchema>;
