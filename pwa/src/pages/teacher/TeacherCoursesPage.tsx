import { CoursesScreen } from '../shared/CoursesScreen';

/** The teacher's courses, "Your Courses" (spec §2.19, /teacher/courses). */
export default function TeacherCoursesPage() {
  return <CoursesScreen role={2} />;
}
