import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** An assignment of a course (docs/product.md#derived-and-stored-data). */
const assignmentSchema = new Schema(
  {
    courseId: { type: Schema.Types.ObjectId, ref: 'Course', required: true },
    title: { type: String, required: true, trim: true, maxlength: 200 },
    dueDate: { type: Date, required: true },
  },
  baseSchemaOptions,
);
assignmentSchema.index({ courseId: 1, dueDate: 1 });
// The student stats cache (dashboards/stats.ts) is emptied by every write here.
watchWrites(assignmentSchema, 'Assignment');

export const Assignment = model('Assignment', assignmentSchema);

/** One student's completion of one assignment (docs/product.md#derived-and-stored-data: "with per-student completion"). */
const completionSchema = new Schema(
  {
    assignmentId: { type: Schema.Types.ObjectId, ref: 'Assignment', required: true },
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    completedAt: { type: Date, required: true, default: () => new Date() },
  },
  baseSchemaOptions,
);
completionSchema.index({ assignmentId: 1, studentId: 1 }, { unique: true });
completionSchema.index({ studentId: 1 });
// The student stats cache (dashboards/stats.ts) is emptied by every write here.
watchWrites(completionSchema, 'AssignmentCompletion');

export const AssignmentCompletion = model('AssignmentCompletion', completionSchema);
