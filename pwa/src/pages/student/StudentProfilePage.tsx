/**
 * Student profile (spec §2.22, /student/profile). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentProfilePage() {
  return <h1 className="screen-title">Profile</h1>;
}
