import type { Types } from 'mongoose';

/** The fields the person presenters read from a user (a lean or a hydrated document). */
export interface PersonLike {
  _id: Types.ObjectId | string;
  name: string;
  email: string;
  profilePicture?: string | null;
}

/** The shared course list of a person row: the course titles in alphabetical order, as `{courseName}`. */
const courseList = (courseNames: readonly string[]): { courseName: string }[] =>
  [...courseNames].sort((a, b) => a.localeCompare(b)).map((courseName) => ({ courseName }));

/** One of a student's teachers (docs/product.md#student-and-teacher-records). */
export interface StudentTeacherJson {
  id: string;
  teacherName: string;
  /** avatar path or URL, or null for the placeholder */
  profilePicture: string | null;
  teacherEmail: string;
  /** the student's courses this teacher teaches, by title */
  courses: { courseName: string }[];
}

/**
 * Presents a teacher as `StudentTeacherJson`.
 * @param courseNames titles of the student's courses the teacher teaches, in any order
 */
export function presentStudentTeacher(teacher: PersonLike, courseNames: readonly string[]): StudentTeacherJson {
  return {
    id: String(teacher._id),
    teacherName: teacher.name,
    profilePicture: teacher.profilePicture ?? null,
    teacherEmail: teacher.email,
    courses: courseList(courseNames),
  };
}

/** One of a teacher's students (docs/product.md#student-and-teacher-records). */
export interface TeacherStudentJson {
  id: string;
  studentName: string;
  /** avatar path or URL, or null for the placeholder */
  profilePicture: string | null;
  studentEmail: string;
  /** the teacher's courses this student is enrolled in, by title */
  courses: { courseName: string }[];
}

/**
 * Presents a student as `TeacherStudentJson`.
 * @param courseNames titles of the teacher's courses the student is enrolled in, in any order
 */
export function presentTeacherStudent(student: PersonLike, courseNames: readonly string[]): TeacherStudentJson {
  return {
    id: String(student._id),
    studentName: student.name,
    profilePicture: student.profilePicture ?? null,
    studentEmail: student.email,
    courses: courseList(courseNames),
  };
}
