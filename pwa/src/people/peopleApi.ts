/**
 * The admin people calls (docs/product.md#admin-user-calls, "Admin: students and
 * teachers", "Admin: course assignment", "Admin: stats and export", "User"),
 * typed, through the one network module (`data/api.ts`).
 */
import type { InferRequestType } from 'hono/client';
import { callOptions, client, done, json, type Answer, type JsonBody } from '../platform/api/client';
import type { Role } from '../auth';

const admin = client.api.admin;

/** A row of the users table (docs/product.md#users-and-sessions). */
export type UserRow = Answer<typeof admin.users.$get>['users'][number];

/** A row of the student and teacher lists (docs/product.md#student-and-teacher-records, docs/product.md#data). */
export type PersonRow = Answer<typeof admin.students.$get>['students'][number];

/** One page of a people list, as the screens hold it: the rows and the number of matches. */
export interface PeoplePage<T> {
  rows: T[];
  total: number;
}

/** A page request (docs/product.md#clarified-behaviour): 1-based `page`, `rowsPerPage` 1–100, the search text. */
export interface PageRequest {
  page: number;
  rowsPerPage: number;
  search: string;
}

/** Which people list. */
export type PeopleKind = 'users' | 'students' | 'teachers';

/** The row of each people list. */
export type PeopleRow<K extends PeopleKind> = { users: UserRow; students: PersonRow; teachers: PersonRow }[K];

function listQuery({ page, rowsPerPage, search }: PageRequest) {
  return { page: String(page), rowsPerPage: String(rowsPerPage), ...(search.trim() ? { search: search.trim() } : {}) };
}

type PeopleLoaders = { [K in PeopleKind]: (request: PageRequest, signal?: AbortSignal) => Promise<PeoplePage<PeopleRow<K>>> };

const peopleLoaders: PeopleLoaders = {
  users: async (request, signal) => {
    const body = await json(admin.users.$get({ query: listQuery(request) }, callOptions({ signal })));
    return { rows: body.users, total: body.total };
  },
  students: async (request, signal) => {
    const body = await json(admin.students.$get({ query: listQuery(request) }, callOptions({ signal })));
    return { rows: body.students, total: body.total };
  },
  teachers: async (request, signal) => {
    const body = await json(admin.teachers.$get({ query: listQuery(request) }, callOptions({ signal })));
    return { rows: body.teachers, total: body.total };
  },
};

/**
 * `GET /api/admin/{users|students|teachers}?page&rowsPerPage&search`.
 * @throws the errors of `data/api.ts`
 */
export function fetchPeople<K extends PeopleKind>(kind: K, request: PageRequest, signal?: AbortSignal): Promise<PeoplePage<PeopleRow<K>>> {
  return peopleLoaders[kind](request, signal);
}

/** `PUT /api/admin/users/{id}/role` with `{role}`; resolves to the updated row. @throws the errors of `data/api.ts` */
export function updateRole(id: string, role: Role): Promise<UserRow> {
  return json(admin.users[':id'].role.$put({ param: { id }, json: { role } }));
}

/**
 * An account made or a password reset by an admin (docs/product.md#admin-made-accounts,
 * docs/product.md#password-reset): the user's row and their one-time password, which the server
 * answers this once.
 */
export type OneTimePasswordGrant = Answer<typeof admin.users.$post>;

/** What the admin types to make an account: names, email and role (docs/product.md#admin-made-accounts). */
export type NewUser = JsonBody<typeof admin.users.$post>;

/**
 * `POST /api/admin/users` with `{firstName, lastName, email, role}`: makes the account and
 * resolves to its row and one-time password. @throws the errors of `data/api.ts` (400 naming the
 * fields, 409 when the email is taken)
 */
export function createUser(user: NewUser): Promise<OneTimePasswordGrant> {
  return json(admin.users.$post({ json: user }));
}

/**
 * `POST /api/admin/users/{id}/reset-password`: gives the user a new one-time password and ends
 * their sessions; resolves to their row and the password. @throws the errors of `data/api.ts`
 * (409 for oneself)
 */
export function resetPassword(id: string): Promise<OneTimePasswordGrant> {
  return json(admin.users[':id']['reset-password'].$post({ param: { id } }));
}

/** `DELETE /api/admin/{users|students|teachers}/{id}`. @throws the errors of `data/api.ts` */
export function deletePerson(kind: PeopleKind, id: string): Promise<void> {
  return done(admin[kind][':id'].$delete({ param: { id } }));
}

/** The admin dashboard's numbers (docs/product.md#stats-records). */
export type AdminStats = Answer<typeof admin.stats.$get>;

/** `GET /api/admin/stats`. @throws the errors of `data/api.ts` */
export function fetchStats(signal?: AbortSignal): Promise<AdminStats> {
  return json(admin.stats.$get(undefined, callOptions({ signal })));
}

/** What the assign screen reads of a course (docs/product.md#api: "the assign screen reads id, title, duration"). */
export type CourseChoice = Pick<Answer<typeof admin.courses.$get>[number], 'id' | 'title' | 'duration'>;

/** `GET /api/admin/courses`: every course. @throws the errors of `data/api.ts` */
export async function fetchCourses(signal?: AbortSignal): Promise<CourseChoice[]> {
  const body = await json(admin.courses.$get(undefined, callOptions({ signal })));
  return Array.isArray(body) ? body : [];
}

/** `GET /api/admin/students/{studentId}/courses`: the assigned course ids. @throws the errors of `data/api.ts` */
export async function fetchAssignedCourses(studentId: string, signal?: AbortSignal): Promise<string[]> {
  const body = await json(admin.students[':studentId'].courses.$get({ param: { studentId } }, callOptions({ signal })));
  return Array.isArray(body) ? body.map(String) : [];
}

/** `POST /api/admin/students/{studentId}/assign-courses` with `{courses}`: replaces the assigned set. @throws the errors of `data/api.ts` */
export function assignCourses(studentId: string, courses: readonly string[]): Promise<void> {
  return done(admin.students[':studentId']['assign-courses'].$post({ param: { studentId }, json: { courses: [...courses] } }));
}

/** The export formats of docs/product.md#constants-and-limits. */
export type ExportType = NonNullable<InferRequestType<typeof admin.export.$get>['query']['fileType']>;

/** Time limit of an export download, in ms: the file can be large. */
export const EXPORT_TIMEOUT_MS = 120_000;

/**
 * `GET /api/admin/export?fileType=…` with `Accept: text/csv` for CSV and
 * `application/json` otherwise (docs/product.md#api), read as a blob (docs/product.md#clarified-behaviour).
 * @returns the file and its download name, `user_data.csv` / `user_data.json`
 */
export async function downloadExport(fileType: ExportType): Promise<{ blob: Blob; fileName: string }> {
  const response = await admin.export.$get(
    { query: { fileType } },
    { ...callOptions({ timeoutMs: EXPORT_TIMEOUT_MS }), headers: { Accept: fileType === 'csv' ? 'text/csv' : 'application/json' } },
  );
  const blob = await response.blob();
  return { blob, fileName: `user_data.${fileType}` };
}

/** The school's settings (docs/product.md#settings): `{language, backupFrequency, schoolName, privacyContact, recordingRetentionDays, inactiveAccountMonths, updatedAt, updatedBy}`. */
export type SchoolSettings = Answer<typeof admin.settings.$get>;

/** `GET /api/admin/settings`: the school's settings (English and Daily until first saved). */
export function fetchSettings(signal?: AbortSignal): Promise<SchoolSettings> {
  return json(admin.settings.$get(undefined, callOptions({ signal })));
}

/**
 * The settings a save replaces: every one (docs/product.md#settings, docs/product.md#privacy,
 * docs/product.md#retention) — but `transcriptRetentionDays` and `fillerWords`, which stay as they
 * are when left out (docs/product.md#transcripts).
 */
export type SchoolSettingsFields = Pick<SchoolSettings, 'language' | 'backupFrequency' | 'schoolName' | 'privacyContact' | 'recordingRetentionDays' | 'inactiveAccountMonths'> &
  Partial<Pick<SchoolSettings, 'transcriptRetentionDays' | 'fillerWords'>>;

/** `PUT /api/admin/settings`: saves every setting (a full replace; the transcripts' two only when given); answers them as stored. @throws HttpError 400 for a value not offered */
export function saveSettings(settings: SchoolSettingsFields): Promise<SchoolSettings> {
  const { language, backupFrequency, schoolName, privacyContact, recordingRetentionDays, inactiveAccountMonths, transcriptRetentionDays, fillerWords } = settings;
  return json(
    admin.settings.$put({
      json: {
        language,
        backupFrequency,
        schoolName,
        privacyContact,
        recordingRetentionDays,
        inactiveAccountMonths,
        ...(transcriptRetentionDays === undefined ? {} : { transcriptRetentionDays }),
        ...(fillerWords === undefined ? {} : { fillerWords }),
      },
    }),
  );
}
