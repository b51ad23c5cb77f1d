import type { SchemaOptions } from 'mongoose';

/** Role codes of docs/product.md#roles-and-permissions: 1 admin, 2 teacher, 3 student. */
export const ROLES = { admin: 1, teacher: 2, student: 3 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES: readonly Role[] = [1, 2, 3];

/**
 * Options every schema shares: timestamps, no `__v`, and JSON that exposes
 * `id` as a string instead of `_id` (docs/product.md#identity-on-the-device: "The API exposes ids as strings").
 */
export const baseSchemaOptions = {
  timestamps: true,
  versionKey: false,
  toJSON: {
    virtuals: false,
    transform(_doc: unknown, ret: Record<string, unknown>) {
      ret.id = String(ret._id);
      delete ret._id;
      return ret;
    },
  },
} satisfies SchemaOptions;
