import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';

/** The query of `GET /api/student/oracy/:studentId` (docs/product.md#oracy-profile). */
export const profileQuerySchema = z.object({
  /** Pages further back: only submissions strictly before this ISO 8601 time (with a time zone, e.g. `…Z`). */
  before: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-01-31T09:00:00.000Z.' })
    .transform((value) => new Date(value))
    .optional(),
});

/** The query of `GET /api/teacher/oracy/:teacherId` (docs/product.md#oracy-profile). */
export const teacherOverviewQuerySchema = z.object({
  /** Only the students of this course, which must be the teacher's. */
  courseId: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }).optional(),
});
