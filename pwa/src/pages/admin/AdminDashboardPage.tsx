import { IonButton, IonCard, IonCardContent, IonText } from '@ionic/react';
import { ChartFigure } from '../../components/Chart';
import { OfflineBanner } from '../../components/OfflineBanner';
import { PageLoading } from '../../components/PageLoading';
import { loadAdminOracy } from '../../data/oracy';
import { useCachedResource } from '../../data/useCachedResource';
import { combinedOffline } from '../shared/oracyOverview';
import { AdminOracySection } from './AdminOracySection';
import { fetchStats } from './peopleApi';
import './admin.css';

/** The "Activity Overview" sample data (docs/product.md#admin-dashboard, docs/product.md#constants-and-limits): fixed, not from the server. */
export const ACTIVITY_SAMPLE = { labels: ['March', 'April', 'May', 'June'], values: [3, 5, 2, 3] } as const;

/** "Error fetching data: {message}" (docs/product.md#error-messages). */
export const statsErrorText = (error: unknown) => `Error fetching data: ${error instanceof Error ? error.message : String(error)}`;

/**
 * The admin dashboard at /admin/dashboard (docs/product.md#admin-dashboard): the welcome heading
 * and introduction, the Total Students / Total Teachers / Total Courses
 * cards from `GET /api/admin/stats`, Quick Actions ("Manage Courses",
 * "Manage Users") and the "Activity Overview" line chart of sample data;
 * a spinner while loading and "Error fetching data: {message}" on error.
 * Below, "Your school's Oracy" (docs/product.md#the-schools-oracy) from `GET /api/admin/oracy`,
 * with states of its own; both calls are cached, under one offline banner.
 */
export default function AdminDashboardPage() {
  // Cached per user for offline use.
  const statsResource = useCachedResource('/api/admin/stats', (signal) => fetchStats(signal), []);
  const { data, error, loading, reload } = statsResource;
  const oracy = useCachedResource('/api/admin/oracy', (signal) => loadAdminOracy(signal), []);
  const banner = combinedOffline(statsResource, oracy);

  const stats = [
    { label: 'Total Students', value: data?.totalStudents },
    { label: 'Total Teachers', value: data?.totalTeachers },
    { label: 'Total Courses', value: data?.totalCourses },
  ];

  return (
    <>
      <h1 className="screen-title">Welcome to the Admin Dashboard</h1>
      <p className="admin-intro">Use the sidebar to manage students, teachers, courses and more.</p>
      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />
      {loading ? (
        <PageLoading label="Loading dashboard..." />
      ) : error !== undefined ? (
        <div role="alert">
          <IonText color="danger">
            <p>{statsErrorText(error)}</p>
          </IonText>
          <IonButton fill="outline" onClick={() => void reload()}>
            Retry
          </IonButton>
        </div>
      ) : (
        <>
          <section className="stat-grid" aria-label="Totals">
            {stats.map((stat) => (
              <IonCard key={stat.label} className="stat-card">
                <IonCardContent>
                  <h2 className="stat-card__label">{stat.label}</h2>
                  <p className="stat-card__value">{stat.value ?? 0}</p>
                </IonCardContent>
              </IonCard>
            ))}
            <IonCard className="stat-card">
              <IonCardContent>
                <h2 className="stat-card__label">Quick Actions</h2>
                <div className="quick-actions">
                  <IonButton size="small" routerLink="/admin/courses">
                    Manage Courses
                  </IonButton>
                  <IonButton size="small" fill="outline" routerLink="/admin/users">
                    Manage Users
                  </IonButton>
                </div>
              </IonCardContent>
            </IonCard>
          </section>
          <IonCard className="admin-panel">
            <IonCardContent>
              <ChartFigure type="line" title="Activity Overview" labels={[...ACTIVITY_SAMPLE.labels]} series={[{ label: 'Number of Users', values: [...ACTIVITY_SAMPLE.values] }]} />
            </IonCardContent>
          </IonCard>
        </>
      )}
      <AdminOracySection oracy={oracy} />
    </>
  );
}
