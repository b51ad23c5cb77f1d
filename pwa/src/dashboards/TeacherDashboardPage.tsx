import { IonButton, IonCard } from '@ionic/react';
import { ChartFigure } from '../platform/ui/Chart';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { combinedOffline, loadTeacherOracy, teacherOracyKey, TeacherOracySection } from '../oracy';
import { loadTeacherStats, useOwnId, type TeacherStats } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { StatCard } from '../platform/ui/StatCard';
import '../platform/ui/area.css';

/** The doughnut's two parts (docs/product.md#clarified-behaviour): completed, and outstanding = total − completed (never below 0). */
export function assignmentSplit(stats: Pick<TeacherStats, 'totalAssignments' | 'completedAssignments'>): { completed: number; outstanding: number } {
  const completed = Math.max(0, stats.completedAssignments || 0);
  return { completed, outstanding: Math.max(0, (stats.totalAssignments || 0) - completed) };
}

/**
 * The teacher dashboard (docs/product.md#teacher-dashboard, /teacher/dashboard): loads `GET
 * /api/teacher/stats/{teacherId}` (the id from local storage) into three
 * cards; "Assignments Overview" compares total with completed assignments
 * in a bar chart and a doughnut of completed vs outstanding (docs/product.md#clarified-behaviour),
 * each with its numbers as a table for screen readers. A spinner while
 * loading, "Failed to load statistics" on failure; "View Courses" and "View
 * Students" lead to the teacher's lists. Below, "Your students' Oracy"
 * (docs/product.md#your-students-oracy) from `GET /api/teacher/oracy/{teacherId}`, with
 * states of its own; both calls are cached, under one offline banner.
 */
export default function TeacherDashboardPage() {
  const { t } = useI18n();
  const teacherId = useOwnId('teacherId');
  // Cached per user for offline use.
  const stats = useCachedResource(teacherId ? '/api/teacher/stats' : null, (signal) => loadTeacherStats(teacherId ?? '', signal), [teacherId]);
  const data = stats.data;
  const total = data?.totalAssignments ?? 0;
  const split = assignmentSplit({ totalAssignments: total, completedAssignments: data?.completedAssignments ?? 0 });
  const oracy = useCachedResource(teacherId ? teacherOracyKey(null) : null, (signal) => loadTeacherOracy(teacherId ?? '', null, signal), [teacherId]);
  const banner = combinedOffline(stats, oracy);

  return (
    <>
      <h1 className="screen-title">{t('teacher.dashboard.title')}</h1>
      <p className="screen-subtitle">{t('teacher.dashboard.subtitle')}</p>

      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />
      <ScreenState
        loading={stats.loading && !data}
        loadingText={t('teacher.dashboard.loading')}
        error={data ? undefined : stats.error}
        errorText={t('teacher.dashboard.loadFailed')}
        onRetry={() => void stats.reload()}
        empty={false}
        emptyText=""
      >
        <ul className="stat-grid">
          <StatCard label={t('common.totalCourses')} value={data?.totalCourses ?? 0} />
          <StatCard label={t('common.totalAssignments')} value={total} />
          <StatCard label={t('teacher.dashboard.completedAssignments')} value={split.completed} accent />
        </ul>

        <section aria-labelledby="assignments-overview">
          <h2 id="assignments-overview" className="screen-section-title">
            {t('teacher.dashboard.overview')}
          </h2>
          <div className="dashboard-panels dashboard-panels--even">
            <IonCard className="panel">
              <ChartFigure
                type="bar"
                title={t('teacher.dashboard.totalVsCompleted')}
                labels={[t('common.totalAssignments'), t('teacher.dashboard.completedAssignments')]}
                series={[{ label: t('teacher.dashboard.assignments'), values: [total, split.completed], colors: ['green', 'orange'] }]}
              />
            </IonCard>
            <IonCard className="panel">
              <ChartFigure
                type="doughnut"
                title={t('teacher.dashboard.completedVsOutstanding')}
                labels={[t('teacher.dashboard.completed'), t('teacher.dashboard.outstanding')]}
                series={[{ label: t('teacher.dashboard.assignments'), values: [split.completed, split.outstanding], colors: ['green', 'orange'] }]}
              />
            </IonCard>
          </div>
        </section>
      </ScreenState>

      <div className="action-row dashboard-actions">
        <IonButton routerLink="/teacher/courses">{t('teacher.dashboard.viewCourses')}</IonButton>
        <IonButton routerLink="/teacher/students" fill="outline">
          {t('teacher.dashboard.viewStudents')}
        </IonButton>
      </div>

      <TeacherOracySection oracy={oracy} />
    </>
  );
}
