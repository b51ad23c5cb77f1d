import { IonText } from '@ionic/react';
import { Link, useParams } from 'react-router-dom';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { HttpError } from '../platform/api/api';
import { loadStudentEvidence, loadStudentOracy, loadTeacherStudentAssignments } from './oracy';
import { loadTeacherStudents, useOwnId } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useI18n } from '../platform/i18n';
import { DeliveryOverTime } from './DeliveryOverTime';
import { OracyProfileView } from './OracyProfileView';
import { EvidenceSection } from './EvidenceSection';
import { AssignmentCards } from '../assignments';
import '../platform/ui/area.css';
import './oracy.css';

/** `true` for the API's 403: the teacher does not teach this student. */
const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403;

/**
 * A student's profile for teachers (docs/product.md#a-students-profile-for-teachers,
 * /teacher/students/:studentId): the student's name (from the teacher's
 * students, "Student" until known), "Back to your students", the same
 * profile as My Oracy read-only with suggestions to share, and the
 * student's assignments in the teacher's courses with "Done" or "Not done".
 * "Delivery over time" (docs/product.md#delivery-over-time) sits in the profile, or after its
 * empty state when the student has recordings but no self-assessment; its sentence names the
 * student by first name. Then "Evidence" (docs/product.md#evidence-beside-belief) and the assignments.
 * "You do not teach this student." on a 403; every part cached for offline use.
 */
export default function TeacherStudentOracyPage() {
  const { t } = useI18n();
  const { studentId = '' } = useParams<{ studentId: string }>();
  const teacherId = useOwnId('teacherId');
  const profile = useCachedResource(studentId ? `/api/student/oracy/${studentId}` : null, (signal) => loadStudentOracy(studentId, signal), [studentId]);
  const assignments = useCachedResource(
    teacherId && studentId ? `/api/teacher/students/${teacherId}/${studentId}/assignments` : null,
    (signal) => loadTeacherStudentAssignments(teacherId ?? '', studentId, signal),
    [teacherId, studentId],
  );
  const evidence = useCachedResource(studentId ? `/api/student/oracy/${studentId}/evidence` : null, (signal) => loadStudentEvidence(studentId, signal), [studentId]);
  const students = useCachedResource(teacherId ? `/api/teacher/students/${teacherId}` : null, (signal) => loadTeacherStudents(teacherId ?? '', signal), [teacherId]);

  const known = students.data?.find((s) => s.id === studentId)?.studentName;
  const name = known ?? t('teacher.studentOracy.student');
  const firstName = known?.trim().split(/\s+/)[0] ?? null;
  const forbidden = (!profile.data && isForbidden(profile.error)) || (!assignments.data && isForbidden(assignments.error)) || (!evidence.data && isForbidden(evidence.error));
  const offline = profile.offline || assignments.offline || evidence.offline;
  const savedAt = [profile.savedAt, assignments.savedAt, evidence.savedAt].filter((time): time is number => time !== null).sort((a, b) => a - b)[0] ?? null;
  const data = profile.data;
  const list = assignments.data ?? [];

  return (
    <>
      <Link to="/teacher/students" className="oracy-back">
        {t('teacher.studentOracy.back')}
      </Link>
      <h1 className="screen-title">{name}</h1>
      <OfflineBanner offline={offline} savedAt={savedAt} />
      {forbidden ? (
        <div className="screen-state screen-state--error" role="alert">
          <IonText color="danger">
            <p>{t('teacher.studentOracy.forbidden')}</p>
          </IonText>
        </div>
      ) : (
        <>
          <section aria-labelledby="student-oracy">
            <h2 id="student-oracy" className="screen-section-title">
              {t('teacher.studentOracy.profile')}
            </h2>
            <ScreenState
              loading={profile.loading && !data}
              loadingText={t('teacher.studentOracy.profileLoading')}
              error={data ? undefined : profile.error}
              errorText={t('teacher.studentOracy.profileFailed')}
              onRetry={() => void profile.reload()}
              empty={!data?.latest}
              emptyText={t('teacher.studentOracy.notAssessed')}
            >
              {data && (
                <OracyProfileView
                  key={data.studentId}
                  profile={data}
                  audience="teacher"
                  studentFirstName={firstName}
                  loadOlder={(before, signal) => loadStudentOracy(studentId, signal, before).then((page) => page.history)}
                />
              )}
            </ScreenState>
            {data && !data.latest && <DeliveryOverTime points={data.delivery} reader={{ audience: 'teacher', firstName }} />}
          </section>

          <EvidenceSection evidence={evidence.data} loading={evidence.loading} error={evidence.error} onRetry={() => void evidence.reload()} reader={{ audience: 'teacher', firstName }} />

          <section aria-labelledby="student-assignments">
            <h2 id="student-assignments" className="screen-section-title">
              {t('teacher.studentOracy.assignments')}
            </h2>
            <ScreenState
              loading={assignments.loading && !assignments.data}
              loadingText={t('common.loadingAssignments')}
              error={assignments.data ? undefined : assignments.error}
              errorText={t('teacher.studentOracy.assignmentsFailed')}
              onRetry={() => void assignments.reload()}
              empty={list.length === 0}
              emptyText={t('teacher.studentOracy.noAssignments')}
            >
              <AssignmentCards assignments={list} titleLevel={3} />
            </ScreenState>
          </section>
        </>
      )}
    </>
  );
}
