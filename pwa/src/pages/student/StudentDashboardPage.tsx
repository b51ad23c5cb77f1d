import { IonButton, IonCard } from '@ionic/react';
import { ChartFigure } from '../../components/Chart';
import { OfflineBanner } from '../../components/OfflineBanner';
import { ScreenState } from '../../components/ScreenState';
import { loadStudentStats, useOwnId } from '../../data/studentTeacher';
import { useCachedResource } from '../../data/useCachedResource';
import { useSession } from '../../session/SessionProvider';
import { StatCard } from '../shared/StatCard';
import '../shared/area.css';

/** The activity chart's fixed sample data (docs/product.md#student-dashboard, docs/product.md#constants-and-limits: March–June = 2, 4, 1, 3). */
export const STUDENT_ACTIVITY_SAMPLE = { labels: ['March', 'April', 'May', 'June'], values: [2, 4, 1, 3] } as const;

/**
 * The student dashboard (docs/product.md#student-dashboard, /student/dashboard; title of
 * docs/product.md#clarified-behaviour): loads `GET /api/student/stats/{studentId}` (the id from local
 * storage) into four cards with their defaults; a spinner while loading and
 * "Error fetching stats. Please try again later." on failure. Quick Actions
 * lead to /courses and /assignments (docs/product.md#links-and-redirects) and to speaking
 * practice (docs/product.md#speaking-practice, reachable so on phones); the activity chart
 * shows fixed sample data, so it stays visible whatever the stats do.
 */
export default function StudentDashboardPage() {
  const { user } = useSession();
  const studentId = useOwnId('studentId');
  // Cached per user for offline use.
  const stats = useCachedResource(studentId ? '/api/student/stats' : null, (signal) => loadStudentStats(studentId ?? '', signal), [studentId]);
  const data = stats.data;

  return (
    <>
      <h1 className="screen-title">Welcome to your Dashboard, {user?.firstName}!</h1>
      <p className="screen-subtitle">Track your progress and skills as you enhance your Oracy journey!</p>

      <section aria-label="Your progress">
        <OfflineBanner offline={stats.offline} savedAt={stats.savedAt} />
        <ScreenState
          loading={stats.loading && !data}
          loadingText="Loading your stats..."
          error={data ? undefined : stats.error}
          errorText="Error fetching stats. Please try again later."
          onRetry={() => void stats.reload()}
          empty={false}
          emptyText=""
        >
          <ul className="stat-grid">
            <StatCard label="Total Courses" value={data?.totalCourses ?? 0} />
            <StatCard label="Completed Courses" value={data?.completedCourses ?? 0} />
            <StatCard label="Total Assignments" value={data?.totalAssignments ?? 0} />
            <StatCard label="Oracy Level" value={data?.oracyLevel || 'Beginner'} accent />
          </ul>
        </ScreenState>
      </section>

      <div className="dashboard-panels">
        <IonCard className="panel">
          <h2 className="panel__title">Quick Actions</h2>
          <div className="action-row">
            <IonButton routerLink="/courses">View Courses</IonButton>
            <IonButton routerLink="/assignments" fill="outline">
              View Assignments
            </IonButton>
            <IonButton routerLink="/student/speaking" fill="outline">
              Speaking practice
            </IonButton>
          </div>
        </IonCard>
        <IonCard className="panel">
          <ChartFigure
            type="line"
            title="Your Activity Overview"
            labels={[...STUDENT_ACTIVITY_SAMPLE.labels]}
            series={[{ label: 'Courses Completed', values: [...STUDENT_ACTIVITY_SAMPLE.values] }]}
          />
        </IonCard>
      </div>

      <p className="dashboard-closing">Keep going! Every step forward is a step closer to success!</p>
    </>
  );
}
