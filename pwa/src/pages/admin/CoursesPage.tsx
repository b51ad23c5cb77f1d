/**
 * Admin course management (spec §2.12, /admin/courses). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function CoursesPage() {
  return <h1 className="screen-title">Courses</h1>;
}
