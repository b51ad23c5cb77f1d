import { IonCard } from '@ionic/react';
import { StaticProfile } from '../shared/StaticProfile';

/** The teacher's subjects on the static profile (spec §2.22). */
export const TEACHER_SUBJECTS = ['Mathematics', 'Science', 'History'] as const;

/**
 * The teacher profile (spec §2.22, /teacher/profile): the static layout
 * with "Teaching Progress" at 80%, "Courses Taught: 10" and the subject
 * list (spec §9 "Profiles").
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
