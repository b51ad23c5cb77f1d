/**
 * Admin settings (spec §2.23, /admin/setting). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function SettingsPage() {
  return <h1 className="screen-title">Settings</h1>;
}
