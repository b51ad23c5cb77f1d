import { CoursesScreen } from '../shared/CoursesScreen';

/** The student's courses, "Your Enrolled Courses" (spec §2.18, /student/courses). */
export default function StudentCoursesPage() {
  return <CoursesScreen role={3} />;
}
