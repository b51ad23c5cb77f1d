import type { Types } from 'mongoose';

/** Role codes of docs/product.md#roles-and-permissions: 1 admin, 2 teacher, 3 student. */
export const ROLES = { admin: 1, teacher: 2, student: 3 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES: readonly Role[] = [ROLES.admin, ROLES.teacher, ROLES.student];

/** A role's word, as files, exports and the access log write it: `admin`, `teacher`, `student`. */
export type RoleWord = keyof typeof ROLES;

/** The word of each role code (docs/product.md#role-codes): the one table of them. */
export const ROLE_WORDS: Readonly<Record<Role, RoleWord>> = { [ROLES.admin]: 'admin', [ROLES.teacher]: 'teacher', [ROLES.student]: 'student' };

/** The word of a stored role code, or `undefined` for a number that is no role. */
export function roleWord(role: number): RoleWord | undefined {
  return (ROLE_WORDS as Readonly<Record<number, RoleWord>>)[role];
}

/** The signed-in person a policy (`<concept>/policy.ts`, docs/architecture.md#authorization) is asked about. */
export interface Reader {
  _id: Types.ObjectId;
  /** a role code of {@link ROLES} */
  role: number;
}
