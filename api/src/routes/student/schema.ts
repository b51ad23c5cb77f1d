import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../../auth/middleware.js';
import { COMPLAINT_LIMITS } from '../../services/complaints.js';

/** A field that must hold text after trimming (docs/product.md#complaint-dialog-validation). */
const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, { error: `${name} is required.` })
    .max(max, { error: `${name} must be at most ${max} characters.` });

/**
 * The fields every complaint body carries (docs/product.md#student-calls, docs/product.md#teacher-calls,
 * docs/product.md#complaint-dialog-validation), shared by the student and teacher schemas.
 */
export const complaintContentFields = {
  /** the complaint's title: required after trimming, 1–200 characters (stored trimmed) */
  title: requiredText('Title', COMPLAINT_LIMITS.title),
  /** what happened: required after trimming, 1–5000 characters (stored trimmed) */
  description: requiredText('Description', COMPLAINT_LIMITS.description),
  /**
   * the client's idempotency key for the offline outbox (docs/contributing.md practice
   * 10), 8–100 characters; a repeat from the same user returns the first complaint
   */
  clientId: z
    .string()
    .min(COMPLAINT_LIMITS.clientIdMin, { error: `Must be ${COMPLAINT_LIMITS.clientIdMin}–${COMPLAINT_LIMITS.clientIdMax} characters.` })
    .max(COMPLAINT_LIMITS.clientIdMax, { error: `Must be ${COMPLAINT_LIMITS.clientIdMin}–${COMPLAINT_LIMITS.clientIdMax} characters.` })
    .nullish(),
  /** the filer as the client believes it; accepted and ignored — the owner comes from the session (docs/product.md#identity-on-the-device, docs/product.md#clarified-behaviour) */
  userId: z.unknown().optional(),
};

/**
 * `POST /api/student/complaints` (docs/product.md#student-calls; docs/product.md#clarified-behaviour: accept
 * `sId` and `studentId`). Other fields are ignored.
 */
export const studentComplaintSchema = z.object({
  ...complaintContentFields,
  /** the student's id in one reading of the spec; ignored (the session decides) */
  sId: z.unknown().optional(),
  /** the student's id in the other reading; ignored (the session decides) */
  studentId: z.unknown().optional(),
});
/** A validated student complaint body. */
export type StudentComplaintInput = z.output<typeof studentComplaintSchema>;

/** `/:id` of a complaint delete (docs/product.md#authorization-matrix: a malformed id is a 400). */
export const complaintIdParamSchema = z.object({
  /** the complaint's id, 24 hex digits */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});
