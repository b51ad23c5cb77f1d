import { IonButton, IonCard } from '@ionic/react';
import { CHART_COLORS, ChartFigure } from '../../components/Chart';
import { OfflineBanner } from '../../components/OfflineBanner';
import { ScreenState } from '../../components/ScreenState';
import { loadTeacherOracy } from '../../data/oracy';
import { loadTeacherStats, useOwnId, type TeacherStats } from '../../data/studentTeacher';
import { useCachedResource } from '../../data/useCachedResource';
import { combinedOffline, teacherOracyKey } from '../shared/oracyOverview';
import { StatCard } from '../shared/StatCard';
import { TeacherOracySection } from './TeacherOracySection';
import '../shared/area.css';

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
      <h1 className="screen-title">Teacher Dashboard</h1>
      <p className="screen-subtitle">Manage your courses and students effectively!</p>

      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />
      <ScreenState
        loading={stats.loading && !data}
        loadingText="Loading statistics..."
        error={data ? undefined : stats.error}
        errorText="Failed to load statistics"
        onRetry={() => void stats.reload()}
        empty={false}
        emptyText=""
      >
        <ul className="stat-grid">
          <StatCard label="Total Courses" value={data?.totalCourses ?? 0} />
          <StatCard label="Total Assignments" value={total} />
          <StatCard label="Completed Assignments" value={split.completed} accent />
        </ul>

        <section aria-labelledby="assignments-overview">
          <h2 id="assignments-overview" className="screen-section-title">
            Assignments Overview
          </h2>
          <div className="dashboard-panels dashboard-panels--even">
            <IonCard className="panel">
              <ChartFigure
                type="bar"
                title="Total vs Completed Assignments"
                labels={['Total Assignments', 'Completed Assignments']}
                series={[{ label: 'Assignments', values: [total, split.completed], colors: [CHART_COLORS.primary, CHART_COLORS.secondary] }]}
              />
            </IonCard>
            <IonCard className="panel">
              <ChartFigure
                type="doughnut"
                title="Completed vs Outstanding Assignments"
                labels={['Completed', 'Outstanding']}
                series={[{ label: 'Assignments', values: [split.completed, split.outstanding], colors: [CHART_COLORS.primary, CHART_COLORS.secondary] }]}
              />
            </IonCard>
          </div>
        </section>
      </ScreenState>

      <div className="action-row dashboard-actions">
        <IonButton routerLink="/teacher/courses">View Courses</IonButton>
        <IonButton routerLink="/teacher/students" fill="outline">
          View Students
        </IonButton>
      </div>

      <TeacherOracySection oracy={oracy} />
    </>
  );
}
