import { IonButton, IonCard, IonCardContent, IonText } from '@ionic/react';
import { ChartFigure } from '../platform/ui/Chart';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { PageLoading } from '../platform/ui/PageLoading';
import { ScreenOffline } from '../platform/ui/ScreenState';
import { monthLabel } from './activity';
import { isOfflineFailure } from '../platform/api/api';
import { AdminOracySection, combinedOffline, loadAdminOracy } from '../oracy';
import { useCachedResource } from '../platform/api/useCachedResource';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { fetchStats } from '../people';
import '../platform/ui/admin.css';

/** "Error fetching data: {message}" (docs/product.md#error-messages), in the active language. */
export const statsErrorText = (error: unknown) => t('admin.dashboard.statsError', { message: error instanceof Error ? error.message : String(error) });

/** The catalogue keys of the totals' labels. */
const STAT_LABELS = {
  totalStudents: 'admin.dashboard.totalStudents',
  totalTeachers: 'admin.dashboard.totalTeachers',
  totalCourses: 'common.totalCourses',
} as const satisfies Record<string, MessageId>;

/**
 * The admin dashboard at /admin/dashboard (docs/product.md#admin-dashboard): the welcome heading
 * and introduction, the Total Students / Total Teachers / Total Courses
 * cards from `GET /api/admin/stats`, Quick Actions ("Manage Courses",
 * "Manage Users") and the "Activity Overview" line chart of the users created in each of the
 * last six months (the stats' `activity`, months named in the active language; none when an
 * answer saved by an older version lacks them);
 * a spinner while loading and "Error fetching data: {message}" on error.
 * Below, "Your school's Oracy" (docs/product.md#the-schools-oracy) from `GET /api/admin/oracy`,
 * with states of its own; both calls are cached, under one offline banner.
 */
export default function AdminDashboardPage() {
  const { t, intl } = useI18n();
  // Cached per user for offline use.
  const statsResource = useCachedResource('/api/admin/stats', (signal) => fetchStats(signal), []);
  const { data, error, loading, reload } = statsResource;
  const oracy = useCachedResource('/api/admin/oracy', (signal) => loadAdminOracy(signal), []);
  const banner = combinedOffline(statsResource, oracy);
  const activity = Array.isArray(data?.activity) ? data.activity : undefined;

  const stats = [
    { label: t(STAT_LABELS.totalStudents), value: data?.totalStudents },
    { label: t(STAT_LABELS.totalTeachers), value: data?.totalTeachers },
    { label: t(STAT_LABELS.totalCourses), value: data?.totalCourses },
  ];

  return (
    <>
      <h1 className="screen-title">{t('admin.dashboard.welcome')}</h1>
      <p className="admin-intro">{t('admin.dashboard.intro')}</p>
      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />
      {loading ? (
        <PageLoading label={t('admin.dashboard.loading')} />
      ) : isOfflineFailure(error) ? (
        <ScreenOffline onRetry={() => void reload()} />
      ) : error !== undefined ? (
        <div role="alert">
          <IonText color="danger">
            <p>{statsErrorText(error)}</p>
          </IonText>
          <IonButton fill="outline" onClick={() => void reload()}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : (
        <>
          <section className="stat-grid" aria-label={t('admin.dashboard.totals')}>
            {stats.map((stat) => (
              <IonCard key={stat.label} className="stat-card">
                <IonCardContent>
                  <h2 className="stat-card__label">{stat.label}</h2>
                  <p className="stat-card__value">{intl.formatNumber(stat.value ?? 0)}</p>
                </IonCardContent>
              </IonCard>
            ))}
            <IonCard className="stat-card">
              <IonCardContent>
                <h2 className="stat-card__label">{t('common.quickActions')}</h2>
                <div className="quick-actions">
                  <IonButton size="small" routerLink="/admin/courses">
                    {t('admin.dashboard.manageCourses')}
                  </IonButton>
                  <IonButton size="small" fill="outline" routerLink="/admin/users">
                    {t('admin.dashboard.manageUsers')}
                  </IonButton>
                </div>
              </IonCardContent>
            </IonCard>
          </section>
          {activity && (
            <IonCard className="admin-panel">
              <IonCardContent>
                <ChartFigure
                  type="line"
                  title={t('admin.dashboard.activity')}
                  labels={activity.map((m) => monthLabel(m.month))}
                  series={[{ label: t('admin.dashboard.numberOfUsers'), values: activity.map((m) => m.newUsers) }]}
                  counts
                />
              </IonCardContent>
            </IonCard>
          )}
        </>
      )}
      <AdminOracySection oracy={oracy} />
    </>
  );
}
