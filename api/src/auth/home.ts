import { ROLES, type Role } from './roles.js';

/**
 * Each role's own home in the PWA, where a form sign-in, a registration and a password change land
 * (docs/product.md#sign-in-site): the admin's, the teacher's and the student's dashboard. The PWA's
 * `homePathFor` (`pwa/src/auth/roles.ts`) gives the same answers.
 */
export const HOME_PATHS: Readonly<Record<Role, string>> = {
  [ROLES.admin]: '/admin/dashboard',
  [ROLES.teacher]: '/teacher/dashboard',
  [ROLES.student]: '/student/dashboard',
};

/** The home path of a role code (docs/product.md#sign-in-site); `/` (the self-assessment) for any other value. */
export function homePathFor(role: number | null | undefined): string {
  return role === ROLES.admin || role === ROLES.teacher || role === ROLES.student ? HOME_PATHS[role] : '/';
}
