import { z } from 'zod';
import { objectId } from '../admin/users/schema.js';

/** The `:userId` path parameter of `GET /api/user/profile/:userId` (docs/product.md#user-calls). */
export const profileParamSchema = z.object({
  /** the user's id (24 hex digits). */
  userId: objectId,
});
