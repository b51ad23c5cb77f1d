/** Role codes of docs/product.md#roles-and-permissions: 1 admin, 2 teacher, 3 student. */
export const ROLES = { admin: 1, teacher: 2, student: 3 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES: readonly Role[] = [1, 2, 3];
