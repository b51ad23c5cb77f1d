/**
 * Role codes and what depends on them (docs/product.md#role-codes, docs/product.md#dashboard-layout, docs/product.md#constants-and-limits).
 */

/** 1 = Admin, 2 = Teacher, 3 = Student (docs/product.md#roles-and-permissions). */
export type Role = 1 | 2 | 3;

/** The role codes by name. */
export const ROLE = { admin: 1, teacher: 2, student: 3 } as const satisfies Record<string, Role>;

/** `true` when `value` is one of the three role codes. */
export function isRole(value: unknown): value is Role {
  return value === 1 || value === 2 || value === 3;
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
