import { z } from 'zod';
import { complaintContentFields } from '../student/schema.js';

/** `/:id` of a complaint delete — the same rule as the student area's. */
export { complaintIdParamSchema } from '../student/schema.js';

/**
 * `POST /api/teacher/complaints` (docs/product.md#teacher-calls: `{title, description,
 * tId, userId}`). Other fields are ignored.
 */
export const teacherComplaintSchema = z.object({
  ...complaintContentFields,
  /** the teacher's id as the client believes it; ignored (the session decides, docs/product.md#identity-on-the-device) */
  tId: z.unknown().optional(),
});
/** A validated teacher complaint body. */
export type TeacherComplaintInput = z.output<typeof teacherComplaintSchema>;
