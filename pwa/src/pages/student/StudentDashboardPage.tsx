import { IonButton, IonCard } from '@ionic/react';
import { ChartFigure } from '../../components/Chart';
import { OfflineBanner } from '../../components/OfflineBanner';
import { ScreenState } from '../../components/ScreenState';
import { LEVEL_LABELS } from '../../data/oracy';
import { loadStudentStats, useOwnId } from '../../data/studentTeacher';
import { useCachedResource } from '../../data/useCachedResource';
import { useI18n } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { StatCard } from '../shared/StatCard';
import '../shared/area.css';
import { formatDate } from '../../i18n/dates';

/**
 * The activity chart's fixed sample data (docs/product.md#student-dashboard, docs/product.md#constants-and-limits: March–June = 2, 4, 1, 3):
 * the months (0 = January), named in the active language when shown, and their values.
 */
export const STUDENT_ACTIVITY_SAMPLE = { months: [2, 3, 4, 5], values: [2, 4, 1, 3] } as const;

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
  const { t } = useI18n();
  const studentId = useOwnId('studentId');
  // Cached per user for offline use.
  const stats = useCachedResource(studentId ? '/api/student/stats' : null, (signal) => loadStudentStats(studentId ?? '', signal), [studentId]);
  const data = stats.data;

  return (
    <>
      <h1 className="screen-title">{t('student.dashboard.welcome', { name: user?.firstName ?? '' })}</h1>
      <p className="screen-subtitle">{t('student.dashboard.subtitle')}</p>

      <section aria-label={t('student.dashboard.progress')}>
        <OfflineBanner offline={stats.offline} savedAt={stats.savedAt} />
        <ScreenState
          loading={stats.loading && !data}
          loadingText={t('student.dashboard.loading')}
          error={data ? undefined : stats.error}
          errorText={t('student.dashboard.loadError')}
          onRetry={() => void stats.reload()}
          empty={false}
          emptyText=""
        >
          <ul className="stat-grid">
            <StatCard label={t('common.totalCourses')} value={data?.totalCourses ?? 0} />
            <StatCard label={t('student.dashboard.completedCourses')} value={data?.completedCourses ?? 0} />
            <StatCard label={t('common.totalAssignments')} value={data?.totalAssignments ?? 0} />
            <StatCard label={t('student.dashboard.oracyLevel')} value={LEVEL_LABELS[data?.oracyLevel || 'Beginner']} accent />
          </ul>
        </ScreenState>
      </section>

      <div className="dashboard-panels">
        <IonCard className="panel">
          <h2 className="panel__title">{t('common.quickActions')}</h2>
          <div className="action-row">
            <IonButton routerLink="/courses">{t('student.dashboard.viewCourses')}</IonButton>
            <IonButton routerLink="/assignments" fill="outline">
              {t('student.dashboard.viewAssignments')}
            </IonButton>
            <IonButton routerLink="/student/speaking" fill="outline">
              {t('student.dashboard.speaking')}
            </IonButton>
          </div>
        </IonCard>
        <IonCard className="panel">
          <ChartFigure
            type="line"
            title={t('student.dashboard.activity')}
            labels={STUDENT_ACTIVITY_SAMPLE.months.map((month) => formatDate(new Date(2026, month, 15), 'month'))}
            series={[{ label: t('student.dashboard.coursesCompleted'), values: [...STUDENT_ACTIVITY_SAMPLE.values] }]}
          />
        </IonCard>
      </div>

      <p className="dashboard-closing">{t('student.dashboard.closing')}</p>
    </>
  );
}
