/**
 * Assign courses to a student (spec §2.11, /admin/student/assign-courses/:studentId). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function AssignCoursesPage() {
  return <h1 className="screen-title">Assign Courses to Student</h1>;
}
