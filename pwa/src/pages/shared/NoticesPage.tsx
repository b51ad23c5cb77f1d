/**
 * Notices (spec §2.13), one screen at /admin/notice, /teacher/notice and /student/notice. The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function NoticesPage() {
  return <h1 className="screen-title">Notices</h1>;
}
