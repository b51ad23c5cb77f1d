import type { Types } from 'mongoose';
import { z } from 'zod';
import { objectId } from '../platform/http/fields.js';

/** The fields the person presenters read from a user (a lean or a hydrated document). */
export interface PersonLike {
  _id: Types.ObjectId | string;
  name: string;
  email: string;
  profilePicture?: string | null;
}

/** The shared course list of a person row: the course titles in alphabetical order, as `{courseName}`. */
const courseList = (courseNames: readonly string[]): { courseName: string }[] => [...courseNames].sort((a, b) => a.localeCompare(b)).map((courseName) => ({ courseName }));

/** The course list of a person row, by title. */
const courseListSchema = z.array(z.object({ courseName: z.string() }));
/** Avatar path or URL, or null for the placeholder. */
const profilePicture = () => z.string().nullable().meta({ description: 'avatar path or URL, or null for the placeholder' });

/** One of a student's teachers (docs/product.md#student-and-teacher-records). */
export const studentTeacherJsonSchema = z
  .object({
    id: objectId(),
    teacherName: z.string(),
    profilePicture: profilePicture(),
    teacherEmail: z.string(),
    courses: courseListSchema.meta({ description: "the student's courses this teacher teaches, by title" }),
  })
  .meta({ id: 'StudentTeacher' });

/** One of a student's teachers: see {@link studentTeacherJsonSchema}. */
export type StudentTeacherJson = z.infer<typeof studentTeacherJsonSchema>;

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
export const teacherStudentJsonSchema = z
  .object({
    id: objectId(),
    studentName: z.string(),
    profilePicture: profilePicture(),
    studentEmail: z.string(),
    courses: courseListSchema.meta({ description: "the teacher's courses this student is enrolled in, by title" }),
  })
  .meta({ id: 'TeacherStudent' });

/** One of a teacher's students: see {@link teacherStudentJsonSchema}. */
export type TeacherStudentJson = z.infer<typeof teacherStudentJsonSchema>;

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
