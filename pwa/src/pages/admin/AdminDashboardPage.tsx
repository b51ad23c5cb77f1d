/**
 * Admin dashboard (spec §2.7, /admin/dashboard). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function AdminDashboardPage() {
  return <h1 className="screen-title">Welcome to the Admin Dashboard</h1>;
}
