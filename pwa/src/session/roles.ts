/**
 * Role codes and what depends on them (docs/product.md#role-codes, docs/product.md#dashboard-layout, docs/product.md#constants-and-limits).
 */
import type { Answer, client } from '../data/client';

/** 1 = Admin, 2 = Teacher, 3 = Student (docs/product.md#role-codes): the server's role type, as a profile answers it. */
export type Role = Answer<(typeof client.api.user.profile)[':userId']['$get']>['role'];

/** The role codes by name. */
export const ROLE = { admin: 1, teacher: 2, student: 3 } as const satisfies Record<string, Role>;

/** `true` when `value` is one of the three role codes. */
export function isRole(value: unknown): value is Role {
  return value === 1 || value === 2 || value === 3;
}

/** The users table's role choices in the order docs/product.md#users-table lists them. */
export const ROLE_OPTIONS: readonly { value: Role; label: string }[] = [
  { value: 3, label: 'Student' },
  { value: 2, label: 'Teacher' },
  { value: 1, label: 'Admin' },
];

/** The name of a role code ("Admin", "Teacher", "Student"), or "Unknown Role" (docs/product.md#constants-and-limits). */
export function roleName(role: number | null | undefined): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? 'Unknown Role';
}

/**
 * The top-bar title for a role (docs/product.md#dashboard-layout): "Admin Dashboard", "Teacher
 * Dashboard", "Student Dashboard", anything else "Default Page".
 */
export function roleTitle(role: number | null | undefined): string {
  switch (role) {
    case 1:
      return 'Admin Dashboard';
    case 2:
      return 'Teacher Dashboard';
    case 3:
      return 'Student Dashboard';
    default:
      return 'Default Page';
  }
}

/** The avatar menu's "Profile" target (docs/product.md#dashboard-layout); `/` for an unknown role. */
export function profilePathFor(role: number | null | undefined): string {
  if (role === 1) return '/admin/profile';
  if (role === 2) return '/teacher/profile';
  if (role === 3) return '/student/profile';
  return '/';
}

/** Where `/courses` leads for a role (docs/product.md#links-and-redirects); `/` for an unknown role. */
export function coursesPathFor(role: number | null | undefined): string {
  if (role === 1) return '/admin/courses';
  if (role === 2) return '/teacher/courses';
  if (role === 3) return '/student/courses';
  return '/';
}
