/**
 * Student's courses (spec §2.18, /student/courses). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentCoursesPage() {
  return <h1 className="screen-title">Your Enrolled Courses</h1>;
}
