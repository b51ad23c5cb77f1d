import { CoursesScreen } from './CoursesScreen';
import { ROLE } from '../auth';

/** The teacher's courses, "Your Courses" (docs/product.md#teacher-courses, /teacher/courses). */
export default function TeacherCoursesPage() {
  return <CoursesScreen role={ROLE.teacher} />;
}
