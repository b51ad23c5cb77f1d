/**
 * Complaint moderation (spec §2.14, /admin/complaints). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function ComplaintsPage() {
  return <h1 className="screen-title">Complaints</h1>;
}
