/**
 * Student complaints (spec §2.15, /student/complaints). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentComplaintsPage() {
  return <h1 className="screen-title">My Complaints</h1>;
}
