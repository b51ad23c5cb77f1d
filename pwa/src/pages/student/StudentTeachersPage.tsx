/**
 * Student's teachers (spec §2.17, /student/teachers). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentTeachersPage() {
  return <h1 className="screen-title">Your Teacher</h1>;
}
