/**
 * The course form's data and its client-side rules (docs/product.md#course-management,
 * docs/product.md#course-form-validation), kept apart from the screen so they can be tested
 * on their own.
 */

import type { Answer, client } from '../platform/api/client';
import type { Course } from '../people';
import type { MessageId } from '../platform/i18n';

/** A course as `GET /api/admin/courses` answers it: the one course shape every screen reads (docs/product.md#course-records). */
export type { Course };

/** An instructor of the dropdown (`GET /api/admin/instructors`, docs/product.md#data: id and name). */
export type Instructor = Answer<typeof client.api.admin.instructors.$get>[number];

/** What the form holds: every field as the inputs give it (strings), plus a chosen image file. */
export interface CourseFormValues {
  title: string;
  description: string;
  instructorId: string;
  /** as typed, e.g. "12" or "7.5" */
  duration: string;
  /** YYYY-MM-DD, or '' */
  startDate: string;
  /** YYYY-MM-DD, or '' */
  endDate: string;
  /** 'active' | 'inactive' | '' */
  status: string;
  /** a newly chosen image, or null to keep the current one */
  image: File | null;
}

/** The keys an error can sit under: the fields, plus `dateRange` for the date order (docs/product.md#validation-rules). */
export type CourseFormErrorKey = 'title' | 'description' | 'instructorId' | 'duration' | 'startDate' | 'endDate' | 'dateRange' | 'status';

/** The catalogue key of the message per key, translated where it is shown; an absent key has no error. */
export type CourseFormErrors = Partial<Record<CourseFormErrorKey, MessageId>>;

/** The catalogue keys of the spec's messages (docs/product.md#course-form-validation). */
export const COURSE_FORM_MESSAGES = {
  title: 'admin.courseForm.titleRequired',
  description: 'admin.courseForm.descriptionRequired',
  instructorId: 'admin.courseForm.instructorRequired',
  duration: 'admin.courseForm.durationInvalid',
  startDate: 'admin.courseForm.startDateRequired',
  endDate: 'admin.courseForm.endDateRequired',
  dateRange: 'admin.courseForm.dateRange',
  status: 'admin.courseForm.statusRequired',
} as const satisfies Record<CourseFormErrorKey, MessageId>;

/** Largest image the server accepts: 5,242,880 bytes (5 MB). */
export const MAX_COURSE_IMAGE_BYTES = 5_242_880;

/** The empty form of the add mode (docs/product.md#course-dialog-modes: "an empty course"). */
export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: '',
  description: '',
  instructorId: '',
  duration: '',
  startDate: '',
  endDate: '',
  status: '',
  image: null,
};

/** The form filled from an existing course (edit and view modes). */
export function courseToFormValues(course: Course): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    instructorId: course.instructorId ?? '',
    duration: String(course.duration),
    startDate: course.startDate,
    endDate: course.endDate,
    // A legacy `ongoing` reads as active (docs/product.md#clarified-behaviour).
    status: course.status === 'ongoing' ? 'active' : course.status,
    image: null,
  };
}

/**
 * Checks the form on submit (docs/product.md#course-form-validation). Text fields must be
 * non-blank; the duration present, numeric and > 0; both dates present, and
 * the start not after the end (held under `dateRange`).
 * @returns the errors' catalogue keys; an empty object means the form may be sent
 */
export function validateCourseForm(values: CourseFormValues): CourseFormErrors {
  const errors: CourseFormErrors = {};
  if (!values.title.trim()) errors.title = COURSE_FORM_MESSAGES.title;
  if (!values.description.trim()) errors.description = COURSE_FORM_MESSAGES.description;
  if (!values.instructorId) errors.instructorId = COURSE_FORM_MESSAGES.instructorId;
  const duration = Number(values.duration);
  if (values.duration.trim() === '' || !Number.isFinite(duration) || duration <= 0) errors.duration = COURSE_FORM_MESSAGES.duration;
  if (!values.startDate) errors.startDate = COURSE_FORM_MESSAGES.startDate;
  if (!values.endDate) errors.endDate = COURSE_FORM_MESSAGES.endDate;
  // YYYY-MM-DD strings compare in date order.
  if (values.startDate && values.endDate && values.startDate > values.endDate) errors.dateRange = COURSE_FORM_MESSAGES.dateRange;
  if (values.status !== 'active' && values.status !== 'inactive') errors.status = COURSE_FORM_MESSAGES.status;
  return errors;
}

/** True when `errors` holds no message. */
export function hasErrors(errors: CourseFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The request body of `POST`/`PUT /api/admin/courses`: multipart form data
 * with the fields (trimmed) and, when one was chosen, the `image` file
 * (docs/product.md#course-calls).
 */
export function courseFormData(values: CourseFormValues): FormData {
  const data = new FormData();
  data.append('title', values.title.trim());
  data.append('description', values.description.trim());
  data.append('instructorId', values.instructorId);
  data.append('duration', values.duration.trim());
  data.append('startDate', values.startDate);
  data.append('endDate', values.endDate);
  data.append('status', values.status);
  if (values.image) data.append('image', values.image, values.image.name);
  return data;
}

/**
 * Why a chosen file cannot be the course image, or null when it can: it
 * must say it is an image and be at most 5 MB (the server checks the content
 * itself). The catalogue key of the reason.
 */
export function imageProblem(file: File): MessageId | null {
  if (!file.type.startsWith('image/')) return 'admin.courseForm.imageNotImage';
  if (file.size > MAX_COURSE_IMAGE_BYTES) return 'admin.courseForm.imageTooLarge';
  return null;
}
