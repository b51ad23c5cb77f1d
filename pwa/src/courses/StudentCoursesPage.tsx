import { CoursesScreen } from './CoursesScreen';

/** The student's courses, "Your Enrolled Courses" (docs/product.md#your-enrolled-courses, /student/courses). */
export default function StudentCoursesPage() {
  return <CoursesScreen role={3} />;
}
