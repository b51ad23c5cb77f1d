/**
 * Teacher dashboard (spec §2.6, /teacher/dashboard). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function TeacherDashboardPage() {
  return <h1 className="screen-title">Teacher Dashboard</h1>;
}
