import type { Types } from 'mongoose';
import { emailAddress, personName } from '../auth/schema.js';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLE_WORDS, ROLES, type Role } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import type { ParsedFile, RawRow } from './parse.js';
import { IMPORT_STATUSES, type ImportRowJson, type ImportStatus } from './schema.js';

/**
 * What an import would do with each row of a file, against the database as it is now
 * (docs/product.md#import). Reads only: the preview is this plan, and applying a file plans it
 * again first (`apply.ts`), so what is applied is checked against the data of that moment.
 */

/** What a role cell may say (any letter case): the words (`ROLE_WORDS`, as the answer writes them), or the codes of the export. */
const ROLE_CODES: Readonly<Record<string, Role>> = {
  ...ROLES,
  [ROLES.student]: ROLES.student,
  [ROLES.teacher]: ROLES.teacher,
  [ROLES.admin]: ROLES.admin,
};

/** The reasons of docs/product.md#import, word for word. */
export const IMPORT_REASONS = {
  firstNameMissing: 'First name is missing.',
  lastNameMissing: 'Last name is missing.',
  emailMissing: 'Email is missing.',
  emailInvalid: (email: string) => `Email "${email}" is not a valid address.`,
  roleMissing: 'Role is missing: use student or teacher.',
  roleUnknown: (role: string) => `Unknown role "${role}": use student or teacher.`,
  duplicate: (row: number) => `Duplicate email in the file (row ${row}).`,
  courseUnknown: (title: string) => `Unknown course "${title}".`,
  courseAmbiguous: (title: string, n: number) => `Course "${title}" names ${n} courses: give them different titles first.`,
  coursesNotForRole: 'Only students are enrolled in courses: leave courses empty for a teacher.',
  adminChanged: 'An admin account cannot be changed by import.',
  adminMade: 'Admin accounts are not made by import: create them in the users table.',
  adminRole: 'Import does not make anyone an admin: change the role in the users table.',
  name: (from: string, to: string) => `Name: "${from}" → "${to}"`,
  role: (from: Role, to: Role) => `Role: ${ROLE_WORDS[from]} → ${ROLE_WORDS[to]}`,
  enrols: (titles: readonly string[]) => `Enrols in: ${titles.join(', ')}`,
} as const;

/** What applying a row writes. */
export type RowAction =
  | { kind: 'create'; input: { firstName: string; lastName: string; email: string; role: Role }; courseIds: Types.ObjectId[] }
  | { kind: 'update'; userId: Types.ObjectId; names: { firstName: string; lastName: string } | null; role: Role | null; courseIds: Types.ObjectId[] };

/** A row of the answer with what applying it writes (`create` and `update` rows only). */
export interface PlannedRow extends ImportRowJson {
  action: RowAction | null;
}

/** A row's values once checked: null where a value was refused (its reason is in `reasons`). */
interface CheckedRow {
  json: ImportRowJson;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: Role | null;
}

/** A name cell checked as the users table checks it (docs/product.md#names-and-titles). */
function checkName(value: string | null, label: string, missing: string, reasons: string[]): string | null {
  if (value === null || value.trim() === '') {
    reasons.push(missing);
    return null;
  }
  const result = personName(missing).safeParse(value);
  if (result.success) return result.data;
  reasons.push(`${label}: ${result.error.issues[0]?.message ?? 'not valid.'}`);
  return null;
}

/** The email cell checked and lower-cased, as every email is stored (docs/product.md#users-and-sessions). */
function checkEmail(value: string | null, reasons: string[]): string | null {
  if (value === null || value.trim() === '') {
    reasons.push(IMPORT_REASONS.emailMissing);
    return null;
  }
  const result = emailAddress(IMPORT_REASONS.emailMissing).safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  reasons.push(message?.startsWith('Use at most') ? `Email: ${message}` : IMPORT_REASONS.emailInvalid(value));
  return null;
}

/** The role cell as a code. */
function checkRole(value: string | null, reasons: string[]): Role | null {
  if (value === null || value.trim() === '') {
    reasons.push(IMPORT_REASONS.roleMissing);
    return null;
  }
  const role = ROLE_CODES[value.trim().toLowerCase()];
  if (role === undefined) reasons.push(IMPORT_REASONS.roleUnknown(value));
  return role ?? null;
}

/** The course titles of a row, each once (titles compare as {@link titleKey}), in the file's order. */
function uniqueTitles(titles: readonly string[]): string[] {
  const seen = new Set<string>();
  return titles.filter((title) => {
    const key = titleKey(title);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A course title as the import compares it: NFC, trimmed, lower case. */
function titleKey(title: string): string {
  return title.normalize('NFC').trim().toLowerCase();
}

/** Checks the values of one row of the file, on its own. */
function checkRow(raw: RawRow): CheckedRow {
  const reasons = [...raw.problems];
  const firstName = checkName(raw.firstName, 'First name', IMPORT_REASONS.firstNameMissing, reasons);
  const lastName = checkName(raw.lastName, 'Last name', IMPORT_REASONS.lastNameMissing, reasons);
  const email = checkEmail(raw.email, reasons);
  const role = checkRole(raw.role, reasons);
  const json: ImportRowJson = {
    row: raw.row,
    email: email ?? (raw.email ?? '').trim(),
    firstName: firstName ?? raw.firstName ?? '',
    lastName: lastName ?? raw.lastName ?? '',
    role: role === null ? (raw.role ?? '') : ROLE_WORDS[role],
    courses: uniqueTitles(raw.courses),
    status: 'error',
    reasons,
  };
  return { json, firstName, lastName, email, role };
}

/** The school's courses by {@link titleKey}: their ids and stored titles (a title may be used twice). */
async function coursesByTitle(): Promise<Map<string, { id: Types.ObjectId; title: string }[]>> {
  const courses = await Course.find({}, { title: 1 }).lean();
  const byTitle = new Map<string, { id: Types.ObjectId; title: string }[]>();
  for (const course of courses) {
    const key = titleKey(course.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), { id: course._id, title: course.title }]);
  }
  return byTitle;
}

/** The users of these emails, by email, with the courses each is enrolled in (two queries). */
async function existingPeople(emails: readonly string[]) {
  const users = emails.length ? await User.find({ email: { $in: [...emails] } }, { firstName: 1, lastName: 1, email: 1, role: 1 }).lean() : [];
  const enrolled = users.length ? await Enrollment.find({ studentId: { $in: users.map((user) => user._id) } }, { studentId: 1, courseId: 1 }).lean() : [];
  const coursesOf = new Map<string, Set<string>>();
  for (const row of enrolled) {
    const key = String(row.studentId);
    coursesOf.set(key, (coursesOf.get(key) ?? new Set()).add(String(row.courseId)));
  }
  return new Map(users.map((user) => [user.email, { ...user, role: user.role as Role, courses: coursesOf.get(String(user._id)) ?? new Set<string>() }]));
}

/**
 * Plans an import (docs/product.md#import): each row of the file gets its status — `create` (a new
 * email), `update` (the names or the role differ, or it names courses the student is not enrolled
 * in), `skip` (nothing would change) or `error` with its reasons — and, for `create` and `update`,
 * what applying it writes. Emails compare lower-cased; a repeated email is an error from its
 * second row on; admin accounts are never made or changed. Writes nothing.
 * @returns the rows in the file's order
 */
export async function planImport(file: ParsedFile): Promise<PlannedRow[]> {
  const checked = file.rows.map(checkRow);
  const firstRowOf = new Map<string, number>();
  for (const row of checked) {
    if (row.email === null) continue;
    const first = firstRowOf.get(row.email);
    if (first === undefined) firstRowOf.set(row.email, row.json.row);
    else row.json.reasons.push(IMPORT_REASONS.duplicate(first));
  }
  const [courses, people] = await Promise.all([coursesByTitle(), existingPeople([...firstRowOf.keys()])]);

  return checked.map((row): PlannedRow => {
    const { json } = row;
    const courseIds: Types.ObjectId[] = [];
    const courseTitles: string[] = [];
    for (const title of json.courses) {
      const found = courses.get(titleKey(title)) ?? [];
      if (found.length === 0) json.reasons.push(IMPORT_REASONS.courseUnknown(title));
      else if (found.length > 1) json.reasons.push(IMPORT_REASONS.courseAmbiguous(title, found.length));
      else {
        courseIds.push(found[0]!.id);
        courseTitles.push(found[0]!.title);
      }
    }
    if (json.reasons.length > 0 || row.firstName === null || row.lastName === null || row.email === null || row.role === null) return { ...json, status: 'error', action: null };
    const input = { firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role };
    const existing = people.get(input.email);
    const sameNames = existing !== undefined && existing.firstName === input.firstName && existing.lastName === input.lastName;

    if (existing?.role === ROLES.admin) {
      const unchanged = input.role === ROLES.admin && sameNames && courseIds.length === 0;
      return unchanged ? { ...json, status: 'skip', action: null } : { ...json, status: 'error', reasons: [IMPORT_REASONS.adminChanged], action: null };
    }
    if (input.role === ROLES.admin) return { ...json, status: 'error', reasons: [existing ? IMPORT_REASONS.adminRole : IMPORT_REASONS.adminMade], action: null };
    if (courseIds.length > 0 && input.role !== ROLES.student) return { ...json, status: 'error', reasons: [IMPORT_REASONS.coursesNotForRole], action: null };
    if (!existing) return { ...json, status: 'create', reasons: [], action: { kind: 'create', input, courseIds } };

    const reasons: string[] = [];
    if (!sameNames) reasons.push(IMPORT_REASONS.name(`${existing.firstName} ${existing.lastName}`, `${input.firstName} ${input.lastName}`));
    if (existing.role !== input.role) reasons.push(IMPORT_REASONS.role(existing.role, input.role));
    const newCourses = courseIds.filter((id) => !existing.courses.has(String(id)));
    if (newCourses.length > 0) reasons.push(IMPORT_REASONS.enrols(courseTitles.filter((_, i) => !existing.courses.has(String(courseIds[i])))));
    if (reasons.length === 0) return { ...json, status: 'skip', reasons: [], action: null };
    return {
      ...json,
      status: 'update',
      reasons,
      action: {
        kind: 'update',
        userId: existing._id,
        names: sameNames ? null : { firstName: input.firstName, lastName: input.lastName },
        role: existing.role === input.role ? null : input.role,
        courseIds: newCourses,
      },
    };
  });
}

/** How many rows have each status. */
export function countStatuses(rows: readonly { status: ImportStatus }[]): Record<ImportStatus, number> {
  const counts = Object.fromEntries(IMPORT_STATUSES.map((status) => [status, 0])) as Record<ImportStatus, number>;
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
