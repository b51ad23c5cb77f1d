/**
 * Users table (spec §2.8, /admin/users). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function UsersPage() {
  return <h1 className="screen-title">Users</h1>;
}
