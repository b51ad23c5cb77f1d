import { CoursesScreen } from './CoursesScreen';

/** The teacher's courses, "Your Courses" (docs/product.md#teacher-courses, /teacher/courses). */
export default function TeacherCoursesPage() {
  return <CoursesScreen role={2} />;
}
