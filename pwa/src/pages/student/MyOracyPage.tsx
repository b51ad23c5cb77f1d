import { Link } from 'react-router-dom';
import { OfflineBanner } from '../../components/OfflineBanner';
import { ScreenState } from '../../components/ScreenState';
import { loadStudentOracy } from '../../data/oracy';
import { useOwnId } from '../../data/studentTeacher';
import { useCachedResource } from '../../data/useCachedResource';
import { DeliveryOverTime } from '../oracy/DeliveryOverTime';
import { OracyProfileView } from '../oracy/OracyProfileView';
import '../shared/area.css';
import '../oracy/oracy.css';

/** The link back to the questionnaire, and to speaking practice, in the empty and the loaded state (docs/product.md#my-oracy). */
function RetakeLink() {
  return (
    <p className="oracy-actions">
      <Link to="/" className="oracy-link">
        Retake the self-assessment
      </Link>
      <Link to="/student/speaking" className="oracy-link">
        Practise speaking
      </Link>
    </p>
  );
}

/**
 * "My Oracy" (docs/product.md#my-oracy, /student/oracy): the signed-in student's
 * profile from `GET /api/student/oracy/{studentId}`, cached for offline use,
 * with "Retake the self-assessment"; "You have not taken the self-assessment
 * yet." before the first submission, followed then by "Delivery over time" alone
 * (docs/product.md#delivery-over-time), which speaking practice fills without a self-assessment.
 */
export default function MyOracyPage() {
  const studentId = useOwnId('studentId');
  const profile = useCachedResource(studentId ? '/api/student/oracy' : null, (signal) => loadStudentOracy(studentId ?? '', signal), [studentId]);
  const data = profile.data;

  return (
    <>
      <h1 className="screen-title">My Oracy</h1>
      <OfflineBanner offline={profile.offline} savedAt={profile.savedAt} />
      <ScreenState
        loading={profile.loading && !data}
        loadingText="Loading your Oracy profile..."
        error={data ? undefined : profile.error}
        errorText="Could not load your Oracy profile. Please try again."
        onRetry={() => void profile.reload()}
        empty={!data?.latest}
        emptyText={
          <>
            <p>You have not taken the self-assessment yet.</p>
            <RetakeLink />
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
        <RetakeLink />
      </ScreenState>
      {data && !data.latest && <DeliveryOverTime points={data.delivery} reader={{ audience: 'student' }} />}
    </>
  );
}
