/**
 * Admin profile (spec §2.21, /admin/profile). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function AdminProfilePage() {
  return <h1 className="screen-title">Profile</h1>;
}
