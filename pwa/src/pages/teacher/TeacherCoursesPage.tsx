/**
 * Teacher's courses (spec §2.19, /teacher/courses). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function TeacherCoursesPage() {
  return <h1 className="screen-title">Your Courses</h1>;
}
