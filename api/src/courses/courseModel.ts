import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/** Stored course statuses (docs/product.md#clarified-behaviour); `ongoing` is legacy and read as active. */
export const COURSE_STATUSES = ['active', 'inactive'] as const;

/** A course (docs/product.md#derived-and-stored-data). `image` is a stored file name under `/uploads`; `imageUrl` is derived. */
const courseSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    description: { type: String, required: true, trim: true, maxlength: 5000 },
    /** The teacher (role 2) who teaches it; null once that teacher is deleted. */
    instructorId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** hours, > 0 */
    duration: { type: Number, required: true, min: 0 },
    startDate: { type: Date, required: true },
    endDate: { type: Date, required: true },
    status: { type: String, enum: [...COURSE_STATUSES, 'ongoing'], default: 'active' },
    /** server-generated file name in DATA_DIR/uploads, or null */
    image: { type: String, default: null },
  },
  baseSchemaOptions,
);
courseSchema.index({ instructorId: 1 });
// The student courses cache (routes/student) is emptied by every write here.
watchWrites(courseSchema, 'Course');

export const Course = model('Course', courseSchema);

/** `/uploads/{image}` or null (docs/product.md#files). */
export const courseImageUrl = (image: string | null | undefined): string | null => (image ? `/uploads/${image}` : null);
