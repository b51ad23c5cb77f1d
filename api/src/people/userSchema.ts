import { z } from 'zod';
import { SCHOOL_LANGUAGES } from '../settings/model.js';
import { newPassword, PASSWORD_MAX_LENGTH, PASSWORDS_DIFFER_MESSAGE } from '../auth/schema.js';
import { reasonParams } from '../platform/http/errors.js';
import { objectId } from './usersSchema.js';

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

/**
 * `POST /api/user/password` (docs/product.md#change-password): the current password and the new
 * one typed twice; the new one follows the rules of registration (`newPassword`: 10–128
 * characters, not a common password).
 */
export const userPasswordBodySchema = z
  .strictObject(
    {
      /** the password the user signs in with now, as typed (≤ 1024 characters, like sign-in) */
      currentPassword: z.string({ error: 'Enter your current password.' }).min(1, { error: 'Enter your current password.' }).max(1024, { error: 'Use at most 1024 characters.' }),
      /** 10–128 characters, not trimmed, not on the common-password list (as at registration) */
      password: newPassword('Enter a new password.'),
      /** the new password again; a different one is a 400 naming `confirmPassword` */
      confirmPassword: z.string({ error: 'Enter the new password again.' }).max(PASSWORD_MAX_LENGTH, { error: PASSWORDS_DIFFER_MESSAGE }),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object with the passwords.' : undefined) },
  )
  .superRefine((body, ctx) => {
    if (body.confirmPassword !== body.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE, params: reasonParams('passwords_differ') });
  });
