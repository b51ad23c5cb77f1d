import { useSession } from '../../session/SessionProvider';

/**
 * Student dashboard (spec §2.5, /student/dashboard; title wording from
 * decisions §7). The screen's content is a later issue; for now it shows its
 * heading inside the shared dashboard layout.
 */
export default function StudentDashboardPage() {
  const { user } = useSession();
  return <h1 className="screen-title">Welcome to your Dashboard, {user?.firstName}!</h1>;
}
