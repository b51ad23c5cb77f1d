/**
 * Discussion chat (spec §2.24, /admin/discussion). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function DiscussionPage() {
  return <h1 className="screen-title">Discussions</h1>;
}
