/**
 * Teacher's students (spec §2.20, /teacher/students). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function TeacherStudentsPage() {
  return <h1 className="screen-title">Your Students</h1>;
}
