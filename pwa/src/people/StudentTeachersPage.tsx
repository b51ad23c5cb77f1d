import { ScreenState } from '../platform/ui/ScreenState';
import { loadStudentTeachers, useOwnId } from './studentTeacher';
import { useResource } from '../platform/api/useResource';
import { useI18n } from '../platform/i18n';
import { PersonCard } from './PersonCard';
import '../courses/CourseCard.css';
import '../platform/ui/area.css';

/**
 * The student's teachers, "Your Teacher" (docs/product.md#your-teachers, /student/teachers):
 * `GET /api/student/teacher/{studentId}` as cards with avatar, name,
 * "Email:" and "Courses:"; the spec's error (with Retry) and two-line empty state.
 */
export default function StudentTeachersPage() {
  const studentId = useOwnId('studentId');
  const { t } = useI18n();
  const teachers = useResource((signal) => loadStudentTeachers(studentId ?? '', signal), [studentId]);
  return (
    <>
      <h1 className="screen-title">{t('route.yourTeacher')}</h1>
      <ScreenState
        loading={teachers.loading && !teachers.data}
        loadingText={t('student.teachers.loading')}
        error={teachers.data ? undefined : teachers.error}
        errorText={t('student.teachers.loadError')}
        onRetry={() => void teachers.reload()}
        empty={(teachers.data ?? []).length === 0}
        emptyText={
          <>
            <p>{t('student.teachers.empty')}</p>
            <p>{t('student.teachers.emptyHint')}</p>
          </>
        }
      >
        <ul className="card-grid">
          {(teachers.data ?? []).map((teacher) => (
            <li key={teacher.id}>
              <PersonCard name={teacher.teacherName} email={teacher.teacherEmail} picture={teacher.profilePicture} courses={teacher.courses} />
            </li>
          ))}
        </ul>
      </ScreenState>
    </>
  );
}
