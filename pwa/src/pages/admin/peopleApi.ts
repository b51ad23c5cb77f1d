/**
 * The admin people calls (docs/product.md#admin-user-calls, "Admin: students and
 * teachers", "Admin: course assignment", "Admin: stats and export", "User"),
 * typed, through the one network module (`data/api.ts`).
 */
import { apiFetch, getJson, postJson, requestJson } from '../../data/api';

/** Role codes (docs/product.md#roles-and-permissions): 1 Admin, 2 Teacher, 3 Student. */
export type RoleCode = 1 | 2 | 3;

/** The users table's role choices in the order docs/product.md#users-table lists them. */
export const ROLE_OPTIONS: readonly { value: RoleCode; label: string }[] = [
  { value: 3, label: 'Student' },
  { value: 2, label: 'Teacher' },
  { value: 1, label: 'Admin' },
];

/** The name of a role code ("Admin", "Teacher", "Student"), or "Unknown Role". */
export function roleName(role: number | null | undefined): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? 'Unknown Role';
}

/** A row of the users table (docs/product.md#users-and-sessions). */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: number;
}

/** A row of the student and teacher lists (docs/product.md#student-and-teacher-records, docs/product.md#data). */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
}

/** One page of a people list. */
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

function listQuery({ page, rowsPerPage, search }: PageRequest): string {
  const params = new URLSearchParams({ page: String(page), rowsPerPage: String(rowsPerPage) });
  if (search.trim()) params.set('search', search.trim());
  return params.toString();
}

/**
 * `GET /api/admin/{users|students|teachers}?page&rowsPerPage&search`.
 * @throws the errors of `data/api.ts`
 */
export async function fetchPeople<K extends PeopleKind>(
  kind: K,
  request: PageRequest,
  signal?: AbortSignal,
): Promise<PeoplePage<K extends 'users' ? UserRow : PersonRow>> {
  const body = await getJson<Record<string, unknown>>(`/api/admin/${kind}?${listQuery(request)}`, { signal });
  const rows = Array.isArray(body?.[kind]) ? (body[kind] as (K extends 'users' ? UserRow : PersonRow)[]) : [];
  return { rows, total: typeof body?.total === 'number' ? body.total : rows.length };
}

/** `PUT /api/admin/users/{id}/role` with `{role}`; resolves to the updated row. */
export function updateRole(id: string, role: RoleCode): Promise<UserRow> {
  return requestJson<UserRow>('PUT', `/api/admin/users/${encodeURIComponent(id)}/role`, { role });
}

/** `DELETE /api/admin/{users|students|teachers}/{id}`. */
export async function deletePerson(kind: PeopleKind, id: string): Promise<void> {
  await apiFetch(`/api/admin/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The admin dashboard's numbers (docs/product.md#stats-records). */
export interface AdminStats {
  totalStudents: number;
  totalTeachers: number;
  totalCourses: number;
}

/** `GET /api/admin/stats`. */
export function fetchStats(signal?: AbortSignal): Promise<AdminStats> {
  return getJson<AdminStats>('/api/admin/stats', { signal });
}

/** What the assign screen reads of a course (docs/product.md#api: "the assign screen reads id, title, duration"). */
export interface CourseChoice {
  id: string;
  title: string;
  /** hours; absent or null shows "N/A" */
  duration?: number | null;
}

/** `GET /api/admin/courses`: every course. */
export async function fetchCourses(signal?: AbortSignal): Promise<CourseChoice[]> {
  const body = await getJson<unknown>('/api/admin/courses', { signal });
  return Array.isArray(body) ? (body as CourseChoice[]) : [];
}

/** `GET /api/admin/students/{studentId}/courses`: the assigned course ids. */
export async function fetchAssignedCourses(studentId: string, signal?: AbortSignal): Promise<string[]> {
  const body = await getJson<unknown>(`/api/admin/students/${encodeURIComponent(studentId)}/courses`, { signal });
  return Array.isArray(body) ? body.map(String) : [];
}

/** `POST /api/admin/students/{studentId}/assign-courses` with `{courses}`: replaces the assigned set. */
export async function assignCourses(studentId: string, courses: readonly string[]): Promise<void> {
  await postJson(`/api/admin/students/${encodeURIComponent(studentId)}/assign-courses`, { courses });
}

/** A profile (docs/product.md#users-and-sessions). */
export interface Profile {
  name: string;
  email: string;
  role: number;
}

/** `GET /api/user/profile/{userId}`. */
export function fetchProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  return getJson<Profile>(`/api/user/profile/${encodeURIComponent(userId)}`, { signal });
}

/** The export formats of docs/product.md#constants-and-limits. */
export type ExportType = 'csv' | 'json';

/** Time limit of an export download, in ms: the file can be large. */
export const EXPORT_TIMEOUT_MS = 120_000;

/**
 * `GET /api/admin/export?fileType=…` with `Accept: text/csv` for CSV and
 * `application/json` otherwise (docs/product.md#api), read as a blob (docs/product.md#clarified-behaviour).
 * @returns the file and its download name, `user_data.csv` / `user_data.json`
 */
export async function downloadExport(fileType: ExportType): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiFetch(`/api/admin/export?fileType=${fileType}`, {
    headers: { Accept: fileType === 'csv' ? 'text/csv' : 'application/json' },
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  const blob = await response.blob();
  return { blob, fileName: `user_data.${fileType}` };
}
