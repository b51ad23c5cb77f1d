import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** Which student has which course (docs/product.md#derived-and-stored-data), set by assign-courses; `completedAt` marks a completed course. */
const enrollmentSchema = new Schema(
  {
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    completedAt: { type: Date, default: null },
  },
  baseSchemaOptions,
);
enrollmentSchema.index({ studentId: 1, courseId: 1 }, { unique: true });
enrollmentSchema.index({ courseId: 1 });
// The student read caches (dashboards/stats.ts, routes/student) are emptied by every write here.
watchWrites(enrollmentSchema, 'Enrollment');

export const Enrollment = model('Enrollment', enrollmentSchema);
