import { Assignment, AssignmentCompletion } from '../assignments/model.js';
import { ROLES } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import { badRequest, notFound, payloadTooLarge, validationError } from '../platform/http/errors.js';
import { MAX_UPLOAD_BYTES, type StoredUpload, type UploadStore } from '../platform/uploads.js';
import { removeCourseSpeaking } from '../speaking/service.js';
import { Course } from './courseModel.js';
import { Enrollment } from './enrollmentModel.js';
import { presentCourse, type CourseLike } from './presenter.js';
import { courseFieldsSchema, type CourseFieldsInput } from './schema.js';

/** What a create or update request carries: the raw fields and an optional new image. */
export interface CourseRequest {
  fields: unknown;
  image: File | null;
}

/** The stores a course's writes touch: course images, and the recordings its speaking tasks hold. */
export interface CourseStores {
  uploads: UploadStore;
  recordings: UploadStore;
}

/** Validates the fields (400 naming every failing field) and checks that the instructor is a teacher. */
async function validateCourseFields(fields: unknown): Promise<CourseFieldsInput> {
  const result = courseFieldsSchema.safeParse(fields);
  if (!result.success) throw validationError(result.error);
  const teacher = await User.exists({ _id: result.data.instructorId, role: ROLES.teacher });
  if (!teacher) throw badRequest('Invalid instructorId.', { instructorId: 'Instructor must be an existing teacher' });
  return result.data;
}

/** The course's instructors' names, id → name, with one query (no `$lookup` on FerretDB). */
export async function instructorNamesOf(courses: readonly CourseLike[]): Promise<Map<string, string>> {
  const ids = [...new Set(courses.flatMap((course) => (course.instructorId ? [String(course.instructorId)] : [])))];
  if (ids.length === 0) return new Map();
  const users = await User.find({ _id: { $in: ids } }, { name: 1 }).lean();
  return new Map(users.map((user) => [String(user._id), user.name]));
}

/** Presents one course with its instructor's name resolved. */
export async function presentWithName(course: CourseLike) {
  return presentCourse(course, await instructorNamesOf([course]));
}

/** Stores a new image, if any: 413 over 5 MB, 415 when its content is not an image. */
async function storeImage(uploads: UploadStore, image: File | null): Promise<StoredUpload | null> {
  if (!image) return null;
  if (image.size > MAX_UPLOAD_BYTES) throw payloadTooLarge('The file is larger than 5 MB.');
  return uploads.save(new Uint8Array(await image.arrayBuffer()), 'image', 'course');
}

/** Removes a file that is no longer referenced; a leftover file is harmless, so a failure is ignored. */
const discard = (uploads: UploadStore, name: string | null | undefined) => uploads.remove(name).catch(() => undefined);

/**
 * Creates a course from a validated request (docs/product.md#course-form-validation); its image is
 * removed again when the course cannot be saved.
 * @throws 400 for invalid fields, 413/415 for the image
 */
export async function createCourse(uploads: UploadStore, request: CourseRequest): Promise<CourseLike> {
  const input = await validateCourseFields(request.fields);
  const stored = await storeImage(uploads, request.image);
  try {
    return await Course.create({ ...input, image: stored?.name ?? null });
  } catch (error) {
    await discard(uploads, stored?.name);
    throw error;
  }
}

/**
 * Updates a course (docs/product.md#course-form-validation): a new image replaces the old one (the
 * old file is removed), no image keeps it.
 * @throws 404 for an unknown course, 400 for invalid fields, 413/415 for the image
 */
export async function updateCourse(uploads: UploadStore, id: string, readRequest: () => Promise<CourseRequest>): Promise<CourseLike> {
  const existing = await Course.findById(id, { image: 1 }).lean();
  if (!existing) throw notFound('No such course.');
  const request = await readRequest();
  const input = await validateCourseFields(request.fields);
  const stored = await storeImage(uploads, request.image);
  let updated;
  try {
    updated = await Course.findByIdAndUpdate(id, { $set: { ...input, ...(stored ? { image: stored.name } : {}) } }, { returnDocument: 'after', runValidators: true }).lean();
  } catch (error) {
    await discard(uploads, stored?.name);
    throw error;
  }
  if (!updated) {
    await discard(uploads, stored?.name);
    throw notFound('No such course.');
  }
  if (stored && existing.image && existing.image !== stored.name) await discard(uploads, existing.image);
  return updated;
}

/**
 * Deletes a course with its enrollments, speaking tasks and recordings, assignments and their
 * completions, and its image (docs/product.md#course-management).
 * @throws 404 for an unknown course
 */
export async function deleteCourse(stores: CourseStores, id: string): Promise<void> {
  const course = await Course.findByIdAndDelete(id).lean();
  if (!course) throw notFound('No such course.');
  // No transactions on FerretDB: the course goes first, so a failure below
  // leaves only unreachable rows behind, never a course missing its parts.
  await Enrollment.deleteMany({ courseId: course._id });
  await removeCourseSpeaking(course._id, stores.recordings);
  const assignmentIds = (await Assignment.find({ courseId: course._id }, { _id: 1 }).lean()).map((a) => a._id);
  if (assignmentIds.length > 0) {
    await AssignmentCompletion.deleteMany({ assignmentId: { $in: assignmentIds } });
    await Assignment.deleteMany({ _id: { $in: assignmentIds } });
  }
  await discard(stores.uploads, course.image);
}
