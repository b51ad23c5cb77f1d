import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import { Course } from './courseModel.js';
import { ROLES } from '../auth/roles.js';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../platform/http/errors.js';
import { isJsonRequest, validate } from '../platform/http/validation.js';
import { courseJsonSchema, presentCourse } from './presenter.js';
import { MAX_UPLOAD_BYTES } from '../platform/uploads.js';
import { courseFieldsSchema, courseIdParamSchema } from './schema.js';
import { createCourse, deleteCourse, instructorNamesOf, presentWithName, updateCourse, type CourseRequest, type CourseStores } from './service.js';
import { describe, json, noBody } from '../platform/http/describe.js';
import { z } from 'zod';

/** A course as the admin form sends it, as multipart text fields plus an optional `image` file. */
const courseFormSchema = z.object({
  title: z.string(),
  description: z.string(),
  instructorId: z.string(),
  duration: z.string().meta({ description: 'hours, a number > 0' }),
  startDate: z.string().meta({ format: 'date' }),
  endDate: z.string().meta({ format: 'date' }),
  status: z.enum(['active', 'inactive']),
  image: z.string().optional().meta({ format: 'binary', description: 'a PNG, JPEG, GIF or WebP image of at most 5 MB' }),
});

/**
 * Largest course request body: the 5 MB image (MAX_UPLOAD_BYTES) plus 64 KiB
 * for the text fields and the multipart framing. The image itself is held to
 * exactly MAX_UPLOAD_BYTES by the upload storage.
 */
export const COURSE_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const limitBody = bodyLimit({
  maxSize: COURSE_BODY_LIMIT,
  onError: () => {
    throw payloadTooLarge('The request is larger than 5 MB.');
  },
});

/**
 * Reads a course request sent as `multipart/form-data` (text fields plus an
 * optional `image` file; an empty file or a text `image` such as "null" means
 * no new image) or as JSON (never an image).
 * @throws 400 for a malformed body; 415 for any other content type
 */
async function readCourseRequest(c: Context): Promise<CourseRequest> {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'multipart/form-data') {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw badRequest('The multipart body could not be read.');
    }
    const { image, ...fields } = body;
    return { fields, image: image instanceof File && image.size > 0 ? image : null };
  }
  if (isJsonRequest(c)) return { fields: await c.req.json<unknown>(), image: null };
  throw unsupportedMediaType('Send the course as multipart/form-data or as application/json.');
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#course-management (the reference: `/api/docs`). */
export function createCourseRoutes(stores: CourseStores) {
  return new Hono<AppEnv>()
    .get(
      '/admin/courses',
      describe({
        summary: 'Every course',
        tag: 'Courses',
        success: { status: 200, answer: json('The courses, newest first, with their instructor names.', z.array(courseJsonSchema)) },
      }),
      requireRole(ROLES.admin),
      async (c) => {
        const courses = await Course.find().sort({ createdAt: -1, _id: -1 }).lean();
        const names = await instructorNamesOf(courses);
        return c.json(
          courses.map((course) => presentCourse(course, names)),
          200,
        );
      },
    )
    .get(
      '/admin/courses/:id',
      describe({
        summary: 'One course',
        tag: 'Courses',
        success: { status: 200, answer: json('The course.', courseJsonSchema) },
        errors: { 404: 'No course has this id.' },
      }),
      requireRole(ROLES.admin),
      validate('param', courseIdParamSchema),
      async (c) => {
        const course = await Course.findById(c.req.valid('param').id).lean();
        if (!course) throw notFound('No such course.');
        return c.json(await presentWithName(course), 200);
      },
    )
    .post(
      '/admin/courses',
      describe({
        summary: 'Create a course',
        tag: 'Courses',
        description: 'Multipart with an optional `image` file, or JSON without an image (docs/product.md#course-form-validation).',
        success: { status: 201, answer: json('Created.', courseJsonSchema) },
        errors: {
          400: '`validation_error` naming the fields (an instructor who is not a teacher, an end date before the start date), or a malformed body.',
          413: 'The request is larger than 5 MB.',
          415: 'The body is neither multipart nor JSON, or the image is not a real image.',
        },
        body: { content: { 'multipart/form-data': courseFormSchema, 'application/json': courseFieldsSchema } },
      }),
      requireRole(ROLES.admin),
      limitBody,
      async (c) => {
        const course = await createCourse(stores.uploads, await readCourseRequest(c));
        return c.json(await presentWithName(course), 201);
      },
    )
    .put(
      '/admin/courses/:id',
      describe({
        summary: 'Update a course',
        tag: 'Courses',
        description: 'As creation; a new image replaces the old one, no image keeps it.',
        success: { status: 200, answer: json('Saved.', courseJsonSchema) },
        errors: {
          400: '`validation_error` naming the fields, or a malformed id or body.',
          404: 'No course has this id.',
          413: 'The request is larger than 5 MB.',
          415: 'The body is neither multipart nor JSON, or the image is not a real image.',
        },
        body: { content: { 'multipart/form-data': courseFormSchema, 'application/json': courseFieldsSchema } },
      }),
      requireRole(ROLES.admin),
      validate('param', courseIdParamSchema),
      limitBody,
      async (c) => {
        const updated = await updateCourse(stores.uploads, c.req.valid('param').id, () => readCourseRequest(c));
        return c.json(await presentWithName(updated), 200);
      },
    )
    .delete(
      '/admin/courses/:id',
      describe({
        summary: 'Delete a course',
        tag: 'Courses',
        description: 'Also removes its enrollments, assignments and image.',
        success: { status: 204, answer: noBody('Deleted.') },
        errors: { 404: 'No course has this id.' },
      }),
      requireRole(ROLES.admin),
      validate('param', courseIdParamSchema),
      async (c) => {
        await deleteCourse(stores, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
