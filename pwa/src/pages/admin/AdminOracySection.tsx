import { ScreenState } from '../../components/ScreenState';
import type { AdminOracy } from '../../data/oracy';
import type { CachedResource } from '../../data/useCachedResource';
import { GroupOracyCharts } from '../shared/GroupOracyCharts';
import '../shared/oracyOverview.css';

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
  const data = oracy.data;
  return (
    <section className="oracy-section" aria-labelledby="school-oracy">
      <h2 id="school-oracy" className="oracy-section__title">
        Your school's Oracy
      </h2>
      <ScreenState
        loading={oracy.loading && !data}
        loadingText="Loading your school's Oracy..."
        error={data ? undefined : oracy.error}
        errorText="Could not load your school's Oracy."
        onRetry={() => void oracy.reload()}
        empty={data?.studentCount === 0}
        emptyText="No students yet."
      >
        {data && (
          <>
            <p className="oracy-section__summary">
              {data.assessedCount} of {data.studentCount} students assessed
            </p>
            <GroupOracyCharts strandAverages={data.strandAverages} levelCounts={data.levelCounts} noneAssessedText="No student has taken the self-assessment yet." />
          </>
        )}
      </ScreenState>
    </section>
  );
}
