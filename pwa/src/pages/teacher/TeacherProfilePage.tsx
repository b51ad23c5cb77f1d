import { IonCard } from '@ionic/react';
import { StaticProfile } from '../shared/StaticProfile';

/** The teacher's subjects on the static profile (docs/product.md#teacher-and-student-profiles). */
export const TEACHER_SUBJECTS = ['Mathematics', 'Science', 'History'] as const;

/**
 * The teacher profile (docs/product.md#teacher-and-student-profiles, /teacher/profile): the static layout
 * with "Teaching Progress" at 80%, "Courses Taught: 10" and the subject
 * list (docs/product.md#constants-and-limits).
 */
export default function TeacherProfilePage() {
  return (
    <StaticProfile role="Teacher" progressLabel="Teaching Progress" progress={80} figure="Courses Taught: 10">
      <IonCard className="profile-card">
        <h2 className="panel__title">Subjects</h2>
        <ul>
          {TEACHER_SUBJECTS.map((subject) => (
            <li key={subject}>{subject}</li>
          ))}
        </ul>
      </IonCard>
    </StaticProfile>
  );
}
