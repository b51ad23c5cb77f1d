import { z } from 'zod';
import { SCHOOL_LANGUAGES } from '../../db/models/index.js';
import { objectId } from '../admin/users/schema.js';

/** The `:userId` path parameter of `GET /api/user/profile/:userId` (docs/product.md#user-calls). */
export const profileParamSchema = z.object({
  /** the user's id (24 hex digits). */
  userId: objectId,
});

/**
 * `PUT /api/user/language` (docs/product.md#language): the signed-in user's language, or null to
 * follow the school's; any other field is a 400 ("Unknown field.").
 */
export const userLanguageBodySchema = z.strictObject(
  {
    /** English, Spanish or French, or null for the school's language */
    language: z.enum(SCHOOL_LANGUAGES, { error: 'Language must be English, Spanish, French or null.' }).nullable(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object with the language.' : undefined) },
);
