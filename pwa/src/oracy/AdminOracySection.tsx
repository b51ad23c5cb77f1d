import { ScreenState } from '../platform/ui/ScreenState';
import type { AdminOracy } from './oracy';
import type { CachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { GroupOracyCharts } from './GroupOracyCharts';
import './oracyOverview.css';

/** Props of {@link AdminOracySection}. */
export interface AdminOracySectionProps {
  /** `GET /api/admin/oracy`, loaded by the dashboard */
  oracy: CachedResource<AdminOracy>;
}

/**
 * The admin dashboard's "Your school's Oracy" (docs/product.md#the-schools-oracy): how many
 * students have taken the self-assessment, the school's level distribution
 * (doughnut) and strand averages (bar chart). Its own loading and error
 * states, so the dashboard's totals stay whatever happens here.
 */
export function AdminOracySection({ oracy }: AdminOracySectionProps) {
  const { t } = useI18n();
  const data = oracy.data;
  return (
    <section className="oracy-section" aria-labelledby="school-oracy">
      <h2 id="school-oracy" className="oracy-section__title">
        {t('admin.oracy.title')}
      </h2>
      <ScreenState
        loading={oracy.loading && !data}
        loadingText={t('admin.oracy.loading')}
        error={data ? undefined : oracy.error}
        errorText={t('admin.oracy.loadFailed')}
        onRetry={() => void oracy.reload()}
        empty={data?.studentCount === 0}
        emptyText={t('admin.oracy.empty')}
      >
        {data && (
          <>
            <p className="oracy-section__summary">{t('admin.oracy.assessed', { assessed: data.assessedCount, students: data.studentCount })}</p>
            <GroupOracyCharts strandAverages={data.strandAverages} levelCounts={data.levelCounts} noneAssessedText={t('admin.oracy.noneAssessed')} />
          </>
        )}
      </ScreenState>
    </section>
  );
}
