import { z } from 'zod';
import { objectId } from '../platform/http/fields.js';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { COMPLAINT_LIMITS } from './service.js';
import { TITLE_CHARACTERS_MESSAGE, oneLineText } from '../platform/http/validation.js';

/** A field that must hold text after trimming (docs/product.md#complaint-dialog-validation). */
const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, { error: `${name} is required.` })
    .max(max, { error: `${name} must be at most ${max} characters.` });

/**
 * The fields every complaint body carries (docs/product.md#student-calls, docs/product.md#teacher-calls,
 * docs/product.md#complaint-dialog-validation), shared by the student and teacher bodies.
 */
const complaintContentFields = {
  /** the complaint's title: NFC, required after trimming, 1–200 characters (stored trimmed), no control or invisible character (docs/product.md#names-and-titles) */
  title: oneLineText('Title is required.', TITLE_CHARACTERS_MESSAGE)
    .min(1, { error: 'Title is required.' })
    .max(COMPLAINT_LIMITS.title, { error: `Title must be at most ${COMPLAINT_LIMITS.title} characters.` }),
  /** what happened: required after trimming, 1–5000 characters (stored trimmed) */
  description: requiredText('Description', COMPLAINT_LIMITS.description),
  /**
   * accepted and ignored: outbox items queued by an older app version carry their key in the body as
   * well, and must still replay. The key that de-duplicates a submission is the `Idempotency-Key`
   * header (`platform/http/idempotency.ts`, docs/contributing.md#the-outbox).
   */
  clientId: z.string().nullish(),
  /** the filer as the client believes it; accepted and ignored — the owner comes from the session (docs/product.md#identity-on-the-device, docs/product.md#clarified-behaviour) */
  userId: z.unknown().optional(),
};

/**
 * `POST /api/student/complaints` (docs/product.md#student-calls; docs/product.md#clarified-behaviour: accept
 * `sId` and `studentId`). Other fields are ignored.
 */
export const studentComplaintSchema = z.object({
  ...complaintContentFields,
  /** the student's id in one reading of docs/product.md#student-calls; ignored (the session decides) */
  sId: z.unknown().optional(),
  /** the student's id in the other reading; ignored (the session decides) */
  studentId: z.unknown().optional(),
});

/**
 * `POST /api/teacher/complaints` (docs/product.md#teacher-calls: `{title, description,
 * tId, userId}`). Other fields are ignored.
 */
export const teacherComplaintSchema = z.object({
  ...complaintContentFields,
  /** the teacher's id as the client believes it; ignored (the session decides, docs/product.md#identity-on-the-device) */
  tId: z.unknown().optional(),
});

/**
 * `:id` of a complaint: the owner's `DELETE /api/{student,teacher}/complaints/:id` and the admin's
 * `POST /api/admin/complaints/:id/approve` and `/disapprove`
 * (docs/product.md#authorization-matrix: a malformed id is a 400).
 */
export const complaintIdParamSchema = z.object({
  /** the complaint's id, 24 hex digits */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});

/** `{id}` of a deleted record. */
export const deletedIdSchema = z.object({ id: objectId() }).meta({ id: 'DeletedId' });
