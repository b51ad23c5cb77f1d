import { ScreenState } from '../platform/ui/ScreenState';
import { loadStudentAssignments, useOwnId } from '../people';
import { useResource } from '../platform/api/useResource';
import { useI18n } from '../platform/i18n';
import { AssignmentCards } from './AssignmentCards';
import { openFirst } from './assignmentOrder';
import '../platform/ui/area.css';

/**
 * The student's assignments (docs/product.md#links-and-redirects, /assignments — the dashboard's
 * "View Assignments"): `GET /api/student/assignments/{studentId}`, each
 * with its course, due date and whether it is done: the open ones first by due date, then the
 * done ones, the latest due first (docs/product.md#my-assignments, {@link openFirst}).
 */
export default function StudentAssignmentsPage() {
  const studentId = useOwnId('studentId');
  const { t } = useI18n();
  const assignments = useResource((signal) => loadStudentAssignments(studentId ?? '', signal), [studentId]);
  return (
    <>
      <h1 className="screen-title">{t('route.myAssignments')}</h1>
      <ScreenState
        loading={assignments.loading && !assignments.data}
        loadingText={t('common.loadingAssignments')}
        error={assignments.data ? undefined : assignments.error}
        errorText={t('student.assignments.loadError')}
        onRetry={() => void assignments.reload()}
        empty={(assignments.data ?? []).length === 0}
        emptyText={t('student.assignments.empty')}
      >
        <AssignmentCards assignments={openFirst(assignments.data ?? [])} titleLevel={2} />
      </ScreenState>
    </>
  );
}
