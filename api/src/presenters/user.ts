import type { Types } from 'mongoose';
import type { Role } from '../db/models/index.js';

/** The fields the user presenters read (a lean or a hydrated document); never the password hash. */
export interface UserLike {
  _id: Types.ObjectId | string;
  name: string;
  email: string;
  role: number;
}

/** One row of the users table (docs/product.md#users-and-sessions). `role` is 1 admin, 2 teacher, 3 student. */
export interface UserRowJson {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Presents a user document as `UserRowJson` (`id` as a string, no hash). */
export function presentUserRow(user: UserLike): UserRowJson {
  return { id: String(user._id), name: user.name, email: user.email, role: user.role as Role };
}

/** The signed-in user as `/auth/current_user` answers it (docs/product.md#sign-in-site). */
export interface CurrentUserJson {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: Role;
}

/** Presents a user as `CurrentUserJson` (docs/product.md#sign-in-site: no hash, `id` as a string). */
export function presentCurrentUser(user: UserLike & { firstName: string; lastName: string }): CurrentUserJson {
  return {
    id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    email: user.email,
    role: user.role as Role,
  };
}

/** The profile of docs/product.md#users-and-sessions ("Profile: name, email, role"); `role` is 1 admin, 2 teacher, 3 student. */
export interface ProfileJson {
  name: string;
  email: string;
  role: Role;
}

/** Presents a user as `ProfileJson` (docs/product.md#user-calls). */
export function presentProfile(user: Omit<UserLike, '_id'>): ProfileJson {
  return { name: user.name, email: user.email, role: user.role as Role };
}
