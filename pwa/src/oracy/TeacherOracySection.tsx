import { Link } from 'react-router-dom';
import { ScreenState } from '../platform/ui/ScreenState';
import type { TeacherOracy } from './oracy';
import type { CachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { GroupOracyCharts } from './GroupOracyCharts';
import { attentionCount, attentionLinkText } from './oracyOverview';
import './oracyOverview.css';

/** Props of {@link TeacherOracySection}. */
export interface TeacherOracySectionProps {
  /** `GET /api/teacher/oracy/{teacherId}` over all the teacher's courses, loaded by the dashboard */
  oracy: CachedResource<TeacherOracy>;
}

/**
 * The teacher dashboard's "Your students' Oracy" (docs/product.md#your-students-oracy): the
 * strand averages (bar chart) and the levels (doughnut) of the teacher's
 * students, and a link to the student list saying how many need attention
 * (docs/product.md#needs-attention). Its own loading and error states, so a
 * failure here leaves the dashboard's statistics in place.
 */
export function TeacherOracySection({ oracy }: TeacherOracySectionProps) {
  const { t } = useI18n();
  const data = oracy.data;
  return (
    <section className="oracy-section" aria-labelledby="students-oracy">
      <h2 id="students-oracy" className="oracy-section__title">
        {t('teacher.oracy.title')}
      </h2>
      <ScreenState
        loading={oracy.loading && !data}
        loadingText={t('teacher.students.oracyLoading')}
        error={data ? undefined : oracy.error}
        errorText={t('teacher.students.oracyFailed')}
        onRetry={() => void oracy.reload()}
        empty={(data?.students ?? []).length === 0}
        emptyText={t('teacher.students.empty')}
      >
        {data && (
          <>
            <p>
              <Link className="oracy-section__link" to="/teacher/students">
                {attentionLinkText(attentionCount(data.students))}
              </Link>
            </p>
            <GroupOracyCharts strandAverages={data.strandAverages} levelCounts={data.levelCounts} noneAssessedText={t('teacher.oracy.noneAssessed')} />
          </>
        )}
      </ScreenState>
    </section>
  );
}
