import type { Types } from 'mongoose';
import { z } from 'zod';
import { objectId } from '../platform/http/fields.js';
import { courseImageUrl } from './courseModel.js';

/** The course JSON every screen reads (docs/product.md#course-records, docs/product.md#derived-and-stored-data). Dates are `YYYY-MM-DD`. */
export const courseJsonSchema = z
  .object({
    id: objectId(),
    title: z.string(),
    description: z.string(),
    instructorId: objectId().nullable().meta({ description: 'the teacher, or null when the course has no instructor' }),
    instructorName: z.string().nullable().meta({ description: "the teacher's name when the caller resolved it, else null" }),
    duration: z.number().meta({ description: 'hours' }),
    startDate: z.string().meta({ format: 'date' }),
    endDate: z.string().meta({ format: 'date' }),
    status: z.string().meta({ description: '`active` or `inactive` (legacy `ongoing` reads as active)' }),
    image: z.string().nullable().meta({ description: 'stored file name' }),
    imageUrl: z.string().nullable().meta({ description: '`/uploads/{image}`, or null for the placeholder' }),
  })
  .meta({ id: 'Course' });

/** A course as the API answers it: see {@link courseJsonSchema}. */
export type CourseJson = z.infer<typeof courseJsonSchema>;

/** The fields `presentCourse` reads (a lean document or a hydrated one). */
export interface CourseLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  instructorId?: Types.ObjectId | string | null;
  duration: number;
  startDate: Date;
  endDate: Date;
  status?: string | null;
  image?: string | null;
}

/** `YYYY-MM-DD` of a date in UTC (docs/product.md#data: "dates shown as YYYY-MM-DD"). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Presents a course document as `CourseJson`.
 * @param instructorNames optional id → name map resolved by the caller with one query
 */
export function presentCourse(course: CourseLike, instructorNames?: ReadonlyMap<string, string>): CourseJson {
  const instructorId = course.instructorId ? String(course.instructorId) : null;
  return {
    id: String(course._id),
    title: course.title,
    description: course.description,
    instructorId,
    instructorName: (instructorId && instructorNames?.get(instructorId)) || null,
    duration: course.duration,
    startDate: isoDay(course.startDate),
    endDate: isoDay(course.endDate),
    status: course.status ?? 'active',
    image: course.image ?? null,
    imageUrl: courseImageUrl(course.image),
  };
}
