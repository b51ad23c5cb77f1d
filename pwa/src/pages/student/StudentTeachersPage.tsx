import { ScreenState } from '../../components/ScreenState';
import { loadStudentTeachers, useOwnId } from '../../data/studentTeacher';
import { useResource } from '../../data/useResource';
import { PersonCard } from '../shared/PersonCard';
import '../../components/CourseCard.css';
import '../shared/area.css';

/**
 * The student's teachers, "Your Teacher" (docs/product.md#your-teachers, /student/teachers):
 * `GET /api/student/teacher/{studentId}` as cards with avatar, name,
 * "Email:" and "Courses:"; the spec's error (with Retry) and two-line empty state.
 */
export default function StudentTeachersPage() {
  const studentId = useOwnId('studentId');
  const teachers = useResource((signal) => loadStudentTeachers(studentId ?? '', signal), [studentId]);
  return (
    <>
      <h1 className="screen-title">Your Teacher</h1>
      <ScreenState
        loading={teachers.loading && !teachers.data}
        loadingText="Loading your teachers..."
        error={teachers.data ? undefined : teachers.error}
        errorText="Unable to fetch teacher information. Please try again later."
        onRetry={() => void teachers.reload()}
        empty={(teachers.data ?? []).length === 0}
        emptyText={
          <>
            <p>No teacher has been assigned to you yet.</p>
            <p>Please check back later or contact your administrator for more information.</p>
          </>
        }
      >
        <ul className="card-grid">
          {(teachers.data ?? []).map((t) => (
            <li key={t.id}>
              <PersonCard name={t.teacherName} email={t.teacherEmail} picture={t.profilePicture} courses={t.courses} />
            </li>
          ))}
        </ul>
      </ScreenState>
    </>
  );
}
