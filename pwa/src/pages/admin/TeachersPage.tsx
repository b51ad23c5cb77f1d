/**
 * Admin teacher list (spec §2.10, /admin/teachers). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function TeachersPage() {
  return <h1 className="screen-title">Teachers</h1>;
}
