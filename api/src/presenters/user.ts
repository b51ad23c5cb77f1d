import type { Types } from 'mongoose';
import { z } from 'zod';
import { languageSchema, objectId, roleSchema } from './fields.js';
import type { Role } from '../db/models/index.js';

/** The fields the user presenters read (a lean or a hydrated document); never the password hash. */
export interface UserLike {
  _id: Types.ObjectId | string;
  name: string;
  email: string;
  role: number;
}

/** English, Spanish or French. */
export type Language = z.infer<typeof languageSchema>;

/** One row of the users table (docs/product.md#users-and-sessions). */
export const userRowJsonSchema = z.object({ id: objectId(), name: z.string(), email: z.string(), role: roleSchema }).meta({ id: 'Person' });

/** One row of the users table: see {@link userRowJsonSchema}. */
export type UserRowJson = z.infer<typeof userRowJsonSchema>;

/** Presents a user document as `UserRowJson` (`id` as a string, no hash). */
export function presentUserRow(user: UserLike): UserRowJson {
  return { id: String(user._id), name: user.name, email: user.email, role: user.role as Role };
}

/**
 * The signed-in user as `/auth/current_user` answers it (docs/product.md#sign-in-site), with
 * `language` — their own choice or null — and `schoolLanguage` (docs/product.md#language).
 */
export const currentUserJsonSchema = z
  .object({
    id: objectId(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    language: languageSchema.nullable(),
    schoolLanguage: languageSchema,
  })
  .meta({ id: 'CurrentUser' });

/** The signed-in user: see {@link currentUserJsonSchema}. */
export type CurrentUserJson = z.infer<typeof currentUserJsonSchema>;

/**
 * Presents a user as `CurrentUserJson` (docs/product.md#sign-in-site: no hash, `id` as a string),
 * with the school's language beside theirs (docs/product.md#language).
 */
export function presentCurrentUser(
  user: UserLike & { firstName: string; lastName: string; language?: string | null },
  schoolLanguage: Language,
): CurrentUserJson {
  return {
    id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    // the schema's enum holds the stored value to the three languages.
    language: (user.language ?? null) as Language | null,
    schoolLanguage,
  };
}

/** The profile of docs/product.md#users-and-sessions ("Profile: name, email, role"). */
export const profileJsonSchema = z.object({ name: z.string(), email: z.string(), role: roleSchema }).meta({ id: 'Profile' });

/** A profile: see {@link profileJsonSchema}. */
export type ProfileJson = z.infer<typeof profileJsonSchema>;

/** Presents a user as `ProfileJson` (docs/product.md#user-calls). */
export function presentProfile(user: Omit<UserLike, '_id'>): ProfileJson {
  return { name: user.name, email: user.email, role: user.role as Role };
}
