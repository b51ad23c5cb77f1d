import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** A notice (docs/product.md#data): read by every role, managed by admins. */
const noticeSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    description: { type: String, required: true, trim: true, maxlength: 5000 },
  },
  baseSchemaOptions,
);
// the list sorts newest first with the _id tie-breaker, so the whole sort walks this index.
noticeSchema.index({ createdAt: -1, _id: -1 });
// The notices read cache (routes/admin/notices) is emptied by every write here.
watchWrites(noticeSchema, 'Notice');

export const Notice = model('Notice', noticeSchema);
