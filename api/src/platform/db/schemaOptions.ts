import type { SchemaOptions } from 'mongoose';

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
