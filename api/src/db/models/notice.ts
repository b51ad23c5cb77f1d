import { Schema, model, type InferSchemaType } from 'mongoose';
import { baseSchemaOptions } from './common.js';

/** A notice (spec §3): read by every role, managed by admins. */
const noticeSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    description: { type: String, required: true, trim: true, maxlength: 5000 },
  },
  baseSchemaOptions,
);
noticeSchema.index({ createdAt: -1 });

export type NoticeFields = InferSchemaType<typeof noticeSchema>;
export const Notice = model('Notice', noticeSchema);
