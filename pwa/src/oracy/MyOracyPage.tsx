import { Link } from 'react-router-dom';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { loadStudentEvidence, loadStudentOracy } from './oracy';
import { useOwnId } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { DeliveryOverTime } from './DeliveryOverTime';
import { OracyProfileView } from './OracyProfileView';
import { EvidenceSection } from './EvidenceSection';
import '../platform/ui/area.css';
import './oracy.css';

/**
 * The link to the questionnaire — "Start the self-assessment" before the first submission,
 * "Retake the self-assessment" after it — and to speaking practice (docs/product.md#my-oracy).
 */
function RetakeLink({ taken }: { taken: boolean }) {
  const { t } = useI18n();
  return (
    <p className="oracy-actions">
      <Link to="/" className="oracy-link">
        {t(taken ? 'student.oracy.retake' : 'student.dashboard.inviteAction')}
      </Link>
      <Link to="/student/speaking" className="oracy-link">
        {t('student.oracy.practise')}
      </Link>
    </p>
  );
}

/**
 * "My Oracy" (docs/product.md#my-oracy, /student/oracy): the signed-in student's
 * profile from `GET /api/student/oracy/{studentId}`, cached for offline use,
 * with "Retake the self-assessment"; "You have not taken the self-assessment
 * yet." before the first submission, followed then by "Delivery over time" alone
 * (docs/product.md#delivery-over-time), which speaking practice fills without a self-assessment;
 * then "Your evidence" (docs/product.md#evidence-beside-belief), cached too.
 */
export default function MyOracyPage() {
  const studentId = useOwnId('studentId');
  const { t } = useI18n();
  const profile = useCachedResource(studentId ? '/api/student/oracy' : null, (signal) => loadStudentOracy(studentId ?? '', signal), [studentId]);
  const evidence = useCachedResource(studentId ? '/api/student/oracy/evidence' : null, (signal) => loadStudentEvidence(studentId ?? '', signal), [studentId]);
  const data = profile.data;
  const savedAt = [profile.savedAt, evidence.savedAt].filter((time): time is number => time !== null).sort((a, b) => a - b)[0] ?? null;

  return (
    <>
      <h1 className="screen-title">{t('route.myOracy')}</h1>
      <OfflineBanner offline={profile.offline || evidence.offline} savedAt={savedAt} />
      <ScreenState
        loading={profile.loading && !data}
        loadingText={t('student.oracy.loading')}
        error={data ? undefined : profile.error}
        errorText={t('student.oracy.loadError')}
        onRetry={() => void profile.reload()}
        empty={!data?.latest}
        emptyText={
          <>
            <p>{t('student.oracy.notTaken')}</p>
            <RetakeLink taken={false} />
          </>
        }
      >
        {data && (
          <OracyProfileView
            key={data.studentId}
            profile={data}
            audience="student"
            loadOlder={(before, signal) => loadStudentOracy(studentId ?? data.studentId, signal, before).then((page) => page.history)}
          />
        )}
        <RetakeLink taken />
      </ScreenState>
      {data && !data.latest && <DeliveryOverTime points={data.delivery} reader={{ audience: 'student' }} />}
      <EvidenceSection evidence={evidence.data} loading={evidence.loading} error={evidence.error} onRetry={() => void evidence.reload()} reader={{ audience: 'student' }} />
    </>
  );
}
