import { ScreenState } from '../../components/ScreenState';
import { loadTeacherStudents, useOwnId } from '../../data/studentTeacher';
import { useResource } from '../../data/useResource';
import { PersonCard } from '../shared/PersonCard';
import '../../components/CourseCard.css';
import '../shared/area.css';

/**
 * The teacher's students, "Your Students" (docs/product.md#your-students, /teacher/students):
 * `GET /api/teacher/students/{teacherId}` as cards with avatar, name,
 * "Email:" and "Courses:"; "Error fetching students. Please try again."
 * with Retry; "No students available".
 */
export default function TeacherStudentsPage() {
  const teacherId = useOwnId('teacherId');
  const students = useResource((signal) => loadTeacherStudents(teacherId ?? '', signal), [teacherId]);
  return (
    <>
      <h1 className="screen-title">Your Students</h1>
      <ScreenState
        loading={students.loading && !students.data}
        loadingText="Loading your students..."
        error={students.data ? undefined : students.error}
        errorText="Error fetching students. Please try again."
        onRetry={() => void students.reload()}
        empty={(students.data ?? []).length === 0}
        emptyText="No students available"
      >
        <ul className="card-grid">
          {(students.data ?? []).map((s) => (
            <li key={s.id}>
              <PersonCard name={s.studentName} email={s.studentEmail} picture={s.profilePicture} courses={s.courses} />
            </li>
          ))}
        </ul>
      </ScreenState>
    </>
  );
}
