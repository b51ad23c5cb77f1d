/**
 * The student's and the teacher's own areas (docs/product.md#student-calls, docs/product.md#teacher-calls;
 * docs/product.md#links-and-redirects, docs/product.md#derived-and-stored-data): the shapes the API answers, taken from the
 * typed client, and one function per call (`client.ts`). Each screen loads through
 * exactly one of these (so the offline cache can wrap it). Complaints are
 * filed through the outbox (`useComplaintOutbox.ts`), never directly.
 */
import { callOptions, client, done, json, type Answer, type JsonBody } from '../platform/api/client';
import { readSessionKey, ROLE, useSession } from '../auth';

const student = client.api.student;
const teacher = client.api.teacher;

/** `GET /api/teacher/stats/{teacherId}` (docs/product.md#stats-records). */
export type TeacherStats = Answer<(typeof teacher.stats)[':teacherId']['$get']>;

/** A course as the API presents it (docs/product.md#course-records). Dates are `YYYY-MM-DD`. */
export type Course = Answer<(typeof student.courses)[':studentId']['$get']>[number];

/** One entry of `GET /api/teacher/students/{teacherId}` (docs/product.md#student-and-teacher-records). */
export type TeacherStudent = Answer<(typeof teacher.students)[':teacherId']['$get']>[number];

/** One entry of `GET /api/student/assignments/{studentId}` (docs/product.md#links-and-redirects). */
export type StudentAssignment = Answer<(typeof student.assignments)[':studentId']['$get']>[number];

/** A complaint as the student and teacher calls answer it (docs/product.md#notice-and-complaint-records). */
export type Complaint = Answer<typeof student.complaints.$get>[number];

/** A complaint's status (docs/product.md#complaint-status): null is On Hold. */
export type ComplaintStatus = Complaint['status'];

/** The roles with an own area and complaints: teachers and students. */
export type AreaRole = typeof ROLE.teacher | typeof ROLE.student;

/** What the complaint dialog sends (docs/product.md#student-complaints): the title and description of the API's complaint body. */
export type ComplaintDraft = Required<Pick<JsonBody<typeof student.complaints.$post>, 'title' | 'description'>>;

/** `GET /api/student/stats/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentStats = (studentId: string, signal?: AbortSignal) => json(student.stats[':studentId'].$get({ param: { studentId } }, callOptions({ signal })));
/** `GET /api/teacher/stats/{teacherId}`. @throws the errors of `api.ts`. */
export const loadTeacherStats = (teacherId: string, signal?: AbortSignal) => json(teacher.stats[':teacherId'].$get({ param: { teacherId } }, callOptions({ signal })));
/** `GET /api/student/courses/{studentId}` or `/api/teacher/courses/{teacherId}`. @throws the errors of `api.ts`. */
export const loadCourses = (role: AreaRole, ownerId: string, signal?: AbortSignal): Promise<Course[]> =>
  role === ROLE.student
    ? json(student.courses[':studentId'].$get({ param: { studentId: ownerId } }, callOptions({ signal })))
    : json(teacher.courses[':teacherId'].$get({ param: { teacherId: ownerId } }, callOptions({ signal })));
/** `GET /api/student/teacher/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentTeachers = (studentId: string, signal?: AbortSignal) => json(student.teacher[':studentId'].$get({ param: { studentId } }, callOptions({ signal })));
/** `GET /api/teacher/students/{teacherId}`. @throws the errors of `api.ts`. */
export const loadTeacherStudents = (teacherId: string, signal?: AbortSignal) => json(teacher.students[':teacherId'].$get({ param: { teacherId } }, callOptions({ signal })));
/** `GET /api/student/assignments/{studentId}`. @throws the errors of `api.ts`. */
export const loadStudentAssignments = (studentId: string, signal?: AbortSignal) => json(student.assignments[':studentId'].$get({ param: { studentId } }, callOptions({ signal })));
/** `GET /api/teacher/assignments/{teacherId}`: each with `completed` of `enrolled` students. @throws the errors of `api.ts`. */
export const loadTeacherAssignments = (teacherId: string, signal?: AbortSignal) => json(teacher.assignments[':teacherId'].$get({ param: { teacherId } }, callOptions({ signal })));

/** The complaints path of a role (docs/product.md#api): `/api/student/complaints` or `/api/teacher/complaints`. */
export const complaintsPath = (role: AreaRole): string => (role === ROLE.student ? student.complaints : teacher.complaints).$path();

/**
 * `GET /api/student/complaints?sId=` or `/api/teacher/complaints?tId=`: newest first. @throws the errors of `api.ts`.
 * The server reads `sId` / `tId` without a query validator, so the client's
 * type has no `query`: the arguments go in as a variable, not a literal.
 */
export function loadComplaints(role: AreaRole, ownerId: string, signal?: AbortSignal): Promise<Complaint[]> {
  if (role === ROLE.student) {
    const args = { query: { sId: ownerId } };
    return json(student.complaints.$get(args, callOptions({ signal })));
  }
  const args = { query: { tId: ownerId } };
  return json(teacher.complaints.$get(args, callOptions({ signal })));
}

/** `DELETE /api/{student|teacher}/complaints/{id}`. @throws the errors of `api.ts` (409 when approved). */
export function removeComplaint(role: AreaRole, id: string): Promise<void> {
  return done((role === ROLE.student ? student : teacher).complaints[':id'].$delete({ param: { id } }));
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
