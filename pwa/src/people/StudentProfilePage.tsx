import { ProfileScreen } from './ProfileScreen';
import { ROLE } from '../auth';

/**
 * The student profile (docs/product.md#teacher-and-student-profiles, /student/profile): the signed-in
 * student's name, photo, email, "Progress" (their share of assignments completed), "Badges Earned: N"
 * with the badges (docs/product.md#badges) and "Enrolled Courses"; its "Your data" card also says who
 * else opened the student's data (docs/product.md#access-log).
 */
export default function StudentProfilePage() {
  return <ProfileScreen role={ROLE.student} />;
}
