import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../../../auth/middleware.js';

/** `:id` of `POST /api/admin/complaints/:id/approve` and `/disapprove`. */
export const complaintIdParamSchema = z.object({
  /** the complaint's id: 24 hex digits (docs/product.md#authorization-matrix: malformed → 400) */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});
