import { ProfileScreen } from './ProfileScreen';
import { ROLE } from '../auth';

/**
 * The teacher profile (docs/product.md#teacher-and-student-profiles, /teacher/profile): the signed-in
 * teacher's name, photo, email, "Teaching Progress" (the share of the assignments handed out in their
 * courses that were completed), "Courses Taught: N" and "Subjects" — their courses' titles.
 */
export default function TeacherProfilePage() {
  return <ProfileScreen role={ROLE.teacher} />;
}
