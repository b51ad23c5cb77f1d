/**
 * Teacher complaints (spec §2.16, /teacher/complaints). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function TeacherComplaintsPage() {
  return <h1 className="screen-title">My Complaints</h1>;
}
