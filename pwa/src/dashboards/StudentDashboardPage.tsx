import { IonButton, IonCard } from '@ionic/react';
import { ChartFigure } from '../platform/ui/Chart';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { monthLabel } from './activity';
import { LEVEL_LABELS } from '../oracy';
import { loadStudentStats, useOwnId } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { useSession } from '../auth';
import { StatCard } from '../platform/ui/StatCard';
import '../platform/ui/area.css';

/**
 * The student dashboard (docs/product.md#student-dashboard, /student/dashboard; title of
 * docs/product.md#clarified-behaviour): loads `GET /api/student/stats/{studentId}` (the id from local
 * storage) into four cards with their defaults; a spinner while loading and
 * "Error fetching stats. Please try again later." on failure. Quick Actions
 * lead to /courses and /assignments (docs/product.md#links-and-redirects) and to speaking
 * practice (docs/product.md#speaking-practice, reachable so on phones). The activity chart plots
 * the stats' `activity`: courses and assignments completed in each of the last six months, named
 * in the active language (drawn once the stats are there; an answer saved without them shows
 * none). Until the student's first self-assessment (`selfAssessed: false`) a card above the
 * figures invites them to it, at "/".
 */
export default function StudentDashboardPage() {
  const { user } = useSession();
  const { t } = useI18n();
  const studentId = useOwnId('studentId');
  // Cached per user for offline use.
  const stats = useCachedResource(studentId ? '/api/student/stats' : null, (signal) => loadStudentStats(studentId ?? '', signal), [studentId]);
  const data = stats.data;
  // An answer saved by an older version may lack the figures: no chart rather than made-up ones.
  const activity = Array.isArray(data?.activity) ? data.activity : undefined;

  return (
    <>
      <h1 className="screen-title">{t('student.dashboard.welcome', { name: user?.firstName ?? '' })}</h1>
      <p className="screen-subtitle">{t('student.dashboard.subtitle')}</p>

      {data?.selfAssessed === false && (
        <IonCard className="panel invite-card">
          <h2 className="panel__title">{t('student.dashboard.inviteTitle')}</h2>
          <p className="invite-card__text">{t('student.dashboard.inviteText')}</p>
          <IonButton routerLink="/">{t('student.dashboard.inviteAction')}</IonButton>
        </IonCard>
      )}

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
        {activity && (
          <IonCard className="panel">
            <ChartFigure
              type="line"
              title={t('student.dashboard.activity')}
              labels={activity.map((m) => monthLabel(m.month))}
              series={[
                { label: t('student.dashboard.coursesCompleted'), values: activity.map((m) => m.completedCourses) },
                { label: t('student.dashboard.assignmentsCompleted'), values: activity.map((m) => m.completedAssignments) },
              ]}
              counts
            />
          </IonCard>
        )}
      </div>

      <p className="dashboard-closing">{t('student.dashboard.closing')}</p>
    </>
  );
}
