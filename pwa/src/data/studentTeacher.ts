/**
 * The student's and the teacher's own areas (docs/product.md#student-calls, docs/product.md#teacher-calls;
 * docs/product.md#links-and-redirects, docs/product.md#derived-and-stored-data): the shapes the API answers and one function per call,
 * all through the one network module (`api.ts`). Each screen loads through
 * exactly one of these (so the offline cache can wrap it), and complaints are
 * filed through {@link fileComplaint} alone (so the outbox can replace it).
 */
import { getJson, requestJson } from './api';
import { useSession } from '../session/SessionProvider';
import { readSessionKey } from '../session/storage';

/** `GET /api/student/stats/{studentId}` (docs/product.md#stats-records). */
export interface StudentStats {
  totalCourses: number;
  completedCourses: number;
  totalAssignments: number;
  /** "Beginner" | "Developing" | "Proficient" | "Advanced" */
  oracyLevel: string;
}

/** `GET /api/teacher/stats/{teacherId}` (docs/product.md#stats-records). */
export interface TeacherStats {
  totalCourses: number;
  /** assignments handed out: each assignment counted once per enrolled student */
  totalAssignments: number;
  /** how many of those are completed (≤ totalAssignments) */
  completedAssignments: number;
}

/** A course as the API presents it (docs/product.md#course-records). Dates are `YYYY-MM-DD`. */
export interface Course {
  id: string;
  title: string;
  description: string;
  instructorId: string | null;
  instructorName: string | null;
  /** hours */
  duration: number;
  startDate: string;
  endDate: string;
  /** `active` | `inactive` (a legacy `ongoing` counts as active, docs/product.md#clarified-behaviour) */
  status: string;
  image: string | null;
  /** `/uploads/{image}`, or null for the placeholder */
  imageUrl: string | null;
}

/** One entry of `GET /api/student/teacher/{studentId}` (docs/product.md#student-and-teacher-records). */
export interface StudentTeacher {
  id: string;
  teacherName: string;
  profilePicture: string | null;
  teacherEmail: string;
  courses: { courseName: string }[];
}

/** One entry of `GET /api/teacher/students/{teacherId}` (docs/product.md#student-and-teacher-records). */
export interface TeacherStudent {
  id: string;
  studentName: string;
  profilePicture: string | null;
  studentEmail: string;
  courses: { courseName: string }[];
}

/** One entry of `GET /api/student/assignments/{studentId}` (docs/product.md#links-and-redirects). */
export interface StudentAssignment {
  id: string;
  title: string;
  courseId: string;
  courseTitle: string;
  /** YYYY-MM-DD */
  dueDate: string;
  done: boolean;
  /** YYYY-MM-DD, or null */
  completedAt: string | null;
}

/** A complaint's status (docs/product.md#states-and-transitions): null is On Hold. */
export type ComplaintStatus = 'approved' | 'disapproved' | null;

/** A complaint as the student and teacher calls answer it (docs/product.md#notice-and-complaint-records). */
export interface Complaint {
  id: string;
  title: string;
  description: string;
  userId: string;
  sId?: string;
  tId?: string;
  role: number;
  status: ComplaintStatus;
  clientId: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** The roles with an own area and complaints: 2 teacher, 3 student. */
export type AreaRole = 2 | 3;

/** What the complaint dialog sends (docs/product.md#student-complaints). */
export interface ComplaintDraft {
  title: string;
  description: string;
}

const enc = encodeURIComponent;

/** `GET /api/student/stats/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentStats = (studentId: string, signal?: AbortSignal) => getJson<StudentStats>(`/api/student/stats/${enc(studentId)}`, { signal });
/** `GET /api/teacher/stats/{teacherId}`. @throws the errors of `api.ts`. */
export const loadTeacherStats = (teacherId: string, signal?: AbortSignal) => getJson<TeacherStats>(`/api/teacher/stats/${enc(teacherId)}`, { signal });
/** `GET /api/student/courses/{studentId}` or `/api/teacher/courses/{teacherId}`. @throws the errors of `api.ts`. */
export const loadCourses = (role: AreaRole, ownerId: string, signal?: AbortSignal) =>
  getJson<Course[]>(`/api/${role === 3 ? 'student' : 'teacher'}/courses/${enc(ownerId)}`, { signal });
/** `GET /api/student/teacher/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentTeachers = (studentId: string, signal?: AbortSignal) => getJson<StudentTeacher[]>(`/api/student/teacher/${enc(studentId)}`, { signal });
/** `GET /api/teacher/students/{teacherId}`. @throws the errors of `api.ts`. */
export const loadTeacherStudents = (teacherId: string, signal?: AbortSignal) => getJson<TeacherStudent[]>(`/api/teacher/students/${enc(teacherId)}`, { signal });
/** `GET /api/student/assignments/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentAssignments = (studentId: string, signal?: AbortSignal) =>
  getJson<StudentAssignment[]>(`/api/student/assignments/${enc(studentId)}`, { signal });

/** The complaints path of a role (docs/product.md#api): `/api/student/complaints` or `/api/teacher/complaints`. */
export const complaintsPath = (role: AreaRole) => (role === 3 ? '/api/student/complaints' : '/api/teacher/complaints');

/** `GET /api/student/complaints?sId=` or `/api/teacher/complaints?tId=`: newest first. @throws the errors of `api.ts`. */
export const loadComplaints = (role: AreaRole, ownerId: string, signal?: AbortSignal) =>
  getJson<Complaint[]>(`${complaintsPath(role)}?${role === 3 ? 'sId' : 'tId'}=${enc(ownerId)}`, { signal });

/**
 * Files a complaint (docs/product.md#api: `{title, description, sId|tId, userId}`; the
 * server takes the owner from the session). The one place a complaint is
 * sent from, so the offline outbox can take it over.
 * @returns the stored complaint
 * @throws the errors of `api.ts`
 */
export function fileComplaint(role: AreaRole, ownerId: string, draft: ComplaintDraft): Promise<Complaint> {
  const owner = role === 3 ? { sId: ownerId } : { tId: ownerId };
  return requestJson<Complaint>('POST', complaintsPath(role), { title: draft.title, description: draft.description, ...owner, userId: ownerId });
}

/** `DELETE /api/{student|teacher}/complaints/{id}`. @throws the errors of `api.ts` (409 when approved). */
export async function removeComplaint(role: AreaRole, id: string): Promise<void> {
  await requestJson<unknown>('DELETE', `${complaintsPath(role)}/${enc(id)}`);
}

/**
 * The signed-in person's id for their own area's calls: the stored session
 * key (`studentId` / `teacherId`, docs/product.md#student-dashboard, docs/product.md#teacher-dashboard "reads the … id from local
 * storage"), else the loaded user's id; null before either exists.
 */
export function useOwnId(key: 'studentId' | 'teacherId'): string | null {
  const { user } = useSession();
  return readSessionKey(key) ?? user?.id ?? null;
}
