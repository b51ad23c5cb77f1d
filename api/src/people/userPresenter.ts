import type { Types } from 'mongoose';
import { z } from 'zod';
import { languageSchema, objectId, roleSchema, timestamp } from '../platform/http/fields.js';
import type { Role } from '../auth/roles.js';

/** The fields the user presenters read (a lean or a hydrated document); never the password hash. */
export interface UserLike {
  _id: Types.ObjectId | string;
  name: string;
  email: string;
  role: number;
}

import type { Language } from '../platform/http/fields.js';
export type { Language };

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
export function presentCurrentUser(user: UserLike & { firstName: string; lastName: string; language?: string | null }, schoolLanguage: Language): CurrentUserJson {
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

/** One badge of a student's profile (docs/product.md#badges), as `dashboards/badges.ts` derives it. */
export const badgeJsonSchema = z
  .object({
    id: z.enum(['first-take', 'five-takes', 'reviewed', 'assessed-twice', 'level-up']),
    title: z.string().meta({ description: 'English title; the PWA shows its own translation by id' }),
    description: z.string().meta({ description: 'English: what earns it' }),
    earned: z.boolean(),
    earnedAt: timestamp().nullable().meta({ description: 'when the record that earned it was made; null while not earned' }),
  })
  .meta({ id: 'Badge' });

/** A student's own figures on their profile (docs/product.md#teacher-and-student-profiles). */
export const studentProfileJsonSchema = z.object({
  progress: z.number().meta({ description: 'share of the assignments of their courses they completed, 0–100, whole; 0 when they have none' }),
  completedAssignments: z.number(),
  totalAssignments: z.number(),
  courses: z.array(z.object({ id: objectId(), title: z.string() })).meta({ description: 'enrolled courses, by start date' }),
  badges: z.array(badgeJsonSchema).meta({ description: 'every badge, earned or not, in a fixed order' }),
});

/** A teacher's own figures on their profile (docs/product.md#teacher-and-student-profiles). */
export const teacherProfileJsonSchema = z.object({
  coursesTaught: z.number(),
  subjects: z.array(z.string()).meta({ description: 'the titles of the courses they teach, by title' }),
  teachingProgress: z
    .number()
    .nullable()
    .meta({ description: 'share of the assignments handed out in their courses (one per enrolled student) that were completed, 0–100, whole; null when none were handed out' }),
  completedAssignments: z.number(),
  totalAssignments: z.number(),
});

/**
 * The profile of docs/product.md#user-calls: name, email, role, picture and language for everyone,
 * and the role's own figures — `student` for a student, `teacher` for a teacher, null otherwise.
 */
export const profileJsonSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    profilePicture: z.string().nullable().meta({ description: 'the photo’s path (`/uploads/…`), or null for initials' }),
    language: languageSchema.nullable().meta({ description: 'the user’s own language, or null to follow the school’s' }),
    student: studentProfileJsonSchema.nullable(),
    teacher: teacherProfileJsonSchema.nullable(),
  })
  .meta({ id: 'Profile' });

/** A profile: see {@link profileJsonSchema}. */
export type ProfileJson = z.infer<typeof profileJsonSchema>;
/** A student's profile figures: see {@link studentProfileJsonSchema}. */
export type StudentProfileJson = z.infer<typeof studentProfileJsonSchema>;
/** A teacher's profile figures: see {@link teacherProfileJsonSchema}. */
export type TeacherProfileJson = z.infer<typeof teacherProfileJsonSchema>;

/** `PUT /api/user/photo`, `DELETE /api/user/photo` (docs/product.md#user-calls): the user's picture after the change. */
export const userPhotoJsonSchema = z.object({ profilePicture: z.string().nullable() }).meta({ id: 'UserPhoto' });

/**
 * Presents a user and the role's figures as `ProfileJson` (docs/product.md#user-calls).
 * @param figures what `people/profile.ts` counted for the user's role
 */
export function presentProfile(
  user: Omit<UserLike, '_id'> & { profilePicture?: string | null; language?: string | null },
  figures: { student?: StudentProfileJson | null; teacher?: TeacherProfileJson | null } = {},
): ProfileJson {
  return {
    name: user.name,
    email: user.email,
    role: user.role as Role,
    profilePicture: user.profilePicture ?? null,
    // the schema's enum holds the stored value to the three languages.
    language: (user.language ?? null) as Language | null,
    student: figures.student ?? null,
    teacher: figures.teacher ?? null,
  };
}
