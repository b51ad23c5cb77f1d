import { CoursesScreen } from './CoursesScreen';
import { ROLE } from '../auth';

/** The student's courses, "Your Enrolled Courses" (docs/product.md#your-enrolled-courses, /student/courses). */
export default function StudentCoursesPage() {
  return <CoursesScreen role={ROLE.student} />;
}
