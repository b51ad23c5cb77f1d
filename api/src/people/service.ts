import { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES, type Role } from '../auth/roles.js';
import { User } from './userModel.js';
import { badRequest, conflict, isBulkDuplicateOnly, notFound } from '../platform/http/errors.js';
import { erasePerson } from '../privacy/erasure.js';
import { presentUserRow, type UserRowJson } from './userPresenter.js';
import { activityWindow, countByMonth } from '../dashboards/activity.js';
import { ReadCache } from '../platform/readCache.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { mayUseChat } from '../chat/policy.js';
import type { UploadStores } from '../platform/uploads.js';
import { queueExportSweep } from '../privacy/exports.js';

/**
 * The people of the platform as the admin screens see them (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list,
 * docs/product.md#assign-courses, docs/product.md#admin-user-calls, docs/product.md#admin-student-and-teacher-calls, docs/product.md#course-assignment-calls; docs/product.md#authorization-matrix, docs/product.md#error-format, docs/product.md#clarified-behaviour). Every query is a plain filter, sort, skip
 * and limit, or a second query over ids, so it runs on MongoDB and on the
 * embedded FerretDB v1 alike (docs/architecture.md#running-it: no transactions, no `$lookup`).
 */

/**
 * `text` with every regular-expression metacharacter escaped, so a search for `(` or `.*` matches those characters literally (docs/product.md#clarified-behaviour).
 * A NUL becomes `\x00`: a BSON regex may not contain the byte itself (the driver would throw, a 500).
 * U+2028 and U+2029 become `\x{2028}` and `\x{2029}`: a JavaScript pattern's source writes them as
 * `\u2028`, an escape the database's regular expressions refuse (a 500).
 */
export function escapeRegExp(text: string): string {
  return text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\0/g, '\\x00')
    .replace(/[\u2028\u2029]/g, (c) => `\\x{${c.charCodeAt(0).toString(16)}}`);
}

/** The filter of a people list: an optional role, and an optional case-insensitive substring `search` over name or email. */
export function peopleFilter(opts: { role?: Role; search?: string }): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (opts.role !== undefined) filter.role = opts.role;
  const search = opts.search?.trim();
  if (search) {
    const pattern = new RegExp(escapeRegExp(search), 'i');
    filter.$or = [{ name: pattern }, { email: pattern }];
  }
  return filter;
}

/** A page request of a people list (docs/product.md#clarified-behaviour): `page` is 1-based, `limit` 1–100. */
export interface PageQuery {
  page: number;
  limit: number;
  search?: string;
}

/** Pages of people by query, for `READ_CACHE_TTL_MS` at most; emptied by any write to the users. */
const peoplePages = new ReadCache<{ people: UserRowJson[]; total: number }>(['User'], 500);

/**
 * One page of people, sorted by name then id, so consecutive pages never
 * overlap or skip anyone even when names repeat. Two queries at
 * once (the page, and the count — from the collection's metadata when
 * nothing is filtered), none while the page is in the read cache
 * (`platform/readCache.ts`).
 * @param role only this role (students, teachers), or every user when absent
 * @returns the page's rows and the number of matches over all pages
 */
export function listPeople(query: PageQuery & { role?: Role }): Promise<{ people: UserRowJson[]; total: number }> {
  const key = JSON.stringify([query.role ?? 0, query.page, query.limit, query.search?.trim() ?? '']);
  return peoplePages.get(key, () => loadPeoplePage(query));
}

async function loadPeoplePage(query: PageQuery & { role?: Role }): Promise<{ people: UserRowJson[]; total: number }> {
  const filter = peopleFilter(query);
  const [rows, total] = await Promise.all([
    User.find(filter, { name: 1, email: 1, role: 1 })
      .sort({ name: 1, _id: 1 })
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .lean(),
    // with no filter, the count comes from the collection's metadata instead of a scan (MongoDB).
    Object.keys(filter).length === 0 ? User.estimatedDocumentCount() : User.countDocuments(filter),
  ]);
  return { people: rows.map(presentUserRow), total };
}

/** Every teacher as `{id, name}`, sorted by name (docs/product.md#api `GET /api/admin/instructors`). */
export async function listInstructors(): Promise<{ id: string; name: string }[]> {
  const rows = await User.find({ role: ROLES.teacher }, { name: 1 }).sort({ name: 1, _id: 1 }).lean();
  return rows.map((row) => ({ id: String(row._id), name: row.name }));
}

/**
 * Moves a user away from the admin role while keeping at least one admin
 * ("remove the last admin" is a 409). Without transactions the
 * guard is a compare-and-set followed by a count: when a concurrent change
 * left no admin at all, this change is undone and refused, so two admins
 * demoting each other at the same moment cannot both succeed.
 * @returns true when the user was an admin and is now `newRole`; false when the user was not an admin (nothing changed)
 * @throws ApiError 409 when `userId` is the last admin
 */
async function demoteAdminKeepingOne(userId: Types.ObjectId, newRole: Role): Promise<boolean> {
  const tooFew = () => conflict('This is the last admin. Make another user an admin first.');
  if ((await User.countDocuments({ role: ROLES.admin })) <= 1 && (await User.exists({ _id: userId, role: ROLES.admin }))) throw tooFew();
  const result = await User.updateOne({ _id: userId, role: ROLES.admin }, { $set: { role: newRole } });
  if (result.modifiedCount === 0) return false;
  if ((await User.countDocuments({ role: ROLES.admin })) === 0) {
    await User.updateOne({ _id: userId }, { $set: { role: ROLES.admin } });
    throw tooFew();
  }
  return true;
}

/**
 * Changes a user's role (docs/product.md#role-change, docs/product.md#api `PUT /api/admin/users/{id}/role`).
 * The user's live sessions see the new role on their next request, as
 * `loadSession` re-reads the user every time.
 * @returns the updated user
 * @throws ApiError 404 when no such user; 409 when it would leave no admin
 */
export async function changeRole(userId: string, role: Role): Promise<UserRowJson> {
  const id = new Types.ObjectId(userId);
  const user = await User.findById(id, { role: 1 }).lean();
  if (!user) throw notFound('No such user.');
  const demoted = user.role === ROLES.admin && role !== ROLES.admin && (await demoteAdminKeepingOne(id, role));
  if (!demoted && user.role !== role) await User.updateOne({ _id: id }, { $set: { role } });
  const updated = await User.findById(id, { name: 1, email: 1, role: 1 }).lean();
  if (!updated) throw notFound('No such user.');
  return presentUserRow(updated);
}

/**
 * Changes a user's role as the users table does (docs/product.md#role-change): `changeRole`, then,
 * unless the new role is admin, the user's open discussion sockets end at once — only admins may
 * hold one (docs/architecture.md#the-real-time-chat). The role-change call and the import both go
 * through here.
 * @param sockets ends the user's discussion sockets; absent, none are ended (no Socket.IO server)
 * @returns the updated user
 * @throws ApiError 404 when no such user; 409 when it would leave no admin
 */
export async function changeRoleEndingSockets(userId: string, role: Role, sockets?: SocketRevocation): Promise<UserRowJson> {
  const updated = await changeRole(userId, role);
  if (!mayUseChat({ role })) sockets?.endUserSockets(updated.id);
  return updated;
}

/**
 * Deletes a person and what is theirs, as the privacy register declares
 * (docs/personal-data.md, docs/product.md#privacy, `privacy/erasure.ts`): their sessions end first
 * (so they cannot act while the rest goes); their enrolments, completions, self-assessments,
 * complaints, stored outbox answers, recordings (with their feedback, delivery reports, background
 * work and audio files) are removed; what they wrote for others stays by "Deleted user" (feedback,
 * speaking tasks, discussion messages, without the files they attached); courses they taught stay
 * without an instructor, decisions and settings they saved without their name. The user record,
 * with their Oracy profile history, goes last, so a failure half-way leaves a user an admin can
 * delete again to finish.
 * @param opts.actorId the admin asking: they cannot delete themself (409)
 * @param opts.role when set, the user must have this role (the students and teachers endpoints), else 404
 * @param opts.uploads the upload stores, whose files named by removed records are removed
 * @throws ApiError 404 when no such user (of that role); 409 for oneself or the last admin
 */
export async function deletePerson(userId: string, opts: { actorId: string; role?: Role; uploads: UploadStores }): Promise<void> {
  const id = new Types.ObjectId(userId);
  const user = await User.findById(id, { role: 1 }).lean();
  const what = opts.role === ROLES.student ? 'student' : opts.role === ROLES.teacher ? 'teacher' : 'user';
  if (!user || (opts.role !== undefined && user.role !== opts.role)) throw notFound(`No such ${what}.`);
  if (String(user._id) === opts.actorId) throw conflict('You cannot delete your own account.');
  // An admin is first moved out of the admin role under the last-admin guard.
  if (user.role === ROLES.admin) await demoteAdminKeepingOne(id, ROLES.student);
  await erasePerson(id, opts.uploads);
  // Their export archives (docs/product.md#download-my-data) leave with the sweep of exports: now,
  // not at the next hour. Where no job is declared (a script), the server's hourly sweep does it.
  await queueExportSweep().catch(() => undefined);
}

/** Counts of the admin dashboard (docs/product.md#admin-dashboard, docs/product.md#stats-records), from the database. */
export interface AdminStats {
  totalStudents: number;
  totalTeachers: number;
  totalCourses: number;
  /** the "Activity Overview" chart's figures: six months, oldest first, the current one last */
  activity: AdminActivityMonth[];
}

/** One month of the admin's activity chart (`dashboards/activity.ts`: UTC months). */
export interface AdminActivityMonth {
  /** `YYYY-MM` on the UTC calendar */
  month: string;
  /** accounts of any role created in the month (by `createdAt`) that still exist */
  newUsers: number;
}

/**
 * The admin dashboard's numbers (docs/product.md#api `GET /api/admin/stats`): the three counts,
 * and the users created in each of the last six months (`dashboards/activity.ts`), read as
 * creation dates since the window's first instant (`createdAt` is indexed). Four queries at once.
 * @param now the instant whose month is the chart's last
 */
export async function adminStats(now: Date = new Date()): Promise<AdminStats> {
  const window = activityWindow(now);
  const [totalStudents, totalTeachers, totalCourses, created] = await Promise.all([
    User.countDocuments({ role: ROLES.student }),
    User.countDocuments({ role: ROLES.teacher }),
    Course.countDocuments({}),
    User.find({ createdAt: { $gte: window.start } }, { _id: 0, createdAt: 1 }).lean<{ createdAt: Date }[]>(),
  ]);
  const counts = countByMonth(
    window.months,
    created.map((u) => u.createdAt),
  );
  return { totalStudents, totalTeachers, totalCourses, activity: window.months.map((month, i) => ({ month, newUsers: counts[i] ?? 0 })) };
}

/** @throws ApiError 404 unless `studentId` is a student. */
async function requireStudent(studentId: Types.ObjectId): Promise<void> {
  if (!(await User.exists({ _id: studentId, role: ROLES.student }))) throw notFound('No such student.');
}

/**
 * The ids of the courses assigned to a student (docs/product.md#api `GET
 * /api/admin/students/{studentId}/courses`), in assignment order.
 * @throws ApiError 404 when the id is not a student
 */
export async function assignedCourseIds(studentId: string): Promise<string[]> {
  const id = new Types.ObjectId(studentId);
  await requireStudent(id);
  const rows = await Enrollment.find({ studentId: id }, { courseId: 1 }).sort({ createdAt: 1, _id: 1 }).lean();
  return rows.map((row) => String(row.courseId));
}

/**
 * Replaces the set of courses assigned to a student (docs/product.md#clarified-behaviour): courses
 * not in `courseIds` are unassigned (their enrollment and its completion
 * date go), new ones are enrolled, kept ones keep their enrollment. An empty
 * list unassigns everything (docs/product.md#validation-rules: "An empty selection may be submitted").
 * @param courseIds valid ObjectId strings; duplicates are ignored
 * @returns the student's assigned course ids afterwards
 * @throws ApiError 404 when the id is not a student; 400 naming `courses`
 *   when any id is not a course — then nothing changes
 */
export async function assignCourses(studentId: string, courseIds: readonly string[]): Promise<string[]> {
  const id = new Types.ObjectId(studentId);
  await requireStudent(id);
  const wanted = [...new Set(courseIds.map((c) => c.toLowerCase()))];
  const found = await Course.find({ _id: { $in: wanted.map((c) => new Types.ObjectId(c)) } }, { _id: 1 }).lean();
  if (found.length !== wanted.length) {
    const known = new Set(found.map((course) => String(course._id)));
    const unknown = wanted.filter((course) => !known.has(course));
    throw badRequest('Some courses do not exist.', { courses: `Unknown course ids: ${unknown.join(', ')}.` });
  }

  const current = await Enrollment.find({ studentId: id }, { courseId: 1 }).lean();
  const currentIds = new Set(current.map((row) => String(row.courseId)));
  const wantedIds = new Set(wanted);
  const toRemove = current.filter((row) => !wantedIds.has(String(row.courseId))).map((row) => row._id);
  const toAdd = wanted.filter((course) => !currentIds.has(course));

  if (toRemove.length) await Enrollment.deleteMany({ _id: { $in: toRemove } });
  await addEnrollments(
    id,
    toAdd.map((course) => new Types.ObjectId(course)),
  );
  return assignedCourseIds(studentId);
}

/**
 * Enrols a student in courses without touching their other enrollments (the import,
 * docs/product.md#import): a course they already have keeps its enrollment and completion date.
 * The caller has checked that the user is a student and that the courses exist.
 * @param courseIds course ids; ones already enrolled are ignored, by the unique index
 */
export async function addEnrollments(studentId: Types.ObjectId, courseIds: readonly Types.ObjectId[]): Promise<void> {
  if (courseIds.length === 0) return;
  try {
    await Enrollment.insertMany(
      courseIds.map((courseId) => ({ studentId, courseId })),
      { ordered: false },
    );
  } catch (err) {
    // Some were enrolled already, or by a concurrent assignment: the unique index kept one each.
    if (!isBulkDuplicateOnly(err)) throw err;
  }
}
