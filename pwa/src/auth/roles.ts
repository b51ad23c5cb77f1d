/**
 * Role codes and what depends on them (docs/product.md#role-codes, docs/product.md#dashboard-layout, docs/product.md#constants-and-limits).
 */
import type { Answer, client } from '../platform/api/client';
import { t, type MessageId } from '../platform/i18n';

/** 1 = Admin, 2 = Teacher, 3 = Student (docs/product.md#role-codes): the server's role type, as a profile answers it. */
export type Role = Answer<(typeof client.api.user.profile)[':userId']['$get']>['role'];

/** The role codes by name. */
export const ROLE = { admin: 1, teacher: 2, student: 3 } as const satisfies Record<string, Role>;

/** `true` when `value` is one of the three role codes. */
export function isRole(value: unknown): value is Role {
  return value === ROLE.admin || value === ROLE.teacher || value === ROLE.student;
}

/** The catalogue key of each role's name. */
const ROLE_NAME_IDS: Readonly<Record<Role, MessageId>> = { [ROLE.admin]: 'roles.admin', [ROLE.teacher]: 'roles.teacher', [ROLE.student]: 'roles.student' };

/** A role choice: its code (data, sent to the API) and its name, read in the active language. */
function roleOption(value: Role): { readonly value: Role; readonly label: string } {
  return {
    value,
    get label() {
      return t(ROLE_NAME_IDS[value]);
    },
  };
}

/** The users table's role choices in the order docs/product.md#users-table lists them; `label` is read in the active language. */
export const ROLE_OPTIONS: readonly { readonly value: Role; readonly label: string }[] = [roleOption(ROLE.student), roleOption(ROLE.teacher), roleOption(ROLE.admin)];

/** The name of a role code ("Admin", "Teacher", "Student"), or "Unknown Role" (docs/product.md#constants-and-limits), in the active language. */
export function roleName(role: number | null | undefined): string {
  return isRole(role) ? t(ROLE_NAME_IDS[role]) : t('roles.unknown');
}

/**
 * The top-bar title for a role (docs/product.md#dashboard-layout), in the active language: "Admin
 * Dashboard", "Teacher Dashboard", "Student Dashboard", anything else "Default Page".
 */
export function roleTitle(role: number | null | undefined): string {
  switch (role) {
    case ROLE.admin:
      return t('roles.dashboard.admin');
    case ROLE.teacher:
      return t('roles.dashboard.teacher');
    case ROLE.student:
      return t('roles.dashboard.student');
    default:
      return t('roles.dashboard.default');
  }
}

/** The avatar menu's "Profile" target (docs/product.md#dashboard-layout); `/` for an unknown role. */
export function profilePathFor(role: number | null | undefined): string {
  if (role === ROLE.admin) return '/admin/profile';
  if (role === ROLE.teacher) return '/teacher/profile';
  if (role === ROLE.student) return '/student/profile';
  return '/';
}

/** Where `/courses` leads for a role (docs/product.md#links-and-redirects); `/` for an unknown role. */
export function coursesPathFor(role: number | null | undefined): string {
  if (role === ROLE.admin) return '/admin/courses';
  if (role === ROLE.teacher) return '/teacher/courses';
  if (role === ROLE.student) return '/student/courses';
  return '/';
}

/**
 * A role's own home (docs/product.md#links-and-redirects): where signing in, `/home` (the installed
 * app's start) and "Go to my dashboard" lead — the admin's, the teacher's or the student's
 * dashboard; `/` (the self-assessment) for an unknown role. The server's `homePathFor`
 * (`api/src/auth/home.ts`) gives the same answers for its sign-in redirects.
 */
export function homePathFor(role: number | null | undefined): string {
  if (role === ROLE.admin) return '/admin/dashboard';
  if (role === ROLE.teacher) return '/teacher/dashboard';
  if (role === ROLE.student) return '/student/dashboard';
  return '/';
}
