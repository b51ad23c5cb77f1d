/**
 * Admin student list (spec §2.9, /admin/students). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentsPage() {
  return <h1 className="screen-title">Students</h1>;
}
